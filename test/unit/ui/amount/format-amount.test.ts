import { describe, expect, it } from 'vitest';
import {
  compareAmounts,
  displayAmount,
  formatAmount,
  fractionDigits,
} from '@src/ui/amount/format-amount';

describe('formatAmount', () => {
  it('writes each kind through the money module', () => {
    expect(formatAmount('e8', '123456789012', { coin: 'USDT' })).toBe('1,234.5678');
    expect(formatAmount('e8', '123456789012', { coin: 'BTC' })).toBe('1,234.56789012');
    expect(formatAmount('decimal', '-0.86256', { coin: 'USDT', sign: 'exceptZero' })).toBe(
      '-0.8625',
    );
    // USD totals are balances: rounded down (src/lib/money.ts FIGURE_ROUNDING)
    expect(formatAmount('usd', '1234.565')).toBe('1,234.56');
    expect(formatAmount('percentE4', '-5', { sign: 'exceptZero' })).toBe('-0.05%');
    expect(formatAmount('price', '0.1200100')).toBe('0.1200100');
    expect(formatAmount('qty', '95841')).toBe('95,841');
  });

  it('follows the language for separators', () => {
    expect(formatAmount('e8', '123456789012', { coin: 'USDT', language: 'de-DE' })).toBe(
      '1.234,5678',
    );
  });

  it('masks every amount but prices', () => {
    for (const kind of ['e8', 'decimal', 'usd', 'percentE4', 'qty'] as const) {
      expect(formatAmount(kind, '1', { masked: true })).toBe('****');
    }
    expect(formatAmount('price', '64000.5', { masked: true })).toBe('64,000.5');
  });

  it('shows a placeholder for missing or malformed values', () => {
    expect(formatAmount('e8', undefined)).toBe('--');
    expect(formatAmount('e8', '1.5')).toBe('--');
    expect(formatAmount('price', 'abc')).toBe('--');
  });

  it('compares in the direction of change, exactly', () => {
    expect(compareAmounts('e8', '100000000000000000001', '100000000000000000000')).toBe(1);
    expect(compareAmounts('decimal', '0.30000000000000001', '0.3')).toBe(1);
    expect(compareAmounts('price', '1', '1.0')).toBe(0);
    expect(compareAmounts('e8', 'x', '1')).toBeNull();
    expect(fractionDigits('12.340')).toBe(3);
    expect(fractionDigits('12')).toBe(0);
  });

  it('gives the sign of the value as shown, after rounding', () => {
    const pnl = { coin: 'USDT', sign: 'exceptZero' } as const;
    expect(displayAmount('decimal', '-0.00004', pnl)).toEqual({ text: '0.0000', sign: 0 });
    expect(displayAmount('decimal', '-0.0001', pnl)).toEqual({ text: '-0.0001', sign: -1 });
    expect(displayAmount('e8', '9999', pnl)).toEqual({ text: '0.0000', sign: 0 });
    expect(displayAmount('percentE4', '-0.4', pnl).sign).toBeNull(); // malformed E4
    expect(displayAmount('percentE4', '-1', pnl)).toEqual({ text: '-0.01%', sign: -1 });
    // E4 "-0" of a percentage with 1 decimal: -0.004 % → 0.0 %
    expect(displayAmount('percentE4', '0', { decimals: 1 }).sign).toBe(0);
    expect(displayAmount('usd', '-0.004', pnl)).toEqual({ text: '0.00', sign: 0 });
    expect(displayAmount('decimal', '5', { masked: true }).sign).toBeNull();
  });

  it('writes prices and sizes at the step given, exactly; as sent without one', () => {
    expect(formatAmount('price', '0.1200149', { decimals: 5 })).toBe('0.12001'); // nearest tick
    expect(formatAmount('price', '0.1200150', { decimals: 5 })).toBe('0.12002');
    expect(formatAmount('price', '64000', { decimals: 1 })).toBe('64,000.0');
    expect(formatAmount('price', '123456789012345678.123456789', { decimals: 4 })).toBe(
      '123,456,789,012,345,678.1235',
    );
    expect(formatAmount('qty', '0.0199', { decimals: 2 })).toBe('0.01'); // never more than held
    expect(formatAmount('price', '0.1200100')).toBe('0.1200100');
  });
});
