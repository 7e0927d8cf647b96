/**
 * Test harness for the connection machine: a protocol-following fake exchange on mock-socket, a
 * recording sink, a manual environment and helpers to drive fake timers. mock-socket delivers
 * every event after a 4 ms timer, so steps advance the fake clock past it.
 */
import { Server, WebSocket as MockWebSocket, type Client } from 'mock-socket';
import { vi } from 'vitest';
import { manualEnvironment } from '@machines/connection-environment';
import { createConnection, type ConnectionActor } from '@machines/connection.machine';
import type {
  ConnectionInput,
  UnauthorizedEvent,
  WebSocketConstructor,
} from '@machines/connection.types';
import type { ClientOp, StreamName } from '@src/wire/protocol';
import type { FrameSink } from '@src/wire/sink';
import { phaseOf } from '@src/pipeline/connection-status';

let serial = 0;

export type SinkCall =
  | { kind: 'data'; stream: StreamName; topic: string; at: number }
  | { kind: 'invalid'; stream: StreamName; reason: string }
  | { kind: 'subscribed'; stream: StreamName; topics: string[]; connId: string | undefined }
  | { kind: 'refused'; stream: StreamName; topics: string[]; reason: string }
  | { kind: 'disconnected'; stream: StreamName };

export function recordingSink(): { sink: FrameSink; calls: SinkCall[] } {
  const calls: SinkCall[] = [];
  const sink: FrameSink = {
    data: (stream, frame, at) => calls.push({ kind: 'data', stream, topic: frame.topic, at }),
    invalid: (stream, reason) => calls.push({ kind: 'invalid', stream, reason }),
    subscribed: (stream, topics, connId) =>
      calls.push({ kind: 'subscribed', stream, topics: [...topics], connId }),
    refused: (stream, topics, reason) =>
      calls.push({ kind: 'refused', stream, topics: [...topics], reason }),
    disconnected: (stream) => calls.push({ kind: 'disconnected', stream }),
  };
  return { sink, calls };
}

/** A mock-socket server answering auth, subscribe, unsubscribe and ping like PROTOCOL.md. */
export class FakeExchange {
  readonly url: string;
  readonly server: Server;
  readonly sockets: Client[] = [];
  /** Client ops received, per connection (index in `sockets`). */
  readonly ops: ClientOp[][] = [];
  accepting = true;
  answerPings = true;
  answerSubscribes = true;
  /** How the server treats an auth op: answer, reject (success:false + close 4401), close, ignore. */
  auth: 'accept' | 'reject' | 'close-4401' | 'silent' = 'accept';
  subscribeOk: (topics: string[]) => boolean = () => true;

  constructor(readonly stream: StreamName) {
    serial += 1;
    this.url = `ws://exchange.test/${stream}/${serial}`;
    this.server = new Server(this.url, { verifyClient: () => this.accepting });
    this.server.on('connection', (socket) => {
      const index = this.sockets.length;
      this.sockets.push(socket);
      this.ops.push([]);
      socket.on('message', (data) => this.onMessage(socket, index, data));
    });
  }

  private onMessage(socket: Client, index: number, data: unknown) {
    const op = JSON.parse(String(data)) as ClientOp;
    this.ops[index]?.push(op);
    const connId = `conn-${index + 1}`;
    const reply = (frame: object) => socket.send(JSON.stringify(frame));
    if (op.op === 'auth') {
      if (this.auth === 'silent') return;
      if (this.auth !== 'close-4401') {
        const ok = this.auth === 'accept';
        const retMsg = ok ? '' : 'invalid token';
        reply({ success: ok, ret_msg: retMsg, op: 'auth', conn_id: connId, req_id: op.req_id });
        if (ok) return;
      }
      socket.close({ code: 4401, reason: 'unauthorized', wasClean: true });
    } else if (op.op === 'subscribe' || op.op === 'unsubscribe') {
      if (!this.answerSubscribes) return;
      const ok = this.subscribeOk(op.args ?? []);
      reply({
        success: ok,
        ret_msg: ok ? '' : 'error:handler not found',
        conn_id: connId,
        req_id: op.req_id,
        op: op.op,
      });
    } else if (op.op === 'ping' && this.answerPings) {
      if (this.stream === 'private') {
        reply({ req_id: op.req_id, op: 'pong', args: ['1732150000000'], conn_id: connId });
      } else {
        reply({ success: true, ret_msg: 'pong', conn_id: connId, req_id: op.req_id, op: 'ping' });
      }
    }
  }

  /** The last connection's socket. */
  get last(): Client {
    const s = this.sockets[this.sockets.length - 1];
    if (!s) throw new Error('no connection yet');
    return s;
  }

  /** Sends a raw frame (object or text) on a connection (default: the last one). */
  push(frame: object | string, socket: Client = this.last): void {
    socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  tickerFrame(symbol: string, type: 'snapshot' | 'delta' = 'snapshot') {
    return {
      topic: `tickers.${symbol}`,
      type,
      ts: 1732150000000,
      cs: 1,
      data: { symbol, lastPrice: '64123.5', markPrice: '64120.1' },
    };
  }

  walletFrame(seq: number) {
    return {
      id: `w-${seq}`,
      topic: 'wallet',
      type: 'delta',
      seq,
      creationTime: 1732150000000,
      data: [
        {
          coin: 'BTC',
          walletBalanceE8: '100000000',
          updatedAtE3: '1732150000000',
          walletVersion: seq,
        },
      ],
    };
  }

  stop(): void {
    this.server.stop();
  }
}

export interface Rig {
  exchange: FakeExchange;
  actor: ConnectionActor;
  calls: SinkCall[];
  env: ReturnType<typeof manualEnvironment>;
  getToken: ReturnType<typeof vi.fn<() => Promise<string>>>;
  unauthorized: UnauthorizedEvent[];
  phase(): string;
  ctx(): ConnectionActor extends { getSnapshot(): { context: infer C } } ? C : never;
  of<K extends SinkCall['kind']>(kind: K): Extract<SinkCall, { kind: K }>[];
  stop(): void;
}

export const MockWebSocketImpl = MockWebSocket as unknown as WebSocketConstructor;

/** Advances fake time by `ms`, running timers and the promise jobs between them. */
export const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** Starts a connection actor against a fresh fake exchange. Call inside fake timers. */
export function rig(
  stream: StreamName,
  overrides: Partial<ConnectionInput> & { online?: boolean; hidden?: boolean } = {},
): Rig {
  const exchange = new FakeExchange(stream);
  const { sink, calls } = recordingSink();
  const env = manualEnvironment({
    online: overrides.online ?? true,
    hidden: overrides.hidden ?? false,
  });
  let n = 0;
  const getToken = vi.fn(async () => {
    n += 1;
    return `ott-${n}`;
  });
  const unauthorized: UnauthorizedEvent[] = [];
  const create = () =>
    createConnection({
      stream,
      url: exchange.url,
      sink,
      topics: stream === 'private' ? ['wallet', 'risk'] : ['tickers.BTCUSDT'],
      WebSocketImpl: MockWebSocketImpl,
      random: () => 0.5,
      env,
      ...(stream === 'private' ? { getToken } : {}),
      ...overrides,
    });
  let actor: ConnectionActor;
  try {
    actor = create();
  } catch (err) {
    exchange.stop(); // a refused input must not leave a server behind
    throw err;
  }

  actor.on('unauthorized', (e) => unauthorized.push(e));
  return {
    exchange,
    actor,
    calls,
    env,
    getToken,
    unauthorized,
    phase: () => phaseOf(actor.getSnapshot()),
    ctx: () => actor.getSnapshot().context,
    of: (kind) => calls.filter((c) => c.kind === kind) as never,
    stop() {
      actor.stop();
      exchange.stop();
    },
  };
}

/** A mock-socket WebSocket class that counts constructions (connection attempts). */
export function countingWebSocket(): { Impl: WebSocketConstructor; created: () => number } {
  let created = 0;
  class Counting extends MockWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      created += 1;
    }
  }
  return { Impl: Counting as unknown as WebSocketConstructor, created: () => created };
}

/**
 * A WebSocket class whose first instance ignores close(): it keeps delivering whatever the server
 * sends, like a socket the supervisor abandoned but the network still feeds.
 */
export function zombieFirstWebSocket(): WebSocketConstructor {
  let created = 0;
  class Zombie extends MockWebSocket {
    private readonly zombie: boolean;
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      created += 1;
      this.zombie = created === 1;
    }
    override close(code?: number, reason?: string): void {
      if (!this.zombie) super.close(code, reason);
    }
  }
  return Zombie as unknown as WebSocketConstructor;
}
