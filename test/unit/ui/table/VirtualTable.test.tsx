import { MantineProvider } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { memo, Profiler, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Cell, RowRenderProbe, VirtualTable, type TableColumn } from '@src/ui/table/VirtualTable';
import { testI18n } from '../test-utils';

const en = await testI18n('en');
const withI18n = (node: ReactNode, i18n = en) => (
  <MantineProvider>
    <I18nextProvider i18n={i18n}>{node}</I18nextProvider>
  </MantineProvider>
);

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
const table = (items: readonly string[], probe: ((id: string) => void) | null = null) =>
  withI18n(
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
    </RowRenderProbe.Provider>,
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

/** A table whose narrow layout leaves two columns out of the row's line (review H1). */
const wideColumns: TableColumn[] = [
  { id: 'name', header: 'Name', width: '1fr', narrow: '1fr' },
  { id: 'size', header: 'Size', width: '1fr', align: 'end', narrow: false, hideBelow: 900 },
  { id: 'price', header: 'Price', width: '1fr', align: 'end', narrow: false },
  { id: 'pnl', header: 'PnL', width: '1fr', align: 'end' },
];
type Item = { id: string; size: number; group?: boolean };
const ItemRow = memo(function ItemRow({ item }: { item: Item }) {
  if (item.group)
    return (
      <Cell header span={4}>
        {item.id}
      </Cell>
    );
  return (
    <>
      <Cell header>{item.id}</Cell>
      <Cell align="end">{item.size}</Cell>
      <Cell align="end">{item.size * 2}</Cell>
      <Cell align="end">{item.size * 3}</Cell>
    </>
  );
});
const detailsTable = (items: Item[], i18n = en) =>
  withI18n(
    <VirtualTable<Item>
      label="Positions"
      columns={wideColumns}
      items={items}
      itemKey={(i) => i.id}
      renderRow={(i) => <ItemRow item={i} />}
      rowHasDetails={(i) => !i.group}
      minWidth={1000}
      narrowBelow={600}
    />,
    i18n,
  );
const rowOf = (name: string) =>
  screen.getByRole('rowheader', { name }).closest('[role="row"]') as HTMLElement;

describe('<VirtualTable> row details (columns the narrow layout leaves out)', () => {
  it('keeps every column in the table for screen readers, plus a named details column', () => {
    render(detailsTable([{ id: 'BTC', size: 1 }]));
    const t = screen.getByRole('table', { name: 'Positions' });
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Size', 'Price', 'PnL', 'Details']);
    // the left-out cells are hidden visually by the layout's CSS, not removed
    const row = rowOf('BTC');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '2', '3', '']);
    const css = t.parentElement!.querySelector('style')!.textContent!;
    expect(css).toContain('@container (max-width: 899px)');
    expect(css).toContain('@container (max-width: 599px)');
    expect(css).not.toContain('display: none');
  });

  it('gives each row a named disclosure button that opens and closes its details', async () => {
    const user = userEvent.setup();
    render(
      detailsTable([
        { id: 'BTC', size: 1 },
        { id: 'ETH', size: 2 },
      ]),
    );
    const row = rowOf('ETH');
    const button = within(row).getByRole('button', { name: 'Details' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(row).not.toHaveAttribute('data-expanded');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(row).toHaveAttribute('data-expanded');
    // only that row
    expect(rowOf('BTC')).not.toHaveAttribute('data-expanded');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(row).not.toHaveAttribute('data-expanded');
  });

  it("closes a row's details after rows came in above it (the button knows its row by key)", async () => {
    const user = userEvent.setup();
    const eth = { id: 'ETH', size: 2 };
    const view = render(detailsTable([{ id: 'BTC', size: 1 }, eth]));
    await user.click(within(rowOf('ETH')).getByRole('button', { name: 'Details' }));
    expect(rowOf('ETH')).toHaveAttribute('data-expanded');
    view.rerender(detailsTable([{ id: 'SOL', size: 3 }, { id: 'BTC', size: 1 }, eth]));
    expect(rowOf('ETH')).toHaveAttribute('aria-rowindex', '4');
    expect(rowOf('ETH')).toHaveAttribute('data-expanded');
    const button = within(rowOf('ETH')).getByRole('button', { name: 'Details' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(rowOf('ETH')).not.toHaveAttribute('data-expanded');
    expect(rowOf('SOL')).not.toHaveAttribute('data-expanded');
  });

  it('works from the keyboard: Tab reaches the buttons in row order, Enter and Space toggle', async () => {
    const user = userEvent.setup();
    render(
      detailsTable([
        { id: 'BTC', size: 1 },
        { id: 'ETH', size: 2 },
      ]),
    );
    await user.tab(); // the scroll area
    expect(screen.getByRole('table', { name: 'Positions' })).toHaveFocus();
    await user.tab();
    const first = within(rowOf('BTC')).getByRole('button', { name: 'Details' });
    expect(first).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    await user.tab();
    expect(within(rowOf('ETH')).getByRole('button', { name: 'Details' })).toHaveFocus();
  });

  it('keeps an open row open, with its live values, when its data changes', async () => {
    const user = userEvent.setup();
    const view = render(detailsTable([{ id: 'BTC', size: 1 }]));
    await user.click(within(rowOf('BTC')).getByRole('button', { name: 'Details' }));
    act(() => view.rerender(detailsTable([{ id: 'BTC', size: 5 }])));
    const row = rowOf('BTC');
    expect(row).toHaveAttribute('data-expanded');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['5', '10', '15', '']);
  });

  it('has no button on rows without details (group rows), and none when nothing is left out', () => {
    render(
      detailsTable([
        { id: 'Group', size: 0, group: true },
        { id: 'BTC', size: 1 },
      ]),
    );
    expect(within(rowOf('Group')).queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Details' })).toHaveLength(1);
  });

  it("names the button in the reader's language", async () => {
    render(detailsTable([{ id: 'BTC', size: 1 }], await testI18n('ru-RU')));
    expect(within(rowOf('BTC')).getByRole('button', { name: 'Подробнее' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Подробнее' })).toBeInTheDocument();
  });
});

describe('<VirtualTable> without narrow columns', () => {
  it('has no details column', () => {
    render(table(keys(2)));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('columnheader')).toHaveLength(2);
  });
});
