import { Group } from '@mantine/core';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { assetOverviewAtom, useRefreshAssets, type AssetOverview } from '../../../facade';
import { ResourceState } from '../../../ui/live/ResourceState';
import { ScreenFrame } from '../../../ui/ScreenFrame';
import { AsOf } from '../overview/AsOf';
import { ShowAssetsToggle } from '../ShowAssetsToggle';

export interface EarnScreenFrameProps {
  title: string;
  /** What the spinner says while the first overview loads. */
  loadingText: string;
  /**
   * The screen's body once the overview is there; `reload` refreshes it now (after an action
   * that moved money).
   */
  children: (overview: AssetOverview, reload: () => void) => ReactNode;
}

/**
 * The frame of the unified, savings and pledge screens: the title, when the figures were read
 * and the show/hide toggle, and the asset overview's loading, error (with retry) and content.
 * The overview is the user-assets area's own state (src/state/assets.ts through the facade),
 * kept fresh by the area's frame (every 5 s, after actions, when a balance moves): it is loaded
 * once for every screen of the area, never a second time here.
 */
export function EarnScreenFrame({ title, loadingText, children }: EarnScreenFrameProps) {
  const state = useAtomValue(assetOverviewAtom);
  const reload = useRefreshAssets();
  return (
    <ScreenFrame
      title={title}
      actions={
        <Group gap="sm">
          <AsOf />
          <ShowAssetsToggle />
        </Group>
      }
    >
      <ResourceState
        state={state}
        reload={reload}
        isEmpty={() => false}
        emptyText=""
        loadingText={loadingText}
      >
        {(overview) => children(overview, reload)}
      </ResourceState>
    </ScreenFrame>
  );
}
