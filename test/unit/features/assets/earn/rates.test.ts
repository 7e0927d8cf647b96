/** The earn screens' rates as percentages (one rounding rule) and the LTV levels. */
import { describe, expect, it } from 'vitest';
import { formatRate, fractionToPercent, rateDecimals } from '@src/features/assets/earn/percent';
import { ltvLevel } from '@src/features/assets/pledge/ltv';

describe('fractionToPercent / formatRate', () => {
  it('rounds the percentage half-up at the given decimals, exactly', () => {
    expect(fractionToPercent('0.0512')).toBe('5.12');
    expect(fractionToPercent('0.05125')).toBe('5.13');
    expect(fractionToPercent('0.051249999')).toBe('5.12');
    expect(fractionToPercent('0.5')).toBe('50.00');
    expect(fractionToPercent('1')).toBe('100.00');
    expect(fractionToPercent('0.0000061', 5)).toBe('0.00061');
    expect(fractionToPercent('0.12345', 0)).toBe('12');
  });

  it('writes the percentage in the page language, and -- for what is not a decimal', () => {
    expect(formatRate('0.0512', 'en')).toBe('5.12%');
    expect(formatRate('0.0512', 'de-DE')).toBe('5,12\u00a0%');
    expect(formatRate('0.0512', 'tr-TR')).toBe('%5,12');
    expect(formatRate(undefined, 'en')).toBe('--');
    expect(formatRate('abc', 'en')).toBe('--');
  });

  it('shows a small hourly rate with enough decimals', () => {
    expect(rateDecimals('0.0000061')).toBe(5);
    expect(rateDecimals('0.05')).toBe(2);
    expect(rateDecimals('0.000000001')).toBe(6);
  });
});

describe('ltvLevel', () => {
  it('is safe, margin call within 10 points, liquidation near within 5 points', () => {
    expect(ltvLevel('0.5', '0.9')).toBe('safe');
    expect(ltvLevel('0.7999', '0.9')).toBe('safe');
    expect(ltvLevel('0.8', '0.9')).toBe('marginCall');
    expect(ltvLevel('0.8499', '0.9')).toBe('marginCall');
    expect(ltvLevel('0.85', '0.9')).toBe('liquidation');
    expect(ltvLevel('0.95', '0.9')).toBe('liquidation');
  });
});
