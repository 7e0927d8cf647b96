/**
 * The two websockets of `replay --serve` (same paths as the simulator). Their connections are the
 * simulator's (server/ws/conn.ts: idle timeout, sign-in deadline, op allowance, safe closes) and
 * they answer the client's own auth (a one-time token of this server), subscribe, unsubscribe and
 * ping exactly as the simulator does (the same helpers). Then the playback sends them the
 * recorded data frames: a frame of a topic goes to the connections subscribed to it, a frame
 * without a known topic (a malformed one, say) to every connection of its stream, exactly as
 * recorded. A ticker subscription gets the quote built so far as a snapshot (as Bybit sends one).
 * Only symbols the replay knows can be subscribed (the recorded tickers and the reference market's
 * instruments that rest.ts serves), at most MAX_TICKER_TOPICS a connection: anything else is
 * refused as the simulator refuses an unknown topic, so a client cannot make a connection hold
 * topics without end.
 * A recorded close closes the client's sockets with the recorded code (1006: cut without a close
 * frame), so the dashboard goes through its reconnect.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { isPrivateTopic, type StreamName } from '../../src/wire/protocol';
import { AUTH_TIMEOUT_MS, CLOSE_UNAUTHORIZED, Conn } from '../ws/conn';
import { SendBudget } from '../ws/send-budget';
import { ConnectionSlots, MAX_CONNECTIONS } from '../ws/slots';
import { takeClientFrames, TOO_MANY_REQUESTS } from '../ws/intake';
import { parseOp, privateReply, publicReply } from '../ws/ops';
import { registerStreamPaths } from '../ws/routes';
import {
  planSubscribe,
  planUnsubscribe,
  privatePong,
  TOKEN_ERRORS,
  unknownOp,
} from '../ws/streams';
import { instrumentOf } from '../market/instruments';
import { TimersClock } from './timers-clock';
import { topicsOf, type Cue } from './timeline';
import type { ReplayWorld } from './world';

const TICKER_TOPIC = /^tickers\.([A-Za-z0-9_-]+)$/;
const CLOSE_TRY_AGAIN = 1013;
/**
 * Ticker topics one public connection may hold: far above what a dashboard subscribes (the
 * session's tickers) or the reference market has (its instruments), so only a session file that
 * recorded more tickers than this ever meets it.
 */
export const MAX_TICKER_TOPICS = 200;
/** The answer to a subscribe beyond MAX_TICKER_TOPICS (the rest of the op is taken). */
export const TOO_MANY_TOPICS = `error:too many topics (at most ${MAX_TICKER_TOPICS} a connection)`;

export interface ReplayStreamOptions {
  /** Closed with 4408 after this long without a client frame (wall ms). Default 60 000. */
  idleTimeoutMs?: number;
  /** A private connection must sign in within this long (wall ms). Default 10 000. */
  authTimeoutMs?: number;
  /**
   * Open connections beyond which a new one is closed at once (1013). Default 2 000. Per address
   * the simulator's slots apply (server/ws/slots.ts); nothing is counted per user or sign-in, as
   * every sign-in here is the session's one user.
   */
  maxConnections?: number;
}

/** Close codes a server may send in a close frame (RFC 6455 section 7.4); 1005: no code. */
function sendable(code: number): boolean {
  return (
    code === 1005 ||
    (code >= 1000 && code <= 1003) ||
    (code >= 1007 && code <= 1014) ||
    (code >= 3000 && code <= 4999)
  );
}

export class ReplayStreams {
  private readonly conns = new Set<Conn>();
  private readonly clock: TimersClock;
  /** Unsent bytes over all connections, bounded as the simulator's are. */
  private readonly budget = new SendBudget();
  /** Connection slots over all and per address, as the simulator's. */
  private readonly slots: ConnectionSlots<Conn>;
  private serial = 0;
  /** Ticker topics the session recorded (subscribed to or received). */
  private readonly recordedTickers: ReadonlySet<string>;

  constructor(
    private readonly world: ReplayWorld,
    private readonly opts: ReplayStreamOptions = {},
  ) {
    this.recordedTickers = new Set(topicsOf(world.session.events).public);
    this.clock = new TimersClock(world.timers);
    this.slots = new ConnectionSlots<Conn>(opts.maxConnections ?? MAX_CONNECTIONS);
    world.onSessionEnd = (session) => this.closeSession(session);
  }

  /** A sign-in ended (/logout): its private streams close at once, 4401, as the simulator's. */
  closeSession(session: string): number {
    let n = 0;
    for (const c of [...this.conns]) {
      if (c.stream !== 'private' || c.session !== session || c.ending) continue;
      this.conns.delete(c);
      c.close(CLOSE_UNAUTHORIZED, 'session ended', { now: true });
      n++;
    }
    return n;
  }

  /** Open connections per stream (the operator's view). */
  count(stream: StreamName): number {
    let n = 0;
    for (const c of this.conns) if (c.stream === stream) n++;
    return n;
  }

  register(app: FastifyInstance): void {
    registerStreamPaths(app, (stream, socket, req) => this.attach(stream, socket, req));
  }

  /** Plays one cue to the connected clients. */
  play(cue: Cue): void {
    const ev = cue.event;
    if (cue.kind === 'frame' && ev.kind === 'recv') {
      for (const c of this.conns) {
        if (c.stream !== ev.stream || !this.signedIn(c) || !this.wants(c, cue.topic)) continue;
        c.data(cue.topic ?? '', ev.frame);
        this.world.served.frames++;
      }
    } else if (cue.kind === 'close' && ev.kind === 'close') {
      for (const c of [...this.conns]) {
        if (c.stream !== ev.stream) continue;
        this.conns.delete(c);
        // The reason comes from the file: Conn cuts it to what a close frame holds.
        if (sendable(ev.code)) c.close(ev.code, ev.reason, { now: true });
        else c.terminate(); // 1006 and other codes no server sends: a cut connection
      }
    }
  }

  /**
   * The playback jumped: every connection closes (1012, as a server restart does), so that the
   * dashboard reconnects and re-seeds through its own path: REST snapshots of the new position,
   * quotes as of it on subscribe, then the stream from there.
   */
  reconnectAll(): number {
    let n = 0;
    for (const c of [...this.conns]) {
      this.conns.delete(c);
      c.close(1012, 'replay seek', { now: true });
      n++;
    }
    return n;
  }

  closeAll(): void {
    for (const c of this.conns) c.close(1001, 'replay stopped', { now: true });
    this.conns.clear();
    this.clock.dispose();
  }

  private signedIn(c: Conn): boolean {
    return c.stream === 'public' || c.authed;
  }

  private everyStreamSubscribed(): boolean {
    return this.world.streams.every((stream) =>
      [...this.conns].some((c) => c.stream === stream && this.signedIn(c) && c.topics.size > 0),
    );
  }

  private wants(c: Conn, topic: string | undefined): boolean {
    if (topic === undefined) return true;
    return !this.valid(c.stream, topic) || c.topics.has(topic);
  }

  /**
   * A topic of the stream that the replay knows: a private topic, a ticker topic the session
   * recorded, or the ticker of a symbol of the reference market (the instruments whose quotes
   * rest.ts's market serves, its `market.has`).
   */
  private valid(stream: StreamName, topic: string): boolean {
    if (stream === 'private') return isPrivateTopic(topic);
    if (this.recordedTickers.has(topic)) return true;
    const symbol = TICKER_TOPIC.exec(topic)?.[1];
    return symbol !== undefined && instrumentOf(symbol) !== undefined;
  }

  private attach(stream: StreamName, socket: WebSocket, req: FastifyRequest): void {
    const conn = new Conn({
      id: `replay-${stream === 'public' ? 'p' : 'v'}-${++this.serial}`,
      stream,
      socket,
      clock: this.clock,
      idleMs: this.opts.idleTimeoutMs ?? 60_000,
      authTimeoutMs: this.opts.authTimeoutMs ?? AUTH_TIMEOUT_MS,
      budget: this.budget,
    });
    const forget = () => {
      conn.disposed();
      this.slots.release(conn);
      this.conns.delete(conn);
    };
    socket.on('close', forget);
    socket.on('error', forget);
    const cookieUser = this.world.sessionUser(req.cookies[this.world.cookieName]);
    const refused = this.slots.admit(conn, req.socket.remoteAddress, cookieUser !== undefined);
    if (refused) {
      conn.close(CLOSE_TRY_AGAIN, refused, { now: true });
      return;
    }
    this.conns.add(conn);
    takeClientFrames(conn, (text, allowed) => this.onOp(conn, text, allowed), {
      onError: (err) => req.log.error({ err }, 'replay websocket frame handler failed'),
    });
    // Protocol-level pings count against the op allowance and are answered by hand (autoPong is
    // off in server.ts), as the simulator's: a ping flood is refused and closed (1008).
    socket.on('ping', (payload: Buffer) => conn.controlPing(payload));
  }

  private onOp(c: Conn, text: string, allowed: boolean): void {
    // A signed-in private stream in use keeps its sign-in from ending for idleness.
    if (c.session !== undefined) this.world.touchSession(c.session);
    const p = parseOp(text);
    const reply = c.stream === 'public' ? publicReply : privateReply;
    if (!allowed) return reply(c, p.op, p.reqId, false, TOO_MANY_REQUESTS);
    if (!p.ok) return reply(c, p.op, p.reqId, false, p.message);
    const valid = (t: string) => this.valid(c.stream, t);
    switch (p.op) {
      case 'ping':
        if (c.stream === 'private') return privatePong(c, p.reqId, this.world.now());
        return reply(c, 'ping', p.reqId, true, 'pong');
      case 'pong':
        return;
      case 'subscribe': {
        if (!this.signedIn(c)) return reply(c, p.op, p.reqId, false, 'error:not authenticated');
        const plan = planSubscribe(c.stream, c.topics, p.args, valid);
        // Known topics are bounded already; this bounds a session that recorded very many.
        const room = MAX_TICKER_TOPICS - c.topics.size;
        if (c.stream === 'public' && plan.topics.length > room) {
          plan.topics.length = Math.max(0, room);
          plan.error ||= TOO_MANY_TOPICS;
        }
        for (const t of plan.topics) c.topics.add(t);
        reply(c, p.op, p.reqId, plan.error === '', plan.error);
        if (c.stream === 'public') plan.topics.forEach((t) => this.sendQuote(c, t));
        // A waiting playback starts once the dashboard subscribed on every recorded stream (looked
        // at only while it waits: the look goes over every connection).
        if (this.world.playback.state === 'waiting' && this.everyStreamSubscribed())
          this.world.playback.start();
        return;
      }
      case 'unsubscribe': {
        if (!this.signedIn(c)) return reply(c, p.op, p.reqId, false, 'error:not authenticated');
        const plan = planUnsubscribe(c.stream, p.args, valid);
        for (const t of plan.topics) c.topics.delete(t);
        return reply(c, p.op, p.reqId, plan.error === '', plan.error);
      }
      case 'auth':
        if (c.stream === 'private') return this.auth(c, p.reqId, p.args[0]);
        return reply(c, p.op, p.reqId, false, unknownOp(p.op));
      default:
        return reply(c, p.op, p.reqId, false, unknownOp(p.op));
    }
  }

  private auth(c: Conn, reqId: string | undefined, token: string | undefined): void {
    if (c.authed) return privateReply(c, 'auth', reqId, false, 'error:already authenticated');
    const check = this.world.useToken(token);
    if (!check.ok) {
      privateReply(c, 'auth', reqId, false, TOKEN_ERRORS[check.reason]);
      this.conns.delete(c);
      c.close(CLOSE_UNAUTHORIZED, 'unauthorized', { now: true });
      return;
    }
    // Every sign-in here is the session's one user: counted by address only, never per user.
    const refused = this.slots.bind(c, undefined);
    if (refused) {
      privateReply(c, 'auth', reqId, false, `error:${refused}`);
      this.conns.delete(c);
      c.close(CLOSE_TRY_AGAIN, refused, { now: true });
      return;
    }
    c.signedIn(check.userId);
    c.session = check.session;
    privateReply(c, 'auth', reqId, true, '');
  }

  /** The quote built so far, as the snapshot a subscription gets. */
  private sendQuote(c: Conn, topic: string): void {
    const symbol = TICKER_TOPIC.exec(topic)?.[1] as string;
    const quote = this.world.state().tickers.get(symbol);
    if (!quote) return;
    const ts = this.world.now();
    c.data(topic, JSON.stringify({ topic, type: 'snapshot', ts, cs: ts, data: quote }));
  }
}
