/**
 * The account screens: each lists its account's coins with amount, available and USD value,
 * most valuable first, a page at a time; its value in USD; loading, empty and error states;
 * cards instead of a table on narrow screens; the bots screen lists each bot with its PnL.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CoinBalance } from '@src/api/types';
import BotsScreen from '@src/features/assets/accounts/BotsScreen';
import FiatScreen from '@src/features/assets/accounts/FiatScreen';
import FundingScreen from '@src/features/assets/accounts/FundingScreen';
import MtScreen from '@src/features/assets/accounts/MtScreen';
import OptionsScreen from '@src/features/assets/accounts/OptionsScreen';
import SpotScreen from '@src/features/assets/accounts/SpotScreen';
import { cardPotentialAtom } from '@src/state/client';
import { failed, ready } from '@src/state/loadable';
import { allAccountsOverview } from '../../../../support/sample-answers';
import { fakeApi } from '../../../ui/test-utils';
import { assetsApi, renderAssetsScreen } from '../overview/assets-screen';

const tableRows = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent ?? ''));
const value = (account: string) =>
  document.querySelector(`[data-account-value="${account}"]`)?.textContent;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('account screens', () => {
  it('spot: coins by value with amount, available and USD value; the account value; actions', async () => {
    await renderAssetsScreen(<SpotScreen />);
    await screen.findByRole('table', { name: 'Spot coins' });
    expect(tableRows('Spot coins')).toEqual([
      ['BTC', '0.50000000', '0.50000000', '32,000.00'],
      ['ETH', '2.00000000', '2.00000000', '6,000.00'],
      ['XRP', '1.0000', '1.0000', '0.60'],
    ]);
    expect(value('SPOT')).toBe('Value: 38,000.60');
    expect(screen.getByRole('heading', { level: 1, name: 'Spot account' })).toBeInTheDocument();
    for (const name of ['Deposit', 'Withdraw', 'Transfer']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('funding, fiat and cards, MT4/MT5 and options show their accounts and USD values', async () => {
    const r1 = await renderAssetsScreen(<FundingScreen />);
    await screen.findByRole('table', { name: 'Funding coins' });
    expect(value('FUND')).toBe('Value: 1,234.56');
    r1.unmount();
    const r2 = await renderAssetsScreen(<FiatScreen />);
    await screen.findByRole('table', { name: 'Fiat coins' });
    expect(value('FIAT')).toBe('Value: 108.00');
    expect(value('CARD')).toBe('Value: 50.00');
    r2.unmount();
    const r3 = await renderAssetsScreen(<MtScreen />);
    await screen.findByRole('table', { name: 'MT4 coins' });
    expect(value('MT4')).toBe('Value: 300.00');
    expect(value('MT5')).toBe('Value: 200.00');
    // MT balances cannot move here: no available amount.
    expect(tableRows('MT4 coins')[0]?.[2]).toBe('--');
    r3.unmount();
    await renderAssetsScreen(<OptionsScreen />);
    await screen.findByRole('table', { name: 'Options coins' });
    expect(value('OPTION')).toBe('Value: 75.50');
  });

  it('says when an account is empty', async () => {
    const { api } = assetsApi({
      overview: async () =>
        allAccountsOverview({
          accounts: allAccountsOverview().accounts.map((a) =>
            a.accountType === 'SPOT' ? { ...a, usdValue: '0.00', coins: [] } : a,
          ),
        }),
    });
    await renderAssetsScreen(<SpotScreen />, { api });
    expect(await screen.findByText('Nothing in Spot yet.')).toBeInTheDocument();
  });

  it('shows loading, then an error with a retry', async () => {
    const { api, control } = assetsApi({
      overview: () => Promise.reject(Object.assign(new Error('x'), { code: 10001 })),
    });
    await renderAssetsScreen(<SpotScreen />, { api });
    expect(screen.getByRole('status', { name: 'Loading your assets' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    control.overview = async () => allAccountsOverview();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table', { name: 'Spot coins' });
  });

  it('pages long lists (20 a page), most valuable first', async () => {
    const coins: CoinBalance[] = Array.from({ length: 45 }, (_, i) => ({
      coin: `C${String(i).padStart(2, '0')}`,
      amount: '1',
      available: '1',
      usdValue: `${i + 1}.00`,
    }));
    const { api } = assetsApi({
      overview: async () =>
        allAccountsOverview({
          accounts: allAccountsOverview().accounts.map((a) =>
            a.accountType === 'SPOT' ? { ...a, usdValue: '1035.00', coins } : a,
          ),
        }),
    });
    const user = userEvent.setup();
    await renderAssetsScreen(<SpotScreen />, { api });
    await screen.findByRole('table', { name: 'Spot coins' });
    expect(tableRows('Spot coins')).toHaveLength(20);
    expect(tableRows('Spot coins')[0]?.[0]).toBe('C44');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(tableRows('Spot coins').map((r) => r[0])).toEqual(['C04', 'C03', 'C02', 'C01', 'C00']);
  });

  it('on a narrow screen lists the coins as cards (nothing to scroll sideways)', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          onchange: null,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: () => {},
          removeEventListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    await renderAssetsScreen(<SpotScreen />);
    const list = await screen.findByRole('list', { name: 'Spot coins' });
    expect(screen.queryByRole('table', { name: 'Spot coins' })).not.toBeInTheDocument();
    const btc = within(list).getAllByRole('listitem')[0]!;
    expect(btc.textContent).toContain('BTC');
    expect(btc.textContent).toContain('32,000.00');
  });

  it('bots: the BOT account value and every bot with its investment and PnL', async () => {
    await renderAssetsScreen(<BotsScreen />);
    const bots = await screen.findByRole('list', { name: 'Your bots' });
    const bot = within(bots).getByRole('listitem');
    expect(bot.textContent).toContain('XRPUSDT');
    expect(bot.textContent).toContain('Grid');
    expect(bot.textContent).toContain('500.0000');
    expect(bot.textContent).toContain('-12.3450');
    await waitFor(() => expect(value('BOT')).toBe('Value: 500.00'));
  });

  describe('cards: whether this account may hold one, under the card account', () => {
    const cardSection = () => screen.findByRole('region', { name: 'Card eligibility' });

    it('says the kind of card an eligible account can hold', async () => {
      const r = await renderAssetsScreen(<FiatScreen />);
      act(() => r.store.set(cardPotentialAtom, ready({ eligible: true, cardType: 'VIRTUAL' })));
      const section = await cardSection();
      expect(within(section).getByText('Eligible')).toBeInTheDocument();
      expect(
        within(section).getByText('This account can hold a virtual card.'),
      ).toBeInTheDocument();
      // under the card account's coins, not the fiat account's
      const card = document.querySelector('[data-account-value="CARD"]')!.closest('section')!;
      expect(card).toContainElement(section);
    });

    it('says what an account without one needs, in the page language', async () => {
      const r = await renderAssetsScreen(<FiatScreen />, { lng: 'de-DE' });
      act(() => r.store.set(cardPotentialAtom, ready({ eligible: false, cardType: '' })));
      const section = await screen.findByRole('region', { name: 'Kartenberechtigung' });
      expect(within(section).getByText('Nicht berechtigt')).toBeInTheDocument();
      expect(
        within(section).getByText(
          'Dieses Konto kann noch keine Karte erhalten: Karten erfordern eine verifizierte Identität.',
        ),
      ).toBeInTheDocument();
    });

    it('a failed read is an alert whose Retry reads it again', async () => {
      const cardPotential = vi.fn(async () => ({ eligible: true, cardType: 'PHYSICAL' }));
      const r = await renderAssetsScreen(<FiatScreen />, {
        session: fakeApi(undefined, { cardPotential }),
      });
      act(() => r.store.set(cardPotentialAtom, failed('HTTP 502')));
      const section = await cardSection();
      expect(within(section).getByRole('alert')).toBeInTheDocument();
      await userEvent.click(within(section).getByRole('button', { name: 'Try again' }));
      expect(
        await within(section).findByText('This account can hold a physical card.'),
      ).toBeInTheDocument();
      expect(cardPotential).toHaveBeenCalledTimes(1);
      expect(within(section).queryByRole('alert')).toBeNull();
    });
  });
});
