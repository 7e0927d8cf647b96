/**
 * Keyed collections with copy-on-write batches and removal tombstones, shared by the reducers.
 * Keys live in Maps, so any string (`__proto__`, `constructor`) is stored as data.
 */
import { compareIntStr, e3ToMicros } from '../lib/intstr';
import { RowMap, RowMapDraft } from './row-map';

/** Options for one application of items. */
export interface MergeOptions {
  /**
   * Microseconds (integer string). Set when deltas queued during a snapshot request are applied
   * on top of the snapshot: an item for a key the state lacks, older than this, is not created
   * (PROTOCOL.md section 6).
   */
  absentBefore?: string;
}

export interface KeyedState<T> {
  readonly rows: ReadonlyMap<string, T>;
  /**
   * Key -> microseconds at which it was removed (or found absent by a snapshot). An update older
   * than its tombstone is stale and never re-creates the row. Bounded by MAX_TOMBSTONES.
   */
  readonly gone: ReadonlyMap<string, string>;
}

/**
 * A copy of a Map, in the same order. `new Map(map)` goes through V8's generic iterator protocol
 * (an entry array per row); forEach is about twice as fast, and this runs once per batch on
 * collections of thousands of rows.
 */
export function copyMap<K, V>(m: ReadonlyMap<K, V>): Map<K, V> {
  const out = new Map<K, V>();
  m.forEach((v, k) => out.set(k, v));
  return out;
}

/** Tombstones kept per collection; the oldest are forgotten first. */
export const MAX_TOMBSTONES = 10_000;

export function emptyKeyed<T>(): KeyedState<T> {
  return { rows: RowMap.empty<T>(), gone: new Map() };
}

/** A draft of rows held in any ReadonlyMap (a plain Map is converted once). */
function draftOf<T>(rows: ReadonlyMap<string, T>): RowMapDraft<T> {
  return new RowMapDraft(rows instanceof RowMap ? (rows as RowMap<T>) : RowMap.from(rows));
}

/**
 * A batch of changes to a KeyedState: rows are copied per touched chunk (row-map.ts), the
 * tombstones once, at their first write.
 */
export class KeyedDraft<T> {
  private rows: RowMapDraft<T> | null = null;
  private gone: Map<string, string> | null = null;

  constructor(private readonly base: KeyedState<T>) {}

  get(key: string): T | undefined {
    return this.rows ? this.rows.get(key) : this.base.rows.get(key);
  }

  /** True if an update at `updatedAtE3` for an absent `key` must not create it. */
  isStaleForAbsent(key: string, updatedAtE3: string, opts: MergeOptions | undefined): boolean {
    const tomb = (this.gone ?? this.base.gone).get(key);
    const floor = opts?.absentBefore;
    if (tomb === undefined && floor === undefined) return false;
    const at = e3ToMicros(updatedAtE3);
    if (tomb !== undefined && compareIntStr(at, tomb) < 0) return true;
    return floor !== undefined && compareIntStr(at, floor) < 0;
  }

  set(key: string, row: T): void {
    this.rows ??= draftOf(this.base.rows);
    this.rows.set(key, row);
    const gone = this.gone ?? this.base.gone;
    if (gone.has(key)) {
      this.gone ??= copyMap(this.base.gone);
      this.gone.delete(key);
    }
  }

  /** Removes `key` (if held) and remembers when, so older updates cannot resurrect it. */
  remove(key: string, atMicros: string): void {
    if (this.rows ? this.rows.has(key) : this.base.rows.has(key)) {
      this.rows ??= draftOf(this.base.rows);
      this.rows.delete(key);
    }
    this.bury(key, atMicros);
  }

  bury(key: string, atMicros: string): void {
    const prev = (this.gone ?? this.base.gone).get(key);
    if (prev !== undefined && compareIntStr(prev, atMicros) >= 0) return;
    this.gone ??= copyMap(this.base.gone);
    this.gone.delete(key); // re-insert so that eviction order follows recency
    this.gone.set(key, atMicros);
    if (this.gone.size > MAX_TOMBSTONES) {
      const oldest = this.gone.keys().next().value as string;
      this.gone.delete(oldest);
    }
  }

  /** True if anything changed; `finish` then returns a new state. */
  get dirty(): boolean {
    return this.rows !== null || this.gone !== null;
  }

  currentRows(): ReadonlyMap<string, T> {
    return this.rows ? this.rows.finish() : this.base.rows;
  }

  finish(): KeyedState<T> {
    if (!this.dirty) return this.base;
    return {
      rows: this.rows ? this.rows.finish() : this.base.rows,
      gone: this.gone ?? this.base.gone,
    };
  }
}

/** True if `update` is strictly older than `stored` (both E3 integer strings). */
export function isOlder(update: string, stored: string | undefined): boolean {
  return stored !== undefined && compareIntStr(update, stored) < 0;
}

/**
 * The row an update makes: the stored row `cur` with the item's fields over it, or the item for
 * an absent key; undefined when the update is stale (older than the stored row, or, for an absent
 * key, older than its tombstone or `opts.absentBefore`: PROTOCOL.md section 6).
 */
export function updatedRow<T extends { updatedAtE3: string }>(
  draft: KeyedDraft<T>,
  key: string,
  cur: T | undefined,
  item: T,
  opts: MergeOptions | undefined,
): T | undefined {
  if (cur) return isOlder(item.updatedAtE3, cur.updatedAtE3) ? undefined : { ...cur, ...item };
  return draft.isStaleForAbsent(key, item.updatedAtE3, opts) ? undefined : item;
}

/**
 * Tombstones after a snapshot (`fresh`, built from the snapshot's items alone): keys it lacks keep
 * their tombstone, raised to the snapshot's time, and keys held before but absent from it are
 * buried at that time.
 */
export function snapshotTombstones<T>(
  before: KeyedState<T>,
  fresh: KeyedState<T>,
  atMicros: string | undefined,
): Map<string, string> {
  const gone = new Map<string, string>(fresh.gone);
  const raise = (k: string, t: string) => {
    const cur = gone.get(k);
    if (cur === undefined || compareIntStr(cur, t) < 0) gone.set(k, t);
  };
  for (const [k, t] of before.gone) {
    if (fresh.rows.has(k)) continue;
    raise(k, atMicros !== undefined && compareIntStr(t, atMicros) < 0 ? atMicros : t);
  }
  if (atMicros !== undefined) {
    for (const k of before.rows.keys()) if (!fresh.rows.has(k)) raise(k, atMicros);
  }
  while (gone.size > MAX_TOMBSTONES) gone.delete(gone.keys().next().value as string);
  return gone;
}
