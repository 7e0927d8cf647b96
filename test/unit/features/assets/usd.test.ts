import { describe, expect, it } from 'vitest';
import { usdTotals, usdValue } from '@src/features/assets/usd';
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
});
