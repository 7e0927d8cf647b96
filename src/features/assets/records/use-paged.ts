/**
 * A records list paged by cursor: the first page on mount and whenever the query changes, "load
 * more" appends the next page, and while a loaded record is pending the loaded rows are re-read
 * every 3 s, or every 30 s while the only ones pending wait on something slower than a chain (a
 * deposit held for more information: `pollEvery`, docs/assets.md). They are also re-read when
 * money moved here (`refreshKey`: a transfer, a withdrawal, or an answer lost on the way) and when
 * the user comes back to the page (window focus, the tab shown again), which is when a transfer
 * made in another tab or on another device is looked for. A failed load keeps what was shown. Answers for a superseded query are
 * dropped.
 *
 * A re-read keeps what the user has loaded. It read the newest 50 rows in place of the list (a
 * limit the reviews of 2026-11-28 left, README), so a list grown with "Load more" shrank at every
 * re-read, and a user who had loaded 3 pages and came back to the tab lost their place. Now it
 * reads from the top, page after page, until it reaches the last row shown, and the list becomes
 * what it read: new records on top, statuses brought up to date, and the rows below the last one
 * shown on that page too. Never more than REREAD_CAP rows, in REREAD_MAX_REQUESTS requests at
 * most: past that, the rows already shown below the last one read are kept as they were. The
 * cursor pages by record sequence ("older than"), so pages read one after the other neither
 * repeat nor skip a record, and a list joined at a record both parts have has no hole. Where they
 * have none in common (more new records than the cap since the last read) the list is what was
 * read, and "Load more" goes on from there. Rows are keyed by id: a list never holds one twice.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Page } from '../../../facade';
import { errorCodeOf } from '../../../i18n/error-message';

const RECORDS_PAGE_SIZE = 20;
/** How often the loaded rows are re-read while a record is on its way (confirming, sending). */
export const RECORDS_POLL_MS = 3000;
/**
 * ... and while the only records pending wait for something that takes minutes or days, not
 * blocks: a deposit with every confirmation in that the exchange has not credited (held for
 * travel-rule information). Re-read every 3 s, a held deposit kept the records screen asking for
 * its rows for as long as it was open.
 */
export const HELD_POLL_MS = 30_000;
/** The most rows one request may ask for (the list's `limit` bound). */
const MAX_LIMIT = 50;
/**
 * The most rows one re-read reads: 4 requests of MAX_LIMIT. A re-read runs every 3 s while a
 * record is pending and at every return to the tab, so what it reads must not grow with what
 * the user has loaded (10 pages of "Load more" would otherwise be 10 requests every 3 s, for
 * rows far below anything that changes: records only change while pending, and pending records
 * are the newest). The rows below keep what they showed.
 */
export const REREAD_CAP = 4 * MAX_LIMIT;
/**
 * The most requests one re-read makes: the cap in full pages, and one more for a short first
 * page (a list of 20 shown under 180 new records). Also what stops a server that answered empty
 * pages with a cursor from being asked for ever.
 */
const REREAD_MAX_REQUESTS = REREAD_CAP / MAX_LIMIT + 1;

export interface Paged<T> {
  rows: T[] | undefined;
  /** The error code (or "error") of the last failed load, if it failed. */
  error: unknown;
  loading: boolean;
  hasMore: boolean;
  loadMore: () => void;
  reload: () => void;
}

interface State<T> {
  /** The query (load function and reload count) these rows belong to. */
  query: object;
  rows: T[] | undefined;
  cursor: string;
  error: unknown;
  loading: boolean;
}

/** What a re-read read: the rows from the top, in order, and the cursor after the last one. */
interface Reread<T> {
  rows: T[];
  cursor: string;
}

/** `rows` without the ids already in `seen` (and without repeats of their own). */
function unseen<T>(rows: readonly T[], idOf: (row: T) => string, seen: Set<string>): T[] {
  const out: T[] = [];
  for (const r of rows) {
    const id = idOf(r);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(r);
  }
  return out;
}

/**
 * The list after a re-read, from the rows shown now (which a "Load more" may have grown while
 * the re-read was on its way): what was read, then the shown rows below the last row read, if
 * the shown rows have that row (else nothing below: there could be a gap). The cursor is the one
 * after the list's last row.
 */
export function mergeReread<T>(
  shown: { rows: readonly T[]; cursor: string },
  read: Reread<T>,
  idOf: (row: T) => string,
): { rows: T[]; cursor: string } {
  const last = read.rows[read.rows.length - 1];
  // Nothing read (records are not taken back): what is shown stays.
  if (last === undefined) return { rows: [...shown.rows], cursor: shown.cursor };
  const seen = new Set<string>();
  const top = unseen(read.rows, idOf, seen);
  if (!read.cursor) return { rows: top, cursor: read.cursor };
  const at = shown.rows.findIndex((r) => idOf(r) === idOf(last));
  if (at === -1) return { rows: top, cursor: read.cursor };
  const below = shown.rows.slice(at + 1);
  // Nothing shown below the last row read: the list ends where the re-read ended.
  if (below.length === 0) return { rows: top, cursor: read.cursor };
  return { rows: [...top, ...unseen(below, idOf, seen)], cursor: shown.cursor };
}

export function usePaged<T>(
  load: (cursor: string, limit: number) => Promise<Page<T>>,
  /**
   * How often a row calls for the loaded rows to be re-read (ms): RECORDS_POLL_MS or HELD_POLL_MS
   * while it is pending, undefined once it is final. The list polls at the shortest.
   */
  pollEvery: (row: T) => number | undefined,
  /** Changes of this value re-read the loaded rows (e.g. after money moved). */
  refreshKey: unknown,
  /** A row's identity (its record id): the same record is never listed twice. */
  idOf: (row: T) => string,
): Paged<T> {
  const [generation, setGeneration] = useState(0);
  const query = useMemo(() => ({ load, generation }), [load, generation]);
  const [state, setState] = useState<State<T> | undefined>();
  const current: State<T> =
    state?.query === query
      ? state
      : { query, rows: undefined, cursor: '', error: undefined, loading: true };
  const latest = useRef<object | undefined>(undefined);
  // The rows shown, which a re-read aims to cover (read when it starts).
  const shownRef = useRef<T[] | undefined>(undefined);
  useEffect(() => {
    shownRef.current = current.rows;
  }, [current.rows]);

  const fail = useCallback(
    (q: object, err: unknown) =>
      setState((s) => {
        if (latest.current !== q) return s;
        const kept = s?.query === q ? s : undefined;
        return {
          query: q,
          rows: kept?.rows,
          cursor: kept?.cursor ?? '',
          error: errorCodeOf(err) ?? 'error',
          loading: false,
        };
      }),
    [],
  );

  // The first page, on mount and for every new query.
  useEffect(() => {
    latest.current = query;
    query.load('', RECORDS_PAGE_SIZE).then(
      (page) =>
        setState((s) => {
          if (latest.current !== query) return s;
          // A re-read that came first has brought these rows and maybe more: it stands.
          if (s?.query === query && s.rows) return s;
          const rows = unseen(page.list, idOf, new Set());
          return { query, rows, cursor: page.nextCursor, error: undefined, loading: false };
        }),
      (err: unknown) => fail(query, err),
    );
  }, [query, fail, idOf]);

  /**
   * One re-read: pages from the top until the last row shown is among the rows read, the list
   * ends or REREAD_CAP rows are read. Resolves with what it read, or undefined when a page
   * failed (the rows shown stay as they are).
   */
  const reread = useCallback(async (): Promise<Reread<T> | undefined> => {
    const shown = shownRef.current ?? [];
    const firstShown = shown[0];
    const lastShown = shown[shown.length - 1];
    const firstId = firstShown === undefined ? undefined : idOf(firstShown);
    const lastId = lastShown === undefined ? undefined : idOf(lastShown);
    const rows: T[] = [];
    let cursor = '';
    // How many records came on top of the first row shown, once a page has reached it: the
    // last row shown is then that many rows further down than before.
    let newOnTop: number | undefined;
    try {
      for (let request = 1; ; request++) {
        // As many rows as are shown (at least a page), and as many more as came on top.
        const want =
          newOnTop !== undefined
            ? newOnTop + shown.length - rows.length
            : rows.length === 0
              ? Math.max(RECORDS_PAGE_SIZE, shown.length)
              : MAX_LIMIT;
        const limit = Math.min(
          MAX_LIMIT,
          REREAD_CAP - rows.length,
          want > 0 ? want : RECORDS_PAGE_SIZE,
        );
        const page = await query.load(cursor, limit);
        rows.push(...page.list);
        cursor = page.nextCursor;
        if (newOnTop === undefined && firstId !== undefined) {
          const at = rows.findIndex((r) => idOf(r) === firstId);
          if (at !== -1) newOnTop = at;
        }
        if (lastId === undefined || page.list.some((r) => idOf(r) === lastId)) break;
        if (!cursor || rows.length >= REREAD_CAP || request >= REREAD_MAX_REQUESTS) break;
      }
    } catch {
      return undefined;
    }
    return { rows, cursor };
  }, [query, idOf]);

  // One re-read at a time (the poll, focus and visibilitychange, money moved); one asked for
  // while another is on its way runs when that one is done, once, from what is shown then.
  const inFlight = useRef(false);
  const again = useRef(false);
  const refresh = useCallback(async (): Promise<void> => {
    if (inFlight.current) {
      again.current = true;
      return;
    }
    inFlight.current = true;
    try {
      do {
        again.current = false;
        const read = await reread();
        if (!read) continue;
        setState((s) => {
          if (latest.current !== query) return s;
          const before = s?.query === query ? s : undefined;
          const merged = mergeReread(
            { rows: before?.rows ?? [], cursor: before?.cursor ?? '' },
            read,
            idOf,
          );
          return {
            query,
            ...merged,
            error: undefined,
            loading: before?.loading ?? false,
          };
        });
      } while (again.current && latest.current === query);
    } finally {
      inFlight.current = false;
    }
  }, [query, reread, idOf]);

  // Re-read the loaded rows while one is pending, and when refreshKey changes.
  let every: number | undefined;
  for (const row of current.rows ?? []) {
    const ms = pollEvery(row);
    if (ms !== undefined && (every === undefined || ms < every)) every = ms;
  }
  useEffect(() => {
    if (every === undefined) return;
    const timer = setInterval(() => void refresh(), every);
    return () => clearInterval(timer);
  }, [every, refresh]);

  // Back on the page (focus and visibilitychange come together: the second waits for the first).
  useEffect(() => {
    const onBack = () => {
      if (document.visibilityState === 'hidden' || inFlight.current) return;
      void refresh();
    };
    window.addEventListener('focus', onBack);
    document.addEventListener('visibilitychange', onBack);
    return () => {
      window.removeEventListener('focus', onBack);
      document.removeEventListener('visibilitychange', onBack);
    };
  }, [refresh]);

  const lastKey = useRef(refreshKey);
  useEffect(() => {
    if (lastKey.current === refreshKey) return;
    lastKey.current = refreshKey;
    void refresh();
  }, [refreshKey, refresh]);

  const { cursor } = current;
  const loadMore = useCallback(() => {
    if (!cursor) return;
    setState((s) => (s?.query === query ? { ...s, loading: true } : s));
    query.load(cursor, RECORDS_PAGE_SIZE).then(
      (page) =>
        setState((s) => {
          if (latest.current !== query || s?.query !== query) return s;
          // A re-read changed where the list ends while this page was on its way: this page
          // belongs after a row the list may not reach any more. Dropped; the next press reads
          // from where the list ends now.
          if (s.cursor !== cursor) return { ...s, loading: false };
          const rows = s.rows ?? [];
          const seen = new Set(rows.map(idOf));
          return {
            query,
            rows: [...rows, ...unseen(page.list, idOf, seen)],
            cursor: page.nextCursor,
            error: undefined,
            loading: false,
          };
        }),
      (err: unknown) => fail(query, err),
    );
  }, [cursor, query, fail, idOf]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return {
    rows: current.rows,
    error: current.error,
    loading: current.loading,
    hasMore: current.cursor !== '',
    loadMore,
    reload,
  };
}
