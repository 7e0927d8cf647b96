/**
 * The assets overview: total in USD and BTC, each account with its value and share (adding up
 * to the total and to 100 %), the coin x account rows, hide small balances (remembered), the eye
 * button's masking, a notice per compliance flag, pending counts, the "as of" time and the stale
 * marker, the AML-clear counter, and DERIVATIVES live from the wallet stream, exact in cents.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { hideSmallBalancesKey } from '@src/config/assets';
import OverviewScreen from '@src/features/assets/overview/OverviewScreen';
import { noticesOf } from '@src/features/assets/overview/ComplianceNotices';
import { refreshAssetsAtom } from '@src/state/assets';
import { amlClearRefreshAtom, preferencesAtom } from '@src/state/client';
import {
  allAccountsOverview,
  earnOverview,
  sampleAggregateInfo,
} from '../../../../support/sample-answers';
import { wallet } from '../../../state/fixtures';
import { assetsApi, renderAssetsScreen } from './assets-screen';

afterEach(() => localStorage.clear());

const totalUsd = () => document.querySelector('[data-total="usd"]')?.textContent;
const totalBtc = () => document.querySelector('[data-total="btc"]')?.textContent;
const distribution = () => screen.getByRole('table', { name: 'Value and share of each account' });
/** Account name → [value, share] as shown in the distribution table. */
const accountRows = (): Record<string, string[]> =>
  Object.fromEntries(
    within(distribution())
      .getAllByRole('row')
      .slice(1)
      .map((r) => {
        const [name, ...cells] = [...r.querySelectorAll('th, td')].map((c) => c.textContent ?? '');
        return [name, cells];
      }),
  );
const cents = (usd: string) => BigInt(usd.replace(/[,$\s]/g, '').replace('.', ''));
const coinsShown = () =>
  [...document.querySelectorAll('[data-coin]')].map((e) => e.getAttribute('data-coin'));

describe('assets overview', () => {
  it('shows the total in USD and BTC, and every account whose values add up to it and shares to 100 %', async () => {
    await renderAssetsScreen(<OverviewScreen />);
    await waitFor(() => expect(totalUsd()).toBe('51,108.66'));
    expect(totalBtc()).toContain('0.79857281');
    const rows = accountRows();
    expect(Object.keys(rows)).toEqual([
      'Derivatives',
      'Spot',
      'Unified trading',
      'Funding',
      'Fiat',
      'Cards',
      'MT4',
      'MT5',
      'Bots',
      'Options',
      'Savings',
      'Pledge loans',
    ]);
    expect(rows.Spot).toEqual(['38,000.60', '74.35%']);
    const sum = Object.values(rows).reduce((s, [v]) => s + cents(v ?? ''), 0n);
    expect(sum).toBe(5110866n);
    const shares = Object.values(rows).reduce(
      (s, [, share]) => s + Math.round(Number((share ?? '').replace('%', '')) * 100),
      0,
    );
    expect(shares).toBe(10000);
    // The donut is drawn beside its text alternative and hidden from assistive technology.
    expect(await screen.findByTestId('distribution-donut')).toHaveAttribute('aria-hidden');
  });

  it('says, with pledge loans only, that the total counts their collateral and not what they owe', async () => {
    await renderAssetsScreen(<OverviewScreen />);
    await waitFor(() => expect(totalUsd()).toBe('51,108.66'));
    const total = screen.getByRole('region', { name: 'Total equity' });
    expect(within(total).queryByText(/not subtracted/)).toBeNull();
    cleanup();
    const withLoan = allAccountsOverview();
    withLoan.pledge = { ...withLoan.pledge, loans: [earnOverview().pledge.loans[0]!] };
    await renderAssetsScreen(<OverviewScreen />, {
      api: assetsApi({ overview: async () => withLoan }).api,
    });
    const card = await screen.findByRole('region', { name: 'Total equity' });
    expect(
      await within(card).findByText(
        /Includes the collateral of your pledge loans; what the loans owe is not subtracted\./,
      ),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Pledge loans' })).toHaveAttribute(
      'href',
      '/assets/pledge',
    );
  });

  it('lists each coin with its amount in every account; opening a coin shows them', async () => {
    const user = userEvent.setup();
    await renderAssetsScreen(<OverviewScreen />);
    await waitFor(() => expect(coinsShown()).toEqual(['BTC', 'USDT', 'ETH', 'EUR', 'USDC', 'XRP']));
    await user.click(screen.getByRole('button', { name: /^USDT/ }));
    const list = await screen.findByLabelText('USDT in each account');
    const text = list.textContent ?? '';
    for (const part of [
      'Derivatives',
      '10,000',
      'Funding',
      '1,234.5678',
      'Cards',
      'MT4',
      'MT5',
      'Bots',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('hides small balances (under 1 USD) when asked, and remembers it for the user', async () => {
    const user = userEvent.setup();
    const r = await renderAssetsScreen(<OverviewScreen />);
    await waitFor(() => expect(coinsShown()).toContain('XRP'));
    await user.click(screen.getByRole('switch', { name: 'Hide small balances (under 1 USD)' }));
    expect(coinsShown()).not.toContain('XRP');
    expect(screen.getByText('Small balances hidden: 1')).toBeInTheDocument();
    expect(localStorage.getItem(hideSmallBalancesKey(3001))).toBe('1');
    r.unmount();

    // A new visit starts with the choice remembered.
    await renderAssetsScreen(<OverviewScreen />);
    await waitFor(() => expect(coinsShown()).toContain('BTC'));
    expect(coinsShown()).not.toContain('XRP');
    expect(screen.getByRole('switch', { name: 'Hide small balances (under 1 USD)' })).toBeChecked();
  });

  it('masks every amount when the user hides assets (the eye button)', async () => {
    const r = await renderAssetsScreen(<OverviewScreen />);
    await waitFor(() => expect(totalUsd()).toBe('51,108.66'));
    act(() => r.store.set(preferencesAtom, { ...r.store.get(preferencesAtom), showAssets: 0 }));
    expect(totalUsd()).toBe('****');
    expect(accountRows().Spot).toEqual(['****', '****']);
    expect(screen.getByRole('button', { name: 'Hide amounts' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('replaces the distribution donut by a text while assets are hidden: its shape tells the shares', async () => {
    const r = await renderAssetsScreen(<OverviewScreen />);
    const section = await screen.findByRole('region', { name: 'By account' });
    expect(await within(section).findByTestId('distribution-donut')).toBeInTheDocument();
    act(() => r.store.set(preferencesAtom, { ...r.store.get(preferencesAtom), showAssets: 0 }));
    expect(accountRows().Spot).toEqual(['****', '****']);
    expect(within(section).queryByTestId('distribution-donut')).toBeNull();
    expect(section.querySelector('svg, .recharts-wrapper')).toBeNull();
    expect(
      within(section).getByText('The chart is hidden while your assets are hidden.'),
    ).toBeVisible();
    act(() => r.store.set(preferencesAtom, { ...r.store.get(preferencesAtom), showAssets: 1 }));
    expect(await within(section).findByTestId('distribution-donut')).toBeInTheDocument();
    expect(
      within(section).queryByText('The chart is hidden while your assets are hidden.'),
    ).toBeNull();
  });

  it.each([
    [{ isNeedDoDepositAmlEdd: true }, 'Enhanced due diligence needed'],
    [{ isExistDepositAml: true }, 'Deposit under review'],
    [{ isExistDepositUnauthentication_address: true }, 'Verify the sending address'],
    [{ waitTravelRuleCount: 2 }, 'Travel-rule information needed'],
    [{ waitTaxCount: 1 }, 'Tax information needed'],
    [{ isExistUnTokenDeposit: true }, 'Unsupported token deposited'],
    [{ isExistDepositBatchRelease: true }, 'Deposits released in batches'],
    [
      { isExistAmlClear: true, isDisplayClear: true, clearUserIdList: [3001] },
      'Compliance review finished',
    ],
  ])('shows the notice its flag calls for: %o', async (flags, title) => {
    const { api } = assetsApi({ info: async () => sampleAggregateInfo(flags) });
    await renderAssetsScreen(<OverviewScreen />, { api });
    const notices = await screen.findByRole('region', { name: 'Account notices' });
    expect(within(notices).getByText(title)).toBeInTheDocument();
    expect(notices.querySelectorAll('[data-notice]')).toHaveLength(1);
  });

  it('shows no notice without a flag, and the AML clearance only to the users it lists', () => {
    expect(noticesOf(sampleAggregateInfo(), 3001)).toEqual([]);
    const clear = sampleAggregateInfo({
      isExistAmlClear: true,
      isDisplayClear: true,
      clearUserIdList: [1],
    });
    expect(noticesOf(clear, 3001)).toEqual([]);
    expect(noticesOf({ ...clear, clearUserIdList: [] }, 3001)).toEqual(['amlClear']);
  });

  it('shows the pending counts linked to their records', async () => {
    const { api } = assetsApi({
      info: async () =>
        sampleAggregateInfo({
          depositPendingCount: 2,
          withdrawPendingCount: 1,
          transferPendingCount: 0,
        }),
    });
    await renderAssetsScreen(<OverviewScreen />, { api });
    await waitFor(() =>
      expect(document.querySelector('[data-pending="deposit"]')?.textContent).toBe('2'),
    );
    expect(document.querySelector('[data-pending="withdraw"]')?.textContent).toBe('1');
    expect(screen.getByRole('link', { name: 'Deposit records' })).toHaveAttribute(
      'href',
      '/assets/records?tab=deposits',
    );
  });

  it('says "as of" the last refresh, and marks the figures stale when a refresh fails', async () => {
    const { api, control } = assetsApi();
    const r = await renderAssetsScreen(<OverviewScreen />, { api });
    await screen.findByText(/^As of \d\d:\d\d:\d\d$/);
    expect(screen.queryByText('Not up to date')).not.toBeInTheDocument();
    control.overview = () => Promise.reject(Object.assign(new Error('down'), { code: 9000001 }));
    act(() => r.store.set(refreshAssetsAtom));
    expect(await screen.findByText('Not up to date')).toBeInTheDocument();
    // The last figures stay, with the failure said.
    expect(totalUsd()).toBe('51,108.66');
    control.overview = async () => allAccountsOverview();
    act(() => r.store.set(refreshAssetsAtom));
    await waitFor(() => expect(screen.queryByText('Not up to date')).not.toBeInTheDocument());
  });

  it('counts refreshes in the AML-clear counter and resets it on a truthy isExistAmlClear', async () => {
    const { api, control } = assetsApi();
    const r = await renderAssetsScreen(<OverviewScreen />, { api });
    await waitFor(() => expect(r.store.get(amlClearRefreshAtom)).toBe(1));
    act(() => r.store.set(refreshAssetsAtom));
    await waitFor(() => expect(r.store.get(amlClearRefreshAtom)).toBe(2));
    control.info = async () => sampleAggregateInfo({ isExistAmlClear: true });
    act(() => r.store.set(refreshAssetsAtom));
    await waitFor(() => expect(r.store.get(amlClearRefreshAtom)).toBe(0));
  });

  it('takes DERIVATIVES from the wallet stream; the total moves by exactly the difference', async () => {
    const r = await renderAssetsScreen(<OverviewScreen />);
    await waitFor(() => expect(totalUsd()).toBe('51,108.66'));
    await r.seed({
      wallet: {
        list: [
          wallet('USDT', 5, { equityE8: '1012345678901', availableBalanceE8: '385000000000' }),
          wallet('BTC', 5, { equityE8: '1000001', availableBalanceE8: '1000001' }),
        ],
      },
    });
    // 10 123.45 (USDT) + 640.00 (BTC at 64 000) = 10 763.45; 51 108.66 − 10 640.00 + 10 763.45.
    await waitFor(() => expect(totalUsd()).toBe('51,232.11'));
    expect(accountRows().Derivatives?.[0]).toBe('10,763.45');
    const sum = Object.values(accountRows()).reduce((s, [v]) => s + cents(v ?? ''), 0n);
    expect(sum).toBe(5123211n);
  });

  it('shows the loading state, then an error with a retry when the first load fails', async () => {
    const user = userEvent.setup();
    const { api, control } = assetsApi({
      overview: () => Promise.reject(Object.assign(new Error('x'), { code: 10001 })),
    });
    await renderAssetsScreen(<OverviewScreen />, { api });
    const alert = await screen.findByRole('alert');
    control.overview = async () => allAccountsOverview();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(totalUsd()).toBe('51,108.66'));
  });
});
