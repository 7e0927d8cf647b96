import { describe, expect, it } from 'vitest';
import { usdTotals, usdValue, usdValueToCent } from '@src/features/assets/usd';
import { liveDerivatives } from '@src/state/assets';
import { wallet } from '../../state/fixtures';

describe('USD values', () => {
  it('multiplies an E8 amount by the rate exactly', () => {
    expect(usdValue('150000000', '64000.5')).toBe('96000.75');
    expect(usdValue('1', '0.1')).toBe('0.000000001');
    expect(usdValue('-250000000', '2')).toBe('-5');
  });

  it('is unknown without a rate or with malformed input', () => {
    expect(usdValue('1', undefined)).toBeUndefined();
    expect(usdValue(undefined, '1')).toBeUndefined();
    expect(usdValue('1.5', '1')).toBeUndefined();
  });

  it('totals every priced wallet and names the unpriced ones that hold something', () => {
    const rates = new Map([
      ['BTC', '64000'],
      ['USDT', '1'],
    ]);
    const wallets = [
      wallet('BTC', 1, {
        equityE8: '50000000',
        walletBalanceE8: '40000000',
        availableBalanceE8: '10000000',
        totalUnrealisedPnlE8: '-1000000',
      }),
      wallet('USDT', 1, {
        equityE8: '100000000000',
        walletBalanceE8: '100000000000',
        availableBalanceE8: '90000000000',
        totalUnrealisedPnlE8: '12345678',
      }),
      wallet('DOGE', 1, { equityE8: '5', walletBalanceE8: '0', availableBalanceE8: '0' }),
      wallet('EOS', 1, {
        equityE8: '0',
        walletBalanceE8: '0',
        availableBalanceE8: '0',
        totalUnrealisedPnlE8: '0',
      }),
    ];
    expect(usdTotals(wallets, rates)).toEqual({
      equity: '33000',
      walletBalance: '26600',
      available: '7300',
      unrealisedPnl: '-639.87654322',
      unpriced: ['DOGE'],
    });
  });

  it('values a coin as its row shows it: truncated to the cent', () => {
    expect(usdValueToCent('15154427', '64000')).toBe('9698.83'); // 9,698.83328
    expect(usdValueToCent('-99999999', '1')).toBe('-0.99'); // towards zero, as a balance
    expect(usdValueToCent('1', '0.1')).toBe('0');
    expect(usdValueToCent(undefined, '1')).toBeUndefined();
  });

  it("adds the coins' cents, so a total is its rows and the overview's live Derivatives figure", () => {
    const rates = new Map([
      ['BTC', '64000'],
      ['EOS', '0.5'],
      ['USDT', '1'],
      ['XRP', '0.6'],
      ['ETH', '3000'],
    ]);
    const held = (coin: string, e8: string) =>
      wallet(coin, 1, {
        equityE8: e8,
        walletBalanceE8: e8,
        availableBalanceE8: e8,
        totalUnrealisedPnlE8: e8,
      });
    const wallets = [
      held('BTC', '15154427'), // 9,698.83328
      held('EOS', '83344990000'), // 416.72495
      held('USDT', '999920400000'), // 9,999.204
      held('XRP', '137875000000'), // 827.25
      held('ETH', '260802334'), // 7,824.07002
    ];
    const totals = usdTotals(wallets, rates);
    // 28,766.08225 exactly; 28,766.07 as the rows show it
    expect(totals.equity).toBe('28766.07');
    expect(totals.walletBalance).toBe('28766.07');
    expect(totals.available).toBe('28766.07');
    expect(liveDerivatives(wallets, rates, undefined).usdCents).toBe(2876607n);
    // a PnL is summed exactly and rounded once, to the nearest, where it is shown
    expect(totals.unrealisedPnl).toBe('28766.08225');
  });
});
