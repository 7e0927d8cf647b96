import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import type { AssetOverview, AssetsAggregateInfo } from '@src/api/types';
import { startAssetsRefresher, type AssetsApi } from '@src/pipeline/assets-refresh';
import { assetOverviewAtom, assetsRefreshedAtAtom, refreshAssetsAtom } from '@src/state/assets';
import { amlClearRefreshAtom, assetsAggregateInfoAtom, userAtom } from '@src/state/client';
import { allAccountsOverview, sampleAggregateInfo } from '../../support/sample-answers';

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** An API whose every call waits until the test answers it. */
function heldApi() {
  const overviews: ReturnType<typeof deferred<AssetOverview>>[] = [];
  const infos: ReturnType<typeof deferred<AssetsAggregateInfo>>[] = [];
  const api: AssetsApi = {
    assetOverview: vi.fn(() => {
      const d = deferred<AssetOverview>();
      overviews.push(d);
      return d.promise;
    }),
    aggregateInfo: vi.fn(() => {
      const d = deferred<AssetsAggregateInfo>();
      infos.push(d);
      return d.promise;
    }),
  };
  return { api, overviews, infos };
}

function fakeTimer() {
  let fn: (() => void) | null = null;
  return {
    setInterval: (f: () => void, ms: number) => {
      expect(ms).toBe(5000);
      fn = f;
      return 1;
    },
    clearInterval: () => {
      fn = null;
    },
    fire: () => fn?.(),
    get running() {
      return fn !== null;
    },
  };
}

const signedIn = () => {
  const store = createStore();
  store.set(userAtom, { userId: 3001 });
  return store;
};

describe('startAssetsRefresher', () => {
  it('loads at once, every 5 s and after an action; the "as of" time moves only when both answered', async () => {
    const store = signedIn();
    const timer = fakeTimer();
    let clock = 1000;
    const api: AssetsApi = {
      assetOverview: vi.fn(async () => allAccountsOverview()),
      aggregateInfo: vi.fn(async () => sampleAggregateInfo()),
    };
    const r = startAssetsRefresher(store, api, { ...timer, now: () => clock });
    await r.idle();
    expect(api.assetOverview).toHaveBeenCalledTimes(1);
    expect(store.get(assetOverviewAtom).status).toBe('ready');
    expect(store.get(assetsAggregateInfoAtom).status).toBe('ready');
    expect(store.get(assetsRefreshedAtAtom)).toBe(1000);

    clock = 6000;
    timer.fire();
    await r.idle();
    expect(api.assetOverview).toHaveBeenCalledTimes(2);
    expect(store.get(assetsRefreshedAtAtom)).toBe(6000);

    clock = 7000;
    store.set(refreshAssetsAtom);
    await r.idle();
    expect(api.assetOverview).toHaveBeenCalledTimes(3);
    expect(api.aggregateInfo).toHaveBeenCalledTimes(3);
    expect(store.get(assetsRefreshedAtAtom)).toBe(7000);

    r.stop();
    expect(timer.running).toBe(false);
    store.set(refreshAssetsAtom);
    await r.idle();
    expect(api.assetOverview).toHaveBeenCalledTimes(3);
  });

  it('a failed refresh keeps the last figures, marked failed, and does not move the "as of" time', async () => {
    const store = signedIn();
    const timer = fakeTimer();
    let clock = 1000;
    let fail = false;
    const api: AssetsApi = {
      assetOverview: vi.fn(async () => {
        if (fail) throw Object.assign(new Error('down'), { code: 9000001 });
        return allAccountsOverview();
      }),
      aggregateInfo: vi.fn(async () => sampleAggregateInfo()),
    };
    const r = startAssetsRefresher(store, api, { ...timer, now: () => clock });
    await r.idle();
    fail = true;
    clock = 6000;
    timer.fire();
    await r.idle();
    const o = store.get(assetOverviewAtom);
    expect(o.status).toBe('error');
    expect(o.status === 'error' && o.error).toBe('9000001');
    expect(o.status === 'error' && o.data?.totalUsd).toBe('51108.66');
    expect(store.get(assetsRefreshedAtAtom)).toBe(1000);
    r.stop();
  });

  it('never runs two refreshes at once; requests during one run it once more afterwards', async () => {
    const store = signedIn();
    const { api, overviews, infos } = heldApi();
    const r = startAssetsRefresher(store, api, fakeTimer());
    expect(api.assetOverview).toHaveBeenCalledTimes(1);
    r.refresh();
    store.set(refreshAssetsAtom);
    r.refresh();
    expect(api.assetOverview).toHaveBeenCalledTimes(1);
    overviews[0]?.resolve(allAccountsOverview());
    infos[0]?.resolve(sampleAggregateInfo());
    await vi.waitFor(() => expect(api.assetOverview).toHaveBeenCalledTimes(2));
    overviews[1]?.resolve(allAccountsOverview());
    infos[1]?.resolve(sampleAggregateInfo());
    await r.idle();
    expect(api.assetOverview).toHaveBeenCalledTimes(2);
    r.stop();
  });

  it('drops answers that arrive after sign-out or another user', async () => {
    const store = signedIn();
    const { api, overviews, infos } = heldApi();
    const r = startAssetsRefresher(store, api, fakeTimer());
    store.set(userAtom, { userId: 4001 });
    overviews[0]?.resolve(allAccountsOverview());
    infos[0]?.resolve(sampleAggregateInfo());
    await r.idle();
    expect(store.get(assetOverviewAtom).status).toBe('pending');
    expect(store.get(assetsRefreshedAtAtom)).toBeNull();
    r.stop();
  });

  it('keeps SPEC 4 AML-clear refresh counter: +1 per refresh, 0 on a truthy isExistAmlClear', async () => {
    const store = signedIn();
    const timer = fakeTimer();
    let clear = false;
    const api: AssetsApi = {
      assetOverview: vi.fn(async () => allAccountsOverview()),
      aggregateInfo: vi.fn(async () => sampleAggregateInfo({ isExistAmlClear: clear })),
    };
    const r = startAssetsRefresher(store, api, timer);
    await r.idle();
    expect(store.get(amlClearRefreshAtom)).toBe(1);
    timer.fire();
    await r.idle();
    expect(store.get(amlClearRefreshAtom)).toBe(2);
    clear = true;
    timer.fire();
    await r.idle();
    expect(store.get(amlClearRefreshAtom)).toBe(0);
    clear = false;
    timer.fire();
    await r.idle();
    expect(store.get(amlClearRefreshAtom)).toBe(1);
    r.stop();
  });
});
