/**
 * The stream atoms: what views read of the streamed state. One bundle per Jotai store; the ingest
 * is its only writer and writes it through `commitAtom`, once per flush. Rows of big collections
 * are one atom each (rows.ts) plus an atom of ordered keys; untouched rows keep their identity.
 */
import { atom, type Atom, type PrimitiveAtom, type Setter } from 'jotai';
import type {
  CopyAccount,
  LeaderIncome,
  LeaderWallet,
  Order,
  Position,
  PrivateTopic,
  Risk,
  Ticker,
  Wallet,
} from '../../wire/protocol';
import { PRIVATE_TOPICS } from '../../wire/protocol';
import { failed, idle, pending, ready, type Loadable } from '../loadable';
import { initialStreamState, type StreamState, type TopicState } from '../model';
import type { TickersState } from '../tickers';
import { orderDisplayKeys } from '../orders';
import { RowAtoms } from './rows';

/** A stream with its own lifecycle: each private topic, and the public (tickers) stream. */
export type StreamTopic = PrivateTopic | 'public';
export const STREAM_TOPICS: readonly StreamTopic[] = [...PRIVATE_TOPICS, 'public'];

/** The data a topic's Loadable carries. */
export type TopicData = TopicState & { public: TickersState };

/** Lifecycle of one stream, without its data (cheap to subscribe to for badges and spinners). */
export interface TopicStatus {
  status: 'idle' | 'pending' | 'ready' | 'error';
  /** Why the last snapshot request failed (status 'error'; a retry is scheduled). */
  error?: string;
  /** When that retry is due, ms on the ingest's clock. */
  retryAt?: number;
  /** Data was received for this stream since sign-in (shown while pending or in error). */
  hasData: boolean;
}
export const IDLE_STATUS: TopicStatus = { status: 'idle', hasData: false };

export interface IngestStats {
  /** Valid data frames taken in (ticker deltas ignored before their snapshot included). */
  framesApplied: number;
  /** Frames rejected whole by validation, and snapshot bodies that failed it. */
  framesRejected: number;
  /** Topics re-seeded because of a seq gap. */
  resyncs: number;
  /** Frames whose seq was not above the last one (applied: the merge rules make them harmless). */
  seqRepeats: number;
  /** Ticker deltas ignored because their symbol had no snapshot on this connection. */
  tickerDeltasIgnored: number;
  /** Private frames ignored because their topic is no longer subscribed (still on their way). */
  framesIgnored: number;
  snapshotsApplied: number;
  /** Snapshot requests that failed (network, HTTP, ret_code, bad body, timeout). */
  snapshotFailures: number;
  /** Store writes (flushes) since sign-in. */
  writes: number;
  /** Store writes during the last second: the stream's render rate. */
  fps: number;
  /** Frames folded into the last write. */
  lastBatchFrames: number;
}
export const emptyStats = (): IngestStats => ({
  framesApplied: 0,
  framesRejected: 0,
  resyncs: 0,
  seqRepeats: 0,
  tickerDeltasIgnored: 0,
  framesIgnored: 0,
  snapshotsApplied: 0,
  snapshotFailures: 0,
  writes: 0,
  fps: 0,
  lastBatchFrames: 0,
});

/** Keys whose rows may have changed since the last commit; absent: compare every key. */
export interface Touched {
  wallet?: ReadonlySet<string>;
  order?: ReadonlySet<string>;
  position?: ReadonlySet<string>;
  quote?: ReadonlySet<string>;
}

export interface Commit {
  state: StreamState;
  touched?: Touched;
  /**
   * Symbols whose ticker is live on the current public connection (its snapshot arrived there);
   * absent: unchanged. A kept quote of any other symbol is a last known value, not a live one.
   */
  liveQuotes?: ReadonlySet<string>;
  statuses?: Partial<Record<StreamTopic, TopicStatus>>;
  stats?: IngestStats;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Publishes the rows of one keyed collection that changed; true when a key appeared or vanished.
 */
function publishRows<V>(
  set: Setter,
  family: RowAtoms<V>,
  prev: ReadonlyMap<string, V>,
  next: ReadonlyMap<string, V>,
  touched: ReadonlySet<string> | undefined,
): boolean {
  if (prev === next) return false;
  let presence = false;
  const visit = (k: string) => {
    const a = prev.get(k);
    const b = next.get(k);
    if (a === b) return;
    family.publish(set, k, b);
    if ((a === undefined) !== (b === undefined)) presence = true;
  };
  if (touched) {
    for (const k of touched) visit(k);
  } else {
    for (const k of prev.keys()) visit(k);
    for (const k of next.keys()) if (!prev.has(k)) visit(k);
  }
  return presence;
}

/**
 * Publishes the live quotes that may have changed: symbols whose ticker was touched, and symbols
 * that became live or stopped being live.
 */
function publishLiveQuotes(
  set: Setter,
  family: RowAtoms<Ticker>,
  c: {
    prev: StreamState;
    next: StreamState;
    prevLive: ReadonlySet<string>;
    nextLive: ReadonlySet<string>;
    touched: ReadonlySet<string> | undefined;
  },
): void {
  const { prev, next, prevLive, nextLive } = c;
  if (prev.tickers === next.tickers && prevLive === nextLive) return;
  const keys = new Set<string>();
  if (prevLive !== nextLive) {
    for (const k of prevLive) if (!nextLive.has(k)) keys.add(k);
    for (const k of nextLive) if (!prevLive.has(k)) keys.add(k);
  }
  if (prev.tickers !== next.tickers) {
    if (c.touched) for (const k of c.touched) keys.add(k);
    else {
      for (const k of prev.tickers.keys()) keys.add(k);
      for (const k of next.tickers.keys()) keys.add(k);
    }
  }
  for (const k of keys) family.publish(set, k, nextLive.has(k) ? next.tickers.get(k) : undefined);
}

/** Creates the stream atoms for one Jotai store. */
export function createStreamAtoms() {
  let committed = initialStreamState();

  const walletRows = new RowAtoms<Wallet>((k) => committed.wallet.rows.get(k), 'walletRow');
  const orderRows = new RowAtoms<Order>(
    (k) => committed['copytrade.order'].rows.get(k),
    'orderRow',
  );
  const positionRows = new RowAtoms<Position>(
    (k) => committed['copytrade.position'].rows.get(k),
    'positionRow',
  );
  const quoteRows = new RowAtoms<Ticker>((k) => committed.tickers.get(k), 'quote');
  let liveQuotes: ReadonlySet<string> = new Set();
  const liveQuoteRows = new RowAtoms<Ticker>(
    (k) => (liveQuotes.has(k) ? committed.tickers.get(k) : undefined),
    'liveQuote',
  );

  const stateAtom = atom<StreamState>(committed);
  const walletCoins = atom<readonly string[]>([...committed.wallet.rows.keys()]);
  const orderKeys = atom<readonly string[]>([]);
  const positionKeys = atom<readonly string[]>([]);
  const quoteSymbols = atom<readonly string[]>([]);
  // The counts change only when rows come or go, not when they move (a position reopened at the
  // front of its group, an order placed as another is cancelled): a section that needs only
  // whether its table is empty reads these and is not rendered again at every move.
  const orderCount = atom((get) => get(orderKeys).length);
  const positionCount = atom((get) => get(positionKeys).length);
  const liveSymbols = atom<ReadonlySet<string>>(liveQuotes);
  const statsAtom = atom<IngestStats>(emptyStats());
  const walletsAtom: Atom<readonly Wallet[]> = atom((get) =>
    get(walletCoins)
      .map((c) => get(walletRows.get(c)))
      .filter((w): w is Wallet => w !== undefined),
  );

  const statusAtoms = {} as Record<StreamTopic, PrimitiveAtom<TopicStatus>>;
  for (const t of STREAM_TOPICS) {
    statusAtoms[t] = atom<TopicStatus>(IDLE_STATUS);
    statusAtoms[t].debugLabel = `topicStatus(${t})`;
  }

  const dataOf = <T extends StreamTopic>(s: StreamState, t: T): TopicData[T] =>
    (t === 'public' ? s.tickers : s[t as PrivateTopic]) as TopicData[T];

  const loadables = Object.fromEntries(
    STREAM_TOPICS.map((t) => {
      // Memoized: the state atom changes on every write, the Loadable only with its topic.
      let last: { st: TopicStatus; data: unknown; out: Loadable<unknown> } | null = null;
      const a = atom((get): Loadable<unknown> => {
        const st = get(statusAtoms[t]);
        const data = dataOf(get(stateAtom), t);
        if (last && last.st === st && last.data === data) return last.out;
        let out: Loadable<unknown>;
        if (st.status === 'idle') out = idle();
        else if (st.status === 'ready') out = ready(data);
        else if (st.status === 'pending') out = st.hasData ? pending(data) : pending();
        else out = failed(st.error ?? 'error', st.hasData ? data : undefined);
        last = { st, data, out };
        return out;
      });
      a.debugLabel = `topicLoadable(${t})`;
      return [t, a];
    }),
  ) as { [T in StreamTopic]: Atom<Loadable<TopicData[T]>> };

  const single = <K extends keyof StreamState>(k: K) => atom((get) => get(stateAtom)[k]);

  /** The ingest's one write per flush. */
  const commitAtom = atom(null, (_get, set, c: Commit) => {
    const prev = committed;
    const next = c.state;
    const touched = c.touched ?? {};
    const prevLive = liveQuotes;
    const nextLive = c.liveQuotes ?? prevLive;
    committed = next;
    liveQuotes = nextLive;
    if (prev !== next) {
      set(stateAtom, next);
      if (publishRows(set, walletRows, prev.wallet.rows, next.wallet.rows, touched.wallet)) {
        set(walletCoins, [...next.wallet.rows.keys()]);
      }
      const po = prev['copytrade.order'].rows;
      const no = next['copytrade.order'].rows;
      if (publishRows(set, orderRows, po, no, touched.order)) set(orderKeys, orderDisplayKeys(no));
      const pp = prev['copytrade.position'];
      const np = next['copytrade.position'];
      publishRows(set, positionRows, pp.rows, np.rows, touched.position);
      if (!sameList(pp.order, np.order)) set(positionKeys, np.order);
      if (publishRows(set, quoteRows, prev.tickers, next.tickers, touched.quote)) {
        set(quoteSymbols, [...next.tickers.keys()].sort());
      }
    }
    if (nextLive !== prevLive) set(liveSymbols, nextLive);
    publishLiveQuotes(set, liveQuoteRows, {
      prev,
      next,
      prevLive,
      nextLive,
      touched: touched.quote,
    });
    for (const [t, st] of Object.entries(c.statuses ?? {}) as [StreamTopic, TopicStatus][]) {
      set(statusAtoms[t], st);
    }
    if (c.stats) set(statsAtom, c.stats);
    walletRows.sweep();
    orderRows.sweep();
    positionRows.sweep();
    quoteRows.sweep();
    liveQuoteRows.sweep();
  });

  return {
    /** The whole committed StreamState (for dumps and diagnostics; views use the atoms below). */
    streamStateAtom: stateAtom as Atom<StreamState>,
    /** Wallet coins: BTC, EOS, USDT, XRP, ETH first (they always exist), then others. */
    walletCoinsAtom: walletCoins as Atom<readonly string[]>,
    walletRowAtom: (coin: string): Atom<Wallet | undefined> => walletRows.get(coin),
    /** Every wallet row, in walletCoinsAtom's order: for figures over all of them. */
    walletsAtom,
    /** Copy-trade order ids, newest first. */
    orderKeysAtom: orderKeys as Atom<readonly string[]>,
    /** How many copy-trade orders there are (changes less often than orderKeysAtom). */
    orderCountAtom: orderCount as Atom<number>,
    orderRowAtom: (orderId: string): Atom<Order | undefined> => orderRows.get(orderId),
    /** Copied position keys in display order (newest first); see positionKey(). */
    positionKeysAtom: positionKeys as Atom<readonly string[]>,
    /** How many positions there are (changes less often than positionKeysAtom). */
    positionCountAtom: positionCount as Atom<number>,
    positionRowAtom: (key: string): Atom<Position | undefined> => positionRows.get(key),
    /** Symbols with a ticker, sorted. */
    quoteSymbolsAtom: quoteSymbols as Atom<readonly string[]>,
    /** The last ticker received for `symbol` (kept across a lost connection: may be frozen). */
    quoteAtom: (symbol: string): Atom<Ticker | undefined> => quoteRows.get(symbol),
    /**
     * The ticker of `symbol` only while it is live on the current public connection, else
     * undefined: what anything valuing a position must read (a frozen quote would override the
     * fresher valuation the private stream keeps sending).
     */
    liveQuoteAtom: (symbol: string): Atom<Ticker | undefined> => liveQuoteRows.get(symbol),
    /**
     * The symbols whose ticker is live (liveQuoteAtom gives their quote): for a computation over
     * every quote at once, which would otherwise read hundreds of atoms per store write.
     */
    liveQuoteSymbolsAtom: liveSymbols as Atom<ReadonlySet<string>>,
    riskAtom: single('risk') as Atom<Risk | null>,
    /** Copy-trade account totals (assets, income, yield, available, ...). */
    copyAccountAtom: single('copytrade.account') as Atom<CopyAccount | null>,
    leaderWalletAtom: single('copytrade.leaderWallet') as Atom<LeaderWallet | null>,
    leaderIncomeAtom: single('copytrade.leaderIncome') as Atom<LeaderIncome | null>,
    topicStatusAtom: (topic: StreamTopic): Atom<TopicStatus> => statusAtoms[topic],
    topicLoadableAtom: <T extends StreamTopic>(topic: T): Atom<Loadable<TopicData[T]>> =>
      loadables[topic],
    ingestStatsAtom: statsAtom as Atom<IngestStats>,
    /** Write-only; for the ingest. */
    commitAtom,
    /** The state last committed (what the atoms show). */
    committed: (): StreamState => committed,
    /** Live row atoms per collection, for leak checks. */
    liveRowAtoms: () => ({
      wallet: walletRows.size,
      order: orderRows.size,
      position: positionRows.size,
      quote: quoteRows.size,
      liveQuote: liveQuoteRows.size,
    }),
  };
}

export type StreamAtoms = ReturnType<typeof createStreamAtoms>;
