/**
 * Renders an assets screen as the app does: inside the area's live data (the refresher that
 * AssetsArea mounts, its 5 s interval held: holdIntervals), on a memory router, fed by a fresh
 * ingest and a fake screen API whose overview and aggregate info the test controls.
 */
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { AssetOverview, AssetsAggregateInfo } from '@src/api/types';
import type { ScreenApi } from '@src/facade/screen-api';
import { useAssetsLive } from '@src/features/assets/overview/use-assets';
import type { SessionApi } from '@src/pipeline/session';
import { userAtom } from '@src/state/client';
import { allAccountsOverview, sampleAggregateInfo } from '../../../../support/sample-answers';
import { fakeScreenApi, holdIntervals, renderScreen } from '../../harness';

function Live({ children }: { children: ReactNode }) {
  useAssetsLive();
  return <>{children}</>;
}

export interface AssetsApiControl {
  overview: () => Promise<AssetOverview>;
  info: () => Promise<AssetsAggregateInfo>;
}

/** A screen API answering the overview and aggregate info through `control` (swappable). */
export function assetsApi(control: Partial<AssetsApiControl> = {}) {
  const c: AssetsApiControl = {
    overview: async () => allAccountsOverview(),
    info: async () => sampleAggregateInfo(),
    ...control,
  };
  const api: ScreenApi = {
    ...fakeScreenApi(),
    assetOverview: vi.fn(() => c.overview()),
    aggregateInfo: vi.fn(() => c.info()),
  } as ScreenApi;
  return { api, control: c };
}

export async function renderAssetsScreen(
  ui: ReactNode,
  {
    api = assetsApi().api,
    userId = 3001,
    session,
    lng,
  }: { api?: ScreenApi; userId?: number; session?: SessionApi; lng?: string } = {},
) {
  // Refreshes happen when the test makes them (refreshAssets(), balance moves), not every 5 s.
  holdIntervals();
  const r = await renderScreen(
    <MemoryRouter>
      <Live>{ui}</Live>
    </MemoryRouter>,
    { api, session, lng },
  );
  r.store.set(userAtom, { userId });
  return r;
}
