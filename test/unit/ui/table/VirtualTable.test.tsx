import { render, screen, within } from '@testing-library/react';
import { memo, Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { Cell, RowRenderProbe, VirtualTable, type TableColumn } from '@src/ui/table/VirtualTable';

const columns: TableColumn[] = [
  { id: 'name', header: 'Name', width: '1fr' },
  { id: 'value', header: 'Value', width: '1fr', align: 'end' },
];
let rendered: string[] = [];
/** A memoized row, as the screens write them; its own Profiler tells when it rendered. */
const Row = memo(function Row({ id }: { id: string }) {
  return (
    <Profiler id={id} onRender={(rowId) => rendered.push(rowId)}>
      <Cell header>{id}</Cell>
      <Cell align="end">{id.length}</Cell>
    </Profiler>
  );
});
const keys = (n: number) => Array.from({ length: n }, (_, i) => `row-${i}`);
const table = (items: readonly string[], probe: ((id: string) => void) | null = null) => (
  <RowRenderProbe.Provider value={probe && ((id) => probe(id))}>
    <VirtualTable<string>
      label="Things"
      columns={columns}
      items={items}
      itemKey={(k) => k}
      renderRow={(k) => <Row id={k} />}
      rowHeight={40}
      maxHeight={400}
      stickyFirst
    />
  </RowRenderProbe.Provider>
);

describe('<VirtualTable>', () => {
  it('is a named table with row count, header and row headers', () => {
    render(table(keys(3)));
    const t = screen.getByRole('table', { name: 'Things' });
    expect(t).toHaveAttribute('aria-rowcount', '4');
    expect(t).toHaveAttribute('aria-colcount', '2');
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Value']);
    const rows = within(t).getAllByRole('row');
    expect(rows.map((r) => r.getAttribute('aria-rowindex'))).toEqual(['1', '2', '3', '4']);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('row-0');
  });

  it('reports rows that rendered to a probe, by row key', () => {
    const probed: string[] = [];
    render(table(keys(2), (id) => probed.push(id)));
    expect(new Set(probed)).toEqual(new Set(['row-0', 'row-1']));
  });

  it('takes keyboard focus so it can be scrolled with keys', () => {
    render(table(keys(3)));
    const t = screen.getByRole('table', { name: 'Things' });
    t.focus();
    expect(t).toHaveFocus();
    expect(t).toHaveAttribute('data-sticky-first');
  });

  it('renders only the rows in view of a long list', () => {
    render(table(keys(1000)));
    const t = screen.getByRole('table', { name: 'Things' });
    expect(t).toHaveAttribute('aria-rowcount', '1001');
    const body = within(t).getAllByRole('row').length - 1;
    // 400 px of 40 px rows plus the overscan; never the thousand
    expect(body).toBeGreaterThanOrEqual(10);
    expect(body).toBeLessThanOrEqual(20);
  });

  it('does not re-render rows that stay when rows come and go above them', () => {
    rendered = [];
    const view = render(table(keys(3)));
    expect(new Set(rendered)).toEqual(new Set(['row-0', 'row-1', 'row-2']));
    rendered = [];
    view.rerender(table(['new', ...keys(3)]));
    expect(rendered).toEqual(['new']);
    expect(screen.getAllByRole('row')[1]).toHaveAttribute('aria-rowindex', '2');
    expect(within(screen.getAllByRole('row')[1]!).getByRole('rowheader')).toHaveTextContent('new');
  });
});
