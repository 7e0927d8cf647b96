/**
 * One atom per row of a big collection, created on demand and released when nothing is subscribed
 * to it. A commit touches only the atoms of rows that changed, so a table row re-renders only when
 * its own row does: O(changes) per store write, not O(rows) as with one array atom fanned out
 * through splitAtom/selectAtom (whose selectors all re-run on every write).
 *
 * An atom lives while mounted (its row on screen), and is released once nothing has mounted it for
 * two store writes, whether its row still exists or not: a virtual table that has shown 1 000 rows
 * one by one then holds atoms for what is on screen, not for every row it ever showed (a heap
 * snapshot of scenario (b) counted 261 order-row atoms after 30 s against 25 rows on screen, and
 * each store write set every held atom of a changed row, on screen or not). A row that comes back
 * into view gets a new atom with the committed row.
 *
 * Hand-written rather than jotai/utils atomFamily: that keeps every atom until removed by hand
 * and knows nothing of mount state.
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
   * Cells not mounted (just created, or unmounted while their row exists), with the sweeps they
   * have been through. A cell is released on its second sweep at the earliest: an atom created
   * during a render is mounted only in an effect after the commit, and a store write may come in
   * between (released then, its row's later updates would reach nobody).
   */
  private readonly unmounted = new Map<string, number>();
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
        else this.unmounted.delete(key);
        return () => {
          c.mounted = false;
          this.aliases.get(key)?.delete(c);
          if (this.aliases.get(key)?.size === 0) this.aliases.delete(key);
          if (this.cells.get(key) !== c) return; // an alias: nothing more to release
          // A gone row's atom goes at once; an existing row's at its second sweep (it may be
          // mounted again by the commit that unmounted it: a row that moved in the table).
          if (c.value === undefined) this.release(key, c);
          else this.unmounted.set(key, 0);
        };
      };
      cell = c;
      this.cells.set(key, cell);
      this.unmounted.set(key, 0);
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
    // Gone, and not mounted: released now (mounted after all, it is re-attached).
    if (value === undefined) this.releaseIfGone(key, cell);
  }

  /**
   * Releases the atoms nothing has mounted (created by a one-off read or a render whose row went
   * away, or unmounted), from their second sweep on; called after each store write.
   */
  sweep(): void {
    for (const [key, sweeps] of this.unmounted) {
      const cell = this.cells.get(key);
      if (!cell || cell.mounted) this.unmounted.delete(key);
      else if (sweeps === 0) this.unmounted.set(key, 1);
      else this.release(key, cell);
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
    }
    if (c.value !== value) {
      c.value = value;
      setAtom(value);
    }
  }

  private releaseIfGone(key: string, cell: Cell<V>): boolean {
    return cell.value === undefined && this.release(key, cell);
  }

  private release(key: string, cell: Cell<V>): boolean {
    if (cell.mounted || this.cells.get(key) !== cell) return false;
    this.cells.delete(key);
    this.unmounted.delete(key);
    return true;
  }
}
