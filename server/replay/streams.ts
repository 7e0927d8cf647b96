/**
 * The two websockets of `replay --serve` (same paths as the simulator). They answer the client's
 * own auth (a one-time token of this server), subscribe, unsubscribe and ping as PROTOCOL.md
 * says, and then the playback sends them the recorded data frames: a frame of a topic goes to
 * the connections subscribed to it, a frame without a known topic (a malformed one, say) to every
 * connection of its stream, exactly as recorded. A ticker subscription gets the quote built so far
 * as a snapshot (as Bybit sends one). A recorded close closes the client's sockets with the
 * recorded code (1006: cut without a close frame), so the dashboard goes through its reconnect.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { isPrivateTopic, type StreamName } from '../../src/stream/protocol';
import type { Cue } from './timeline';
import type { ReplayWorld } from './world';

export const PUBLIC_PATH = '/v5/public/linear';
export const PRIVATE_PATH = '/v5/private';
export const MAX_FRAME_BYTES = 64 * 1024;
const MAX_ARGS = 100;
const TICKER_TOPIC = /^tickers\.([A-Za-z0-9_-]+)$/;

interface Conn {
  id: string;
  stream: StreamName;
  socket: WebSocket;
  authed: boolean;
  topics: Set<string>;
}

/** Close codes a server may send in a close frame (RFC 6455 section 7.4). */
function sendable(code: number): boolean {
  return (
    (code >= 1000 && code <= 1003) ||
    (code >= 1007 && code <= 1014) ||
    (code >= 3000 && code <= 4999)
  );
}

export class ReplayStreams {
  private readonly conns = new Set<Conn>();
  private serial = 0;

  constructor(private readonly world: ReplayWorld) {}

  /** Open connections per stream (the operator's view). */
  count(stream: StreamName): number {
    let n = 0;
    for (const c of this.conns) if (c.stream === stream) n++;
    return n;
  }

  register(app: FastifyInstance): void {
    for (const [url, stream] of [
      [PUBLIC_PATH, 'public'],
      [PRIVATE_PATH, 'private'],
    ] as const) {
      app.route({
        method: 'GET',
        url,
        handler: (_req, reply) =>
          reply.code(426).header('upgrade', 'websocket').send({ error: 'upgrade required' }),
        wsHandler: (socket: WebSocket, req: FastifyRequest) => this.attach(stream, socket, req),
      });
    }
  }

  /** Plays one cue to the connected clients. */
  play(cue: Cue): void {
    const ev = cue.event;
    if (cue.kind === 'frame' && ev.kind === 'recv') {
      for (const c of this.conns) {
        if (c.stream !== ev.stream || !c.authed || !this.wants(c, cue.topic)) continue;
        c.socket.send(ev.frame);
        this.world.served.frames++;
      }
    } else if (cue.kind === 'close' && ev.kind === 'close') {
      for (const c of [...this.conns]) {
        if (c.stream !== ev.stream) continue;
        this.conns.delete(c);
        if (ev.code === 1005) c.socket.close();
        else if (sendable(ev.code)) c.socket.close(ev.code, ev.reason.slice(0, 120));
        else c.socket.terminate(); // 1006 and other codes no server sends: a cut connection
      }
    }
  }

  closeAll(): void {
    for (const c of this.conns) c.socket.close(1001, 'replay stopped');
    this.conns.clear();
  }

  private everyStreamSubscribed(): boolean {
    return this.world.streams.every((stream) =>
      [...this.conns].some((c) => c.stream === stream && c.authed && c.topics.size > 0),
    );
  }

  private wants(c: Conn, topic: string | undefined): boolean {
    if (topic === undefined) return true;
    const known = c.stream === 'private' ? isPrivateTopic(topic) : TICKER_TOPIC.test(topic);
    return !known || c.topics.has(topic);
  }

  private attach(stream: StreamName, socket: WebSocket, _req: FastifyRequest): void {
    const conn: Conn = {
      id: `replay-${stream === 'public' ? 'p' : 'v'}-${++this.serial}`,
      stream,
      socket,
      authed: stream === 'public',
      topics: new Set(),
    };
    this.conns.add(conn);
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      if (isBinary)
        return this.reply(conn, {
          success: false,
          ret_msg: 'error:binary frames are not supported',
          op: '',
        });
      const text = Buffer.isBuffer(data)
        ? data.toString('utf8')
        : Array.isArray(data)
          ? Buffer.concat(data).toString('utf8')
          : Buffer.from(data).toString('utf8');
      this.onOp(conn, text);
    });
    socket.on('close', () => this.conns.delete(conn));
    socket.on('error', () => this.conns.delete(conn));
  }

  private reply(c: Conn, frame: Record<string, unknown>): void {
    c.socket.send(JSON.stringify({ ...frame, conn_id: c.id }));
  }

  private onOp(c: Conn, text: string): void {
    let op: { req_id?: unknown; op?: unknown; args?: unknown };
    try {
      op = JSON.parse(text) as typeof op;
    } catch {
      return this.reply(c, { success: false, ret_msg: 'error:invalid json', op: '' });
    }
    if (typeof op !== 'object' || op === null) {
      return this.reply(c, { success: false, ret_msg: 'error:invalid request', op: '' });
    }
    const req_id = typeof op.req_id === 'string' ? op.req_id : undefined;
    const name = typeof op.op === 'string' ? op.op : '';
    const args = Array.isArray(op.args) ? op.args.slice(0, MAX_ARGS) : [];
    const answer = (success: boolean, ret_msg = '') =>
      this.reply(c, { success, ret_msg, op: name, ...(req_id ? { req_id } : {}) });

    if (name === 'ping') {
      if (c.stream === 'private') {
        return this.reply(c, {
          ...(req_id ? { req_id } : {}),
          op: 'pong',
          args: [String(this.world.now())],
        });
      }
      return answer(true, 'pong');
    }
    if (name === 'auth' && c.stream === 'private') {
      if (c.authed) return answer(true);
      const userId = this.world.useToken(args[0]);
      if (userId === undefined) {
        answer(false, 'error:invalid or used token');
        this.conns.delete(c);
        c.socket.close(4401, 'unauthorized');
        return;
      }
      c.authed = true;
      return answer(true);
    }
    if (name === 'subscribe' || name === 'unsubscribe') {
      if (!c.authed) return answer(false, 'error:not authenticated');
      const valid = (t: unknown): t is string =>
        typeof t === 'string' &&
        (c.stream === 'private' ? isPrivateTopic(t) : TICKER_TOPIC.test(t));
      const bad = args.filter((t) => !valid(t));
      const added: string[] = [];
      for (const t of args.filter(valid)) {
        if (name === 'unsubscribe') c.topics.delete(t);
        else if (!c.topics.has(t)) {
          c.topics.add(t);
          added.push(t);
        }
      }
      answer(bad.length === 0, bad.length === 0 ? '' : 'error:handler not found');
      if (c.stream === 'public') added.forEach((t) => this.sendQuote(c, t));
      // A waiting playback starts once the dashboard subscribed on every recorded stream.
      if (name === 'subscribe' && this.everyStreamSubscribed()) this.world.playback.start();
      return;
    }
    answer(false, `error:unknown op ${JSON.stringify(name).slice(0, 40)}`);
  }

  /** The quote built so far, as the snapshot a subscription gets. */
  private sendQuote(c: Conn, topic: string): void {
    const symbol = TICKER_TOPIC.exec(topic)?.[1] as string;
    const quote = this.world.state().tickers.get(symbol);
    if (!quote) return;
    const ts = this.world.now();
    c.socket.send(JSON.stringify({ topic, type: 'snapshot', ts, cs: ts, data: quote }));
  }
}
