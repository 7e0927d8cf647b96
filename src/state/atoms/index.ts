/**
 * The stream atoms of the app's Jotai store: the one import for views (see docs/pipeline.md).
 * Written only by the ingest (src/pipeline/live.ts wires it); tests build their own bundle with
 * createStreamAtoms().
 */
import { createStreamAtoms } from './stream';

export const streamAtoms = createStreamAtoms();

export { parsePositionKey, positionKey } from '../positions';
export { perStream } from './per-stream';
export type { StreamAtoms, StreamTopic, TopicStatus } from './stream';
