/**
 * The whole streamed state as one immutable value, and the functions that apply validated frames
 * and snapshots to it. The browser ingest, the replay CLI and the tests all go through here, so
 * the merge rules of src/state/* are applied the same way everywhere.
 */
import type {
  CopyAccount,
  LeaderIncome,
  LeaderWallet,
  PrivateDataFrame,
  PrivateTopic,
  Risk,
  TopicEntity,
} from '../wire/protocol';
import type { MergeOptions } from './keyed';
import { emptyOrders, mergeOrders, snapshotOrders, type OrdersState } from './orders';
import {
  emptyPositions,
  mergePositions,
  snapshotPositions,
  type PositionsState,
} from './positions';
import { mergeCopyAccount, mergeLeaderIncome, mergeLeaderWallet, mergeRisk } from './singles';
import { emptyTickers, mergeTickers, type TickersState, type TickerUpdate } from './tickers';
import { initialWallets, mergeWallets, snapshotWallets, type WalletsState } from './wallets';

export interface TopicState {
  wallet: WalletsState;
  risk: Risk | null;
  'copytrade.account': CopyAccount | null;
  'copytrade.order': OrdersState;
  'copytrade.position': PositionsState;
  'copytrade.leaderWallet': LeaderWallet | null;
  'copytrade.leaderIncome': LeaderIncome | null;
}

export interface StreamState extends TopicState {
  tickers: TickersState;
}

interface TopicReducer<T extends PrivateTopic> {
  empty(): TopicState[T];
  merge(state: TopicState[T], items: readonly TopicEntity[T][], opts?: MergeOptions): TopicState[T];
  snapshot(prev: TopicState[T], items: readonly TopicEntity[T][], atMicros?: string): TopicState[T];
}

const single = <T extends PrivateTopic>(
  merge: (s: TopicState[T], items: readonly TopicEntity[T][], o?: MergeOptions) => TopicState[T],
): TopicReducer<T> => ({
  empty: () => null as TopicState[T],
  merge,
  // A snapshot replaces the state: start from nothing and take its items by the merge rule.
  snapshot: (_prev, items) => merge(null as TopicState[T], items),
});

/** The reducer pair for every private topic. */
export const TOPIC_REDUCERS: { [T in PrivateTopic]: TopicReducer<T> } = {
  wallet: { empty: initialWallets, merge: mergeWallets, snapshot: snapshotWallets },
  risk: single<'risk'>(mergeRisk),
  'copytrade.account': single<'copytrade.account'>(mergeCopyAccount),
  'copytrade.order': { empty: emptyOrders, merge: mergeOrders, snapshot: snapshotOrders },
  'copytrade.position': {
    empty: emptyPositions,
    merge: mergePositions,
    snapshot: snapshotPositions,
  },
  'copytrade.leaderWallet': single<'copytrade.leaderWallet'>(mergeLeaderWallet),
  'copytrade.leaderIncome': single<'copytrade.leaderIncome'>(mergeLeaderIncome),
};

export function initialStreamState(): StreamState {
  return {
    wallet: initialWallets(),
    risk: null,
    'copytrade.account': null,
    'copytrade.order': emptyOrders(),
    'copytrade.position': emptyPositions(),
    'copytrade.leaderWallet': null,
    'copytrade.leaderIncome': null,
    tickers: emptyTickers(),
  };
}

function withTopic<T extends PrivateTopic>(
  state: StreamState,
  topic: T,
  next: TopicState[T],
): StreamState {
  return next === state[topic] ? state : { ...state, [topic]: next };
}

/** Merges items of one topic (deltas), in order. */
export function applyItems<T extends PrivateTopic>(
  state: StreamState,
  topic: T,
  items: readonly TopicEntity[T][],
  opts?: MergeOptions,
): StreamState {
  return withTopic(state, topic, TOPIC_REDUCERS[topic].merge(state[topic], items, opts));
}

/** Replaces one topic's state by a snapshot taken at `atMicros` (if known). */
export function applySnapshot<T extends PrivateTopic>(
  state: StreamState,
  topic: T,
  items: readonly TopicEntity[T][],
  atMicros?: string,
): StreamState {
  return withTopic(state, topic, TOPIC_REDUCERS[topic].snapshot(state[topic], items, atMicros));
}

/** Applies a validated private data frame (delta or snapshot). */
export function applyPrivateFrame(
  state: StreamState,
  frame: PrivateDataFrame,
  opts?: MergeOptions,
): StreamState {
  if (frame.type === 'snapshot') {
    return applySnapshot(state, frame.topic, frame.items, `${frame.creationTime}000`);
  }
  return applyItems(state, frame.topic, frame.items, opts);
}

/** Empties one topic (its initial state): the app no longer follows it. */
export function resetTopic<T extends PrivateTopic>(state: StreamState, topic: T): StreamState {
  return withTopic(state, topic, TOPIC_REDUCERS[topic].empty());
}

/** Applies ticker frames; see mergeTickers. */
export function applyTickers(
  state: StreamState,
  updates: readonly TickerUpdate[],
  counters?: { ignored: number },
): StreamState {
  const next = mergeTickers(state.tickers, updates, counters);
  return next === state.tickers ? state : { ...state, tickers: next };
}
