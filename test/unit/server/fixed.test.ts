import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decimalsOf,
  divRound,
  formatFixed,
  formatTrimmed,
  parseFixed,
  rescale,
} from '@server/lib/fixed';

describe('fixed-point helpers', () => {
  it.each([
    [7n, 2n, 'trunc', 3n],
    [-7n, 2n, 'trunc', -3n],
    [-7n, 2n, 'floor', -4n],
    [7n, 2n, 'ceil', 4n],
    [-7n, 2n, 'ceil', -3n],
    [5n, 2n, 'halfUp', 3n],
    [-5n, 2n, 'halfUp', -3n],
    [4n, 3n, 'halfUp', 1n],
    [6n, 3n, 'floor', 2n],
  ] as const)('divRound(%s, %s, %s) = %s', (a, b, mode, want) => {
    expect(divRound(a, b, mode)).toBe(want);
  });

  it('formats and parses decimal strings exactly', () => {
    expect(formatFixed(6400010n, 2)).toBe('64000.10');
    expect(formatFixed(-5n, 3)).toBe('-0.005');
    expect(formatFixed(0n, 4)).toBe('0.0000');
    expect(formatFixed(42n, 0)).toBe('42');
    expect(formatTrimmed(100n, 6)).toBe('0.0001');
    expect(formatTrimmed(1000000n, 6)).toBe('1');
    expect(parseFixed('64000.1', 2)).toBe(6400010n);
    expect(parseFixed('-0.019', 2)).toBe(-1n);
    expect(parseFixed('1.005', 2, 'halfUp')).toBe(101n);
    expect(decimalsOf('0.010')).toBe(3);
    expect(rescale(123n, 2, 5)).toBe(123000n);
    expect(() => parseFixed('1e5', 2)).toThrow(RangeError);
    expect(() => divRound(1n, 0n)).toThrow(RangeError);
  });

  it('round-trips any integer at any scale, far beyond 2^53', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }),
        fc.integer({ min: 0, max: 12 }),
        (n, scale) => {
          expect(parseFixed(formatFixed(n, scale), scale)).toBe(n);
        },
      ),
    );
  });
});
