import { describe, expect, it } from 'vitest';
import { RequestCache, STORAGE_CACHE_PREFIX, StorageCache } from '@src/api/cache';
import { MemoryStorage, ThrowingStorage, disabledStorage } from '../lib/memory-storage';

function cacheOver(mem: Storage | null, budgetBytes?: number) {
  let now = 1_000;
  const cache = new StorageCache({
    storage: () => mem,
    budgetBytes,
    now: () => now,
  });
  return { cache, tick: (ms = 1) => (now += ms) };
}

const entryBytes = (key: string, value: unknown, t: number): number =>
  2 * (`${STORAGE_CACHE_PREFIX}${key}`.length + JSON.stringify({ t, v: value }).length);

describe('StorageCache', () => {
  it('with the default budget, evicts the oldest entry once about 4.5 MB is written', () => {
    const { cache, tick } = cacheOver(new MemoryStorage());
    const value = 'x'.repeat(262_000); // a little under 0.5 MiB per entry, in UTF-16 bytes
    for (let i = 0; i < 9; i++) {
      expect(cache.set(`k${i}`, value)).toBe(true);
      tick();
    }
    // Nine entries, about 4.5 MB: all kept.
    expect(cache.usedBytes()).toBeGreaterThan(4_700_000);
    expect(cache.get('k0', 1e9)).toBe(value);
    expect(cache.set('k9', value)).toBe(true);
    expect(cache.get('k0', 1e9)).toBeUndefined();
    expect(cache.get('k1', 1e9)).toBe(value);
    expect(cache.get('k9', 1e9)).toBe(value);
    expect(cache.usedBytes()).toBeLessThanOrEqual(4.5 * 1024 * 1024);
  });

  it('stores and reads JSON values within their max age', () => {
    const { cache, tick } = cacheOver(new MemoryStorage());
    expect(cache.set('a', { list: [1, '2'] })).toBe(true);
    expect(cache.get('a', 100)).toEqual({ list: [1, '2'] });
    tick(100);
    expect(cache.get('a', 100)).toBeUndefined();
    expect(cache.get('missing', 100)).toBeUndefined();
  });

  it('counts bytes as UTF-16 (two per code unit of key and value)', () => {
    const { cache } = cacheOver(new MemoryStorage());
    cache.set('k', 'ü-value');
    expect(cache.usedBytes()).toBe(entryBytes('k', 'ü-value', 1_000));
  });

  it('evicts the oldest entries to stay within the budget', () => {
    const one = entryBytes('k0', 'x'.repeat(100), 1_000);
    const { cache, tick } = cacheOver(new MemoryStorage(), one * 3 + 10);
    for (let i = 0; i < 3; i++) {
      expect(cache.set(`k${i}`, 'x'.repeat(100))).toBe(true);
      tick();
    }
    expect(cache.set('k3', 'x'.repeat(100))).toBe(true);
    expect(cache.get('k0', 1e9)).toBeUndefined();
    expect(cache.get('k1', 1e9)).toBe('x'.repeat(100));
    expect(cache.get('k3', 1e9)).toBe('x'.repeat(100));
    expect(cache.usedBytes()).toBeLessThanOrEqual(one * 3 + 10);
  });

  it('replacing a key frees its old size first', () => {
    const one = entryBytes('k', 'x'.repeat(100), 1_000);
    const { cache } = cacheOver(new MemoryStorage(), one + 10);
    expect(cache.set('k', 'x'.repeat(100))).toBe(true);
    expect(cache.set('k', 'y'.repeat(100))).toBe(true);
    expect(cache.get('k', 1e9)).toBe('y'.repeat(100));
  });

  it('refuses a value larger than the whole budget, keeping the others', () => {
    const { cache } = cacheOver(new MemoryStorage(), 1_000);
    cache.set('small', 1);
    expect(cache.set('huge', 'x'.repeat(1_000))).toBe(false);
    expect(cache.get('small', 1e9)).toBe(1);
  });

  it('a quota error (storage full of other keys) evicts our oldest entries and retries', () => {
    const mem = new MemoryStorage(1_200);
    mem.setItem('someone-else', 'z'.repeat(600)); // the page's other data
    const { cache, tick } = cacheOver(mem);
    expect(cache.set('a', 'x'.repeat(150))).toBe(true);
    tick();
    expect(cache.set('b', 'x'.repeat(150))).toBe(true);
    tick();
    expect(mem.quotaErrors).toBe(0);
    expect(cache.set('c', 'x'.repeat(150))).toBe(true);
    expect(mem.quotaErrors).toBeGreaterThan(0);
    expect(cache.get('a', 1e9)).toBeUndefined();
    expect(cache.get('c', 1e9)).toBe('x'.repeat(150));
    expect(mem.getItem('someone-else')).toBe('z'.repeat(600)); // never touches others' keys
  });

  it('gives up quietly when nothing of ours is left to evict', () => {
    const mem = new MemoryStorage(700);
    mem.setItem('someone-else', 'z'.repeat(600));
    const { cache } = cacheOver(mem);
    expect(cache.set('a', 'x'.repeat(200))).toBe(false);
    expect(mem.getItem(`${STORAGE_CACHE_PREFIX}a`)).toBeNull();
  });

  it('a corrupt entry reads as a miss and is removed', () => {
    const mem = new MemoryStorage();
    const { cache } = cacheOver(mem);
    cache.set('a', 1);
    mem.setItem(`${STORAGE_CACHE_PREFIX}a`, '{"t":');
    expect(cache.get('a', 1e9)).toBeUndefined();
    expect(mem.getItem(`${STORAGE_CACHE_PREFIX}a`)).toBeNull();
    mem.setItem(`${STORAGE_CACHE_PREFIX}b`, '{"v":1}');
    expect(cache.get('b', 1e9)).toBeUndefined();
  });

  it('a corrupt index drops our entries and starts over', () => {
    const mem = new MemoryStorage();
    const { cache } = cacheOver(mem);
    cache.set('a', 1);
    mem.setItem(`${STORAGE_CACHE_PREFIX}@index`, 'not json');
    mem.setItem('other', 'kept');
    expect(cache.set('b', 2)).toBe(true);
    expect(cache.get('a', 1e9)).toBeUndefined();
    expect(cache.get('b', 1e9)).toBe(2);
    expect(mem.getItem('other')).toBe('kept');
  });

  it('keys such as __proto__ are stored as data', () => {
    const { cache } = cacheOver(new MemoryStorage());
    expect(cache.set('__proto__', { x: 1 })).toBe(true);
    expect(cache.get('__proto__', 1e9)).toEqual({ x: 1 });
    expect(cache.usedBytes()).toBeGreaterThan(0);
  });

  it('clear removes only our keys', () => {
    const mem = new MemoryStorage();
    mem.setItem('other', 'kept');
    const { cache } = cacheOver(mem);
    cache.set('a', 1);
    cache.clear();
    expect(mem.length).toBe(1);
    expect(cache.usedBytes()).toBe(0);
  });

  it('values that cannot be serialised are refused', () => {
    const { cache } = cacheOver(new MemoryStorage());
    expect(cache.set('big', 1n)).toBe(false);
  });

  it.each([
    ['disabled (getter throws SecurityError)', disabledStorage],
    ['methods throw SecurityError', () => new ThrowingStorage()],
    ['no storage at all', () => null],
  ])('%s: misses and no-ops, never throws', (_name, provider) => {
    const cache = new StorageCache({ storage: provider });
    expect(cache.set('a', 1)).toBe(false);
    expect(cache.get('a', 1e9)).toBeUndefined();
    expect(() => cache.delete('a')).not.toThrow();
    expect(() => cache.clear()).not.toThrow();
    expect(cache.usedBytes()).toBe(0);
  });
});

describe('RequestCache', () => {
  it('shares the promise while in flight and for its lifetime', async () => {
    let now = 0;
    const cache = new RequestCache({ now: () => now, ttlMs: 10 });
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    const a = cache.run('k', load);
    expect(cache.run('k', load)).toBe(a);
    await a;
    now = 9;
    await expect(cache.run('k', load)).resolves.toBe(1);
    now = 10;
    await expect(cache.run('k', load)).resolves.toBe(2);
  });

  it('forgets rejected loads', async () => {
    const cache = new RequestCache();
    await expect(cache.run('k', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(cache.size).toBe(0);
  });
});
