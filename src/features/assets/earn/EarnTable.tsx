/* eslint-disable jsx-a11y-x/no-redundant-roles, jsx-a11y-x/no-interactive-element-to-noninteractive-role --
   The explicit table roles are on purpose: on narrow screens CSS lays the rows out as cards
   (display: block / flex), and WebKit drops the implicit table semantics of elements whose display
   is changed; explicit roles keep the table, its rows, headers and cells for screen readers. */
import type { ReactNode } from 'react';
import classes from './earn.module.css';

export interface EarnColumn<T> {
  id: string;
  header: string;
  /** Numbers align to the inline end. */
  align?: 'start' | 'end';
  cell: (row: T) => ReactNode;
}

export interface EarnTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly EarnColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
}

/**
 * A small table (a handful of coins, products or loans: no virtualization needed) that turns
 * into one card per row on narrow screens instead of scrolling sideways: the header row is then
 * only read out, and each cell shows its column name beside its value. Explicit ARIA roles keep
 * the table semantics when CSS changes how the rows are laid out. Logical properties: mirrors
 * in RTL.
 */
export function EarnTable<T>({ label, columns, rows, rowKey }: EarnTableProps<T>) {
  const [first, ...rest] = columns;
  return (
    <table role="table" aria-label={label} className={classes.table}>
      <thead role="rowgroup" className={classes.head}>
        <tr role="row">
          {columns.map((c) => (
            <th
              key={c.id}
              role="columnheader"
              scope="col"
              className={classes.th}
              data-align={c.align ?? 'start'}
            >
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.map((row) => (
          <tr key={rowKey(row)} role="row" className={classes.tr}>
            {first && (
              <th role="rowheader" scope="row" className={classes.rowHeader}>
                {first.cell(row)}
              </th>
            )}
            {rest.map((c) => (
              <td key={c.id} role="cell" className={classes.td} data-align={c.align ?? 'start'}>
                <span className={classes.cellLabel} aria-hidden="true">
                  {c.header}
                </span>
                <span className={classes.cellValue}>{c.cell(row)}</span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
