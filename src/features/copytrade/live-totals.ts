/** Live figures over every position (unrealised PnL at the latest quotes). */
import { atom, useAtomValue, type Atom } from 'jotai';
import { useMemo } from 'react';
import { useStreamAtoms } from '../../app/live-context';
import type { StreamAtoms } from '../../state/atoms';
import { sumDecimals, valuePosition } from './pnl';
import { parsePositionKey } from './position-rows';

const cache = new WeakMap<StreamAtoms, Atom<string>>();

/** The sum of every position's live unrealised PnL (quote coin, decimal string). */
export function unrealisedTotalAtom(atoms: StreamAtoms): Atom<string> {
  let a = cache.get(atoms);
  if (!a) {
    a = atom((get) =>
      sumDecimals(
        get(atoms.positionKeysAtom).map((k) => {
          const p = get(atoms.positionRowAtom(k));
          const q = get(atoms.liveQuoteAtom(parsePositionKey(k).symbol));
          return p ? valuePosition(p, q).pnl : undefined;
        }),
      ),
    );
    cache.set(atoms, a);
  }
  return a;
}

export function useUnrealisedTotal(): string {
  const atoms = useStreamAtoms();
  return useAtomValue(useMemo(() => unrealisedTotalAtom(atoms), [atoms]));
}
