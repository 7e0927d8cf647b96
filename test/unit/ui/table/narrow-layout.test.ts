/** The virtual table's narrow layout (issue 15): below its min width it leaves columns out. */
import { describe, expect, it } from 'vitest';
import { narrowLayoutCss, type TableColumn } from '@src/ui/table/VirtualTable';

const cols: TableColumn[] = [
  { id: 'a', header: 'A', width: '100px', narrow: 'minmax(0, 1fr)' },
  { id: 'b', header: 'B', width: '100px', narrow: false },
  { id: 'c', header: 'C', width: '120px' },
  { id: 'd', header: 'D', width: '100px', narrow: false },
];

describe('narrowLayoutCss', () => {
  it('is empty when no column has a narrow setting', () => {
    expect(narrowLayoutCss('s', [{ id: 'a', header: 'A', width: '1fr' }], 720, 0)).toBe('');
  });

  it('queries the frame below the min width, keeps the other tracks, hides the left-out cells', () => {
    const css = narrowLayoutCss('«r1»', cols, 720, 0);
    expect(css).toContain('@container (max-width: 719px)');
    expect(css).toContain(
      `[data-vt="«r1»"] [role='row'] { grid-template-columns: minmax(0, 1fr) 120px; min-inline-size: 0px; }`,
    );
    expect(css).toContain(
      `[data-vt="«r1»"] [role='row'] > :nth-child(2), [data-vt="«r1»"] [role='row'] > :nth-child(4) { display: none; }`,
    );
    // tighter cells and badges, so badges and row names fit the narrow tracks
    expect(css).toContain(`[data-vt="«r1»"] [role='row'] > * { padding-inline: 8px; }`);
    expect(css).toContain(
      `[data-vt="«r1»"] [role='row'] .mantine-Badge-root { padding-inline: 6px; }`,
    );
  });

  it('cannot be broken out of by the scope', () => {
    expect(narrowLayoutCss('x"] body {', cols, 720, 0)).not.toContain('x"]');
  });
});
