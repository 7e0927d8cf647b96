import { afterEach, describe, expect, it } from 'vitest';
import { createStore, isQuotaError, safeLocalStorage } from '@src/lib/storage';
import { MemoryStorage, ThrowingStorage, disabledStorage } from './memory-storage';

describe('createStore', () => {
  it('sets, gets and removes strings', () => {
    const mem = new MemoryStorage();
    const store = createStore(() => mem);
    expect(store.set('a', '1')).toBe(true);
    expect(store.get('a')).toBe('1');
    store.remove('a');
    expect(store.get('a')).toBeNull();
    expect(store.get('missing')).toBeNull();
  });

  it('round-trips JSON objects', () => {
    const mem = new MemoryStorage();
    const store = createStore(() => mem);
    expect(store.setJSON('prefs', { showAssets: 0, lang: 'de' })).toBe(true);
    expect(store.getJSON<{ showAssets: number; lang: string }>('prefs')).toEqual({
      showAssets: 0,
      lang: 'de',
    });
  });

  it('a missing JSON key is undefined; a corrupt one reads as {}', () => {
    const mem = new MemoryStorage();
    const store = createStore(() => mem);
    expect(store.getJSON('nope')).toBeUndefined();
    mem.setItem('bad', '{"truncated":');
    expect(store.getJSON('bad')).toEqual({});
    mem.setItem('scalar', '42');
    expect(store.getJSON('scalar')).toEqual({});
    mem.setItem('null', 'null');
    expect(store.getJSON('null')).toEqual({});
  });

  it('setJSON refuses values that cannot be serialised, without throwing', () => {
    const mem = new MemoryStorage();
    const store = createStore(() => mem);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(store.setJSON('c', cyclic)).toBe(false);
    expect(store.setJSON('b', { n: 1n })).toBe(false);
    expect(store.setJSON('u', undefined)).toBe(false);
    expect(mem.length).toBe(0);
  });

  it('a full storage: set returns false, earlier values stay', () => {
    const mem = new MemoryStorage(10);
    const store = createStore(() => mem);
    expect(store.set('k', 'v')).toBe(true);
    expect(store.set('big', 'x'.repeat(50))).toBe(false);
    expect(store.setJSON('big', { x: 'y'.repeat(50) })).toBe(false);
    expect(mem.quotaErrors).toBe(2);
    expect(store.get('k')).toBe('v');
  });

  it('disabled storage (getter throws SecurityError): every call is a harmless no-op', () => {
    const store = createStore(disabledStorage);
    expect(store.set('a', '1')).toBe(false);
    expect(store.get('a')).toBeNull();
    expect(store.getJSON('a')).toBeUndefined();
    expect(store.setJSON('a', {})).toBe(false);
    expect(() => store.remove('a')).not.toThrow();
    expect(store.keys()).toEqual([]);
  });

  it('storage whose methods throw SecurityError: no-ops too', () => {
    const t = new ThrowingStorage();
    const store = createStore(() => t);
    expect(store.set('a', '1')).toBe(false);
    expect(store.get('a')).toBeNull();
    expect(() => store.remove('a')).not.toThrow();
    expect(store.keys()).toEqual([]);
  });

  it('keys lists by prefix', () => {
    const mem = new MemoryStorage();
    const store = createStore(() => mem);
    store.set('app:a', '1');
    store.set('app:b', '2');
    store.set('other', '3');
    expect(store.keys('app:').sort()).toEqual(['app:a', 'app:b']);
    expect(store.keys()).toHaveLength(3);
  });
});

describe('safeLocalStorage', () => {
  const g = globalThis as { localStorage?: unknown };
  afterEach(() => {
    delete g.localStorage;
  });

  it('is null in Node without localStorage', () => {
    delete g.localStorage;
    expect(safeLocalStorage()).toBeNull();
  });

  it('is null when the localStorage getter throws', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get: disabledStorage,
    });
    expect(safeLocalStorage()).toBeNull();
  });

  it('returns the global storage when it works', () => {
    const mem = new MemoryStorage();
    g.localStorage = mem;
    expect(safeLocalStorage()).toBe(mem);
  });
});

describe('isQuotaError', () => {
  it('recognises the browser variants', () => {
    expect(isQuotaError(new DOMException('x', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })).toBe(true);
    expect(isQuotaError({ code: 22 })).toBe(true);
    expect(isQuotaError(new Error('x'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });
});
