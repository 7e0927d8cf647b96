/**
 * One atom per row of a big collection, created on demand and released when the row is gone and
 * nothing is subscribed to it. A commit touches only the atoms of rows that changed, so a table
 * row re-renders only when its own row does: O(changes) per store write, not O(rows) as with one
 * array atom fanned out through splitAtom/selectAtom (whose selectors all re-run on every write).
 *
 * Hand-written rather than jotai/utils atomFamily: that keeps every atom until removed by hand
 * and knows nothing of mount state; release here depends on both the row and its subscribers.
 */
import { atom, type Atom, type PrimitiveAtom, type Setter } from 'jotai';

interface Cell<V> {
  atom: PrimitiveAtom<V | undefined>;
  /** The value last given to the store (or the initial value). */
  value: V | undefined;
  mounted: boolean;
}

/** Shallow equality of flat records: an update that changes nothing keeps the old row object. */
export function shallowEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) {
      return false;
    }
  }
  return true;
}

export class RowAtoms<V> {
  private readonly cells = new Map<string, Cell<V>>();
  /**
   * Cells that may be releasable (row absent when created, or gone while mounted), with the
   * sweeps they have been through. A cell is released on its second sweep at the earliest: an
   * atom created during a render is mounted only in an effect after the commit, and a store write
   * may come in between (released then, its row's later updates would reach nobody).
   */
  private readonly orphans = new Map<string, number>();
  /**
   * Atoms of a key other than its cell's: an atom released before it was mounted and mounted
   * after a new one was made for the same key. They get every update too, until unmounted.
   */
  private readonly aliases = new Map<string, Set<Cell<V>>>();

  /** `current(key)`: the committed row, read when an atom is created or re-attached. */
  constructor(
    private readonly current: (key: string) => V | undefined,
    private readonly label: string,
  ) {}

  /** The atom of row `key` (undefined while the row does not exist). Stable while it lives. */
  get(key: string): Atom<V | undefined> {
    let cell = this.cells.get(key);
    if (!cell) {
      const value = this.current(key);
      const a = atom<V | undefined>(value);
      a.debugLabel = `${this.label}(${key})`;
      const c: Cell<V> = { atom: a, value, mounted: false };
      a.onMount = (setAtom) => {
        c.mounted = true;
        if (this.cells.get(key) !== c) this.reattach(key, c, setAtom);
        return () => {
          c.mounted = false;
          this.aliases.get(key)?.delete(c);
          if (this.aliases.get(key)?.size === 0) this.aliases.delete(key);
          this.releaseIfGone(key, c);
        };
      };
      cell = c;
      this.cells.set(key, cell);
      if (value === undefined) this.orphans.set(key, 0);
    }
    return cell.atom;
  }

  /** Inside a store write: gives row `key` its new value, if anyone holds its atom. */
  publish(set: Setter, key: string, value: V | undefined): void {
    const aliases = this.aliases.get(key);
    if (aliases) for (const a of aliases) this.give(set, a, value);
    const cell = this.cells.get(key);
    if (!cell) return;
    this.give(set, cell, value);
    if (value === undefined) {
      if (!this.releaseIfGone(key, cell) && !this.orphans.has(key)) this.orphans.set(key, 0);
    } else {
      this.orphans.delete(key);
    }
  }

  /**
   * Releases atoms of absent rows that nothing subscribes to (e.g. created by a one-off read),
   * from their second sweep on.
   */
  sweep(): void {
    for (const [key, sweeps] of this.orphans) {
      const cell = this.cells.get(key);
      if (!cell || cell.value !== undefined) this.orphans.delete(key);
      else if (sweeps === 0) this.orphans.set(key, 1);
      else this.releaseIfGone(key, cell);
    }
  }

  /** Live atoms, for leak checks and diagnostics. */
  get size(): number {
    return this.cells.size;
  }

  keys(): IterableIterator<string> {
    return this.cells.keys();
  }

  private give(set: Setter, cell: Cell<V>, value: V | undefined): void {
    if (value !== undefined && cell.value !== undefined && shallowEqual(cell.value, value)) return;
    if (cell.value !== value) {
      cell.value = value;
      set(cell.atom, value);
    }
  }

  /** A released atom got mounted after all: it becomes the key's cell again (or an alias). */
  private reattach(key: string, c: Cell<V>, setAtom: (v: V | undefined) => void): void {
    const owner = this.cells.get(key);
    const value = owner ? owner.value : this.current(key);
    if (owner) {
      let set = this.aliases.get(key);
      if (!set) this.aliases.set(key, (set = new Set()));
      set.add(c);
    } else {
      this.cells.set(key, c);
      if (value === undefined) this.orphans.set(key, 0);
    }
    if (c.value !== value) {
      c.value = value;
      setAtom(value);
    }
  }

  private releaseIfGone(key: string, cell: Cell<V>): boolean {
    if (cell.mounted || cell.value !== undefined || this.cells.get(key) !== cell) return false;
    this.cells.delete(key);
    this.orphans.delete(key);
    return true;
  }
}
