/** Helpers of the replay server tests: manual playback timers, a cookie-keeping client, a socket. */
import WebSocket from 'ws';
import type { PlaybackTimers } from '@server/replay/playback';

export const SESSIONS = new URL('../../sessions/', import.meta.url).pathname;

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

  static open(url: string): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
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
