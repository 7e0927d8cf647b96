import { UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  measureElement as measureRow,
  observeElementRect,
  useVirtualizer,
} from '@tanstack/react-virtual';
import {
  createContext,
  memo,
  Profiler,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ProfilerOnRenderCallback,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import classes from './table.module.css';

export interface TableColumn {
  id: string;
  header: ReactNode;
  /** A CSS grid track, e.g. "minmax(96px, 1fr)". */
  width: string;
  /** Numbers align to the inline end. */
  align?: 'start' | 'end';
  /**
   * Narrow layout (the table's area is narrower than the table's `narrowBelow`): the column's
   * track there, or false to move the column out of the row's line into the row's details (a
   * "Details" button per row shows them; screen readers keep reading them as cells). Default: the
   * same track as `width`.
   */
  narrow?: string | false;
  /**
   * For a `narrow: false` column: the table area's width (px) below which it moves into the
   * row's details. The least important columns get the largest values, so they go first as the
   * area shrinks. Default: the table's `narrowBelow`.
   */
  hideBelow?: number;
  /** The column's name in a row's details when `header` is not a string. */
  label?: string;
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
  /**
   * Below this width (px) of the table's area the columns take their `narrow` tracks (and the
   * `narrow: false` columns without an earlier `hideBelow` move into the row's details).
   * Default: `minWidth`.
   */
  narrowBelow?: number;
  /** Keep the first column in view while scrolling sideways (wide tables). */
  stickyFirst?: boolean;
  /**
   * Below `narrowBelow` the table switches to its narrow layout when any column has a `narrow`
   * setting: the columns marked `narrow: false` move into the row's details and the rest take
   * their narrow tracks, down to this width (default 0), so the area does not scroll sideways on
   * a phone.
   */
  narrowMinWidth?: number;
  /** Whether a row has details (columns the narrow layout leaves out); default: every row. */
  rowHasDetails?: (item: T) => boolean;
}

const HEADER_HEIGHT = 36;

/** A string as a CSS string literal (no way out of the quotes or the style element). */
function cssString(text: string): string {
  return `"${text.replace(/[\\"<>\n\r]/g, (ch) => `\\${ch.charCodeAt(0).toString(16)} `)}"`;
}

/** The name a column has in a row's details. */
function columnLabel(c: TableColumn): string {
  return c.label ?? (typeof c.header === 'string' ? c.header : '');
}

/** Whether the table has columns that can move into the rows' details. */
function hasRowDetails(columns: readonly TableColumn[]): boolean {
  return columns.some((c) => c.narrow === false);
}

/**
 * The narrow layout as container queries on the table's frame (the columns' cells are the rows'
 * children in column order, so a column is its nth child in every row; the details cell is the
 * last). Below each threshold (`narrowBelow` and the columns' `hideBelow`) the columns left out
 * there become visually hidden (screen readers still read them as cells, under their column
 * headers) and each row shows its details button; an expanded row (`data-expanded`) shows them
 * under its line, each with its column's name. Below `narrowBelow` the kept columns take their
 * narrow tracks. Empty when no column has a narrow setting.
 */
export function narrowLayoutCss(
  scope: string,
  columns: readonly TableColumn[],
  minWidth: number,
  narrowMinWidth: number,
  narrowBelow: number = minWidth,
): string {
  if (!columns.some((c) => c.narrow !== undefined)) return '';
  const sel = `[data-vt="${scope.replace(/["\\<>]/g, '')}"]`;
  const hideAt = (c: TableColumn) => (c.narrow === false ? (c.hideBelow ?? narrowBelow) : 0);
  const thresholds = [...new Set([narrowBelow, ...columns.map(hideAt).filter((t) => t > 0)])].sort(
    (a, b) => b - a,
  );
  return thresholds
    .map((t) => {
      const narrow = t <= narrowBelow;
      // at widths below t: left out are the columns whose threshold is t or more
      const hidden = columns.map((c, i) => ({ c, i })).filter(({ c }) => hideAt(c) >= t);
      const template = columns
        .filter((c) => hideAt(c) < t)
        .map((c) => (narrow && typeof c.narrow === 'string' ? c.narrow : c.width))
        .concat(hidden.length ? ['var(--vt-details-track)'] : [])
        .join(' ');
      const floor = narrow ? narrowMinWidth : 0;
      const nth = (suffix: string) =>
        hidden.map(({ i }) => `${sel} [role='row']${suffix} > :nth-child(${i + 1})`).join(', ');
      return (
        `@container (max-width: ${Math.max(0, t - 1)}px) {` +
        `${sel} [role='row'] { grid-template-columns: ${template}; min-inline-size: ${floor}px; }` +
        `${sel} [role='rowgroup'] { min-inline-size: ${floor}px; }` +
        // Tighter cells and badges: a side or status badge ("ショート", "Продажа") and a row's name
        // fit their narrow tracks in every language instead of being cut.
        (narrow
          ? `${sel} [role='row'] > * { padding-inline: 8px; }` +
            `${sel} [role='row'] .mantine-Badge-root { padding-inline: 6px; }`
          : '') +
        (hidden.length
          ? `${nth('')} { position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; padding: 0; }` +
            `${sel} [role='row'] > [data-vt-details] { display: flex; }` +
            `${nth('[data-expanded]')} { position: static; inline-size: auto; block-size: auto; overflow: visible; clip-path: none; white-space: normal; order: 1; grid-column: 1 / -1; display: flex; flex-wrap: wrap; justify-content: flex-end; align-items: baseline; column-gap: 12px; padding-block: 2px; padding-inline: 8px; }` +
            hidden
              .map(
                ({ c, i }) =>
                  `${sel} [role='row'][data-expanded] > :nth-child(${i + 1})::before { content: ${cssString(columnLabel(c))} / ""; margin-inline-end: auto; color: var(--mantine-color-dimmed); }`,
              )
              .join('')
          : '') +
        '}'
      );
    })
    .join('');
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
  narrowBelow = minWidth,
  rowHasDetails,
}: VirtualTableProps<T>) {
  const { t } = useTranslation('user-assets');
  const scroller = useRef<HTMLDivElement>(null);
  const scope = useId();
  // Built once per set of columns, not at every render: the live tables render once a frame.
  const narrowCss = useMemo(
    () => narrowLayoutCss(scope, columns, minWidth, narrowMinWidth, narrowBelow),
    [scope, columns, minWidth, narrowMinWidth, narrowBelow],
  );
  const details = useMemo(() => hasRowDetails(columns), [columns]);
  // Rows whose details are shown (by row key); such a row is measured, the others are one line.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
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
    // An expanded row is measured (jsdom measures nothing: a row is then one line).
    measureElement: (el, entry, instance) => {
      const size = measureRow(el, entry, instance);
      return size > 0 ? size : rowHeight;
    },
    // React 19 warns about flushSync inside effects; a frame of delay on scroll is invisible.
    useFlushSync: false,
  });
  // The rows as last rendered, for a click on a row's details button: the buttons get the row's
  // key, not its index, so that rows moving down when one comes in above them (a new order, a
  // position reopened at the front of its group) are not rendered again for their index.
  const latest = useRef({ items, itemKey });
  useLayoutEffect(() => {
    latest.current = { items, itemKey };
  });
  const toggle = useCallback(
    (key: string, open: boolean) => {
      // a closed row is one line again (no longer measured)
      if (open) {
        const { items: now, itemKey: keyOf } = latest.current;
        const index = now.findIndex((item) => keyOf(item) === key);
        if (index >= 0) virtualizer.resizeItem(index, rowHeight);
      }
      setExpanded((prev) => {
        const next = new Set(prev);
        if (open) next.delete(key);
        else next.add(key);
        return next;
      });
    },
    [virtualizer, rowHeight],
  );
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
        // Every column is in the DOM; with a details column the count depends on the layout.
        aria-colcount={details ? undefined : columns.length}
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
            {details && (
              <div
                role="columnheader"
                data-vt-details
                className={`${classes.cell} ${classes.detailsCell}`}
              >
                <VisuallyHidden>{t('table.details')}</VisuallyHidden>
              </div>
            )}
          </div>
        </div>
        <div role="rowgroup" className={classes.body} style={{ blockSize: total }}>
          {virtualizer.getVirtualItems().map((v) => {
            const item = items[v.index] as T;
            const cells = renderRow(item);
            const key = String(v.key);
            const withDetails = details && (rowHasDetails?.(item) ?? true);
            const open = withDetails && expanded.has(key);
            return (
              <div
                key={v.key}
                ref={open ? virtualizer.measureElement : undefined}
                data-index={v.index}
                data-expanded={open || undefined}
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
                {withDetails && (
                  <DetailsToggle
                    rowKey={key}
                    open={open}
                    label={t('table.details')}
                    onToggle={toggle}
                  />
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** A row's details button (shown when the layout leaves columns out of the row's line). */
const DetailsToggle = memo(function DetailsToggle({
  rowKey,
  open,
  label,
  onToggle,
}: {
  rowKey: string;
  open: boolean;
  label: string;
  onToggle: (key: string, open: boolean) => void;
}) {
  return (
    <div role="cell" data-vt-details className={`${classes.cell} ${classes.detailsCell}`}>
      <UnstyledButton
        className={classes.detailsButton}
        aria-expanded={open}
        aria-label={label}
        onClick={() => onToggle(rowKey, open)}
      >
        {/* an SVG, not "›": the character is mirrored in RTL text by itself */}
        <svg
          aria-hidden
          focusable="false"
          viewBox="0 0 16 16"
          className={classes.chevron}
          data-open={open || undefined}
        >
          <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </UnstyledButton>
    </div>
  );
});

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
