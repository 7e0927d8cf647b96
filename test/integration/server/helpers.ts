/**
 * Test clients for the simulator: an HTTP client that keeps the session cookie, and a websocket
 * client that records every frame and can wait for one. Real sockets on 127.0.0.1 only.
 */
import WebSocket from 'ws';
import { PRIVATE_TOPICS, type RestEnvelope } from '@src/wire/protocol';
import { startSimulator, type Simulator, type SimulatorOptions } from '@server/simulator';

/**
 * How long a wait for a frame or a pong may take before the test fails: a ceiling only a hung
 * connection reaches, never a measure of speed (a busy shared machine has been seen to hold a
 * process off the CPU for seconds).
 */
const CEILING_MS = 30_000;

/** A simulator on a free port with a manual clock and the admin endpoint. */
export function startTestSim(opts: SimulatorOptions = {}): Promise<Simulator> {
  return startSimulator({ port: 0, clock: 'manual', admin: true, seed: 7, ...opts });
}

export interface HttpResult<T = unknown> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export class HttpClient {
  cookie = '';

  constructor(readonly base: string) {}

  async request<T = RestEnvelope<unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<HttpResult<T>> {
    const init: RequestInit = { method, headers: { ...headers } };
    const h = init.headers as Record<string, string>;
    if (this.cookie) h.cookie = this.cookie;
    if (body !== undefined) {
      h['content-type'] ??= 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const res = await fetch(this.base + path, init);
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const [pair] = setCookie.split(';');
      this.cookie =
        /=$/.test(pair ?? '') || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(setCookie)
          ? ''
          : (pair ?? '');
    }
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed as T, text, headers: res.headers };
  }

  get<T = RestEnvelope<unknown>>(path: string) {
    return this.request<T>('GET', path);
  }

  post<T = RestEnvelope<unknown>>(path: string, body: unknown = {}) {
    return this.request<T>('POST', path, body);
  }

  async login(username: string, password = `${username}123`): Promise<number> {
    const r = await this.post<RestEnvelope<{ userId: number }>>('/login', { username, password });
    if (r.body.ret_code !== 0) throw new Error(`login ${username}: ${r.text}`);
    return r.body.result.userId;
  }

  async ott(): Promise<string> {
    const r = await this.post<RestEnvelope<{ token: string }>>('/user/private/ott');
    if (r.body.ret_code !== 0) throw new Error(`ott: ${r.text}`);
    return r.body.result.token;
  }
}

export interface Closed {
  code: number;
  reason: string;
}

export class WsClient {
  readonly frames: string[] = [];
  readonly closed: Promise<Closed>;
  private waiters: { pred: (f: string) => boolean; from: number; resolve: (f: string) => void }[] =
    [];
  private reqId = 0;

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
    socket.on('message', (data) => {
      const text = (data as Buffer).toString('utf8');
      this.frames.push(text);
      const idx = this.frames.length - 1;
      this.waiters = this.waiters.filter((w) => {
        if (idx >= w.from && w.pred(text)) {
          w.resolve(text);
          return false;
        }
        return true;
      });
    });
    socket.on('error', () => undefined);
  }

  static open(url: string, headers: Record<string, string> = {}): Promise<WsClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers });
      const client = new WsClient(socket);
      socket.once('open', () => resolve(client));
      socket.once('error', reject);
    });
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  nextReqId(): string {
    return `r${++this.reqId}`;
  }

  /** The first frame (from index `from`, default: any) matching `pred`. */
  waitFor(pred: (f: string) => boolean, from = 0, timeoutMs = CEILING_MS): Promise<string> {
    for (let i = from; i < this.frames.length; i++) {
      const f = this.frames[i] as string;
      if (pred(f)) return Promise.resolve(f);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching frame within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        pred,
        from,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      });
    });
  }

  /** Sends an op and resolves with its answer (matched by req_id). */
  async op(op: string, args?: string[]): Promise<Record<string, unknown>> {
    const req_id = this.nextReqId();
    const from = this.frames.length;
    this.send(args === undefined ? { req_id, op } : { req_id, op, args });
    const f = await this.waitFor((t) => t.includes(`"req_id":"${req_id}"`), from);
    return JSON.parse(f) as Record<string, unknown>;
  }

  /** Resolves once every frame the server sent before now has arrived (a ws-level ping). */
  sync(timeoutMs = CEILING_MS): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no pong')), timeoutMs);
      this.socket.once('pong', () => {
        clearTimeout(timer);
        resolve();
      });
      this.socket.ping();
    });
  }

  json(): Record<string, unknown>[] {
    return this.frames.map((f) => JSON.parse(f) as Record<string, unknown>);
  }

  close(): Promise<Closed> {
    this.socket.close();
    return this.closed;
  }
}

/** Signs in, fetches a one-time token, opens and authenticates a private stream. */
export async function privateSession(
  sim: Simulator,
  username: string,
  topics: readonly string[],
): Promise<{ http: HttpClient; ws: WsClient; userId: number }> {
  const http = new HttpClient(sim.url);
  const userId = await http.login(username);
  const ws = await WsClient.open(`${sim.wsUrl}/v5/private`);
  const auth = await ws.op('auth', [await http.ott()]);
  if (auth.success !== true) throw new Error(`auth failed: ${JSON.stringify(auth)}`);
  const sub = await ws.op('subscribe', [...topics]);
  if (sub.success !== true) throw new Error(`subscribe failed: ${JSON.stringify(sub)}`);
  return { http, ws, userId };
}

/** Every private topic, in protocol order. */
export const ALL_PRIVATE_TOPICS = PRIVATE_TOPICS;
