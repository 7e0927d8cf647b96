/**
 * Row atoms are released with their row, but never under a component that got its atom during a
 * render and has not mounted it yet: a store write can come between render and mount.
 */
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { createStreamAtoms } from '@src/state/atoms/stream';
import { applyItems, initialStreamState, type StreamState } from '@src/state/model';
import { order } from '../fixtures';

function setup() {
  const store = createStore();
  const atoms = createStreamAtoms();
  let state: StreamState = initialStreamState();
  const commit = (next: StreamState = state) => {
    state = next;
    store.set(atoms.commitAtom, { state });
  };
  const addOrder = (id: string, dt: number) =>
    commit(applyItems(state, 'copytrade.order', [order(id, dt)]));
  return { store, atoms, commit, addOrder };
}

describe('row atoms between render and mount', () => {
  it('created, a write, mounted, the row appears: the mounted atom gets it', () => {
    const h = setup();
    const a = h.atoms.orderRowAtom('x'); // during a render: no row yet
    h.commit(); // a store write before the effect mounts it
    const seen: unknown[] = [];
    h.store.sub(a, () => seen.push(h.store.get(a)));
    h.addOrder('x', 1);
    expect(h.store.get(a)?.orderId).toBe('x');
    expect(seen).toHaveLength(1);
    expect(h.atoms.orderRowAtom('x')).toBe(a);
  });

  it('an atom nobody mounts is released at its second write (no leak)', () => {
    const h = setup();
    h.atoms.orderRowAtom('ghost');
    expect(h.atoms.liveRowAtoms().order).toBe(1);
    h.commit();
    expect(h.atoms.liveRowAtoms().order).toBe(1);
    h.commit();
    expect(h.atoms.liveRowAtoms().order).toBe(0);
  });

  it('released before it was mounted: mounting re-attaches it with the current row', () => {
    const h = setup();
    const a = h.atoms.orderRowAtom('x');
    h.commit();
    h.commit(); // released
    h.addOrder('x', 1); // the row arrives while nobody holds a cell for it
    h.store.sub(a, () => {});
    expect(h.store.get(a)?.updatedAtE3).toBe(order('x', 1).updatedAtE3);
    h.addOrder('x', 2);
    expect(h.store.get(a)?.updatedAtE3).toBe(order('x', 2).updatedAtE3);
    expect(h.atoms.orderRowAtom('x')).toBe(a);
  });

  it('a row that goes before its atom is mounted: mounting still follows the row', () => {
    const h = setup();
    h.addOrder('x', 1);
    const a = h.atoms.orderRowAtom('x'); // rendered with the row
    h.commit(applyItems(initialStreamState(), 'copytrade.order', [])); // the row goes: released
    h.store.sub(a, () => {});
    expect(h.store.get(a)).toBeUndefined();
    h.addOrder('x', 3);
    expect(h.store.get(a)?.orderId).toBe('x');
  });

  it('two atoms for one key (one released, then a new one): both follow the row', () => {
    const h = setup();
    const old = h.atoms.orderRowAtom('x');
    h.commit();
    h.commit(); // released
    const fresh = h.atoms.orderRowAtom('x');
    expect(fresh).not.toBe(old);
    h.store.sub(fresh, () => {});
    const unsub = h.store.sub(old, () => {});
    h.addOrder('x', 1);
    expect(h.store.get(old)?.orderId).toBe('x');
    expect(h.store.get(fresh)?.orderId).toBe('x');
    unsub();
    h.addOrder('x', 2);
    expect(h.store.get(fresh)?.updatedAtE3).toBe(order('x', 2).updatedAtE3);
  });
});
