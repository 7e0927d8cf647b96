/**
 * The instruments, public and read at every load, are kept in the local-storage cache
 * (`persist`): a reload does not ask the server again, and what comes back out of localStorage
 * is checked as a fresh answer is. A corrupt or old-shape entry is dropped and fetched again;
 * a malformed answer is refused and never stored. Against a real server, through the real
 * endpoints and the pipeline's paged loader.
 */
import { createStore } from 'jotai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RequestCache, STORAGE_CACHE_PREFIX, StorageCache } from '@src/api/cache';
import { V5_MARKET } from '@src/api/calls';
import { createEndpoints, type Endpoints } from '@src/api/endpoints';
import { ParseError } from '@src/api/errors';
import { HttpClient } from '@src/api/http';
import { fetchAllInstruments, loadInstruments } from '@src/pipeline/instruments';
import { instrumentsAtom } from '@src/state/client';
import { dataOf } from '@src/state/loadable';
import { sampleInstrument as instrument } from '../../support/sample-answers';
import { MemoryStorage } from '../lib/memory-storage';
import { sendJson, startTestServer, type TestServer } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => server.reset());

const PATH = `/api${V5_MARKET.instrumentsInfo}`;
const v5 = (result: unknown): string =>
  JSON.stringify({ retCode: 0, retMsg: 'OK', result, retExtInfo: {}, time: 1732150000000 });

/** Two pages by cursor: BTCUSDT, then ETHUSDT. Returns how often each page was asked for. */
function twoPages(): Record<string, number> {
  const hits: Record<string, number> = { '': 0, p2: 0 };
  server.route('GET', PATH, (req, res) => {
    const cursor = new URL(req.url ?? '/', 'http://x').searchParams.get('cursor') ?? '';
    hits[cursor] = (hits[cursor] ?? 0) + 1;
    const page =
      cursor === ''
        ? { category: 'linear', list: [instrument('BTCUSDT')], nextPageCursor: 'p2' }
        : { category: 'linear', list: [instrument('ETHUSDT')], nextPageCursor: '' };
    sendJson(res, 200, v5(page));
  });
  return hits;
}

/** A page load: a new client and endpoints over the same localStorage. */
function load(storage: MemoryStorage, now: () => number = () => Date.now()): Endpoints {
  return createEndpoints(
    new HttpClient({
      baseUrl: `${server.origin}/api`,
      requestCache: new RequestCache(),
      storageCache: new StorageCache({ storage: () => storage, now }),
    }),
  );
}

const fetchAll = (api: Endpoints) => fetchAllInstruments((c, q) => api.instrumentsInfo(c, q));

/** The stored entries of the cache (not its index), by storage key. */
function entries(storage: MemoryStorage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const k = storage.key(i);
    if (k?.startsWith(STORAGE_CACHE_PREFIX) && !k.endsWith('@index')) keys.push(k);
  }
  return keys.sort();
}

describe('instruments in the local-storage cache', () => {
  it('a reload reads both pages from localStorage, not the server', async () => {
    const hits = twoPages();
    const storage = new MemoryStorage();
    const first = await fetchAll(load(storage));
    expect([...first.keys()]).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(entries(storage)).toHaveLength(2);
    const again = await fetchAll(load(storage));
    expect(again).toEqual(first);
    expect(hits).toEqual({ '': 1, p2: 1 });
  });

  it('keeps them 10 minutes, then asks again', async () => {
    const hits = twoPages();
    const storage = new MemoryStorage();
    let now = 1_000_000;
    await fetchAll(load(storage, () => now));
    now += 10 * 60_000 - 1;
    await fetchAll(load(storage, () => now));
    expect(hits).toEqual({ '': 1, p2: 1 });
    now += 1;
    await fetchAll(load(storage, () => now));
    expect(hits).toEqual({ '': 2, p2: 2 });
  });

  it.each([
    ['not JSON', () => '{"t":'],
    ['an entry without a value', () => JSON.stringify({ t: Date.now() })],
    ['an old shape: no list', () => JSON.stringify({ t: Date.now(), v: { symbols: ['BTCUSDT'] } })],
    [
      'an old shape: a list of names',
      () => JSON.stringify({ t: Date.now(), v: { list: ['BTC'] } }),
    ],
    ['a list that is not a list', () => JSON.stringify({ t: Date.now(), v: { list: 'BTCUSDT' } })],
    ['null', () => JSON.stringify({ t: Date.now(), v: null })],
  ])('a stored page that is %s is dropped and fetched again, never used', async (_, bad) => {
    const hits = twoPages();
    const storage = new MemoryStorage();
    await fetchAll(load(storage));
    const [page1, page2] = entries(storage);
    expect(page2).toBeDefined();
    storage.setItem(page2 as string, bad()); // the second page (cursor p2) goes bad
    const store = createStore();
    const api = load(storage);
    await loadInstruments(store, (c, q) => api.instrumentsInfo(c, q));
    const loaded = store.get(instrumentsAtom);
    expect(loaded.status).toBe('ready');
    expect([...(dataOf(loaded)?.keys() ?? [])]).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(hits).toEqual({ '': 1, p2: 2 }); // only the bad page was asked for again
    // ...and stored again, well-formed: the next load needs the server for nothing.
    expect(entries(storage)).toEqual([page1, page2]);
    await fetchAll(load(storage));
    expect(hits).toEqual({ '': 1, p2: 2 });
  });

  it('a malformed answer is refused (ParseError) and not stored; the next load asks again', async () => {
    let hits = 0;
    server.route('GET', PATH, (_req, res) => {
      hits++;
      sendJson(res, 200, v5({ category: 'linear', list: [{ symbol: '' }], nextPageCursor: '' }));
    });
    const storage = new MemoryStorage();
    const err = await load(storage)
      .instrumentsInfo('linear')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ParseError);
    expect((err as ParseError).message).toContain('instrumentsInfo: list.0.symbol');
    expect(entries(storage)).toEqual([]);
    await load(storage)
      .instrumentsInfo('linear')
      .catch(() => undefined);
    expect(hits).toBe(2);
  });

  it('a caller can opt out (persist: false): the server is asked every time', async () => {
    const hits = twoPages();
    const storage = new MemoryStorage();
    await load(storage).instrumentsInfo('linear', {}, { persist: false });
    await load(storage).instrumentsInfo('linear', {}, { persist: false });
    expect(hits['']).toBe(2);
    expect(entries(storage)).toEqual([]);
  });
});
