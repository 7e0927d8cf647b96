/**
 * The live pipeline of the app: the public and private connection actors (machines/), the ingest
 * as their sink, snapshot seeding through the REST endpoints, URLs from the host config. It
 * follows the session: started at sign-in, stopped and cleared at sign-out (the next user never
 * sees the previous one's data), restarted for another user. Tickers follow what is held
 * (positions and orders: what live PnL is valued with) plus what screens ask for with
 * watchSymbols(), and only symbols that exist once the instruments are known. A private stream
 * that refuses our session is retried with fresh tokens while the REST session is still valid.
 */
import { atom, type createStore } from 'jotai';
import { backoffDelay } from '../../machines/backoff';
import { createConnection, type ConnectionActor } from '../../machines/connection.machine';
import type { ConnectionInput, UnauthorizedEvent } from '../../machines/connection.types';
import { api } from '../api/endpoints';
import { isNoPermission } from '../api/errors';
import { currentHostConfig, type HostConfig } from '../config/host';
import { streamAtoms } from '../state/atoms';
import type { StreamAtoms } from '../state/atoms/stream';
import { copyProfileAtom, instrumentsAtom, userAtom, type Instrument } from '../state/client';
import { dataOf } from '../state/loadable';
import type { StreamState } from '../state/model';
import { Ingest, type IngestOptions } from './ingest';
import type { Scheduler } from './schedulers';
import { tickerTopic, type PrivateTopic, type StreamName } from '../wire/protocol';
import type { FetchSnapshot } from './seeder';

type Store = ReturnType<typeof createStore>;

/** Every signed-in user: wallets, risk and the copy-trade account, orders and positions. */
const BASE_PRIVATE_TOPICS: readonly PrivateTopic[] = [
  'wallet',
  'risk',
  'copytrade.account',
  'copytrade.order',
  'copytrade.position',
];
/** Leaders only (their copy profile says isLeader). */
const LEADER_PRIVATE_TOPICS: readonly PrivateTopic[] = [
  'copytrade.leaderWallet',
  'copytrade.leaderIncome',
];
/** Ticker symbols we subscribe: Bybit linear symbols are upper-case letters and digits. */
const SYMBOL = /^[A-Z0-9]{2,40}$/;
/** Retries of a private stream that refused our session while the REST session is valid. */
const AUTH_RETRIES = 3;
const AUTH_RETRY_BASE_MS = 1_000;

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
  /** Passed to both connections (WebSocketImpl, env, timings, random, now, the recorder's tap). */
  connection?: Partial<
    Pick<
      ConnectionInput,
      'WebSocketImpl' | 'env' | 'timings' | 'random' | 'now' | 'maxRetries' | 'tap'
    >
  >;
  /** Default: the next animation frame. */
  scheduler?: Scheduler;
  /** Snapshot retry backoff and timeout (defaults: 1 s doubling to 30 s; 15 s). */
  seeder?: IngestOptions['seeder'];
  /**
   * Our session is over (the private stream refused it and the REST session is gone too, or it
   * kept refusing fresh tokens): the app signs out.
   */
  onUnauthorized?: (e: UnauthorizedEvent) => void;
  /**
   * Default: api.profile. Asked when the private stream refuses our session: resolving means
   * the REST session is valid, and the stream is retried with a fresh token.
   */
  checkSession?: () => Promise<unknown>;
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

/**
 * Symbols whose tickers the session needs: those of held positions and orders (live PnL), and
 * watched ones. Wallet coins need none: they are valued in USD through the exchange-rate call.
 * Once the instruments are known (`instruments`), a symbol that is not one is never asked for
 * (the server would refuse it).
 */
export function wantedSymbols(
  state: StreamState,
  watched: Iterable<string>,
  instruments?: ReadonlyMap<string, Instrument>,
): string[] {
  const s = new Set<string>();
  // forEach, not an iterator: this runs whenever a position or an order comes or goes (several
  // times a second under load) over every row, and an iterator allocates a result per row.
  state['copytrade.position'].rows.forEach((p) => s.add(p.symbol));
  state['copytrade.order'].rows.forEach((o) => {
    if (o.symbol) s.add(o.symbol);
  });
  for (const w of watched) s.add(w);
  return [...s].filter((x) => SYMBOL.test(x) && (!instruments || instruments.has(x))).sort();
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
  const checkSession = opts.checkSession ?? (() => api.profile());
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

  const knownInstruments = () => {
    const l = store.get(instrumentsAtom);
    return l.status === 'ready' ? l.data : undefined;
  };
  const symbols = () => wantedSymbols(atoms.committed(), watched.keys(), knownInstruments());

  const syncTickers = () => {
    const next = symbols();
    if (next.length === tickers.length && next.every((s, i) => s === tickers[i])) return;
    const gone = tickers.filter((s) => !next.includes(s));
    ingest.wantTickers(next.filter((s) => !tickers.includes(s)));
    tickers = next;
    conns.public?.send({ type: 'TOPICS.SET', topics: next.map(tickerTopic) });
    ingest.forgetTickers(gone);
  };

  const open = () => {
    const host = opts.host ?? currentHostConfig();
    leader = isLeaderIn(store);
    tickers = symbols();
    ingest.wantTickers(tickers);
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
    priv.on('unauthorized', (e) => refused(priv, e));
    // A stream that stayed up a while has proved its session: refusals count afresh.
    priv.subscribe((snap) => {
      if (snap.matches({ active: { ready: { uptime: 'stable' } } })) authRetries = 0;
    });
    publish({ public: pub, private: priv });
  };

  // ---- a private stream that refuses our session ----
  let authRetries = 0;
  let authTimer: ReturnType<typeof setTimeout> | undefined;
  const random = opts.connection?.random ?? Math.random;

  /**
   * One refusal (auth answered success:false, or close 4401) is not the end of a session: the
   * token may have been spoilt on the way. If the REST session is still valid, the stream is
   * retried with a fresh token, at most AUTH_RETRIES times in a row with backoff. A refused
   * token request (10007/33003/10009), a REST session that is gone, or refusals past the bound
   * sign out.
   */
  const refused = (actor: ConnectionActor, e: UnauthorizedEvent) => {
    const signOut = () => {
      if (conns.private === actor) opts.onUnauthorized?.(e);
    };
    if (e.code === 'token-rejected' || authRetries >= AUTH_RETRIES) return signOut();
    checkSession().then(
      () => retry(actor),
      (err: unknown) => (isNoPermission(err) ? signOut() : retry(actor)),
    );
  };

  const retry = (actor: ConnectionActor) => {
    if (conns.private !== actor) return; // signed out meanwhile
    authRetries += 1;
    const delay = backoffDelay(authRetries, random, AUTH_RETRY_BASE_MS, 30_000);
    authTimer = setTimeout(() => {
      authTimer = undefined;
      if (conns.private === actor) actor.send({ type: 'CONNECT' });
    }, delay);
  };

  const close = () => {
    if (authTimer !== undefined) clearTimeout(authTimer);
    authTimer = undefined;
    authRetries = 0;
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
    store.sub(instrumentsAtom, syncTickers),
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
