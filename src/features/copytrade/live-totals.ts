/** Live figures over positions: unrealised PnL at the latest live quotes. */
import { atom, useAtomValue, type Atom, type Getter } from 'jotai';
import { useMemo } from 'react';
import { parsePositionKey, useStreamAtoms } from '../../facade';
import { sumDecimals } from '../../lib/money';
import type { StreamAtoms } from '../../facade';
import { valuePosition } from './pnl';

/**
 * One position's live PnL as its own derived atom, so that a frame recomputes only the positions
 * whose row or quote changed: the sums below read the others from the store's cache. Valuing
 * every position again on every store write (once a frame under load) was a fifth of the main
 * thread with 1 000 positions in the browser benchmark (docs/performance.md).
 */
const pnlAtoms = new WeakMap<StreamAtoms, Map<string, Atom<string | undefined>>>();

function positionPnlAtom(atoms: StreamAtoms, key: string): Atom<string | undefined> {
  let family = pnlAtoms.get(atoms);
  if (!family) pnlAtoms.set(atoms, (family = new Map()));
  let a = family.get(key);
  if (!a) {
    const symbol = parsePositionKey(key).symbol;
    a = atom((get) => {
      const p = get(atoms.positionRowAtom(key));
      return p ? valuePosition(p, get(atoms.liveQuoteAtom(symbol))).pnl : undefined;
    });
    family.set(key, a);
  }
  return a;
}

/** Forgets the PnL atoms of positions that are gone (the family stays as large as the book). */
function prunePnlAtoms(atoms: StreamAtoms, live: readonly string[]): void {
  const family = pnlAtoms.get(atoms);
  if (!family || family.size <= 2 * live.length + 64) return;
  const keep = new Set(live);
  for (const k of family.keys()) if (!keep.has(k)) family.delete(k);
}

/** The one PnL sum: each position of `keys` valued live (see valuePosition), added exactly. */
function sumPnl(get: Getter, atoms: StreamAtoms, keys: readonly string[]): string {
  const total = sumDecimals(keys.map((k) => get(positionPnlAtom(atoms, k))));
  prunePnlAtoms(atoms, get(atoms.positionKeysAtom));
  return total;
}

const cache = new WeakMap<StreamAtoms, Atom<string>>();

/** The sum of every position's live unrealised PnL (quote coin, decimal string). */
function unrealisedTotalAtom(atoms: StreamAtoms): Atom<string> {
  let a = cache.get(atoms);
  if (!a) {
    a = atom((get) => sumPnl(get, atoms, get(atoms.positionKeysAtom)));
    cache.set(atoms, a);
  }
  return a;
}

/** The live unrealised PnL of some positions together (a leader's group). */
function positionsPnlAtom(atoms: StreamAtoms, keys: readonly string[]): Atom<string> {
  return atom((get) => sumPnl(get, atoms, keys));
}

export function useUnrealisedTotal(): string {
  const atoms = useStreamAtoms();
  return useAtomValue(useMemo(() => unrealisedTotalAtom(atoms), [atoms]));
}

export function usePositionsPnl(keys: readonly string[]): string {
  const atoms = useStreamAtoms();
  return useAtomValue(useMemo(() => positionsPnlAtom(atoms, keys), [atoms, keys]));
}
