import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffCeiling, backoffDelay, equalJitterDelay } from '@machines/backoff';

const BASE = 1_000;
const MAX = 30_000;

describe('backoffCeiling', () => {
  it('doubles per attempt from the base and is capped at 30 s', () => {
    const ceilings = [1, 2, 3, 4, 5, 6, 7, 50, 5000].map((n) => backoffCeiling(n, BASE, MAX));
    expect(ceilings).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000]);
  });

  it('treats attempt 0 and below like the first attempt', () => {
    expect(backoffCeiling(0, BASE, MAX)).toBe(1_000);
    expect(backoffCeiling(-3, BASE, MAX)).toBe(1_000);
  });
});

describe('backoffDelay (full jitter)', () => {
  it('is random() times the ceiling, floored', () => {
    expect(backoffDelay(1, () => 0.5, BASE, MAX)).toBe(500);
    expect(backoffDelay(3, () => 0.25, BASE, MAX)).toBe(1_000);
    expect(backoffDelay(9, () => 0.5, BASE, MAX)).toBe(15_000);
  });

  it('spans the whole window: 0 at random()=0, just under the ceiling near 1', () => {
    expect(backoffDelay(4, () => 0, BASE, MAX)).toBe(0);
    expect(backoffDelay(4, () => 0.999999, BASE, MAX)).toBe(7_999);
    expect(backoffDelay(20, () => 0.999999, BASE, MAX)).toBe(29_999);
  });

  it('clamps a misbehaving random source instead of producing a negative or uncapped delay', () => {
    expect(backoffDelay(2, () => -1, BASE, MAX)).toBe(0);
    expect(backoffDelay(2, () => 7, BASE, MAX)).toBe(1_999);
    expect(backoffDelay(2, () => Number.NaN, BASE, MAX)).toBe(0);
  });

  it('always stays within [0, min(30 s, base * 2^(n-1)))', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, r) => {
          const d = backoffDelay(attempt, () => r, BASE, MAX);
          const ceiling = Math.min(MAX, BASE * 2 ** (attempt - 1));
          return Number.isInteger(d) && d >= 0 && d < ceiling && d <= MAX;
        },
      ),
    );
  });
});

describe('equalJitterDelay (the snapshot seeder)', () => {
  it('waits between half and all of the ceiling, never less', () => {
    expect(equalJitterDelay(1, () => 0, BASE, MAX)).toBe(BASE / 2);
    expect(equalJitterDelay(3, () => 0.999_999, BASE, MAX)).toBe(BASE * 4);
    expect(equalJitterDelay(1_000, () => 0.5, BASE, MAX)).toBe(Math.round(MAX * 0.75));
    expect(equalJitterDelay(2, () => Number.NaN, BASE, MAX)).toBe(BASE);
  });
});
