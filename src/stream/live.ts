/**
 * The live pipeline of the app: the public and private connection actors (machines/), the ingest
 * as their sink, snapshot seeding through the REST endpoints, URLs from the host config. It
 * follows the session: started at sign-in, stopped and cleared at sign-out (the next user never
 * sees the previous one's data), restarted for another user. Tickers follow what is held
 * (positions, orders, wallet coins) plus what screens ask for with watchSymbols().
 */
import { atom, type createStore } from 'jotai';
import { createConnection, type ConnectionActor } from '../../machines/connection.machine';
import type { ConnectionInput, UnauthorizedEvent } from '../../machines/connection.types';
import { api } from '../api/endpoints';
import { currentHostConfig, type HostConfig } from '../config/host';
import { streamAtoms } from '../state/atoms';
import type { StreamAtoms } from '../state/atoms/stream';
import { copyProfileAtom, userAtom } from '../state/client';
import { dataOf } from '../state/loadable';
import type { StreamState } from '../state/model';
import { Ingest, type IngestOptions } from './ingest';
import type { Scheduler } from './schedulers';
import { tickerTopic, type PrivateTopic, type StreamName } from './protocol';
import type { FetchSnapshot } from './seeder';

type Store = ReturnType<typeof createStore>;

/** Every signed-in user: wallets, risk and the copy-trade account, orders and positions. */
export const BASE_PRIVATE_TOPICS: readonly PrivateTopic[] = [
  'wallet',
  'risk',
  'copytrade.account',
  'copytrade.order',
  'copytrade.position',
];
/** Leaders only (their copy profile says isLeader). */
export const LEADER_PRIVATE_TOPICS: readonly PrivateTopic[] = [
  'copytrade.leaderWallet',
  'copytrade.leaderIncome',
];
/** Ticker symbols we subscribe: Bybit linear symbols are upper-case letters and digits. */
const SYMBOL = /^[A-Z0-9]{2,40}$/;
/** Coins are valued against USDT tickers; USDT itself needs none. */
const QUOTE_COIN = 'USDT';

export interface LiveConnections {
  public: ConnectionActor | null;
  private: ConnectionActor | null;
}
/** The connection actors of the signed-in session, for status badges (useConnectionStatus). */
export const liveConnectionsAtom = atom<LiveConnections>({ public: null, private: null });

export interface LiveOptions {
  store: Store;
  /** Default: the app's stream atoms (src/state/atoms). */
  atoms?: StreamAtoms;
  /** Default: api.fetchSnapshot. */
  fetchSnapshot?: FetchSnapshot;
  /** Default: api.oneTimeToken. */
  oneTimeToken?: () => Promise<{ token: string }>;
  /** Default: currentHostConfig(). */
  host?: Pick<HostConfig, 'publicWsUrl' | 'privateWsUrl'>;
  /** Passed to both connections (WebSocketImpl, env, timings, random, now). */
  connection?: Partial<
    Pick<ConnectionInput, 'WebSocketImpl' | 'env' | 'timings' | 'random' | 'now' | 'maxRetries'>
  >;
  /** Default: the next animation frame. */
  scheduler?: Scheduler;
  /** Snapshot retry backoff and timeout (defaults: 1 s doubling to 30 s; 15 s). */
  seeder?: IngestOptions['seeder'];
  /** The private stream refused our session (token rejected, 4401): the app signs out. */
  onUnauthorized?: (e: UnauthorizedEvent) => void;
  /** Rejected frames and snapshots, for monitoring. */
  onReject?: (stream: StreamName, reason: string) => void;
}

export interface LiveStreams {
  readonly ingest: Ingest;
  /** The actors of the current session (null while signed out). */
  connections(): LiveConnections;
  /** Keeps tickers of `symbols` subscribed until the returned function is called. */
  watchSymbols(symbols: readonly string[]): () => void;
  /** Stops everything and clears the streamed state (app teardown). */
  dispose(): void;
}

/** Symbols whose tickers the session needs: held positions and orders, wallet coins, watched. */
export function wantedSymbols(state: StreamState, watched: Iterable<string>): string[] {
  const s = new Set<string>();
  for (const p of state['copytrade.position'].rows.values()) s.add(p.symbol);
  for (const o of state['copytrade.order'].rows.values()) if (o.symbol) s.add(o.symbol);
  for (const c of state.wallet.rows.keys()) if (c !== QUOTE_COIN) s.add(`${c}${QUOTE_COIN}`);
  for (const w of watched) s.add(w);
  return [...s].filter((x) => SYMBOL.test(x)).sort();
}

const isLeaderIn = (store: Store) => dataOf(store.get(copyProfileAtom))?.isLeader === true;

/** Wires the live pipeline to the store's session; returns its handle. */
export function startLive(opts: LiveOptions): LiveStreams {
  const { store } = opts;
  const atoms = opts.atoms ?? streamAtoms;
  const fetchSnapshot: FetchSnapshot =
    opts.fetchSnapshot ??
    ((topic, signal) => api.fetchSnapshot(topic, signal ? { signal } : undefined));
  const oneTimeToken = opts.oneTimeToken ?? (() => api.oneTimeToken());
  const ingest = new Ingest({
    store,
    atoms,
    fetchSnapshot,
    ...(opts.scheduler ? { scheduler: opts.scheduler } : {}),
    ...(opts.seeder ? { seeder: opts.seeder } : {}),
    ...(opts.onReject ? { onReject: opts.onReject } : {}),
  });
  const watched = new Map<string, number>();
  let conns: LiveConnections = { public: null, private: null };
  let userId = 0;
  let leader = false;
  let tickers: readonly string[] = [];

  const publish = (next: LiveConnections) => {
    conns = next;
    store.set(liveConnectionsAtom, next);
  };

  const privateTopics = () => [...BASE_PRIVATE_TOPICS, ...(leader ? LEADER_PRIVATE_TOPICS : [])];

  const syncTickers = () => {
    const next = wantedSymbols(atoms.committed(), watched.keys());
    if (next.length === tickers.length && next.every((s, i) => s === tickers[i])) return;
    const gone = tickers.filter((s) => !next.includes(s));
    tickers = next;
    conns.public?.send({ type: 'TOPICS.SET', topics: next.map(tickerTopic) });
    ingest.forgetTickers(gone);
  };

  const open = () => {
    const host = opts.host ?? currentHostConfig();
    leader = isLeaderIn(store);
    tickers = wantedSymbols(atoms.committed(), watched.keys());
    const common = { sink: ingest, ...opts.connection };
    const pub = createConnection({
      ...common,
      stream: 'public',
      url: host.publicWsUrl,
      topics: tickers.map(tickerTopic),
    });
    const priv = createConnection({
      ...common,
      stream: 'private',
      url: host.privateWsUrl,
      topics: privateTopics(),
      getToken: () => oneTimeToken().then((t) => t.token),
    });
    priv.on('unauthorized', (e) => opts.onUnauthorized?.(e));
    publish({ public: pub, private: priv });
  };

  const close = () => {
    for (const a of [conns.public, conns.private]) {
      if (!a) continue;
      a.send({ type: 'STOP' });
      a.stop();
    }
    publish({ public: null, private: null });
    tickers = [];
    ingest.reset();
  };

  const onUser = () => {
    const id = store.get(userAtom).userId;
    if (id === userId) return;
    if (userId > 0) close();
    userId = id;
    if (id > 0) open();
  };

  const onProfile = () => {
    const next = isLeaderIn(store);
    if (next === leader || !conns.private) return;
    leader = next;
    conns.private.send({
      type: next ? 'TOPICS.ADD' : 'TOPICS.REMOVE',
      topics: LEADER_PRIVATE_TOPICS,
    });
    // No longer a leader: the leader wallet and income must not stay on screen as "ready".
    if (!next) ingest.forgetTopics(LEADER_PRIVATE_TOPICS);
  };

  const unsubs = [
    store.sub(userAtom, onUser),
    store.sub(copyProfileAtom, onProfile),
    store.sub(atoms.positionKeysAtom, syncTickers),
    store.sub(atoms.orderKeysAtom, syncTickers),
    store.sub(atoms.walletCoinsAtom, syncTickers),
  ];
  onUser();

  return {
    ingest,
    connections: () => conns,
    watchSymbols(symbols) {
      const mine = [...new Set(symbols)];
      for (const s of mine) watched.set(s, (watched.get(s) ?? 0) + 1);
      syncTickers();
      let done = false;
      return () => {
        if (done) return;
        done = true;
        for (const s of mine) {
          const n = (watched.get(s) ?? 1) - 1;
          if (n > 0) watched.set(s, n);
          else watched.delete(s);
        }
        syncTickers();
      };
    },
    dispose() {
      unsubs.forEach((u) => u());
      if (userId > 0) close();
      userId = 0;
    },
  };
}
