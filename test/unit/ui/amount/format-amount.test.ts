import { describe, expect, it } from 'vitest';
import {
  compareAmounts,
  formatAmount,
  fractionDigits,
  signOf,
} from '../../../../src/ui/amount/format-amount';

describe('formatAmount', () => {
  it('writes each kind through the money module', () => {
    expect(formatAmount('e8', '123456789012', { coin: 'USDT' })).toBe('1,234.5678');
    expect(formatAmount('e8', '123456789012', { coin: 'BTC' })).toBe('1,234.56789012');
    expect(formatAmount('decimal', '-0.86256', { coin: 'USDT', sign: 'exceptZero' })).toBe(
      '-0.8625',
    );
    expect(formatAmount('usd', '1234.565')).toBe('1,234.57');
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
    expect(signOf('percentE4', '-1')).toBe(-1);
    expect(signOf('decimal', '0')).toBe(0);
    expect(fractionDigits('12.340')).toBe(3);
    expect(fractionDigits('12')).toBe(0);
  });
});
