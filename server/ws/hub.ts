/**
 * Every open connection of both streams: connection ids, ticker fan-out on the public stream,
 * per-user delivery on the private stream (a user only ever gets their own frames), and the
 * stream fault controls that act on many connections at once.
 */
import type { WebSocket } from 'ws';
import type { PrivateTopic, StreamName, TopicEntity } from '../../src/wire/protocol';
import type { Clock } from '../clock';
import type { TickerDelta } from '../market/market';
import type { Recorder } from '../record/recorder';
import {
  CLOSE_BLOCKED,
  CLOSE_RESTART,
  CLOSE_TRY_AGAIN,
  CLOSE_UNAUTHORIZED,
  Conn,
  type ConnFaults,
} from './conn';
import { opaqueId } from './conn-id';
import { SendBudget } from './send-budget';
import { ConnectionSlots } from './slots';

// The limits live with the slots (slots.ts); exported here too for the hub's users.
export {
  MAX_ANONYMOUS_PER_ADDRESS,
  MAX_CONNECTIONS,
  MAX_CONNECTIONS_PER_SESSION,
  MAX_SIGNED_IN_PER_ADDRESS,
  RESERVED_FOR_SIGNED_IN,
} from './slots';

export interface Pause {
  topic: string;
  mode: 'hold' | 'drop';
  userId?: number;
  stream?: StreamName;
}

export interface DelayRule {
  ms: number;
  userId?: number;
  stream?: StreamName;
}

export interface ConnFilter {
  stream?: StreamName;
  userId?: number;
}

const matches = (c: Conn, f: ConnFilter) =>
  (f.stream === undefined || c.stream === f.stream) &&
  (f.userId === undefined || c.userId === f.userId);

export interface HubOptions {
  /** Simulated time (frame `creationTime`). */
  clock: Clock;
  /** Wall time (connection timers). */
  wall: Clock;
  idleMs: number;
  /** Private connections must sign in within this long (default: AUTH_TIMEOUT_MS). */
  authTimeoutMs?: number;
  recorder?: Recorder;
  /** Key of the opaque connection ids (a fixed one keeps a manual-clock run byte-identical). */
  connIdKey: number;
  /** Unsent bytes over all connections beyond which the largest holders are closed (tests). */
  maxUnsentBytes?: number;
}

export class Hub implements ConnFaults {
  private readonly conns = new Set<Conn>();
  private readonly byUser = new Map<number, Set<Conn>>();
  private readonly tickerSubs = new Map<string, Set<Conn>>();
  private epoch = 1;
  private counter = 0;
  private readonly pauses: Pause[] = [];
  private delay: DelayRule | null = null;
  /** Streams whose new connections are closed at once, as a proxy that blocks them does. */
  private readonly blocked = new Set<StreamName>();
  /** Frames sent per user over all private connections (truth stats). */
  readonly framesByUser = new Map<number, number>();
  private readonly clock: Clock;
  private readonly recorder: Recorder | undefined;
  /** Unsent bytes over every connection (send-budget.ts). */
  readonly budget: SendBudget;
  private readonly slots = new ConnectionSlots<Conn>();

  constructor(private readonly opts: HubOptions) {
    this.clock = opts.clock;
    this.recorder = opts.recorder;
    this.budget = new SendBudget(opts.maxUnsentBytes);
  }

  /**
   * Registers a new socket; `cookieUser` is the signed-in user of the upgrade request, if any,
   * `address` the peer address. Beyond a limit the connection is closed at once with 1013: all
   * connections (MAX_CONNECTIONS), signed-in ones from one address (MAX_SIGNED_IN_PER_ADDRESS),
   * connections without a sign-in from one address (MAX_ANONYMOUS_PER_ADDRESS) or over all
   * (MAX_CONNECTIONS minus RESERVED_FOR_SIGNED_IN, so a crowd of anonymous connections never locks
   * signed-in users out). Nothing is counted per user (slots.ts says why).
   */
  add(
    stream: StreamName,
    socket: WebSocket,
    cookieUser: number | undefined,
    address?: string,
  ): Conn {
    // Unique within the epoch, yet saying nothing about how many connections came before.
    const id = `${this.epoch.toString(16).padStart(4, '0')}-${opaqueId(++this.counter, this.opts.connIdKey)}-${stream === 'public' ? 'p' : 'v'}`;
    const conn = new Conn({
      id,
      stream,
      socket,
      clock: this.opts.wall,
      faults: this,
      idleMs: this.opts.idleMs,
      ...(this.opts.authTimeoutMs !== undefined ? { authTimeoutMs: this.opts.authTimeoutMs } : {}),
      budget: this.budget,
    });
    conn.userId = stream === 'public' ? cookieUser : undefined;
    if (this.blocked.has(stream)) {
      conn.close(CLOSE_BLOCKED, 'blocked by proxy', { now: true });
      return conn;
    }
    const refused = this.slots.admit(conn, address, cookieUser !== undefined);
    if (refused) {
      conn.close(CLOSE_TRY_AGAIN, refused, { now: true });
      return conn;
    }
    if (this.recorder) conn.recorder = this.recorder.connection(id, stream, cookieUser);
    this.conns.add(conn);
    return conn;
  }

  /** The socket closed: forget the connection and finish its recording. */
  remove(conn: Conn, code: number, reason: string): void {
    conn.disposed();
    this.slots.release(conn);
    this.conns.delete(conn);
    if (conn.stream === 'private' && conn.userId !== undefined)
      this.byUser.get(conn.userId)?.delete(conn);
    for (const set of this.tickerSubs.values()) set.delete(conn);
    if (conn.recorder && this.recorder) void this.recorder.finish(conn.recorder, code, reason);
  }

  /**
   * A private connection authenticated as `userId`, with a one-time token of the sign-in
   * `session` (its opaque id): when that session ends, so does the connection. The reason when
   * that sign-in or the connection's address has no room (MAX_CONNECTIONS_PER_SESSION,
   * MAX_SIGNED_IN_PER_ADDRESS): the connection must then be closed; '' when it was bound.
   */
  bindUser(conn: Conn, userId: number, session?: string): string {
    const refused = this.slots.bind(conn, session);
    if (refused) return refused;
    conn.signedIn(userId);
    conn.session = session;
    conn.recorder?.start(userId);
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(conn);
    return '';
  }

  /** A sign-in session ended (sign-out, eviction): its private streams close at once, 4401. */
  closeSession(session: string): number {
    let n = 0;
    for (const c of this.conns) {
      if (c.stream !== 'private' || c.session !== session || c.ending) continue;
      c.close(CLOSE_UNAUTHORIZED, 'session ended', { now: true });
      n++;
    }
    return n;
  }

  subscribeTicker(conn: Conn, topic: string): void {
    let set = this.tickerSubs.get(topic);
    if (!set) this.tickerSubs.set(topic, (set = new Set()));
    set.add(conn);
    conn.topics.add(topic);
  }

  unsubscribeTicker(conn: Conn, topic: string): void {
    this.tickerSubs.get(topic)?.delete(conn);
    conn.topics.delete(topic);
  }

  /** Ticker deltas of one market step, each serialised once for all its subscribers. */
  publishTickers(deltas: readonly TickerDelta[], ts: number): void {
    for (const d of deltas) {
      const topic = `tickers.${d.symbol}`;
      const subs = this.tickerSubs.get(topic);
      if (!subs || subs.size === 0) continue;
      const text = JSON.stringify({ topic, type: 'delta', ts, cs: d.cs, data: d.data });
      for (const c of subs) c.data(topic, text);
    }
  }

  /** Engine output: sent to every private connection of `userId` subscribed to `topic`. */
  deliver<T extends PrivateTopic>(userId: number, topic: T, items: TopicEntity[T][]): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    for (const c of set) {
      if (!c.topics.has(topic)) continue;
      this.sendPrivate(c, topic, 'delta', items);
    }
  }

  /**
   * One private data frame on one connection, with its next `seq`. The frame id is the
   * connection's own (connection, topic, seq): it says nothing about other users' traffic.
   */
  sendPrivate(c: Conn, topic: string, type: 'delta' | 'snapshot', data: unknown[]): void {
    const seq = c.nextSeq(topic);
    const frame = {
      id: `${c.id}-${topic}-${seq}`,
      topic,
      type,
      seq,
      creationTime: this.clock.now(),
      data,
    };
    const before = c.framesSent;
    c.data(topic, JSON.stringify(frame));
    if (c.framesSent > before && c.userId !== undefined) {
      this.framesByUser.set(c.userId, (this.framesByUser.get(c.userId) ?? 0) + 1);
    }
  }

  connections(filter: ConnFilter = {}): Conn[] {
    return [...this.conns].filter((c) => matches(c, filter));
  }

  // ---- ConnFaults ----

  delayMs(conn: Conn): number {
    const d = this.delay;
    return d && matches(conn, d) ? d.ms : 0;
  }

  pauseMode(conn: Conn, topic: string): 'none' | 'hold' | 'drop' {
    for (const p of this.pauses) if (p.topic === topic && matches(conn, p)) return p.mode;
    return 'none';
  }

  // ---- fault controls ----

  /** Terminates matching connections without a close frame (clients see 1006). */
  drop(filter: ConnFilter = {}): number {
    const list = this.connections(filter);
    for (const c of list) c.terminate();
    return list.length;
  }

  /** Matching connections go silent: no answers, no pongs, no data, but the socket stays open. */
  halfOpen(filter: ConnFilter = {}): number {
    const list = this.connections(filter);
    for (const c of list) c.halfOpen = true;
    return list.length;
  }

  pause(p: Pause): void {
    this.resume({ topic: p.topic, userId: p.userId, stream: p.stream }, false);
    this.pauses.push(p);
  }

  /**
   * Ends pauses of `topic` (or all): held frames are sent in order; after a dropping pause a
   * ticker gets a fresh snapshot (`onTickerResync`), a private topic shows its gap in `seq`.
   */
  resume(
    which: { topic?: string; userId?: number; stream?: StreamName },
    flush = true,
    onTickerResync?: (conn: Conn, topic: string) => void,
  ): number {
    let n = 0;
    for (let i = this.pauses.length - 1; i >= 0; i--) {
      const p = this.pauses[i] as Pause;
      if (which.topic !== undefined && p.topic !== which.topic) continue;
      if (which.userId !== undefined && p.userId !== which.userId) continue;
      if (which.stream !== undefined && p.stream !== which.stream) continue;
      this.pauses.splice(i, 1);
      n++;
      if (!flush) continue;
      for (const c of this.connections({ stream: p.stream, userId: p.userId })) {
        if (p.mode === 'hold') c.release(p.topic);
        else if (c.stream === 'public' && c.topics.has(p.topic)) onTickerResync?.(c, p.topic);
      }
    }
    return n;
  }

  setDelay(rule: DelayRule | null): void {
    this.delay = rule && rule.ms > 0 ? rule : null;
  }

  skipSeq(topic: string | undefined, count: number, filter: ConnFilter = {}): number {
    const list = this.connections({ ...filter, stream: 'private' });
    for (const c of list) {
      for (const t of topic === undefined ? c.topics : [topic]) c.skipSeq(t, count);
    }
    return list.length;
  }

  malformed(text: string, filter: ConnFilter = {}): number {
    const list = this.connections(filter);
    for (const c of list) c.raw(text);
    return list.length;
  }

  /** A simulated restart: every connection closes (1012) and new ones get ids of a new epoch. */
  restart(): number {
    this.epoch++;
    this.counter = 0;
    const list = this.connections();
    for (const c of list) c.close(CLOSE_RESTART, 'service restart');
    return list.length;
  }

  /**
   * New connections of `stream` (both when not given) are closed as soon as they open, until
   * clearFaults; open ones are left as they are. Returns how many streams are blocked.
   */
  block(stream?: StreamName): number {
    for (const s of stream ? [stream] : (['public', 'private'] as const)) this.blocked.add(s);
    return this.blocked.size;
  }

  /** Clears every stream fault (pauses are resumed and their held frames sent). */
  clearFaults(onTickerResync?: (conn: Conn, topic: string) => void): void {
    this.resume({}, true, onTickerResync);
    this.delay = null;
    this.blocked.clear();
    for (const c of this.conns) c.halfOpen = false;
  }

  /** Shutdown: closes every connection at once (frames still delayed are written first). */
  closeAll(code: number, reason: string): void {
    for (const c of this.conns) c.close(code, reason, { now: true });
  }
}
