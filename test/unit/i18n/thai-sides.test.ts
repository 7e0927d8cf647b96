/**
 * The position sides are Thai in th-TH (review L10): "Long" and "Short" were the only English
 * words left on its screens apart from tickers and names.
 */
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/user-assets.json';
import th from '../../../locales/th-TH/user-assets.json';

describe('th-TH position sides', () => {
  it.each(['long', 'short'] as const)('translates copyTrade.positions.%s', (key) => {
    const text = th.copyTrade.positions[key];
    expect(text).not.toBe(en.copyTrade.positions[key]);
    expect(text).toMatch(/^[\u0E00-\u0E7F]+$/);
  });
});
