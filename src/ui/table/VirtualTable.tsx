import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import {
  createContext,
  Profiler,
  useContext,
  useId,
  useRef,
  type CSSProperties,
  type ProfilerOnRenderCallback,
  type ReactNode,
} from 'react';
import classes from './table.module.css';

export interface TableColumn {
  id: string;
  header: ReactNode;
  /** A CSS grid track, e.g. "minmax(96px, 1fr)". */
  width: string;
  /** Numbers align to the inline end. */
  align?: 'start' | 'end';
  /**
   * Narrow layout (the table's area is narrower than `minWidth`): the column's track there, or
   * false to leave the column out (what it shows must then be reachable another way, or be of
   * secondary use). Default: the same track as `width`.
   */
  narrow?: string | false;
}

export interface VirtualTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly TableColumn[];
  items: readonly T[];
  itemKey: (item: T) => string;
  /**
   * The cells of one row (a memoized component per row, subscribed to its own atom): it is not
   * re-rendered when rows above it come or go, only when its own data changes.
   */
  renderRow: (item: T) => ReactNode;
  /** Extra class per row (group headers). */
  rowClassName?: (item: T) => string | undefined;
  /** Row height in px (rows are one line; default 40). */
  rowHeight?: number;
  /** Height of the scrolling area in px before it scrolls (default 480). */
  maxHeight?: number;
  /** Below this width (px) the table scrolls sideways inside its area. */
  minWidth?: number;
  /** Keep the first column in view while scrolling sideways (wide tables). */
  stickyFirst?: boolean;
  /**
   * Below `minWidth` the table switches to its narrow layout when any column has a `narrow`
   * setting: the columns marked `narrow: false` are left out and the rest take their narrow
   * tracks, down to this width (default 0), so the area does not scroll sideways on a phone.
   */
  narrowMinWidth?: number;
}

const HEADER_HEIGHT = 36;

/**
 * The narrow layout as a container query on the table's frame (the columns' cells are the rows'
 * children in column order, so a left-out column is its nth child in every row). Empty when no
 * column has a narrow setting.
 */
export function narrowLayoutCss(
  scope: string,
  columns: readonly TableColumn[],
  minWidth: number,
  narrowMinWidth: number,
): string {
  if (!columns.some((c) => c.narrow !== undefined)) return '';
  const sel = `[data-vt="${scope.replace(/["\\]/g, '')}"]`;
  const template = columns
    .filter((c) => c.narrow !== false)
    .map((c) => (typeof c.narrow === 'string' ? c.narrow : c.width))
    .join(' ');
  const hidden = columns
    .map((c, i) => (c.narrow === false ? `${sel} [role='row'] > :nth-child(${i + 1})` : ''))
    .filter(Boolean);
  return (
    `@container (max-width: ${Math.max(0, minWidth - 1)}px) {` +
    `${sel} [role='row'] { grid-template-columns: ${template}; min-inline-size: ${narrowMinWidth}px; }` +
    `${sel} [role='rowgroup'] { min-inline-size: ${narrowMinWidth}px; }` +
    // Tighter cells and badges: a side or status badge ("ショート", "Продажа") and a row's name
    // fit their narrow tracks in every language instead of being cut.
    `${sel} [role='row'] > * { padding-inline: 8px; }` +
    `${sel} [role='row'] .mantine-Badge-root { padding-inline: 6px; }` +
    (hidden.length ? `${hidden.join(', ')} { display: none; }` : '') +
    '}'
  );
}

/**
 * When provided, every body row renders inside a React Profiler with the row's key as its id:
 * a commit reports each row whose cells rendered (every visible row when the table itself
 * re-renders, i.e. when rows come, go or scroll). How tests and profiling sessions see which
 * rows a change touched. Nothing is wrapped otherwise.
 */
export const RowRenderProbe = createContext<ProfilerOnRenderCallback | null>(null);

/**
 * A virtualized table (@tanstack/react-virtual): only the rows in view (plus a few) are in the
 * DOM. ARIA table semantics on a CSS grid (role="table", aria-rowcount, aria-rowindex), a
 * sticky header, and a scroll area that takes keyboard focus so arrows and Page keys scroll it.
 * Logical properties throughout, so it mirrors in RTL.
 */
export function VirtualTable<T>({
  label,
  columns,
  items,
  itemKey,
  renderRow,
  rowClassName,
  rowHeight = 40,
  maxHeight = 480,
  minWidth = 720,
  stickyFirst = false,
  narrowMinWidth = 0,
}: VirtualTableProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const scope = useId();
  const narrowCss = narrowLayoutCss(scope, columns, minWidth, narrowMinWidth);
  const probe = useContext(RowRenderProbe);
  // Not compiled by the React Compiler (none runs here); rows memoize themselves.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    getItemKey: (i) => itemKey(items[i] as T),
    overscan: 8,
    // Until the area has a size (not laid out yet; jsdom never lays out), assume it is full.
    initialRect: { width: minWidth, height: maxHeight },
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) =>
        cb(rect.width === 0 && rect.height === 0 ? { width: minWidth, height: maxHeight } : rect),
      ),
    // React 19 warns about flushSync inside effects; a frame of delay on scroll is invisible.
    useFlushSync: false,
  });
  const template = columns.map((c) => c.width).join(' ');
  const total = virtualizer.getTotalSize();
  const style = {
    '--vt-columns': template,
    '--vt-row-height': `${rowHeight}px`,
    '--vt-min-width': `${minWidth}px`,
    maxBlockSize: maxHeight + HEADER_HEIGHT,
  } as CSSProperties;

  return (
    <div className={classes.frame} data-vt={scope}>
      {narrowCss && <style>{narrowCss}</style>}
      <div
        ref={scroller}
        role="table"
        aria-label={label}
        aria-rowcount={items.length + 1}
        aria-colcount={columns.length}
        tabIndex={0}
        className={classes.scroller}
        data-sticky-first={stickyFirst || undefined}
        style={style}
      >
        <div role="rowgroup" className={classes.head}>
          <div role="row" aria-rowindex={1} className={classes.row}>
            {columns.map((c) => (
              <div key={c.id} role="columnheader" className={classes.cell} data-align={c.align}>
                {c.header}
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup" className={classes.body} style={{ blockSize: total }}>
          {virtualizer.getVirtualItems().map((v) => {
            const item = items[v.index] as T;
            const cells = renderRow(item);
            return (
              <div
                key={v.key}
                role="row"
                aria-rowindex={v.index + 2}
                className={[classes.row, classes.bodyRow, rowClassName?.(item)]
                  .filter(Boolean)
                  .join(' ')}
                style={{ transform: `translateY(${v.start}px)` }}
              >
                {probe ? (
                  <Profiler id={String(v.key)} onRender={probe}>
                    {cells}
                  </Profiler>
                ) : (
                  cells
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** One cell of a VirtualTable row. */
export function Cell({
  children,
  align,
  header = false,
  span,
}: {
  children?: ReactNode;
  align?: 'start' | 'end';
  /** The row's header cell (e.g. the symbol): role="rowheader". */
  header?: boolean;
  /** Spans every column (group rows); the column count for aria-colspan. */
  span?: number;
}) {
  return (
    <div
      role={header ? 'rowheader' : 'cell'}
      className={classes.cell}
      data-align={align}
      data-span={span ? 'all' : undefined}
      aria-colspan={span}
    >
      {children}
    </div>
  );
}
