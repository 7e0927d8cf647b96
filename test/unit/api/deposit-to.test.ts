import { describe, expect, it } from 'vitest';
import { depositAccountOf, depositAccounts, depositToSetting } from '@src/api/deposit-to';

describe('the deposit_to page config', () => {
  it('offers Funding and the trading account the user has', () => {
    expect(depositAccounts(false)).toEqual(['FUND', 'SPOT']);
    expect(depositAccounts(true)).toEqual(['FUND', 'UNIFIED']);
  });

  it("stores a choice by its account name, in any case, and only one of the user's", () => {
    expect(depositToSetting('', false)).toBe('');
    expect(depositToSetting('funding', false)).toBe('FUND');
    expect(depositToSetting('Fund', true)).toBe('FUND');
    expect(depositToSetting('spot', false)).toBe('SPOT');
    expect(depositToSetting('SPOT', true)).toBeUndefined();
    expect(depositToSetting('unified', true)).toBe('UNIFIED');
    expect(depositToSetting('UNIFIED', false)).toBeUndefined();
    for (const bad of ['DERIVATIVES', 'SAVINGS', ' spot', 'toString', '__proto__']) {
      expect(depositToSetting(bad, false)).toBeUndefined();
      expect(depositToSetting(bad, true)).toBeUndefined();
    }
  });

  it('reads any stored value as an account deposits can land in', () => {
    expect(depositAccountOf('', false)).toBe('FUND');
    expect(depositAccountOf('funding', true)).toBe('FUND');
    expect(depositAccountOf('whatever', false)).toBe('FUND');
    expect(depositAccountOf('constructor', false)).toBe('FUND');
    expect(depositAccountOf('SPOT', false)).toBe('SPOT');
    // an upgrade moved Spot's coins into the unified account
    expect(depositAccountOf('spot', true)).toBe('UNIFIED');
    expect(depositAccountOf('UNIFIED', true)).toBe('UNIFIED');
    expect(depositAccountOf('UNIFIED', false)).toBe('FUND');
  });
});
