import { describe, expect, it } from 'vitest';
import { createStore } from '@src/lib/storage';
import { recallShowAssets, rememberShowAssets } from '@src/state/show-assets-memory';
import { MemoryStorage, disabledStorage } from '../lib/memory-storage';

describe('the last show/hide-assets choice per user on this device', () => {
  it('is kept per user, and anything unreadable counts as none', () => {
    const mem = new MemoryStorage();
    const kv = createStore(() => mem);
    expect(recallShowAssets(1001, kv)).toBeUndefined();
    rememberShowAssets(1001, 0, kv);
    rememberShowAssets(2001, 1, kv);
    expect(recallShowAssets(1001, kv)).toBe(0);
    expect(recallShowAssets(2001, kv)).toBe(1);
    mem.setItem('assetdeck:showAssets:1001', 'yes');
    expect(recallShowAssets(1001, kv)).toBeUndefined();
    rememberShowAssets(0, 0, kv); // nobody signed in: nothing kept
    expect(mem.getItem('assetdeck:showAssets:0')).toBeNull();
  });

  it('never throws when storage is disabled', () => {
    const kv = createStore(disabledStorage);
    expect(() => rememberShowAssets(1001, 0, kv)).not.toThrow();
    expect(recallShowAssets(1001, kv)).toBeUndefined();
  });
});
