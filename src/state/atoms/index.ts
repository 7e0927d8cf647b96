/**
 * The stream atoms of the app's Jotai store: the one import for views (see docs/pipeline.md).
 * Written only by the ingest (src/pipeline/live.ts wires it); tests build their own bundle with
 * createStreamAtoms().
 */
import { createStreamAtoms } from './stream';

export const streamAtoms = createStreamAtoms();

export const {
  walletCoinsAtom,
  walletRowAtom,
  orderKeysAtom,
  orderRowAtom,
  positionKeysAtom,
  positionRowAtom,
  quoteSymbolsAtom,
  quoteAtom,
  riskAtom,
  copyAccountAtom,
  leaderWalletAtom,
  leaderIncomeAtom,
  topicStatusAtom,
  topicLoadableAtom,
  ingestStatsAtom,
  streamStateAtom,
} = streamAtoms;

export { parsePositionKey, positionKey } from '../positions';
export {
  createStreamAtoms,
  STREAM_TOPICS,
  type IngestStats,
  type StreamAtoms,
  type StreamTopic,
  type TopicData,
  type TopicStatus,
} from './stream';
