import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { earnOverview } from '../../../support/sample-answers';
import { memberInfoAtom, profileUserTagAtom, userAtom } from '@src/state/client';
import { ready } from '@src/state/loadable';
import { safeLink, ShellPrompts } from '@src/ui/dialogs/ShellPrompts';
import { renderMoney } from './harness';

const MEMBER = {
  memberId: 4001,
  memberType: 'NORMAL' as const,
  isUnifiedAccount: false,
  upgradeToUnifiedAvailable: true,
  google2faBound: true,
  emailVerified: true,
  mobileVerified: false,
};

function signedIn(tags: string[] = []) {
  const store = createStore();
  store.set(userAtom, { userId: 4001 });
  store.set(profileUserTagAtom, ready({ tags }));
  store.set(memberInfoAtom, ready(MEMBER));
  return store;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('shell prompts', () => {
  it('welcomes a user tagged vip_welcome once, remembered across pages', async () => {
    const store = signedIn(['vip_welcome']);
    const first = await renderMoney({ store, children: <ShellPrompts /> });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to VIP' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    first.unmount();

    await renderMoney({ store: signedIn(['vip_welcome']), children: <ShellPrompts /> });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the risk intercept as a translated warning, then the global popup banner, one at a time', async () => {
    await renderMoney({
      store: signedIn(),
      lng: 'de-DE',
      children: <ShellPrompts />,
      money: {
        defaultRiskIntercept: async () => ({
          intercept: true,
          riskType: 'DERIVATIVES_QUIZ',
          message: 'Please complete the derivatives knowledge quiz before trading.',
        }),
        bannerConfig: async () => ({
          list: [
            { id: 'b1', title: 'Wartung um 02:00 UTC', link: '/news', placement: 'global_popup' },
          ],
        }),
      },
    });
    const warning = await screen.findByRole('dialog', { name: 'Bevor Sie handeln' });
    expect(
      await within(warning).findByText(
        'Bitte absolvieren Sie vor dem Handel das Quiz zu Derivaten.',
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await userEvent.click(await within(warning).findByRole('button', { name: 'Verstanden' }));
    const popup = await screen.findByRole('dialog', { name: /./, description: undefined });
    expect(await within(popup).findByText('Wartung um 02:00 UTC')).toBeInTheDocument();
    expect(within(popup).getByRole('link')).toHaveAttribute('href', '/news');
  });

  it('drops a popup link that is not this site or https (javascript:, data:, //host)', async () => {
    for (const link of ['javascript:alert(1)', 'data:text/html,x', '//evil.example/x']) {
      expect(safeLink(link)).toBeUndefined();
    }
    expect(safeLink('/news')).toBe('/news');
    expect(safeLink('https://announcements.example/2026')).toBe(
      'https://announcements.example/2026',
    );
    await renderMoney({
      store: signedIn(),
      children: <ShellPrompts />,
      money: {
        bannerConfig: async () => ({
          list: [
            {
              id: 'b2',
              title: 'Maintenance',
              link: 'javascript:alert(1)',
              placement: 'global_popup',
            },
          ],
        }),
      },
    });
    const popup = await screen.findByRole('dialog', { name: /./ });
    expect(await within(popup).findByText('Maintenance')).toBeInTheDocument();
    expect(within(popup).queryByRole('link')).toBeNull();
  });

  it('offers the unified upgrade to an eligible user, and the upgrade calls POST unified/upgrade', async () => {
    const overview = earnOverview();
    const h = await renderMoney({
      store: signedIn(),
      children: <ShellPrompts />,
      screen: {
        assetOverview: async () => ({
          ...overview,
          unified: { ...overview.unified, upgraded: false, upgradeEligible: true },
        }),
      },
    });
    const dialog = await screen.findByRole('dialog', {
      name: 'Upgrade to the unified trading account',
    });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Upgrade now' }));
    await waitFor(() => expect(h.money.unifiedUpgrade).toHaveBeenCalledTimes(1));
    expect(
      await screen.findByText('Your account is now a unified trading account.'),
    ).toBeInTheDocument();
  });

  it('shows the upgrade refusal in its own words', async () => {
    const overview = earnOverview();
    // not upgraded: a 131013 of an account already upgraded is a success (upgrade.test.tsx)
    const h = await renderMoney({
      screen: {
        assetOverview: async () => ({
          ...overview,
          unified: { ...overview.unified, upgraded: false, upgradeEligible: false },
        }),
      },
    });
    h.money.unifiedUpgrade.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 131013 }));
    const dialog = await h.open(
      { name: 'upgradeUnified', props: {} },
      'Upgrade to the unified trading account',
    );
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Upgrade now' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'close all positions and orders first',
    );
  });
});
