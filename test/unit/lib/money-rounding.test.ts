/**
 * One rounding rule per kind of figure, in the one money module (issue 15, item 16): balances
 * rounded down, PnL (and rates, prices) to the nearest with ties away from zero, sizes down.
 */
import { describe, expect, it } from 'vitest';
import {
  displayDecimal,
  FIGURE_ROUNDING,
  displayCoin,
  formatDecimal,
  displayE8,
  displayPercentE4,
  formatUsd,
} from '@src/lib/money';
import { formatAmount } from '@src/ui/amount/format-amount';

describe('rounding by kind of figure', () => {
  it('has one rule per kind', () => {
    expect(FIGURE_ROUNDING).toEqual({
      balance: 'down',
      pnl: 'halfUp',
      rate: 'halfUp',
      price: 'halfUp',
      size: 'down',
      minimum: 'up',
      debt: 'up',
    });
  });

  it('rounds a balance down, whatever the digits cut (the issue: 0.21599785)', () => {
    expect(displayE8('21599785', { coin: 'USDT' }).text).toBe('0.2159');
    expect(displayCoin('0.21599785', 'USDT').text).toBe('0.2159');
    expect(displayE8('-21599785', { coin: 'USDT' }).text).toBe('-0.2159'); // towards zero
    expect(formatUsd('9994.35995533')).toBe('9,994.35');
    expect(formatAmount('e8', '21599785', { coin: 'USDT' })).toBe('0.2159');
    expect(formatAmount('usd', '32000.999')).toBe('32,000.99');
  });

  it('rounds a PnL to the nearest: +0.21599785 is +0.2160', () => {
    const pnl = { figure: 'pnl' as const, sign: 'exceptZero' as const };
    expect(displayE8('21599785', { coin: 'USDT', ...pnl }).text).toBe('+0.2160');
    expect(displayCoin('-0.21599785', 'USDT', pnl).text).toBe('-0.2160');
    expect(displayCoin('0.21594999', 'USDT', pnl).text).toBe('+0.2159');
    expect(formatUsd('-1.494', pnl)).toBe('-1.49');
    expect(formatUsd('-1.495', pnl)).toBe('-1.50');
    expect(formatAmount('decimal', '0.21599785', { coin: 'USDT', figure: 'pnl' })).toBe('0.2160');
  });

  it('breaks a PnL tie away from zero, the same for a gain and a loss', () => {
    const pnl = { figure: 'pnl' as const, decimals: 4, sign: 'exceptZero' as const };
    expect(formatDecimal('0.00005', pnl)).toBe('+0.0001');
    expect(formatDecimal('-0.00005', pnl)).toBe('-0.0001');
    expect(formatDecimal('0.00015', pnl)).toBe('+0.0002');
    expect(formatDecimal('0.00025', pnl)).toBe('+0.0003'); // not half-even (+0.0002)
    expect(formatDecimal('0.0000499', pnl)).toBe('0.0000');
    // the colour follows the figure as written
    expect(displayDecimal('-0.0000499', pnl).sign).toBe(0);
    expect(displayDecimal('-0.00005', pnl).sign).toBe(-1);
  });

  it('rounds rates and returns to the nearest', () => {
    expect(displayPercentE4('12345').text).toBe('123.45%');
    expect(displayPercentE4('5', { decimals: 1 }).text).toBe('0.1%'); // 0.05 % → 0.1 %
    expect(displayPercentE4('-5', { decimals: 1 }).text).toBe('-0.1%');
    expect(displayPercentE4('4', { decimals: 1 }).text).toBe('0.0%');
    expect(formatAmount('percentE4', '215', { figure: 'pnl' })).toBe('2.15%');
  });

  it('rounds a price to the nearest tick and a size down to its step', () => {
    expect(formatAmount('price', '0.55755', { decimals: 4 })).toBe('0.5576');
    expect(formatAmount('price', '0.55754', { decimals: 4 })).toBe('0.5575');
    expect(formatAmount('qty', '1.779', { decimals: 2 })).toBe('1.77');
  });

  it('rounds a minimum up: the minimum shown is never below the one required', () => {
    expect(displayCoin('0.00015', 'USDT', { figure: 'minimum' }).text).toBe('0.0002');
    expect(displayCoin('1', 'USDT', { figure: 'minimum' }).text).toBe('1.0000');
    expect(formatAmount('decimal', '9.99990001', { coin: 'USDT', figure: 'minimum' })).toBe(
      '10.0000',
    );
  });

  it('lets an explicit rounding override the figure (counts, not amounts)', () => {
    expect(formatDecimal('2.5', { decimals: 0, rounding: 'halfEven' })).toBe('2');
    expect(formatDecimal('2.5', { decimals: 0, figure: 'balance', rounding: 'halfUp' })).toBe('3');
  });
});
