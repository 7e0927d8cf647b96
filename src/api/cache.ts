/**
 * The HTTP client's two opt-in caches: an in-memory request cache (LRU, short lifetime,
 * identical in-flight GETs shared) and a local-storage cache that survives reloads within a
 * byte budget. Cached values are shared between callers: treat them as immutable.
 */
import { LruMap } from '../lib/lru';
import { isQuotaError, safeLocalStorage, type StorageProvider } from '../lib/storage';

const REQUEST_CACHE_MAX_ENTRIES = 20;
const REQUEST_CACHE_TTL_MS = 60_000;

interface MemoryEntry {
  promise: Promise<unknown>;
  /** Infinity while in flight. */
  expiresAt: number;
}

export interface RequestCacheOptions {
  maxEntries?: number;
  ttlMs?: number;
  now?: () => number;
}

/** In-memory cache of request promises: at most 20 entries, 60 s, least recently used out. */
export class RequestCache {
  readonly #lru: LruMap<string, MemoryEntry>;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(opts: RequestCacheOptions = {}) {
    this.#lru = new LruMap(opts.maxEntries ?? REQUEST_CACHE_MAX_ENTRIES);
    this.#ttlMs = opts.ttlMs ?? REQUEST_CACHE_TTL_MS;
    this.#now = opts.now ?? (() => Date.now());
  }

  get size(): number {
    return this.#lru.size;
  }

  /** Keys from least to most recently used (for tests and diagnostics). */
  keys(): string[] {
    return this.#lru.keys();
  }

  /**
   * The cached (or in-flight) value of `key`, else the value `load` produces, which is cached
   * once it resolves and forgotten if it rejects.
   */
  run<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.#lru.peek(key);
    if (hit && hit.expiresAt > this.#now()) {
      this.#lru.get(key); // mark as recently used
      return hit.promise as Promise<T>;
    }
    const promise = load();
    const entry: MemoryEntry = { promise, expiresAt: Infinity };
    this.#lru.set(key, entry);
    // Only the entry still stored under the key is touched: clear() or a newer request may
    // have replaced it while this one was in flight.
    promise.then(
      () => {
        if (this.#lru.peek(key) === entry) entry.expiresAt = this.#now() + this.#ttlMs;
      },
      () => {
        if (this.#lru.peek(key) === entry) this.#lru.delete(key);
      },
    );
    return promise;
  }

  delete(key: string): void {
    this.#lru.delete(key);
  }

  clear(): void {
    this.#lru.clear();
  }
}

/** About 4.5 MB: browsers allow ~5 MB per origin and the app keeps other keys there too. */
const STORAGE_CACHE_BUDGET_BYTES = 4.5 * 1024 * 1024;
export const STORAGE_CACHE_PREFIX = 'assetdeck:http:';

export interface StorageCacheOptions {
  storage?: StorageProvider;
  budgetBytes?: number;
  prefix?: string;
  now?: () => number;
}

/** [storedAt ms, bytes] per cache key. */
type Index = Record<string, [number, number]>;

/**
 * A local-storage cache of JSON values. Sizes are counted as browsers count them (UTF-16: two
 * bytes per code unit of key and value); past the budget, or on a quota error, the oldest
 * entries go first. Disabled storage makes every call a miss or a no-op.
 */
export class StorageCache {
  readonly #storage: StorageProvider;
  readonly #budget: number;
  readonly #prefix: string;
  readonly #indexKey: string;
  readonly #now: () => number;

  constructor(opts: StorageCacheOptions = {}) {
    this.#storage = opts.storage ?? safeLocalStorage;
    this.#budget = opts.budgetBytes ?? STORAGE_CACHE_BUDGET_BYTES;
    this.#prefix = opts.prefix ?? STORAGE_CACHE_PREFIX;
    this.#indexKey = `${this.#prefix}@index`;
    this.#now = opts.now ?? (() => Date.now());
  }

  #s(): Storage | null {
    try {
      return this.#storage();
    } catch {
      return null;
    }
  }

  #entryKey(key: string): string {
    return `${this.#prefix}${key}`;
  }

  #readIndex(s: Storage): Index {
    try {
      const raw = s.getItem(this.#indexKey);
      const parsed: unknown = raw === null ? {} : JSON.parse(raw);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        return Object.assign(Object.create(null) as Index, parsed as Index);
      }
    } catch {
      // A corrupt index is rebuilt below.
    }
    return this.#rebuildIndex(s);
  }

  /** Drops every entry of this cache (used when the index is lost). */
  #rebuildIndex(s: Storage): Index {
    try {
      const keys: string[] = [];
      for (let i = 0; i < s.length; i++) {
        const k = s.key(i);
        if (k !== null && k.startsWith(this.#prefix)) keys.push(k);
      }
      for (const k of keys) s.removeItem(k);
    } catch {
      // Unusable storage: nothing to rebuild.
    }
    return Object.create(null) as Index;
  }

  /** Bytes of this cache's entries, as recorded in the index. */
  usedBytes(): number {
    const s = this.#s();
    if (!s) return 0;
    return Object.values(this.#readIndex(s)).reduce((n, [, b]) => n + b, 0);
  }

  /** The value stored under `key` if it is younger than `maxAgeMs`. */
  get<T>(key: string, maxAgeMs: number): T | undefined {
    const s = this.#s();
    if (!s) return undefined;
    try {
      const raw = s.getItem(this.#entryKey(key));
      if (raw === null) return undefined;
      const entry = JSON.parse(raw) as { t?: unknown; v?: unknown };
      if (typeof entry.t !== 'number' || !('v' in entry)) throw new Error('corrupt entry');
      if (this.#now() - entry.t >= maxAgeMs) return undefined;
      return entry.v as T;
    } catch {
      this.delete(key);
      return undefined;
    }
  }

  /** Stores `value`; false when it cannot be stored (too big, storage disabled or full). */
  set(key: string, value: unknown): boolean {
    const s = this.#s();
    if (!s) return false;
    const t = this.#now();
    let text: string;
    try {
      text = JSON.stringify({ t, v: value });
    } catch {
      return false;
    }
    const entryKey = this.#entryKey(key);
    const bytes = 2 * (entryKey.length + text.length);
    const index = this.#readIndex(s);
    this.#remove(s, index, key);
    if (bytes > this.#budget) {
      this.#writeIndex(s, index);
      return false;
    }
    let used = Object.values(index).reduce((n, [, b]) => n + b, 0);
    while (used + bytes > this.#budget) {
      const evicted = this.#evictOldest(s, index);
      if (evicted === 0) break;
      used -= evicted;
    }
    index[key] = [t, bytes];
    // The page's other keys may fill the storage before our budget does: evict and retry.
    for (;;) {
      try {
        s.setItem(entryKey, text);
        if (this.#writeIndex(s, index)) return true;
      } catch (err) {
        if (!isQuotaError(err)) {
          this.#remove(s, index, key);
          return false;
        }
      }
      if (this.#evictOldest(s, index, key) === 0) {
        this.#remove(s, index, key);
        this.#writeIndex(s, index);
        return false;
      }
    }
  }

  delete(key: string): void {
    const s = this.#s();
    if (!s) return;
    const index = this.#readIndex(s);
    this.#remove(s, index, key);
    this.#writeIndex(s, index);
  }

  clear(): void {
    const s = this.#s();
    if (s) this.#rebuildIndex(s);
  }

  #remove(s: Storage, index: Index, key: string): void {
    delete index[key];
    try {
      s.removeItem(this.#entryKey(key));
    } catch {
      // Unusable storage: nothing stored.
    }
  }

  /** Removes the oldest entry other than `keep`; returns its bytes (0 when none is left). */
  #evictOldest(s: Storage, index: Index, keep?: string): number {
    let oldest: string | undefined;
    let oldestT = Infinity;
    for (const [k, [t]] of Object.entries(index)) {
      if (k !== keep && t < oldestT) {
        oldest = k;
        oldestT = t;
      }
    }
    if (oldest === undefined) return 0;
    const bytes = index[oldest]?.[1] ?? 0;
    this.#remove(s, index, oldest);
    return Math.max(bytes, 1);
  }

  #writeIndex(s: Storage, index: Index): boolean {
    try {
      s.setItem(this.#indexKey, JSON.stringify(index));
      return true;
    } catch {
      return false;
    }
  }
}
