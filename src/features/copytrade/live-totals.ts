/** Live figures over positions: unrealised PnL at the latest live quotes. */
import { atom, useAtomValue, type Atom, type Getter } from 'jotai';
import { useMemo } from 'react';
import { parsePositionKey, useStreamAtoms } from '../../facade';
import { sumDecimals } from '../../lib/money';
import type { StreamAtoms } from '../../facade';
import { valuePosition } from './pnl';

/** The one PnL sum: each position of `keys` valued live (see valuePosition), added exactly. */
function sumPnl(get: Getter, atoms: StreamAtoms, keys: readonly string[]): string {
  return sumDecimals(
    keys.map((k) => {
      const p = get(atoms.positionRowAtom(k));
      const q = get(atoms.liveQuoteAtom(parsePositionKey(k).symbol));
      return p ? valuePosition(p, q).pnl : undefined;
    }),
  );
}

const cache = new WeakMap<StreamAtoms, Atom<string>>();

/** The sum of every position's live unrealised PnL (quote coin, decimal string). */
export function unrealisedTotalAtom(atoms: StreamAtoms): Atom<string> {
  let a = cache.get(atoms);
  if (!a) {
    a = atom((get) => sumPnl(get, atoms, get(atoms.positionKeysAtom)));
    cache.set(atoms, a);
  }
  return a;
}

/** The live unrealised PnL of some positions together (a leader's group). */
export function positionsPnlAtom(atoms: StreamAtoms, keys: readonly string[]): Atom<string> {
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
