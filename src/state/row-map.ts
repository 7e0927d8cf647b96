/**
 * An immutable, insertion-ordered string-keyed map for the rows of keyed collections, with
 * copy-on-write per chunk of 64 rows. A batch that updates rows already held (the common case: a
 * mark price, a fill) copies only the touched chunks, not the whole map: a 50-update batch into
 * 1 000 rows copies a few small arrays instead of rehashing 1 000 entries (`npm run bench`).
 * The key index is copied only when keys are added or removed.
 *
 * Hand-written rather than Immutable.js: its OrderedMap is a HAMT plus a list, slower to read and
 * with its own API; this is a ReadonlyMap, so every reader (dump, atoms, tests) is unchanged.
 * Semantics are Map's: a new key goes last, an updated key keeps its place, a deleted and re-added
 * key goes last. Any string is a key (`__proto__` included): keys live in a Map, never an object.
 */

const SHIFT = 6;
const CHUNK = 1 << SHIFT;
const MASK = CHUNK - 1;

type Chunk<T> = (T | undefined)[];

export class RowMap<V> implements ReadonlyMap<string, V> {
  private static readonly EMPTY = new RowMap<never>(new Map(), [], [], 0);

  /** Use RowMap.empty(), RowMap.from() or a RowMapDraft. */
  private constructor(
    /** key -> slot */
    readonly index: ReadonlyMap<string, number>,
    /** Chunks of keys by slot; undefined marks a deleted slot. */
    readonly keyChunks: readonly Chunk<string>[],
    readonly valueChunks: readonly Chunk<V>[],
    /** Slots used, deleted ones included. */
    readonly slots: number,
  ) {}

  static empty<V>(): RowMap<V> {
    return RowMap.EMPTY as RowMap<V>;
  }

  static from<V>(entries: Iterable<readonly [string, V]>): RowMap<V> {
    const d = new RowMapDraft(RowMap.empty<V>());
    for (const [k, v] of entries) d.set(k, v);
    return d.finish();
  }

  /** @internal For RowMapDraft. */
  static make<V>(
    index: ReadonlyMap<string, number>,
    keys: readonly Chunk<string>[],
    values: readonly Chunk<V>[],
    slots: number,
  ): RowMap<V> {
    return new RowMap(index, keys, values, slots);
  }

  get size(): number {
    return this.index.size;
  }

  get(key: string): V | undefined {
    const s = this.index.get(key);
    return s === undefined ? undefined : (this.valueChunks[s >> SHIFT] as Chunk<V>)[s & MASK];
  }

  has(key: string): boolean {
    return this.index.has(key);
  }

  forEach(
    fn: (value: V, key: string, map: ReadonlyMap<string, V>) => void,
    thisArg?: unknown,
  ): void {
    for (let s = 0; s < this.slots; s++) {
      const k = (this.keyChunks[s >> SHIFT] as Chunk<string>)[s & MASK];
      if (k !== undefined) {
        fn.call(thisArg, (this.valueChunks[s >> SHIFT] as Chunk<V>)[s & MASK] as V, k, this);
      }
    }
  }

  *entries(): MapIterator<[string, V]> {
    for (let s = 0; s < this.slots; s++) {
      const k = (this.keyChunks[s >> SHIFT] as Chunk<string>)[s & MASK];
      if (k !== undefined) yield [k, (this.valueChunks[s >> SHIFT] as Chunk<V>)[s & MASK] as V];
    }
  }

  *keys(): MapIterator<string> {
    for (let s = 0; s < this.slots; s++) {
      const k = (this.keyChunks[s >> SHIFT] as Chunk<string>)[s & MASK];
      if (k !== undefined) yield k;
    }
  }

  *values(): MapIterator<V> {
    // Not through entries(): a [key, value] pair per row per call was about 10 % of what
    // (b)'s page allocated (heap sampling, docs/performance.md).
    for (let s = 0; s < this.slots; s++) {
      if ((this.keyChunks[s >> SHIFT] as Chunk<string>)[s & MASK] !== undefined)
        yield (this.valueChunks[s >> SHIFT] as Chunk<V>)[s & MASK] as V;
    }
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'RowMap';
  }
}

/** A batch of writes to a RowMap: each array is copied once, at its first write. */
export class RowMapDraft<V> {
  private index: Map<string, number> | null = null;
  private keys: Chunk<string>[] | null = null;
  private values: Chunk<V>[] | null = null;
  private ownKeys: boolean[] = [];
  private ownValues: boolean[] = [];
  private slots: number;

  constructor(private base: RowMap<V>) {
    this.slots = base.slots;
  }

  private slotOf(key: string): number | undefined {
    return (this.index ?? this.base.index).get(key);
  }

  get(key: string): V | undefined {
    const s = this.slotOf(key);
    if (s === undefined) return undefined;
    return ((this.values ?? this.base.valueChunks)[s >> SHIFT] as Chunk<V>)[s & MASK];
  }

  has(key: string): boolean {
    return this.slotOf(key) !== undefined;
  }

  get size(): number {
    return (this.index ?? this.base.index).size;
  }

  set(key: string, value: V): void {
    let s = this.slotOf(key);
    if (s === undefined) {
      s = this.slots++;
      this.ownIndex().set(key, s);
      this.keyChunk(s)[s & MASK] = key;
    }
    this.valueChunk(s)[s & MASK] = value;
  }

  delete(key: string): boolean {
    const s = this.slotOf(key);
    if (s === undefined) return false;
    this.ownIndex().delete(key);
    this.keyChunk(s)[s & MASK] = undefined;
    this.valueChunk(s)[s & MASK] = undefined;
    return true;
  }

  get dirty(): boolean {
    return this.values !== null || this.keys !== null;
  }

  /**
   * The new map (the base itself if nothing was written), compacted when mostly deleted slots.
   * The draft then continues from it: later writes copy again and never alter what was returned.
   */
  finish(): RowMap<V> {
    if (!this.dirty) return this.base;
    const index = this.index ?? this.base.index;
    const keys = this.keys ?? (this.base.keyChunks as Chunk<string>[]);
    const values = this.values ?? (this.base.valueChunks as Chunk<V>[]);
    let out = RowMap.make(index, keys, values, this.slots);
    if (this.slots - index.size > Math.max(CHUNK, index.size)) {
      const d = new RowMapDraft(RowMap.empty<V>());
      out.forEach((v, k) => d.set(k, v));
      out = d.finish();
    }
    this.base = out;
    this.slots = out.slots;
    this.index = null;
    this.keys = null;
    this.values = null;
    this.ownKeys = [];
    this.ownValues = [];
    return out;
  }

  private ownIndex(): Map<string, number> {
    if (!this.index) {
      const copy = new Map<string, number>();
      this.base.index.forEach((s, k) => copy.set(k, s));
      this.index = copy;
    }
    return this.index;
  }

  private keyChunk(s: number): Chunk<string> {
    this.keys ??= this.base.keyChunks.slice();
    return this.own(this.keys, this.ownKeys, s >> SHIFT);
  }

  private valueChunk(s: number): Chunk<V> {
    this.values ??= this.base.valueChunks.slice();
    return this.own(this.values, this.ownValues, s >> SHIFT);
  }

  private own<T>(chunks: Chunk<T>[], owned: boolean[], c: number): Chunk<T> {
    if (!owned[c]) {
      chunks[c] = c < chunks.length ? (chunks[c] as Chunk<T>).slice() : [];
      owned[c] = true;
    }
    return chunks[c] as Chunk<T>;
  }
}

/**
 * Calls `fn` for every key whose value differs (by identity) from `prev` to `next`, a key gone
 * with undefined. Between two RowMaps with the same keys (one index: nothing added or removed,
 * the common case of a store write under load: quotes and fills) it visits only the chunks the
 * write copied, about 64 rows per changed row instead of every row; other maps are compared
 * entry by entry. The order of the calls is unspecified.
 */
export function forEachChange<V>(
  prev: ReadonlyMap<string, V>,
  next: ReadonlyMap<string, V>,
  fn: (key: string, value: V | undefined) => void,
): void {
  if (prev === next) return;
  if (prev instanceof RowMap && next instanceof RowMap && prev.index === next.index) {
    const before = prev.valueChunks as readonly Chunk<V>[];
    const after = next.valueChunks as readonly Chunk<V>[];
    const keys = next.keyChunks;
    for (let c = 0; c < after.length; c++) {
      const a = after[c] as Chunk<V>;
      const b = before[c];
      if (a === b) continue;
      const k = keys[c] as Chunk<string>;
      for (let i = 0; i < a.length; i++) {
        const key = k[i];
        if (key !== undefined && a[i] !== b?.[i]) fn(key, a[i]);
      }
    }
    return;
  }
  next.forEach((value, key) => {
    if (prev.get(key) !== value) fn(key, value);
  });
  prev.forEach((_value, key) => {
    if (!next.has(key)) fn(key, undefined);
  });
}
