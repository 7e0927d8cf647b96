import type { StreamAtoms } from './stream';

/**
 * One value (a derived atom, usually) per bundle of stream atoms, that is per Jotai store: `make`
 * runs the first time a bundle asks and its result is kept while the bundle lives. Views call the
 * returned function at every render; the atom they get must be the same each time, or Jotai would
 * compute it afresh (and a stateful one, such as the PnL ledger, would lose its state).
 */
export function perStream<T extends object>(
  make: (atoms: StreamAtoms) => T,
): (atoms: StreamAtoms) => T {
  const made = new WeakMap<StreamAtoms, T>();
  return (atoms) => {
    let v = made.get(atoms);
    if (v === undefined) made.set(atoms, (v = make(atoms)));
    return v;
  };
}
