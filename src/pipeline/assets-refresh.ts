/**
 * Keeps the user-assets area's REST state fresh while one of its screens is on screen
 * (docs/assets.md, Live values): the overview and the aggregate info are loaded at once, every
 * `intervalMs` (5 s), whenever `refreshAssetsAtom` is written (after an action of the user), and
 * when the screen says a wallet frame moved a balance. One refresh at a time: a request while one
 * is in flight runs once more after it (never two at once, never lost). A failed call keeps the
 * last data marked as failed (`loadInto`), so a screen says it is stale; `assetsRefreshedAtAtom`
 * moves only when both answered.
 */
import type { createStore } from 'jotai';
import type { AssetOverview, AssetsAggregateInfo } from '../api/types';
import {
  assetOverviewAtom,
  assetsRefreshedAtAtom,
  assetsRefreshRequestAtom,
} from '../state/assets';
import { amlClearRefreshAtom, assetsAggregateInfoAtom, userAtom } from '../state/client';
import { loadInto } from './load';
import { oneAtATime } from './one-at-a-time';

type Store = ReturnType<typeof createStore>;

const ASSETS_REFRESH_MS = 5_000;

export interface AssetsApi {
  assetOverview(): Promise<AssetOverview>;
  aggregateInfo(): Promise<AssetsAggregateInfo>;
}

export interface AssetsRefresherOptions {
  intervalMs?: number;
  now?: () => number;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

export interface AssetsRefresher {
  /** Refresh now (or right after the one in flight). */
  refresh(): void;
  /** Resolves when no refresh is in flight or queued (tests). */
  idle(): Promise<void>;
  /** Stops the timer and the request subscription; answers still in flight are dropped. */
  stop(): void;
}

/** Starts refreshing at once; call `stop()` when the last assets screen goes. */
export function startAssetsRefresher(
  store: Store,
  api: AssetsApi,
  opts: AssetsRefresherOptions = {},
): AssetsRefresher {
  const now = opts.now ?? Date.now;
  const session = store.get(userAtom);
  let stopped = false;
  const live = () => !stopped && store.get(userAtom) === session;

  const runOnce = async (): Promise<void> => {
    const [overview, info] = await Promise.all([
      loadInto(store, assetOverviewAtom, () => api.assetOverview(), live),
      loadInto(store, assetsAggregateInfoAtom, () => api.aggregateInfo(), live),
    ]);
    if (!live()) return;
    // SPEC 4: the AML-clear refresh counter counts refreshes, back to 0 on a truthy flag.
    if (info) store.set(amlClearRefreshAtom, info.isExistAmlClear);
    if (overview && info) store.set(assetsRefreshedAtAtom, now());
  };

  const runs = oneAtATime(runOnce, () => stopped);
  const refresh = runs.request;

  const setTimer = opts.setInterval ?? ((fn, ms) => setInterval(fn, ms));
  const clearTimer =
    opts.clearInterval ?? ((h) => clearInterval(h as ReturnType<typeof setInterval>));
  const timer = setTimer(refresh, opts.intervalMs ?? ASSETS_REFRESH_MS);
  const unsubscribe = store.sub(assetsRefreshRequestAtom, refresh);
  refresh();

  return {
    refresh,
    idle: runs.idle,
    stop: () => {
      stopped = true;
      clearTimer(timer);
      unsubscribe();
    },
  };
}
