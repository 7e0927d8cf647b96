import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import {
  createContext,
  Profiler,
  useContext,
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
}

const HEADER_HEIGHT = 36;

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
}: VirtualTableProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
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
