/**
 * The derivatives screen: every field of every wallet, USD totals from the exchange rates
 * (loaded, refreshed every minute), risk, and the show/hide assets toggle (optimistic, rolled
 * back with a toast when the save fails).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '@src/api/error-codes';
import DerivativesScreen from '@src/features/assets/DerivativesScreen';
import { RATES_REFRESH_MS } from '@src/features/assets/exchange-rates';
import { preferencesAtom, showAssetsAtom } from '@src/state/client';
import { risk, wallet } from '../../state/fixtures';
import { fakeScreenApi, renderScreen } from '../harness';

const USDT = wallet('USDT', 150, {
  availableBalanceE8: '959806889633',
  walletBalanceE8: '999584999533',
  equityE8: '999435595533',
  givenCashE8: '100000000',
  serviceCashE8: '200000000',
  totalOrderBalanceE8: '300000000',
  totalPositionBalanceE8: '39628705900',
  totalUnrealisedPnlE8: '-149404000',
  totalUnrealisedPnlByBpE8: '-330782000',
  totalUnrealisedPnlByLpE8: '-227158000',
  totalUnrealisedPnlByMpE8: '-149404000',
  cumRealisedPnlE8: '-394579968',
  totalCrossCoveredLossE8: '400000000',
  afterCrossAbE8: '959806889633',
  updatedAtE3: '1732150120000',
});
const BTC = wallet('BTC', 3, {
  equityE8: '50000000',
  walletBalanceE8: '50000000',
  availableBalanceE8: '25000000',
  totalUnrealisedPnlE8: '0',
});

const row = (coin: string) => {
  const table = screen.getByRole('table', { name: 'Derivatives wallets' });
  const r = within(table).getByRole('rowheader', { name: coin }).closest('[role="row"]')!;
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent ?? '');
  const values = [...r.querySelectorAll('[role="cell"], [role="rowheader"]')].map(
    (c) => c.textContent,
  );
  return Object.fromEntries(headers.map((h, i) => [h, values[i]]));
};
const stat = (label: string) => {
  const totals = screen.getByRole('region', { name: 'Total in USD' });
  return within(totals).getByText(label).nextElementSibling as HTMLElement;
};

describe('derivatives screen', () => {
  it('shows every field of every wallet', async () => {
    const r = await renderScreen(<DerivativesScreen />);
    r.subscribe(['wallet', 'risk']);
    expect(screen.getAllByRole('status', { name: 'Loading wallets' }).length).toBeGreaterThan(0);
    await r.answer({ wallet: { list: [USDT, BTC] }, risk: risk(1, { riskLevel: 'SAFE' }) });
    await waitFor(() => expect(row('USDT')['Equity (USD)']).toBe('9,994.36'));
    expect(row('USDT')).toEqual({
      Coin: 'USDT',
      'Equity (USD)': '9,994.36',
      Equity: '9,994.3559',
      'Wallet balance': '9,995.8499',
      Available: '9,598.0688',
      'Unrealised PnL': '-1.4940',
      'Cumulative realised PnL': '-3.9457',
      'Position margin': '396.2870',
      'Order margin': '3.0000',
      Bonus: '1.0000',
      'Service cash': '2.0000',
      'Unrealised PnL (mark)': '-1.4940',
      'Unrealised PnL (last)': '-2.2715',
      'Unrealised PnL (best price)': '-3.3078',
      'Cross-covered loss': '4.0000',
      'Available after cross': '9,598.0688',
      Updated: expect.stringMatching(/^2024-11-2\d \d\d:\d\d:\d\d$/),
      Version: '150',
    });
    // the default coins are listed first, BTC with 8 decimals; 0.5 BTC at 64 000
    expect(row('BTC').Equity).toBe('0.50000000');
    expect(row('BTC')['Equity (USD)']).toBe('32,000.00');
    const wallets = screen.getByRole('table', { name: 'Derivatives wallets' });
    expect(wallets).toHaveAttribute('aria-rowcount', '6'); // BTC, EOS, USDT, XRP, ETH
  });

  it('totals in USD from the rates, refreshed every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = fakeScreenApi();
      const r = await renderScreen(<DerivativesScreen />, { api });
      await r.seed({ wallet: { list: [USDT, BTC] }, risk: risk(1) });
      // 9,994.35595533 + 0.5 × 64,000
      await waitFor(() => expect(stat('Equity')).toHaveTextContent('41,994.36'));
      expect(stat('Available')).toHaveTextContent('25,598.07'); // 9,598.06889633 + 0.25 × 64,000
      expect(stat('Unrealised PnL')).toHaveTextContent('-1.49');
      expect(api.exchangeRate).toHaveBeenCalledWith({ fresh: false });

      api.exchangeRate.mockResolvedValueOnce({
        list: [
          { coin: 'BTC', rate: '70000' },
          { coin: 'USDT', rate: '1' },
        ],
      });
      await act(() => vi.advanceTimersByTimeAsync(RATES_REFRESH_MS));
      expect(api.exchangeRate).toHaveBeenLastCalledWith({ fresh: true });
      await waitFor(() => expect(stat('Equity')).toHaveTextContent('44,994.36'));

      // a failed refresh keeps the last rates and says so
      api.exchangeRate.mockRejectedValueOnce(new Error('down'));
      await act(() => vi.advanceTimersByTimeAsync(RATES_REFRESH_MS));
      await screen.findByText(/Exchange rates could not be refreshed/);
      expect(stat('Equity')).toHaveTextContent('44,994.36');
    } finally {
      vi.useRealTimers();
    }
  });

  it('names coins it cannot price, and shows no USD without rates', async () => {
    const api = fakeScreenApi({ exchangeRate: vi.fn().mockRejectedValue(new Error('x')) });
    const r = await renderScreen(<DerivativesScreen />, { api });
    await r.seed({ wallet: { list: [USDT] }, risk: risk(1) });
    await screen.findByText(/Exchange rates could not be loaded/);
    expect(stat('Equity')).toHaveTextContent('--');
    expect(row('USDT')['Equity (USD)']).toBe('--');
  });

  it('shows the risk level in words and the margin rates', async () => {
    const r = await renderScreen(<DerivativesScreen />);
    await r.seed({
      wallet: { list: [] },
      risk: risk(1, { riskLevel: 'WARNING', accountIMRateE4: '396', accountMMRateE4: '19' }),
    });
    const region = screen.getByRole('region', { name: 'Risk' });
    expect(within(region).getByText('Warning')).toBeInTheDocument();
    expect(within(region).getByText('3.96%')).toBeInTheDocument();
    expect(within(region).getByText('0.19%')).toBeInTheDocument();
  });

  it('hides every amount at once and saves the choice', async () => {
    const api = fakeScreenApi();
    const r = await renderScreen(<DerivativesScreen />, { api });
    await r.seed({ wallet: { list: [USDT, BTC] }, risk: risk(1) });
    await waitFor(() => expect(stat('Equity')).toHaveTextContent('41,994.36'));
    const toggle = screen.getByRole('button', { name: 'Hide amounts' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(api.savePreferences).toHaveBeenCalledWith({ showAssets: 0 });
    const usdt = row('USDT');
    for (const [column, value] of Object.entries(usdt)) {
      if (['Coin', 'Updated', 'Version'].includes(column)) continue;
      expect([column, value]).toEqual([column, '****']);
    }
    expect(stat('Equity')).toHaveTextContent(/^\*\*\*\*$/);
    const riskRegion = screen.getByRole('region', { name: 'Risk' });
    expect(within(riskRegion).queryByText(/\d+\.\d+%/)).toBeNull();
    await userEvent.click(toggle);
    expect(row('USDT').Equity).toBe('9,994.3559');
  });

  it('puts the amounts back and says so when saving fails', async () => {
    const api = fakeScreenApi({
      savePreferences: vi.fn().mockRejectedValue(Object.assign(new Error('x'), { code: 9000005 })),
    });
    const r = await renderScreen(<DerivativesScreen />, { api });
    await r.seed({ wallet: { list: [USDT] }, risk: risk(1) });
    await userEvent.click(screen.getByRole('button', { name: 'Hide amounts' }));
    const toast = await screen.findByText(/^Your choice could not be saved: /);
    expect(toast).toHaveTextContent(ERROR_MESSAGES[9000005]);
    expect(r.store.get(showAssetsAtom)).toBe(true);
    expect(screen.getByRole('button', { name: 'Hide amounts' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(row('USDT').Equity).toBe('9,994.3559');
    expect(r.store.get(preferencesAtom).showAssets).toBe(1);
  });
});
