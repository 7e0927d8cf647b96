import { describe, expect, it } from 'vitest';
import { entryPriceDecimals } from '@src/features/copytrade/entry-price';

describe('entry price decimals', () => {
  it('are the tick decimals and as many more as the average has', () => {
    expect(entryPriceDecimals('0.546150', 4)).toBe(5); // trailing zeros aside
    expect(entryPriceDecimals('11.68569', 3)).toBe(5);
    expect(entryPriceDecimals('150.1', 2)).toBe(2); // never fewer than the tick
    expect(entryPriceDecimals('64000', 1)).toBe(1);
  });

  it('are at most 4 more than the tick, rounded to the nearest beyond that', () => {
    expect(entryPriceDecimals('0.1234567891', 4)).toBe(8); // 0.12345679
    // 0.120014999… is 0.120015000 at 9 decimals: 6 are enough
    expect(entryPriceDecimals('0.120014999999999999', 5)).toBe(6);
    expect(entryPriceDecimals('1.99999999', 2)).toBe(2); // 2.000000
  });

  it('are unknown while the tick is, and the tick for a malformed price', () => {
    expect(entryPriceDecimals('0.546150', undefined)).toBeUndefined();
    expect(entryPriceDecimals(undefined, 4)).toBe(4);
    expect(entryPriceDecimals('abc', 4)).toBe(4);
  });
});
