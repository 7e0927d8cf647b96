/**
 * A small least-recently-used map on top of Map's insertion order. Hand-written because it is a
 * dozen lines; the request cache and the number-formatter cache use it.
 */
export class LruMap<K, V> {
  readonly #map = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError('LruMap capacity must be at least 1');
  }

  get size(): number {
    return this.#map.size;
  }

  /** The value, marking it most recently used. */
  get(key: K): V | undefined {
    if (!this.#map.has(key)) return undefined;
    const v = this.#map.get(key) as V;
    this.#map.delete(key);
    this.#map.set(key, v);
    return v;
  }

  /** The value without touching its recency. */
  peek(key: K): V | undefined {
    return this.#map.get(key);
  }

  has(key: K): boolean {
    return this.#map.has(key);
  }

  /** Stores the value as most recently used; returns the evicted key, if any. */
  set(key: K, value: V): { key: K; value: V } | undefined {
    this.#map.delete(key);
    this.#map.set(key, value);
    if (this.#map.size <= this.capacity) return undefined;
    const oldest = this.#map.keys().next().value as K;
    const evicted = this.#map.get(oldest) as V;
    this.#map.delete(oldest);
    return { key: oldest, value: evicted };
  }

  delete(key: K): boolean {
    return this.#map.delete(key);
  }

  clear(): void {
    this.#map.clear();
  }

  /** Keys from least to most recently used. */
  keys(): K[] {
    return [...this.#map.keys()];
  }
}
