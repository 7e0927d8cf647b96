/**
 * Renders an earn screen as the assets area does: inside a frame that keeps the area's overview
 * fresh (useAssetsLive: loaded at once and after refreshAssets(); its 5 s interval is held by
 * holdIntervals), fed by the fake API.
 */
import type { ReactNode } from 'react';
import { useAssetsLive } from '@src/features/assets/overview/use-assets';
import { holdIntervals, renderScreen, type ScreenOptions } from '../../harness';

function Area({ children }: { children: ReactNode }) {
  useAssetsLive();
  return <>{children}</>;
}

/** As the trader (the area refreshes for a signed-in user only). */
export async function renderEarn(ui: ReactNode, opts?: ScreenOptions) {
  // Refreshes happen when the test makes them (refreshAssets(), balance moves), not every 5 s.
  holdIntervals();
  // Signed in before the first render: an earn form belongs to the session it was opened in.
  return renderScreen(<Area>{ui}</Area>, { userId: 3001, ...opts });
}
