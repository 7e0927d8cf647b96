/**
 * The virtual table's narrow layout (issue 15; review H1): as its area narrows, columns move out
 * of the row's line, the least important first, each only where the others no longer fit. A
 * column left out stays in the table for screen readers (visually hidden, not `display: none`)
 * and is shown, with its column's name, under the line of a row whose details are open.
 */
import { describe, expect, it } from 'vitest';
import { narrowLayoutCss, type TableColumn } from '@src/ui/table/VirtualTable';
import { leftOutAt, queries } from './narrow-css';

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

  it('queries the frame below the min width, keeps the other tracks plus the details button', () => {
    const css = narrowLayoutCss('«r1»', cols, 720, 0);
    expect([...queries(css).keys()]).toEqual([720]);
    expect(css).toContain(
      `[data-vt="«r1»"] [role='row'] { grid-template-columns: minmax(0, 1fr) 120px var(--vt-details-track); min-inline-size: 0px; }`,
    );
    // tighter cells and badges, so badges and row names fit the narrow tracks
    expect(css).toContain(`[data-vt="«r1»"] [role='row'] > * { padding-inline: 8px; }`);
    expect(css).toContain(
      `[data-vt="«r1»"] [role='row'] .mantine-Badge-root { padding-inline: 6px; }`,
    );
    expect(css).toContain(`[data-vt="«r1»"] [role='row'] > [data-vt-details] { display: flex; }`);
  });

  it('hides the left-out cells visually only: screen readers keep every column', () => {
    const css = narrowLayoutCss('«r1»', cols, 720, 0);
    expect(css).not.toContain('display: none');
    expect(css).toContain(
      `[data-vt="«r1»"] [role='row'] > :nth-child(2), [data-vt="«r1»"] [role='row'] > :nth-child(4) { position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip-path: inset(50%);`,
    );
    expect(leftOutAt(css, 719)).toEqual([2, 4]);
    expect(leftOutAt(css, 720)).toEqual([]);
  });

  it("shows the left-out cells under an open row's line, each with its column's name", () => {
    const css = narrowLayoutCss('«r1»', cols, 720, 0);
    expect(css).toContain(
      `[data-vt="«r1»"] [role='row'][data-expanded] > :nth-child(2), [data-vt="«r1»"] [role='row'][data-expanded] > :nth-child(4) { position: static;`,
    );
    expect(css).toMatch(/\[data-expanded\] > :nth-child\(2\), [^{]*\{[^}]*grid-column: 1 \/ -1;/);
    // the name is drawn, not read (the cell is read under its column header already)
    expect(css).toContain(
      `[data-vt="«r1»"] [role='row'][data-expanded] > :nth-child(4)::before { content: "D" / "";`,
    );
  });

  it('drops columns one at a time by their own thresholds, the narrow tracks only below narrowBelow', () => {
    const tiered: TableColumn[] = [
      { id: 'a', header: 'A', width: '100px', narrow: 'minmax(0, 1fr)' },
      { id: 'b', header: 'B', width: '100px', narrow: false, hideBelow: 600 },
      { id: 'c', header: 'C', width: '120px' },
      { id: 'd', header: 'D', width: '100px', narrow: false, hideBelow: 500 },
      { id: 'e', header: 'E', width: '80px', narrow: false },
    ];
    const css = narrowLayoutCss('t', tiered, 720, 0, 400);
    // between the min width and the first threshold the table scrolls sideways as a wide one
    expect([...queries(css).keys()]).toEqual([600, 500, 400]);
    expect(leftOutAt(css, 650)).toEqual([]);
    expect(queries(css).get(600)).toContain(
      'grid-template-columns: 100px 120px 100px 80px var(--vt-details-track);',
    );
    expect(leftOutAt(css, 599)).toEqual([2]);
    expect(leftOutAt(css, 450)).toEqual([2, 4]);
    // the wide tracks and the wide padding above narrowBelow
    expect(queries(css).get(500)).not.toContain("[role='row'] > * { padding-inline: 8px; }");
    expect(queries(css).get(400)).toContain(
      'grid-template-columns: minmax(0, 1fr) 120px var(--vt-details-track);',
    );
    expect(queries(css).get(400)).toContain("[role='row'] > * { padding-inline: 8px; }");
    expect(leftOutAt(css, 375)).toEqual([2, 4, 5]);
  });

  it('cannot be broken out of by the scope', () => {
    expect(narrowLayoutCss('x"] body {', cols, 720, 0)).not.toContain('x"]');
  });

  it("cannot be broken out of by a column's name", () => {
    const css = narrowLayoutCss(
      's',
      [
        { id: 'a', header: 'A', width: '1fr', narrow: '1fr' },
        { id: 'b', header: 'x"; } </style><b>\\', width: '1fr', narrow: false },
      ],
      720,
      0,
    );
    expect(css).toContain('content: "x\\22 ; } \\3c /style\\3e \\3c b\\3e \\5c " / "";');
    expect(css).not.toContain('</style>');
  });
});
