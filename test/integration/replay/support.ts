/**
 * Helpers of the replay server tests: manual playback timers, a cookie-keeping client, a socket,
 * and the dashboard's own pipeline signed in to `replay --serve`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createStore } from 'jotai';
import WebSocket from 'ws';
import { manualEnvironment } from '@machines/connection-environment';
import { createConnection } from '@machines/connection.machine';
import type { ConnectionTimings } from '@machines/connection.types';
import { NodeWebSocket } from '@machines/node-websocket';
import type { PlaybackTimers } from '@server/replay/playback';
import type { ReplayServer } from '@server/replay/server';
import { topicsOf } from '@server/replay/timeline';
import { createEndpoints } from '@src/api/endpoints';
import { HttpClient } from '@src/api/http';
import { createStreamAtoms } from '@src/state/atoms/stream';
import { toDump } from '@src/state/dump';
import { Ingest } from '@src/pipeline/ingest';
import { taskScheduler } from '@src/pipeline/schedulers';
import type { PrivateTopic } from '@src/wire/protocol';
import { parseSession, type Session } from '@src/wire/session-file';

export const SESSIONS = new URL('../../sessions/', import.meta.url).pathname;

/** A recorded session of test/sessions by name. */
export function loadSession(name: string): Session {
  return parseSession(readFileSync(join(SESSIONS, `${name}.jsonl`), 'utf8'));
}

/** A dump's entities (stats are the client's own counters, not the file's). */
export function entities(dump: unknown): unknown {
  const { stats: _s, ...rest } = JSON.parse(JSON.stringify(dump)) as Record<string, unknown>;
  return rest;
}

/** The entities of the session's expected dump (the simulator's truth at its end). */
export function expectedEntities(name: string): unknown {
  return entities(
    JSON.parse(readFileSync(join(SESSIONS, `${name}.state.json`), 'utf8')) as unknown,
  );
}

/** fetch with a cookie jar of one cookie (Node's fetch has none). */
function cookieFetch(): typeof fetch {
  let cookie = '';
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(input, { ...init, headers });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0] ?? '';
    return res;
  };
}

export interface DashboardOptions {
  /** The connection machines' timings (their defaults when absent). */
  timings?: Partial<ConnectionTimings>;
  /** Called before each snapshot request; a promise it returns holds the request back. */
  beforeSnapshot?: (topic: PrivateTopic) => Promise<void> | undefined;
}

/**
 * The dashboard's own pipeline against `replay --serve` on real sockets: the HTTP client and
 * endpoints signed in as the follower, the ingest seeding from the server's snapshots, and the
 * public and private connection machines on `ws` subscribed to the session's topics.
 */
export async function startDashboard(
  server: ReplayServer,
  session: Session,
  options: DashboardOptions = {},
) {
  const api = createEndpoints(
    new HttpClient({ baseUrl: `${server.url}/api`, fetch: cookieFetch() }),
  );
  const signedIn = await api.login({ username: 'follower', password: 'follower123' });
  const { beforeSnapshot } = options;
  const store = createStore();
  const atoms = createStreamAtoms();
  const ingest = new Ingest({
    store,
    atoms,
    fetchSnapshot: beforeSnapshot
      ? async (topic) => {
          const held = beforeSnapshot(topic);
          if (held) await held;
          return api.fetchSnapshot(topic);
        }
      : (topic) => api.fetchSnapshot(topic),
    scheduler: taskScheduler,
  });
  const topics = topicsOf(session.events);
  const common = {
    sink: ingest,
    WebSocketImpl: NodeWebSocket,
    env: manualEnvironment(),
    ...(options.timings ? { timings: options.timings } : {}),
  };
  const actors = [
    createConnection({
      ...common,
      stream: 'public',
      url: `${server.wsUrl}/ws/v5/public/linear`,
      topics: topics.public,
    }),
    createConnection({
      ...common,
      stream: 'private',
      url: `${server.wsUrl}/ws/v5/private`,
      topics: topics.private,
      getToken: () => api.oneTimeToken().then((t) => t.token),
    }),
  ];
  return {
    signedIn,
    store,
    atoms,
    ingest,
    /** The entities the client holds now (what has been flushed into its store). */
    entities: () => entities(toDump(ingest.peek(), { ...ingest.getStats() })),
    stop: () => {
      for (const a of actors) a.stop();
    },
  };
}

export type Dashboard = Awaited<ReturnType<typeof startDashboard>>;

/**
 * Playback timers that move only when told to. `lag(ms)` moves the clock without running the
 * timers that fall due (an event loop too busy to run them on time, as under heavy load); the
 * next `advance` runs them, late.
 */
export function manualTimers(): PlaybackTimers & {
  advance(ms: number): void;
  lag(ms: number): void;
} {
  let now = 0;
  let seq = 0;
  let queue: { at: number; seq: number; fn: () => void }[] = [];
  return {
    now: () => now,
    setTimeout(fn, ms) {
      const h = { at: now + ms, seq: ++seq, fn };
      queue.push(h);
      return h;
    },
    clearTimeout(h) {
      queue = queue.filter((x) => x !== h);
    },
    advance(ms) {
      const target = now + ms;
      for (;;) {
        const due = queue
          .filter((x) => x.at <= target)
          .sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
        if (!due) break;
        queue = queue.filter((x) => x !== due);
        now = due.at;
        due.fn();
      }
      now = target;
    },
    lag(ms) {
      now += ms;
    },
  };
}

export class Client {
  cookie = '';
  constructor(readonly base: string) {}

  async call<T = { ret_code: number; result: unknown; time_now: string }>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T; text: string }> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.base + path, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0] ?? '';
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed as T, text };
  }
}

export class Socket {
  readonly frames: string[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    ws.on('message', (d) => this.frames.push((d as Buffer).toString('utf8')));
    ws.on('error', () => undefined);
  }

  /**
   * `cookie`: sent with the upgrade (a signed-in dashboard's); `localAddress`: the loopback
   * address to connect from (127.0.0.2 and up are other clients to the server's per-address limits).
   */
  static open(url: string, opts: { cookie?: string; localAddress?: string } = {}): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, {
        ...(opts.cookie ? { headers: { cookie: opts.cookie } } : {}),
        ...(opts.localAddress ? { localAddress: opts.localAddress } : {}),
      });
      const s = new Socket(ws);
      ws.once('open', () => resolve(s));
      ws.once('error', reject);
    });
  }

  send(o: unknown): void {
    this.ws.send(typeof o === 'string' ? o : JSON.stringify(o));
  }

  /** Resolves once every frame sent before now has arrived (a ws-level ping round trip). */
  sync(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.ws.off('pong', done);
        this.ws.off('close', done);
        resolve();
      };
      this.ws.on('pong', done);
      this.ws.on('close', done);
      if (this.ws.readyState === WebSocket.OPEN) this.ws.ping();
      else done();
    });
  }

  /** Sends an op and returns its answer (matched by req_id). */
  async op(op: string, args?: unknown[], reqId = op): Promise<Record<string, unknown>> {
    const from = this.frames.length;
    this.send(args ? { req_id: reqId, op, args } : { req_id: reqId, op });
    for (let i = 0; i < 200; i++) {
      await this.sync();
      const hit = this.frames
        .slice(from)
        .find((f) => (JSON.parse(f) as { req_id?: string }).req_id === reqId);
      if (hit) return JSON.parse(hit) as Record<string, unknown>;
    }
    throw new Error(`no answer to ${op}`);
  }

  close(): Promise<{ code: number; reason: string }> {
    this.ws.close();
    return this.closed;
  }
}
