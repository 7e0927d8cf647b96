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
import { formatTime } from '@src/lib/time';
import { at, risk, T0, wallet } from '../../state/fixtures';
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

const wallets = () => screen.getByRole('table', { name: 'Derivatives wallets' });
/** A wallet's row: column header → cell text (the details button's column left out). */
const row = (coin: string) => {
  const r = within(wallets()).getByRole('rowheader', { name: coin }).closest('tr')!;
  const headers = within(wallets())
    .getAllByRole('columnheader')
    .map((h) => h.textContent ?? '');
  const values = [...r.querySelectorAll('td, th')].map((c) => c.textContent);
  return Object.fromEntries(
    headers.map((h, i) => [h, values[i]] as const).filter(([h]) => h !== 'Details'),
  );
};
/** Opens a wallet's details and reads them: label → value. */
const details = async (coin: string) => {
  const r = within(wallets()).getByRole('rowheader', { name: coin }).closest('tr')!;
  const toggle = within(r).getByRole('button', { name: new RegExp(`Details ${coin}$`, 'i') });
  if (toggle.getAttribute('aria-expanded') !== 'true') await userEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // the button controls the details cell; the list in it is named after the coin
  const cell = document.getElementById(toggle.getAttribute('aria-controls')!)!;
  const list = cell.querySelector('dl')!;
  expect(list).toHaveAttribute('aria-label', `Details of ${coin}`);
  return Object.fromEntries(
    [...list.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling!.textContent,
    ]),
  );
};
const stat = (label: string) => {
  const totals = screen.getByRole('region', { name: 'Total in USD' });
  return within(totals).getByText(label).nextElementSibling as HTMLElement;
};

describe('derivatives screen', () => {
  it('shows the columns a trader reads, every other field in the details, no internal counter', async () => {
    const r = await renderScreen(<DerivativesScreen />);
    r.subscribe(['wallet', 'risk']);
    expect(screen.getAllByRole('status', { name: 'Loading wallets' }).length).toBeGreaterThan(0);
    await r.answer({ wallet: { list: [USDT, BTC] }, risk: risk(1, { riskLevel: 'SAFE' }) });
    await waitFor(() => expect(row('USDT')['Equity (USD)']).toBe('9,994.35'));
    expect(row('USDT')).toEqual({
      Coin: 'USDT',
      Equity: '9,994.3559',
      'Wallet balance': '9,995.8499',
      Available: '9,598.0688',
      'Unrealised PnL': '-1.4940',
      'Equity (USD)': '9,994.35', // a balance in USD: rounded down
    });
    expect(await details('USDT')).toEqual({
      // repeated for narrow screens, where the row keeps coin and equity only (CSS hides them)
      'Wallet balance': '9,995.8499',
      Available: '9,598.0688',
      'Unrealised PnL': '-1.4940',
      'Equity (USD)': '9,994.35',
      'Cumulative realised PnL': '-3.9458', // a PnL: to the nearest
      'Position margin': '396.2870',
      'Order margin': '3.0000',
      Bonus: '1.0000',
      'Service cash': '2.0000',
      'Unrealised PnL (mark)': '-1.4940',
      'Unrealised PnL (last)': '-2.2716',
      'Unrealised PnL (best price)': '-3.3078',
      'Cross-covered loss': '4.0000',
      'Available after cross': '9,598.0688',
      Updated: expect.stringMatching(/^2024-11-2\d \d\d:\d\d:\d\d$/),
    });
    // the wallet's version (150) is an internal counter: nowhere on screen
    expect(wallets()).not.toHaveTextContent('Version');
    expect(within(wallets()).queryByText('150')).toBeNull();
    // the default coins are listed first, BTC with 8 decimals; 0.5 BTC at 64 000
    expect(row('BTC').Equity).toBe('0.50000000');
    expect(row('BTC')['Equity (USD)']).toBe('32,000.00');
    expect(
      within(wallets())
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['BTC', 'EOS', 'USDT', 'XRP', 'ETH']);
    // closing the details again
    await userEvent.click(screen.getByRole('button', { name: 'Hide details USDT' }));
    expect(wallets().querySelector('dl')).toBeNull();
  });

  it('names and units every figure: no two labels on the screen are the same', async () => {
    const r = await renderScreen(<DerivativesScreen />);
    await r.seed({ wallet: { list: [USDT] }, risk: risk(1, { totalEquityE8: '999435595533' }) });
    const totals = screen.getByRole('region', { name: 'Total in USD' });
    const riskRegion = screen.getByRole('region', { name: 'Risk' });
    const labels = [
      ...within(totals).getAllByRole('term'),
      ...within(riskRegion).getAllByRole('term'),
    ].map((dt) => dt.textContent);
    expect(labels).toContain('Total equity (USD)');
    expect(labels).toContain('Margin equity (USDT)');
    expect(labels).toContain('Initial margin (USDT)');
    expect(new Set(labels).size).toBe(labels.length);
    expect(
      within(riskRegion).getByText('Margin equity (USDT)').nextElementSibling,
    ).toHaveTextContent('9,994.3559');
  });

  it('totals in USD from the rates, refreshed every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = fakeScreenApi();
      const r = await renderScreen(<DerivativesScreen />, { api });
      await r.seed({ wallet: { list: [USDT, BTC] }, risk: risk(1) });
      // 9,994.35595533 + 0.5 × 64,000
      await waitFor(() => expect(stat('Total equity (USD)')).toHaveTextContent('41,994.35'));
      // 9,598.06889633 + 0.25 × 64,000 (a balance: down)
      expect(stat('Available (USD)')).toHaveTextContent('25,598.06');
      expect(stat('Unrealised PnL (USD)')).toHaveTextContent('-1.49');
      expect(api.exchangeRate).toHaveBeenCalledWith({ fresh: false });

      api.exchangeRate.mockResolvedValueOnce({
        list: [
          { coin: 'BTC', rate: '70000' },
          { coin: 'USDT', rate: '1' },
        ],
      });
      await act(() => vi.advanceTimersByTimeAsync(RATES_REFRESH_MS));
      expect(api.exchangeRate).toHaveBeenLastCalledWith({ fresh: true });
      await waitFor(() => expect(stat('Total equity (USD)')).toHaveTextContent('44,994.35'));

      // a failed refresh keeps the last rates and says so
      api.exchangeRate.mockRejectedValueOnce(new Error('down'));
      await act(() => vi.advanceTimersByTimeAsync(RATES_REFRESH_MS));
      await screen.findByText(/Exchange rates could not be refreshed/);
      expect(stat('Total equity (USD)')).toHaveTextContent('44,994.35');
    } finally {
      vi.useRealTimers();
    }
  });

  it('totals the USD values as the rows show them: each coin to the cent, then added', async () => {
    const r = await renderScreen(<DerivativesScreen />);
    // equity = wallet balance = available; at the fake rates each coin has part of a cent more
    // than its row shows: 9,698.83328 + 416.72495 + 9,999.204 + 827.25 + 7,824.07002 is
    // 28,766.08225, the rows add up to 28,766.07
    const held = (coin: string, e8: string) =>
      wallet(coin, 5, {
        equityE8: e8,
        walletBalanceE8: e8,
        availableBalanceE8: e8,
        totalUnrealisedPnlE8: '0',
      });
    await r.seed({
      wallet: {
        list: [
          held('BTC', '15154427'),
          held('EOS', '83344990000'),
          held('USDT', '999920400000'),
          held('XRP', '137875000000'),
          held('ETH', '260802334'),
        ],
      },
      risk: risk(1),
    });
    await waitFor(() => expect(row('ETH')['Equity (USD)']).toBe('7,824.07'));
    const shown = ['BTC', 'EOS', 'USDT', 'XRP', 'ETH'].map((c) => row(c)['Equity (USD)']);
    expect(shown).toEqual(['9,698.83', '416.72', '9,999.20', '827.25', '7,824.07']);
    // the total is its rows (and the overview's live Derivatives figure), not 28,766.08
    expect(stat('Total equity (USD)')).toHaveTextContent('28,766.07');
    expect(stat('Wallet balance (USD)')).toHaveTextContent('28,766.07');
    expect(stat('Available (USD)')).toHaveTextContent('28,766.07');
  });

  it('says when the wallet stream last valued the totals (the positions follow the mark price)', async () => {
    const r = await renderScreen(<DerivativesScreen />);
    // USDT valued 120 s after T0, BTC 3 ms after: the newest one dates the totals
    await r.seed({ wallet: { list: [USDT, BTC] }, risk: risk(1) });
    const totals = screen.getByRole('region', { name: 'Total in USD' });
    const note = (ms: number) =>
      `Wallet figures as of ${formatTime(ms, 'HH:mm:ss')}. The positions' PnL below follows the live mark price.`;
    await waitFor(() => expect(within(totals).getByText(note(T0 + 120_000))).toBeInTheDocument());
    // a newer push of one wallet moves it
    r.push('wallet', [wallet('BTC', 4, { ...BTC, walletVersion: 4, updatedAtE3: at(185_000) })]);
    await waitFor(() => expect(within(totals).getByText(note(T0 + 185_000))).toBeInTheDocument());
  });

  it('names coins it cannot price, and shows no USD without rates', async () => {
    const api = fakeScreenApi({ exchangeRate: vi.fn().mockRejectedValue(new Error('x')) });
    const r = await renderScreen(<DerivativesScreen />, { api });
    await r.seed({ wallet: { list: [USDT] }, risk: risk(1) });
    await screen.findByText(/Exchange rates could not be loaded/);
    expect(stat('Total equity (USD)')).toHaveTextContent('--');
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
    await waitFor(() => expect(stat('Total equity (USD)')).toHaveTextContent('41,994.35'));
    const toggle = screen.getByRole('button', { name: 'Hide amounts' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(api.savePreferences).toHaveBeenCalledWith({ showAssets: 0 });
    const usdt = row('USDT');
    for (const [column, value] of Object.entries(usdt)) {
      if (column === 'Coin') continue;
      expect([column, value]).toEqual([column, '****']);
    }
    for (const [label, value] of Object.entries(await details('USDT'))) {
      if (label === 'Updated') continue;
      expect([label, value]).toEqual([label, '****']);
    }
    expect(stat('Total equity (USD)')).toHaveTextContent(/^\*\*\*\*$/);
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
