/**
 * Loads the linear instruments (Bybit V5 /v5/market/instruments-info, paged by cursor) into
 * `instrumentsAtom`: once per page (they are public and change rarely), again only after a
 * failure. Through the one REST-to-Loadable loader (load.ts).
 */
import type { createStore } from 'jotai';
import type { QueryParams } from '../api/query';
import type { V5Category, V5InstrumentsResult } from '../api/types';
import { instrumentsAtom, type Instrument } from '../state/client';
import { instrumentsOf } from '../state/instruments';
import { loadInto } from './load';

type Store = ReturnType<typeof createStore>;

export type FetchInstruments = (
  category: V5Category,
  query?: QueryParams,
) => Promise<V5InstrumentsResult>;

/** Bybit answers at most 1 000 instruments a page; more pages than this is not an answer. */
const PAGE_LIMIT = 1_000;
const MAX_PAGES = 20;

/** Every page of the linear instruments; rejects when a page is not a V5 list. */
export async function fetchAllInstruments(
  fetch: FetchInstruments,
): Promise<Map<string, Instrument>> {
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
  return all;
}

/** Loads the instruments unless they are loaded or loading. Never rejects. */
export async function loadInstruments(store: Store, fetch: FetchInstruments): Promise<void> {
  const now = store.get(instrumentsAtom);
  if (now.status === 'ready' || now.status === 'pending') return;
  await loadInto(store, instrumentsAtom, () => fetchAllInstruments(fetch));
}
