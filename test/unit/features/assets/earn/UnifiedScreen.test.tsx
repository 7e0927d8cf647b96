/**
 * The unified account screen: summary, coins with the collateral switch (optimistic, rolled back
 * with the translated reason on a refusal, "could not be confirmed" when the answer is lost, the
 * message gone once the data shows the setting asked for, disabled with its reason where a coin
 * cannot be collateral), and the upgrade call to action that opens the shell's dialog.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import UnifiedScreen from '@src/features/assets/unified/UnifiedScreen';
import { assetsRefreshRequestAtom, refreshAssetsAtom } from '@src/state/assets';
import { preferencesAtom } from '@src/state/client';
import { dialogAtom } from '@src/ui/dialogs/dialog-state';
import { earnOverview } from '../../../../support/sample-answers';
import { apiError } from '../../../ui/test-utils';
import { fakeScreenApi } from '../../harness';
import { renderEarn } from './render';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('UnifiedScreen', () => {
  it('shows equity, margin in use and loan, and every coin with amount, value and borrowed', async () => {
    await renderEarn(<UnifiedScreen />);
    const table = await screen.findByRole('table', {
      name: 'Coins of the unified trading account',
    });
    const summary = screen.getByRole('region', { name: 'Account' });
    expect(within(summary).getByText('Equity').nextElementSibling).toHaveTextContent('13,400.00');
    expect(within(summary).getByText('Margin in use').nextElementSibling).toHaveTextContent(
      '1,200.00',
    );
    expect(within(summary).getByText('Loan').nextElementSibling).toHaveTextContent('1,800.00');
    const usdt = within(table).getByRole('rowheader', { name: 'USDT' }).closest('tr')!;
    expect(usdt).toHaveTextContent('5,000.0000');
    expect(usdt).toHaveTextContent('1,200.0000');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
  });

  it('shows what is borrowed as a debt: every decimal the coin moves in, never rounded down', async () => {
    const o = earnOverview();
    const api = fakeScreenApi({
      assetOverview: vi.fn(async () => ({
        ...o,
        unified: {
          ...o.unified,
          coins: (o.unified.coins ?? []).map((c) =>
            c.coin === 'USDT' ? { ...c, borrowed: '1200.123456' } : c,
          ),
        },
      })),
    });
    await renderEarn(<UnifiedScreen />, { api });
    const table = await screen.findByRole('table', {
      name: 'Coins of the unified trading account',
    });
    const column = within(table)
      .getAllByRole('columnheader')
      .findIndex((h) => h.textContent === 'Borrowed');
    const borrowed = (coin: string) => {
      const row = within(table).getByRole('rowheader', { name: coin }).closest('tr')!;
      return within(row).getAllByRole('cell')[column - 1]!; // the coin is the row's header
    };
    // Rounded down to 4 decimals as a balance it read 1,200.1234: less than is owed. As the
    // pledge screen's "Owed": all 6 decimals USDT moves in (coin-info).
    await waitFor(() => expect(borrowed('USDT')).toHaveTextContent('1,200.123456'));
    expect(borrowed('XRP')).toHaveTextContent('1,000.000000');
  });

  it('writes the loan in USD rounded up, a debt never shown smaller than it is', async () => {
    const o = earnOverview();
    const api = fakeScreenApi({
      assetOverview: vi.fn(async () => ({
        ...o,
        unified: { ...o.unified, loanUsd: '1800.001' },
      })),
    });
    await renderEarn(<UnifiedScreen />, { api });
    const summary = await screen.findByRole('region', { name: 'Account' });
    // as a balance (rounded down) it read 1,800.00
    await waitFor(() =>
      expect(within(summary).getByText('Loan').nextElementSibling).toHaveTextContent('1,800.01'),
    );
    // the equity beside it is a balance, still rounded down
    expect(within(summary).getByText('Equity').nextElementSibling).toHaveTextContent('13,400.00');
  });

  it('turns a coin off as collateral at once and keeps it off when the call succeeds', async () => {
    const call = deferred<{ status: 'SUCCESS' }>();
    const api = fakeScreenApi({ collateralSwitch: vi.fn(() => call.promise) });
    await renderEarn(<UnifiedScreen />, { api });
    const btc = await screen.findByRole('switch', { name: 'Use BTC as collateral' });
    expect(btc).toBeChecked();
    await userEvent.click(btc);
    expect(api.collateralSwitch).toHaveBeenCalledWith({ coin: 'BTC', collateralSwitch: false });
    expect(btc).not.toBeChecked();
    expect(btc).toBeDisabled(); // in flight
    call.resolve({ status: 'SUCCESS' });
    await waitFor(() => expect(btc).toBeEnabled());
    expect(btc).not.toBeChecked();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await screen.findByText('BTC no longer counts as collateral.')).toBeInTheDocument();
  });

  it('rolls the switch back and says why in words when the exchange refuses', async () => {
    const call = deferred<{ status: 'SUCCESS' }>();
    const api = fakeScreenApi({ collateralSwitch: vi.fn(() => call.promise) });
    await renderEarn(<UnifiedScreen />, { api });
    const usdt = await screen.findByRole('switch', { name: 'Use USDT as collateral' });
    await userEvent.click(usdt);
    expect(usdt).not.toBeChecked();
    call.reject(apiError(131014));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The collateral setting of USDT was not changed: This coin cannot be used as collateral.',
    );
    expect(usdt).toBeChecked();
    expect(usdt).toBeEnabled();
  });

  it('says a change it could not confirm was not confirmed, and drops that once the data shows it made', async () => {
    // The server turned USDT off, then the answer was lost (HTTP 502).
    let switched = false;
    const reread = deferred<void>(); // the account read again, held until the test looks
    const o = earnOverview();
    const api = fakeScreenApi({
      collateralSwitch: vi.fn(async () => {
        switched = true;
        throw apiError(9000003, 'Request failed with an unexpected HTTP status.');
      }),
      assetOverview: vi.fn(async () => {
        if (!switched) return o;
        await reread.promise;
        return {
          ...o,
          unified: {
            ...o.unified,
            coins: (o.unified.coins ?? []).map((c) =>
              c.coin === 'USDT' ? { ...c, collateralSwitch: false } : c,
            ),
          },
        };
      }),
    });
    const { store } = await renderEarn(<UnifiedScreen />, { api });
    const usdt = await screen.findByRole('switch', { name: 'Use USDT as collateral' });
    const refreshes = store.get(assetsRefreshRequestAtom);
    await userEvent.click(usdt);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The change to the collateral setting of USDT could not be confirmed: Request failed with an unexpected HTTP status.',
    );
    expect(alert).not.toHaveTextContent('was not changed');
    // The account is read again at once; it shows the change made, and the message goes.
    expect(store.get(assetsRefreshRequestAtom)).toBeGreaterThan(refreshes);
    expect(usdt).toBeChecked(); // what the data says until it is read again
    reread.resolve();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(usdt).not.toBeChecked();
  });

  it('keeps a refusal until the data shows the setting asked for', async () => {
    const o = earnOverview();
    const off = {
      ...o,
      unified: {
        ...o.unified,
        coins: (o.unified.coins ?? []).map((c) =>
          c.coin === 'USDT' ? { ...c, collateralSwitch: false } : c,
        ),
      },
    };
    const assetOverview = vi.fn(async () => o);
    const api = fakeScreenApi({
      collateralSwitch: vi.fn().mockRejectedValue(apiError(131014)),
      assetOverview,
    });
    const { store } = await renderEarn(<UnifiedScreen />, { api });
    const usdt = await screen.findByRole('switch', { name: 'Use USDT as collateral' });
    await userEvent.click(usdt);
    expect(await screen.findByRole('alert')).toHaveTextContent('was not changed');
    // A refresh that says the same keeps it; one that shows it off (changed elsewhere) drops it.
    await act(async () => store.set(refreshAssetsAtom));
    await waitFor(() => expect(assetOverview).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('alert')).toHaveTextContent('was not changed');
    assetOverview.mockResolvedValue(off);
    await act(async () => store.set(refreshAssetsAtom));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(usdt).not.toBeChecked();
  });

  it('shows the reason beside a coin that cannot be collateral, its switch disabled', async () => {
    await renderEarn(<UnifiedScreen />);
    const xrp = await screen.findByRole('switch', { name: 'Use XRP as collateral' });
    expect(xrp).toBeDisabled();
    expect(xrp).not.toBeChecked();
    const row = within(screen.getByRole('table', { name: 'Coins of the unified trading account' }))
      .getByRole('rowheader', { name: 'XRP' })
      .closest('tr')!;
    expect(row).toHaveTextContent('Not accepted as collateral');
  });

  it('offers the upgrade to an eligible user and opens the shell dialog', async () => {
    const overview = earnOverview();
    const api = fakeScreenApi({
      assetOverview: vi.fn(async () => ({
        ...overview,
        unified: { ...overview.unified, upgraded: false, upgradeEligible: true, coins: [] },
      })),
    });
    const { store } = await renderEarn(<UnifiedScreen />, { api });
    const button = await screen.findByRole('button', { name: 'Upgrade to unified account' });
    expect(
      screen.getByText(/Upgrade to the unified trading account to use your coins/),
    ).toBeTruthy();
    await userEvent.click(button);
    expect(store.get(dialogAtom)?.name).toBe('upgradeUnified');
  });

  it('has no upgrade call for a user who is not eligible', async () => {
    await renderEarn(<UnifiedScreen />);
    await screen.findByRole('table', { name: 'Coins of the unified trading account' });
    expect(screen.queryByRole('button', { name: 'Upgrade to unified account' })).toBeNull();
  });

  it('says when the overview cannot be loaded and retries', async () => {
    const api = fakeScreenApi({
      assetOverview: vi
        .fn()
        .mockRejectedValueOnce(apiError(10016))
        .mockResolvedValue(earnOverview()),
    });
    await renderEarn(<UnifiedScreen />, { api });
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('table', { name: 'Coins of the unified trading account' }),
    ).toBeTruthy();
  });

  it('masks every amount when assets are hidden', async () => {
    const { store } = await renderEarn(<UnifiedScreen />);
    act(() => store.set(preferencesAtom, { showAssets: 0, homeTradingPageUserGuide: 'hide' }));
    const table = await screen.findByRole('table', {
      name: 'Coins of the unified trading account',
    });
    await waitFor(() => expect(table).not.toHaveTextContent('5,000'));
    expect(within(table).getAllByText('****').length).toBeGreaterThanOrEqual(9);
  });
});
