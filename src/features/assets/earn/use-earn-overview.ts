/**
 * The asset overview the unified, savings and pledge screens show, and the refresh they ask for
 * after an action of the user: the user-assets area's own state (src/state/assets.ts through the
 * facade), kept fresh by the area's frame (every 5 s, after actions, when a balance moves: the
 * overview is loaded once for every screen of the area, never a second time here).
 */
import { useAtomValue } from 'jotai';
import {
  assetOverviewAtom,
  useRefreshAssets,
  type AssetOverview,
  type Loadable,
} from '../../../facade';

export interface EarnOverview {
  state: Loadable<AssetOverview>;
  /** Reload now (the retry button, and after an action that moved money). */
  reload: () => void;
}

export function useEarnOverview(): EarnOverview {
  const state = useAtomValue(assetOverviewAtom);
  const reload = useRefreshAssets();
  return { state, reload };
}
