/**
 * Standing notices are notes, not alerts (review L2): the compliance notices on /assets and the
 * unified upgrade offer show on every visit, and role=alert would have them read out each time.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import OverviewScreen from '@src/features/assets/overview/OverviewScreen';
import UnifiedScreen from '@src/features/assets/unified/UnifiedScreen';
import { earnOverview, sampleAggregateInfo } from '../../../support/sample-answers';
import { fakeScreenApi } from '../harness';
import { renderEarn } from './earn/render';
import { assetsApi, renderAssetsScreen } from './overview/assets-screen';

describe('standing notices', () => {
  it('gives the compliance notices role=note, not alert', async () => {
    const { api } = assetsApi({
      info: async () => sampleAggregateInfo({ waitTaxCount: 1, isExistDepositAml: true }),
    });
    await renderAssetsScreen(<OverviewScreen />, { api });
    const region = await screen.findByRole('region', { name: 'Account notices' });
    expect(within(region).getAllByRole('note')).toHaveLength(2);
    expect(within(region).queryByRole('alert')).toBeNull();
  });

  it('gives the unified upgrade offer role=note, not alert', async () => {
    const overview = earnOverview();
    const api = fakeScreenApi({
      assetOverview: vi.fn(async () => ({
        ...overview,
        unified: { ...overview.unified, upgraded: false, upgradeEligible: true, coins: [] },
      })),
    });
    await renderEarn(<UnifiedScreen />, { api });
    const button = await screen.findByRole('button', { name: 'Upgrade to unified account' });
    expect(button.closest('[role="note"]')).not.toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
