/**
 * Instrument metadata (tick size, quantity step) of the linear contracts, from Bybit V5
 * /v5/market/instruments-info: loaded once per page into `instrumentsAtom`, for formatting
 * prices at their tick size and for subscribing only tickers that exist.
 */
import type { createStore } from 'jotai';
import type { QueryParams } from '../api/query';
import type { V5Category, V5InstrumentsResult } from '../api/types';
import { isDecimalString } from '../wire/validate';
import { instrumentsAtom, type Instrument } from './client';
import { failed, pending, ready } from './loadable';

type Store = ReturnType<typeof createStore>;

export type FetchInstruments = (
  category: V5Category,
  query?: QueryParams,
) => Promise<V5InstrumentsResult>;

/** Bybit answers at most 1 000 instruments a page; more pages than this is not an answer. */
const PAGE_LIMIT = 1_000;
const MAX_PAGES = 20;

/** The usable instruments of a V5 list, keyed by symbol; malformed entries are left out. */
export function instrumentsOf(list: readonly unknown[]): Map<string, Instrument> {
  const out = new Map<string, Instrument>();
  for (const raw of list) {
    if (typeof raw !== 'object' || raw === null) continue;
    const i = raw as Partial<Record<string, unknown>>;
    const tickSize = (i.priceFilter as { tickSize?: unknown } | undefined)?.tickSize;
    const qtyStep = (i.lotSizeFilter as { qtyStep?: unknown } | undefined)?.qtyStep;
    const { symbol, baseCoin, quoteCoin } = i;
    if (typeof symbol !== 'string' || symbol === '') continue;
    if (typeof baseCoin !== 'string' || typeof quoteCoin !== 'string') continue;
    if (!isDecimalString(tickSize) || !isDecimalString(qtyStep)) continue;
    out.set(symbol, { symbol, baseCoin, quoteCoin, tickSize, qtyStep });
  }
  return out;
}

/**
 * Loads the linear instruments into `instrumentsAtom` unless they are loaded or loading: once
 * per page (they are public and change rarely), again only after a failure.
 */
export async function loadInstruments(store: Store, fetch: FetchInstruments): Promise<void> {
  const now = store.get(instrumentsAtom);
  if (now.status === 'ready' || now.status === 'pending') return;
  store.set(instrumentsAtom, pending());
  try {
    const all = new Map<string, Instrument>();
    let cursor = '';
    for (let page = 0; page < MAX_PAGES; page++) {
      const query: QueryParams = cursor ? { limit: PAGE_LIMIT, cursor } : { limit: PAGE_LIMIT };
      const result = await fetch('linear', query);
      const list: unknown = result?.list;
      if (!Array.isArray(list)) throw new Error('instruments-info: no list');
      for (const [symbol, i] of instrumentsOf(list)) all.set(symbol, i);
      cursor = typeof result.nextPageCursor === 'string' ? result.nextPageCursor : '';
      if (cursor === '') break;
    }
    store.set(instrumentsAtom, ready(all));
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    store.set(
      instrumentsAtom,
      failed(
        typeof code === 'number' ? String(code) : err instanceof Error ? err.message : 'error',
      ),
    );
  }
}
