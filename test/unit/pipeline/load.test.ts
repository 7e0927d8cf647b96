import { atom, createStore, type PrimitiveAtom } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAllInstruments, loadInstruments } from '@src/pipeline/instruments';
import { loadInto, pollInto } from '@src/pipeline/load';
import { instrumentsAtom } from '@src/state/client';
import { idle, type Loadable } from '@src/state/loadable';
import { ApiError } from '@src/api/errors';
import type { V5Instrument } from '@src/api/types';
import { sampleInstrument as instrument } from '../../support/sample-answers';

const target = (): PrimitiveAtom<Loadable<number>> => atom<Loadable<number>>(idle<number>());

describe('loadInto (the one REST-to-Loadable loader)', () => {
  it('keeps the last data while pending and after a failure, with the error code as reason', async () => {
    const store = createStore();
    const a = target();
    await loadInto(store, a, () => Promise.resolve(1));
    const p = loadInto(store, a, () => Promise.reject(new ApiError(10016)));
    expect(store.get(a)).toEqual({ status: 'pending', data: 1 });
    await expect(p).resolves.toBeUndefined();
    expect(store.get(a)).toEqual({ status: 'error', error: '10016', data: 1 });
  });

  it('drops an answer that arrives after the caller stopped caring', async () => {
    const store = createStore();
    const a = target();
    let live = true;
    const p = loadInto(
      store,
      a,
      () => Promise.resolve(7),
      () => live,
    );
    live = false;
    await expect(p).resolves.toBe(7);
    expect(store.get(a)).toEqual({ status: 'pending' });
  });
});

describe('pollInto', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('two users share one timer: one request per period, fresh after the first', async () => {
    const store = createStore();
    const a = target();
    const calls: boolean[] = [];
    const call = (fresh: boolean) => {
      calls.push(fresh);
      return Promise.resolve(calls.length);
    };
    const release1 = pollInto(store, a, call, 1_000);
    const release2 = pollInto(store, a, call, 1_000);
    expect(calls).toEqual([false]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(calls).toEqual([false, true, true, true]);
    expect(store.get(a)).toEqual({ status: 'ready', data: 4 });

    release1();
    release1(); // a second release of the same user changes nothing
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toHaveLength(5);
    release2();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toHaveLength(5);
  });

  it('starts again at once for a user who comes after everyone left', () => {
    const store = createStore();
    const a = target();
    const call = vi.fn(() => Promise.resolve(1));
    pollInto(store, a, call, 1_000)();
    pollInto(store, a, call, 1_000)();
    expect(call.mock.calls).toEqual([[false], [false]]);
  });
});

describe('instruments (paged I/O in the pipeline, parsing in state)', () => {
  it('follows the cursor over every page', async () => {
    const pages: Record<string, { list: V5Instrument[]; nextPageCursor: string }> = {
      '': { list: [instrument('BTCUSDT')], nextPageCursor: 'p2' },
      p2: { list: [instrument('ETHUSDT')], nextPageCursor: '' },
    };
    const seen: unknown[] = [];
    const all = await fetchAllInstruments((category, query) => {
      seen.push([category, query]);
      const page = pages[String(query?.cursor ?? '')]!;
      return Promise.resolve({ category: 'linear', ...page });
    });
    expect([...all.keys()]).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(seen).toEqual([
      ['linear', { limit: 1_000 }],
      ['linear', { limit: 1_000, cursor: 'p2' }],
    ]);
  });

  it('loads once per page, again only after a failure', async () => {
    const store = createStore();
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(9000005))
      .mockResolvedValue({ category: 'linear', list: [instrument('BTCUSDT')], nextPageCursor: '' });
    await loadInstruments(store, fetch);
    expect(store.get(instrumentsAtom)).toMatchObject({ status: 'error', error: '9000005' });
    await loadInstruments(store, fetch);
    await loadInstruments(store, fetch);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(store.get(instrumentsAtom).status).toBe('ready');
  });
});
