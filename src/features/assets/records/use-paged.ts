/**
 * A records list paged by cursor: the first page on mount and whenever the query changes, "load
 * more" appends the next page, and while a loaded record is pending the loaded rows are re-read
 * every 3 s (docs/assets.md). They are also re-read when money moved here (`refreshKey`: a
 * transfer, a withdrawal, or an answer lost on the way) and when the user comes back to the page
 * (window focus, the tab shown again), which is when a transfer made in another tab or on another
 * device is looked for. A failed load keeps what was shown. Answers for a superseded query are
 * dropped.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Page } from '../../../facade';
import { errorCodeOf } from '../../../i18n/error-message';

const RECORDS_PAGE_SIZE = 20;
const RECORDS_POLL_MS = 3000;
/** The most rows one request may ask for (the list's `limit` bound). */
const MAX_LIMIT = 50;

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

export function usePaged<T>(
  load: (cursor: string, limit: number) => Promise<Page<T>>,
  isPending: (row: T) => boolean,
  /** Changes of this value re-read the loaded rows (e.g. after money moved). */
  refreshKey: unknown,
): Paged<T> {
  const [generation, setGeneration] = useState(0);
  const query = useMemo(() => ({ load, generation }), [load, generation]);
  const [state, setState] = useState<State<T> | undefined>();
  const current: State<T> =
    state?.query === query
      ? state
      : { query, rows: undefined, cursor: '', error: undefined, loading: true };
  const latest = useRef<object | undefined>(undefined);

  const settle = useCallback(
    (q: object, page: Page<T>, append: boolean) =>
      setState((s) => {
        if (latest.current !== q) return s;
        const before = s?.query === q ? (s.rows ?? []) : [];
        return {
          query: q,
          rows: append ? [...before, ...page.list] : page.list,
          cursor: page.nextCursor,
          error: undefined,
          loading: false,
        };
      }),
    [],
  );
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
      (page) => settle(query, page, false),
      (err: unknown) => fail(query, err),
    );
  }, [query, settle, fail]);

  // Re-read the loaded rows while one is pending, and when refreshKey changes.
  const shown = current.rows?.length ?? 0;
  const pending = current.rows?.some(isPending) ?? false;
  const refresh = useCallback(() => {
    const limit = Math.min(MAX_LIMIT, Math.max(RECORDS_PAGE_SIZE, shown));
    return query.load('', limit).then(
      (page) => settle(query, page, false),
      () => undefined,
    );
  }, [query, shown, settle]);

  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void refresh(), RECORDS_POLL_MS);
    return () => clearInterval(timer);
  }, [pending, refresh]);

  // Back on the page: one re-read at a time (focus and visibilitychange come together).
  const backInFlight = useRef(false);
  useEffect(() => {
    const onBack = () => {
      if (document.visibilityState === 'hidden' || backInFlight.current) return;
      backInFlight.current = true;
      void refresh().finally(() => {
        backInFlight.current = false;
      });
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
      (page) => settle(query, page, true),
      (err: unknown) => fail(query, err),
    );
  }, [cursor, query, settle, fail]);

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
