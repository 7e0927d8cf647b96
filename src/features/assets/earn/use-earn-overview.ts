/**
 * The asset overview the unified, savings and pledge screens show, and the refresh they ask for
 * after an action of the user. Interim: loaded here through the screen API every 5 s (the
 * overview state of src/features/assets/overview takes over when it lands: then this hook reads
 * its atom and its `refreshAssets()` instead of loading the overview a second time).
 */
import { useCallback } from 'react';
import { useScreenApi, type AssetOverview, type Loadable } from '../../../facade';
import { useResource } from '../../../ui/live/use-resource';

export const EARN_REFRESH_MS = 5_000;

export interface EarnOverview {
  state: Loadable<AssetOverview>;
  /** Reload now (the retry button, and after an action that moved money). */
  reload: () => void;
}

export function useEarnOverview(): EarnOverview {
  const api = useScreenApi();
  const load = useCallback(() => api.assetOverview(), [api]);
  const { state, reload } = useResource(load, EARN_REFRESH_MS);
  return { state, reload };
}
