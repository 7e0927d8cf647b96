/**
 * Which stream-atom bundle the screens read. The app reads the one bundle its ingest writes
 * (src/state/atoms); component tests hand in the bundle of their own ingest, so a test store is
 * fed through the real pipeline rather than through mocks of the atoms.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { streamAtoms, type StreamAtoms } from '../state/atoms';

const StreamAtomsContext = createContext<StreamAtoms>(streamAtoms);

export function StreamAtomsProvider({
  atoms,
  children,
}: {
  atoms: StreamAtoms;
  children: ReactNode;
}) {
  return <StreamAtomsContext.Provider value={atoms}>{children}</StreamAtomsContext.Provider>;
}

/** The stream atoms of the current store (see docs/pipeline.md for what each holds). */
export const useStreamAtoms = (): StreamAtoms => useContext(StreamAtomsContext);
