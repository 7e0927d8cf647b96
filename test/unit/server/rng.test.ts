import { describe, expect, it } from 'vitest';
import { Rng } from '@server/lib/rng';

describe('Rng', () => {
  it('is deterministic per seed and stream, and streams differ', () => {
    const seq = (r: Rng) => Array.from({ length: 8 }, () => r.nextU32());
    expect(seq(new Rng(42))).toEqual(seq(new Rng(42)));
    expect(seq(new Rng(42, 1))).not.toEqual(seq(new Rng(42, 2)));
    expect(seq(new Rng(42))).not.toEqual(seq(new Rng(43)));
  });

  it('stays in range', () => {
    const r = new Rng(1);
    for (let i = 0; i < 10_000; i++) {
      const f = r.float();
      expect(f >= 0 && f < 1).toBe(true);
      const n = r.int(-3, 3);
      expect(n >= -3 && n <= 3 && Number.isInteger(n)).toBe(true);
    }
    expect(() => r.pick([])).toThrow(RangeError);
  });

  it('has a roughly standard normal and unbiased random rounding', () => {
    const r = new Rng(9);
    let sum = 0;
    let sq = 0;
    let rounded = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const x = r.normal();
      sum += x;
      sq += x * x;
      rounded += r.roundRandom(0.25);
    }
    expect(Math.abs(sum / n)).toBeLessThan(0.05);
    expect(Math.abs(sq / n - 1)).toBeLessThan(0.05);
    expect(Math.abs(rounded / n - 0.25)).toBeLessThan(0.02);
  });
});
