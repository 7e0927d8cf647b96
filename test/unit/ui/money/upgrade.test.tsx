/**
 * The unified upgrade dialog: it cannot be dismissed while its request is on its way, and once
 * the upgrade went through it never sends again (money-flow review, H1 and M1).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AssetActionResult } from '@src/api/types';
import UpgradeUnifiedDialog from '@src/ui/dialogs/UpgradeUnifiedDialog';
import { apiError } from '../test-utils';
import { deferred, renderBody, renderMoney } from './harness';

const TITLE = 'Upgrade to the unified trading account';

async function openUpgrade() {
  const h = await renderMoney();
  const dialog = await h.open({ name: 'upgradeUnified', props: {} }, TITLE);
  const upgrade = await within(dialog).findByRole('button', { name: 'Upgrade now' });
  return { ...h, dialog, upgrade };
}

describe('unified upgrade dialog', () => {
  it('cannot be dismissed while the upgrade is on its way, and shows the answer', async () => {
    const { dialog, upgrade, money } = await openUpgrade();
    const pending = deferred<AssetActionResult>();
    money.unifiedUpgrade.mockReturnValueOnce(pending.promise);
    await userEvent.click(upgrade);
    const later = within(dialog).getByRole('button', { name: 'Not now' });
    await waitFor(() => expect(later).toBeDisabled());
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: TITLE })).toBe(dialog);
    act(() => pending.reject(apiError(131013)));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'close all positions and orders first',
    );
    expect(later).toBeEnabled();
  });

  it('never sends the upgrade again once it went through, while the dialog closes', async () => {
    const { money, close } = await renderBody((c) => <UpgradeUnifiedDialog props={{}} {...c} />);
    const upgrade = await screen.findByRole('button', { name: 'Upgrade now' });
    await userEvent.click(upgrade);
    await waitFor(() => expect(close).toHaveBeenCalledTimes(1));
    upgrade.click();
    await userEvent.click(upgrade);
    expect(money.unifiedUpgrade).toHaveBeenCalledTimes(1);
  });
});
