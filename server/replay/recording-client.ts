/**
 * The recording client behind `npm run record` (scripts/record.ts): a Node client that records a
 * session file (PROTOCOL.md section 6) of what a user's sockets see. It signs in, takes a one-time
 * token, subscribes to every private topic and to the tickers of every linear symbol, seeds each
 * private topic from REST after subscribing (and again after a seq gap or a reconnect), and
 * records both streams and the snapshot answers through the shared SessionRecorder. Passwords,
 * cookies and tokens never reach the file. The integration tests and the session generator of
 * test/sessions drive it against the simulator with a manual clock.
 */
import WebSocket from 'ws';
import { CALLS, V5_MARKET } from '../../src/api/calls';
import {
  isPrivateTopic,
  NO_PERMISSION_CODES,
  PRIVATE_TOPICS,
  SNAPSHOT_PATHS,
  type PrivateTopic,
  type StreamName,
} from '../../src/wire/protocol';
import { SessionRecorder } from '../../src/pipeline/session-recorder';

export interface RecordOptions {
  /** The dashboard's or the simulator's origin (REST under /api, streams under /ws). */
  url: string;
  username: string;
  password: string;
  /** Ticker symbols; default every trading linear symbol of /v5/market/instruments-info. */
  symbols?: readonly string[];
  /** Private topics; default all seven. */
  topics?: readonly PrivateTopic[];
  /** The recording's ms clock (a test passes the simulator's manual clock); default Date.now. */
  now?: () => number;
  /** Client ping period on each stream (wall ms); default 20 000. */
  pingIntervalMs?: number;
  /**
   * A stream that sends nothing for this long after a ping (wall ms; default 10 000, as the
   * dashboard's connection machine) is taken for dead (a half-open connection): dropped, recorded
   * closed (1006) and reconnected, as the dashboard would, instead of recording silence.
   */
  pongTimeoutMs?: number;
  /** First wait before reconnecting a lost stream (wall ms, doubling to 30 s); default 1 000. */
  reconnectDelayMs?: number;
  /**
   * Receives each line as written; default: kept in memory (`recorder.text()`). The first line
   * (the header) comes only once signed in, so a sink that opens its file at the first line
   * leaves it untouched when the sign-in fails (scripts/record.ts); a sink that throws there
   * makes startRecording reject with its error.
   */
  onLine?: (line: string) => void;
  log?: (message: string) => void;
  /**
   * The recording cannot go on (the token or the session was refused, no one-time token after
   * MAX_TOKEN_ATTEMPTS tries): called once, the streams no longer reconnect.
   */
  onFailure?: (err: RecordError) => void;
}

export interface Recording {
  readonly recorder: SessionRecorder;
  readonly userId: number;
  readonly symbols: readonly string[];
  /** Both streams subscribed and no snapshot request in flight. */
  settled(): Promise<void>;
  /** settled(), and every frame the server sent before now has arrived (a ws ping round trip). */
  sync(): Promise<void>;
  /** Closes both streams (recorded) and ends the recording. */
  stop(): Promise<void>;
}

export class RecordError extends Error {
  override name = 'RecordError';
}

const MAX_ARGS_PER_OP = 10;
const MAX_BACKOFF_MS = 30_000;
/** One-time token requests in a row that may fail before the recording gives up. */
export const MAX_TOKEN_ATTEMPTS = 3;

/** The token of a one-time-token answer, or why there is none (and whether to try again). */
function tokenOf(body: string | undefined): { token: string } | { why: string; fatal: boolean } {
  if (body === undefined) return { why: 'no answer', fatal: false };
  let env: { ret_code?: unknown; ret_msg?: unknown; result?: { token?: unknown } | null };
  try {
    env = JSON.parse(body) as typeof env;
  } catch {
    return { why: 'the answer is not JSON', fatal: false };
  }
  const token = env?.result?.token;
  if (env?.ret_code === 0 && typeof token === 'string' && token !== '') return { token };
  const code = typeof env?.ret_code === 'number' ? env.ret_code : undefined;
  const why = `ret_code ${String(code)}: ${String(env?.ret_msg ?? '')}`;
  // No permission (signed out, session expired): asking again cannot help.
  return { why, fatal: code !== undefined && NO_PERMISSION_CODES.has(code) };
}

interface Link {
  ws: WebSocket | undefined;
  ready: boolean;
  reqId: number;
  attempts: number;
  /** Private: last seq per topic on this connection. */
  seq: Map<string, number>;
  /** Subscribe ops awaiting an answer. */
  pendingOps: number;
}

function apiBase(url: string): string {
  return `${url.replace(/\/+$/, '')}/api`;
}
function wsBase(url: string): string {
  return `${url.replace(/\/+$/, '').replace(/^http/, 'ws')}/ws`;
}

async function readJson(res: Response, what: string): Promise<Record<string, unknown>> {
  const text = await res.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new RecordError(`${what}: HTTP ${res.status}, not JSON`);
  }
}

/** Signs in and starts recording; resolves once both streams are being opened. */
export async function startRecording(opts: RecordOptions): Promise<Recording> {
  const api = apiBase(opts.url);
  const log = opts.log ?? (() => {});
  const pingMs = opts.pingIntervalMs ?? 20_000;
  const pongTimeoutMs = opts.pongTimeoutMs ?? 10_000;
  const baseDelay = opts.reconnectDelayMs ?? 1_000;
  const topics = [...(opts.topics ?? PRIVATE_TOPICS)];

  const login = await fetch(api + CALLS.login.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: opts.username, password: opts.password }),
  }).catch((err: unknown) => {
    throw new RecordError(`cannot reach ${opts.url}: ${(err as Error).message}`);
  });
  const env = await readJson(login, 'login');
  const result = env.result as { userId?: unknown } | null;
  if (env.ret_code !== 0 || typeof result?.userId !== 'number') {
    throw new RecordError(
      `login as ${opts.username} failed: ${String(env.ret_msg ?? login.status)}`,
    );
  }
  const userId = result.userId;
  // Only the session pair goes to the server; it is never written anywhere.
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

  let found = opts.symbols ? [...opts.symbols] : undefined;
  if (!found) {
    const info = await readJson(
      await fetch(`${api}${V5_MARKET.instrumentsInfo}?category=linear`),
      'instruments-info',
    );
    const list = (info.result as { list?: { symbol: string; status?: string }[] } | null)?.list;
    found = (list ?? []).filter((i) => (i.status ?? 'Trading') === 'Trading').map((i) => i.symbol);
  }
  const symbols = found;

  const recorder = new SessionRecorder({
    userId,
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.onLine ? { onLine: opts.onLine } : {}),
  });
  const links: Record<StreamName, Link> = {
    public: { ws: undefined, ready: false, reqId: 0, attempts: 0, seq: new Map(), pendingOps: 0 },
    private: { ws: undefined, ready: false, reqId: 0, attempts: 0, seq: new Map(), pendingOps: 0 },
  };
  const inFlight = new Map<PrivateTopic, { again: boolean }>();
  const timers = new Set<NodeJS.Timeout>();
  let stopping = false;
  let failure: RecordError | undefined;
  let tokenFailures = 0;
  let waiters: (() => void)[] = [];
  const changed = () => {
    const w = waiters;
    waiters = [];
    w.forEach((f) => f());
  };
  /** The recording cannot go on: said once, and nothing reconnects. */
  const fail = (err: RecordError) => {
    if (failure) return;
    failure = err;
    opts.onFailure?.(err);
    changed();
  };
  const later = (ms: number, fn: () => void) => {
    const h = setTimeout(() => {
      timers.delete(h);
      fn();
    }, ms);
    timers.add(h);
  };

  /** A REST call whose answer is recorded when it is one a session holds. */
  const rest = async (method: 'GET' | 'POST', path: string): Promise<string | undefined> => {
    const sentAt = recorder.now();
    try {
      const res = await fetch(api + path, {
        method,
        headers: { cookie, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      const body = await res.text();
      recorder.rest({ sentAt, arrivedAt: recorder.now(), method, path, status: res.status, body });
      return res.ok ? body : undefined;
    } catch (err) {
      log(`${method} ${path}: ${(err as Error).message}`);
      return undefined;
    }
  };

  const seed = (topic: PrivateTopic) => {
    const running = inFlight.get(topic);
    if (running) {
      running.again = true;
      return;
    }
    const entry = { again: false };
    inFlight.set(topic, entry);
    void rest('GET', SNAPSHOT_PATHS[topic]).then(() => {
      inFlight.delete(topic);
      if (entry.again && !stopping) seed(topic);
      changed();
    });
  };

  const send = (stream: StreamName, op: string, args?: string[]) => {
    const link = links[stream];
    if (link.ws?.readyState !== WebSocket.OPEN) return;
    const frame: Record<string, unknown> = { req_id: String(++link.reqId), op };
    if (args) frame.args = args;
    const text = JSON.stringify(frame);
    link.ws.send(text);
    recorder.send(stream, text);
  };

  const subscribe = (stream: StreamName, wanted: readonly string[]) => {
    for (let i = 0; i < wanted.length; i += MAX_ARGS_PER_OP) {
      links[stream].pendingOps++;
      send(stream, 'subscribe', wanted.slice(i, i + MAX_ARGS_PER_OP));
    }
    if (wanted.length === 0) links[stream].ready = true;
  };

  const onAnswer = (stream: StreamName, f: Record<string, unknown>) => {
    const link = links[stream];
    if (f.op === 'auth') {
      if (f.success === true) {
        tokenFailures = 0;
        subscribe('private', topics);
      } else {
        fail(new RecordError(`the private stream refused the token: ${String(f.ret_msg)}`));
        link.ws?.close(1000, 'auth refused');
      }
    } else if (f.op === 'subscribe' && link.pendingOps > 0) {
      if (f.success !== true) log(`${stream} subscribe: ${String(f.ret_msg)}`);
      if (--link.pendingOps === 0) {
        link.ready = true;
        link.attempts = 0;
        if (stream === 'private') topics.forEach(seed);
      }
    }
    changed();
  };

  const onFrame = (stream: StreamName, text: string) => {
    let f: unknown;
    try {
      f = JSON.parse(text);
    } catch {
      return; // recorded as it came; nothing to act on
    }
    if (typeof f !== 'object' || f === null || Array.isArray(f)) return;
    const o = f as Record<string, unknown>;
    if (typeof o.op === 'string' && typeof o.topic !== 'string') return onAnswer(stream, o);
    if (stream !== 'private' || typeof o.topic !== 'string' || !isPrivateTopic(o.topic)) return;
    if (typeof o.seq !== 'number') return;
    const last = links.private.seq.get(o.topic) ?? 0;
    if (o.seq > last) links.private.seq.set(o.topic, o.seq);
    // Frames were lost: the topic is seeded again, as the dashboard does.
    if (o.seq > last + 1) seed(o.topic);
  };

  const connect = (stream: StreamName) => {
    const link = links[stream];
    const path = stream === 'public' ? '/v5/public/linear' : '/v5/private';
    const ws = new WebSocket(wsBase(opts.url) + path, { headers: { cookie } });
    link.ws = ws;
    link.ready = false;
    link.pendingOps = 0;
    link.reqId = 0;
    link.seq = new Map();
    let pinger: NodeJS.Timeout | undefined;
    /** Set by a ping, cleared by any frame: when it fires, nothing came back in time. */
    let deadline: NodeJS.Timeout | undefined;
    const ping = () => {
      send(stream, 'ping');
      deadline ??= setTimeout(() => {
        log(`${stream} stream: nothing for ${pongTimeoutMs} ms after a ping; reconnecting`);
        ws.terminate(); // no close handshake on a dead connection: 'close' comes at once (1006)
      }, pongTimeoutMs);
    };
    ws.on('open', () => {
      recorder.open(stream);
      pinger = setInterval(ping, pingMs);
      if (stream === 'public')
        subscribe(
          'public',
          symbols.map((s) => `tickers.${s}`),
        );
      else
        void rest('POST', CALLS.oneTimeToken.path).then((body) => {
          const got = tokenOf(body);
          if ('token' in got) return send('private', 'auth', [got.token]);
          log(`no one-time token (${got.why})`);
          if (got.fatal || ++tokenFailures >= MAX_TOKEN_ATTEMPTS) {
            const tries = got.fatal ? '' : ` after ${tokenFailures} attempts`;
            fail(new RecordError(`no one-time token${tries}: ${got.why}`));
          }
          ws.close(1000, 'no token');
        });
    });
    ws.on('message', (data: WebSocket.RawData) => {
      const text = Buffer.isBuffer(data)
        ? data.toString('utf8')
        : Array.isArray(data)
          ? Buffer.concat(data).toString('utf8')
          : Buffer.from(data).toString('utf8');
      clearTimeout(deadline);
      deadline = undefined;
      recorder.recv(stream, text);
      onFrame(stream, text);
    });
    ws.on('close', (code: number, reason: Buffer) => {
      clearInterval(pinger);
      clearTimeout(deadline);
      recorder.close(stream, code, reason.toString('utf8'));
      link.ready = false;
      link.ws = undefined;
      if (!stopping && !failure && code !== 4401) {
        const delay = Math.min(MAX_BACKOFF_MS, baseDelay * 2 ** link.attempts++);
        log(`${stream} stream closed (${code}); reconnecting in ${delay} ms`);
        later(delay, () => connect(stream));
      } else if (code === 4401)
        fail(new RecordError('the private stream refused the session (4401)'));
      changed();
    });
    ws.on('error', (err: Error) => log(`${stream} stream: ${err.message}`));
  };

  const waitFor = async (done: () => boolean) => {
    while (!done()) {
      if (failure) throw failure;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
    if (failure) throw failure;
  };
  // A socket the server cut is CLOSING before its close event: not settled until it is back.
  const live = (l: Link) => l.ready && l.ws?.readyState === WebSocket.OPEN;
  const settledNow = () =>
    stopping || (live(links.public) && live(links.private) && inFlight.size === 0);
  const pong = (ws: WebSocket) =>
    new Promise<void>((resolve) => {
      const done = () => {
        ws.off('pong', done);
        ws.off('close', done);
        resolve();
      };
      ws.on('pong', done);
      ws.on('close', done);
      ws.ping();
    });

  connect('public');
  connect('private');

  return {
    recorder,
    userId,
    symbols,
    settled: () => waitFor(settledNow),
    async sync() {
      // Frames that arrive during the round trip may ask for snapshots: repeat until quiet.
      for (let round = 0; round < 10; round++) {
        await waitFor(settledNow);
        const requests = recorder.eventCount;
        await Promise.all(
          Object.values(links).flatMap((l) =>
            l.ws?.readyState === WebSocket.OPEN ? [pong(l.ws)] : [],
          ),
        );
        await waitFor(settledNow);
        if (recorder.eventCount === requests) return;
      }
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      timers.forEach(clearTimeout);
      await Promise.all(
        Object.values(links).map((l) =>
          l.ws
            ? new Promise<void>((resolve) => {
                l.ws?.once('close', () => resolve());
                l.ws?.close(1000, 'recording stopped');
              })
            : Promise.resolve(),
        ),
      );
      recorder.stop();
    },
  };
}
