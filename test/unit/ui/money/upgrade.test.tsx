/**
 * The unified upgrade dialog: it cannot be dismissed while its request is on its way, once the
 * upgrade went through it never sends again, and a lost answer or a refused retry is settled by
 * the overview (money-flow review, H1, M1 and M2).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@mantine/core';
import { createStore } from 'jotai';
import type { AssetActionResult, AssetOverview, MemberInfo } from '@src/api/types';
import { ready } from '@src/state/loadable';
import { memberInfoAtom, userAtom } from '@src/state/client';
import { useMoneyDialogs } from '@src/ui/dialogs/open-money';
import { earnOverview } from '../../../support/sample-answers';
import UpgradeUnifiedDialog from '@src/ui/dialogs/UpgradeUnifiedDialog';
import { apiError, fakeApi, PROFILES } from '../test-utils';
import { deferred, renderBody, renderMoney } from './harness';

const TITLE = 'Upgrade to the unified trading account';

/** The overview of a user who has (or has not) upgraded. */
function overviewOf(upgraded: boolean): AssetOverview {
  const o = earnOverview();
  return { ...o, unified: { ...o.unified, upgraded, upgradeEligible: !upgraded } };
}

async function openUpgrade(
  assetOverview: () => Promise<AssetOverview> = async () => overviewOf(false),
) {
  const onUpgraded = vi.fn();
  const h = await renderMoney({ screen: { assetOverview: vi.fn(assetOverview) } });
  const dialog = await h.open({ name: 'upgradeUnified', props: { onUpgraded } }, TITLE);
  const upgrade = await within(dialog).findByRole('button', { name: 'Upgrade now' });
  return { ...h, dialog, upgrade, onUpgraded };
}

/** The member info of a user whose account is (or is not yet) unified. */
function memberOf(unified: boolean): MemberInfo {
  return {
    memberId: 4001,
    memberType: 'NORMAL',
    isUnifiedAccount: unified,
    upgradeToUnifiedAvailable: !unified,
    google2faBound: false,
    emailVerified: true,
    mobileVerified: false,
  };
}

/** A screen's Transfer button: it opens the dialog the member info calls for (open-money.ts). */
function TransferButton() {
  const money = useMoneyDialogs();
  return <Button onClick={() => money.transfer({ coin: 'USDT' })}>Transfer</Button>;
}

/**
 * The newbie signed in with a classic account, a Transfer button on the page, and a member info
 * call that now answers `after` (what the server says once the upgrade was asked for).
 */
async function signedInNewbie(
  after: () => Promise<MemberInfo>,
  assetOverview: () => Promise<AssetOverview> = async () => overviewOf(false),
) {
  const store = createStore();
  store.set(userAtom, { userId: PROFILES.newbie!.userId, profile: PROFILES.newbie });
  store.set(memberInfoAtom, ready(memberOf(false)));
  const memberInfo = vi.fn(after);
  const h = await renderMoney({
    store,
    session: fakeApi('newbie', { memberInfo }),
    screen: { assetOverview: vi.fn(assetOverview) },
    children: <TransferButton />,
  });
  return { ...h, memberInfo };
}

describe('unified upgrade dialog', () => {
  it('cannot be dismissed while the upgrade is on its way, and shows the answer', async () => {
    const { dialog, upgrade, money } = await openUpgrade();
    const pending = deferred<AssetActionResult>();
    money.unifiedUpgrade.mockReturnValueOnce(pending.promise);
    await userEvent.click(upgrade);
    const later = within(dialog).getByRole('button', { name: 'Not now' });
    await waitFor(() => expect(later).toBeDisabled());
    // the pressed button keeps focus while busy (marked disabled); a second press sends nothing
    expect(upgrade).toHaveAttribute('aria-disabled', 'true');
    expect(upgrade).toHaveFocus();
    await userEvent.click(upgrade);
    expect(money.unifiedUpgrade).toHaveBeenCalledTimes(1);
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

  it('a lost answer of an upgrade that went through is a success once the overview says so', async () => {
    const { upgrade, money, api, onUpgraded } = await openUpgrade(async () => overviewOf(true));
    money.unifiedUpgrade.mockRejectedValueOnce(apiError(9000003));
    await userEvent.click(upgrade);
    expect(
      await screen.findByText('Your account is now a unified trading account.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onUpgraded).toHaveBeenCalledTimes(1);
    expect(api.assetOverview).toHaveBeenCalled();
    expect(screen.queryByText(/did not go through/)).toBeNull();
  });

  it('a retry refused as not eligible is a success when the account is upgraded', async () => {
    const { upgrade, money, onUpgraded } = await openUpgrade(async () => overviewOf(true));
    money.unifiedUpgrade.mockRejectedValueOnce(apiError(131013));
    await userEvent.click(upgrade);
    expect(
      await screen.findByText('Your account is now a unified trading account.'),
    ).toBeInTheDocument();
    expect(onUpgraded).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/close all positions/)).toBeNull();
  });

  it('a lost answer the overview cannot settle says the upgrade could not be confirmed', async () => {
    const { dialog, upgrade, money } = await openUpgrade(() => Promise.reject(apiError(9000003)));
    money.unifiedUpgrade.mockRejectedValueOnce(apiError(9000001));
    await userEvent.click(upgrade);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The upgrade could not be confirmed.');
    expect(alert).toHaveTextContent('Request timeout, please re-try!');
    expect(alert).not.toHaveTextContent(/did not go through/);
  });

  it('a lost answer of an upgrade that did not happen says so, as the overview shows', async () => {
    const { dialog, upgrade, money } = await openUpgrade(async () => overviewOf(false));
    money.unifiedUpgrade.mockRejectedValueOnce(apiError(9000003));
    await userEvent.click(upgrade);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The upgrade did not go through. Please try again.',
    );
  });

  it("once the upgrade went through, the next Transfer opens the unified account's dialog", async () => {
    const { open, memberInfo } = await signedInNewbie(async () => memberOf(true));
    const dialog = await open({ name: 'upgradeUnified', props: {} }, TITLE);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(memberInfo).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    const transfer = await screen.findByRole('dialog', { name: 'Transfer (unified account)' });
    expect(await within(transfer).findByRole('combobox', { name: 'From' })).toHaveValue(
      'Funding account',
    );
  });

  it('an upgrade settled by the overview after a lost answer reads the member info again too', async () => {
    const { open, money, memberInfo } = await signedInNewbie(
      async () => memberOf(true),
      async () => overviewOf(true),
    );
    money.unifiedUpgrade.mockRejectedValueOnce(apiError(9000003));
    const dialog = await open({ name: 'upgradeUnified', props: {} }, TITLE);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(memberInfo).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(
      await screen.findByRole('dialog', { name: 'Transfer (unified account)' }),
    ).toBeInTheDocument();
  });

  it('an outcome nobody could confirm reads the member info: an upgrade that happened is known', async () => {
    const { open, money, memberInfo } = await signedInNewbie(
      async () => memberOf(true),
      () => Promise.reject(apiError(9000003)),
    );
    money.unifiedUpgrade.mockRejectedValueOnce(apiError(9000001));
    const dialog = await open({ name: 'upgradeUnified', props: {} }, TITLE);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade now' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The upgrade could not be confirmed.',
    );
    await waitFor(() => expect(memberInfo).toHaveBeenCalledTimes(1));
  });

  it('a refused upgrade does not read the member info again', async () => {
    const { open, money, memberInfo } = await signedInNewbie(async () => memberOf(false));
    money.unifiedUpgrade.mockRejectedValueOnce(apiError(131013));
    const dialog = await open({ name: 'upgradeUnified', props: {} }, TITLE);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade now' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('close all positions');
    expect(memberInfo).not.toHaveBeenCalled();
  });
});
