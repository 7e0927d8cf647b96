/**
 * The HTTP server under both servers (server/rest/http-server.ts), as a hostile client finds it:
 * a request body trickled in is cut when its time is up (408), one address holds only so many
 * connections, a socket that sends nothing is closed, and the requests refused before any route
 * (a URL Fastify cannot decode, a request Node's parser refuses) get the envelope and the security
 * headers like every other answer. Account data is never cached. Websockets are exempt from the
 * idle timeout. Limits shortened here; the servers' own are in HTTP_LIMITS.
 */
import { connect, type Socket } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpLimits } from '@server/rest/http-server';
import { startReplayServer } from '@server/replay/server';
import { HttpClient, startTestSim } from './helpers';
import { loadSession } from '../replay/support';

const LIMITS: Partial<HttpLimits> = {
  requestTimeoutMs: 800,
  headersTimeoutMs: 800,
  idleTimeoutMs: 1_500,
  maxConnectionsPerAddress: 8,
  checkEveryMs: 100,
};
/** A ceiling only a server that never answers reaches (a busy machine can stall for seconds). */
const CEILING_MS = 20_000;

interface Served {
  url: string;
  stop(): Promise<void>;
}

const SERVERS: [string, () => Promise<Served>][] = [
  [
    'the simulator',
    async () => {
      const sim = await startTestSim({ httpLimits: LIMITS });
      return { url: sim.url, stop: () => sim.stop() };
    },
  ],
  [
    'the replay server',
    async () => {
      const s = await startReplayServer({
        session: loadSession('follower_session'),
        name: 'follower_session',
        httpLimits: LIMITS,
      });
      return { url: s.url, stop: () => s.stop() };
    },
  ],
];

/** A raw TCP connection to `url`'s port: what it received, and whether it was closed. */
async function raw(
  url: string,
): Promise<{ socket: Socket; text: () => string; closed: Promise<void> }> {
  const socket = connect(Number(new URL(url).port), '127.0.0.1');
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => (text += d));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, text: () => text, closed };
}

/** Resolves true when `p` settles within `ms`, false otherwise. */
const within = (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

const header = (response: string, name: string) =>
  new RegExp(`^${name}: *(.*)$`, 'im').exec(response)?.[1]?.trim();

describe.each(SERVERS)('the HTTP server of %s', (_name, start) => {
  let served: Served;
  beforeAll(async () => {
    served = await start();
  });
  afterAll(() => served.stop());

  it('cuts a request whose body is still trickling in when its time is up: 408, headers, closed', async () => {
    const c = await raw(served.url);
    c.socket.write(
      'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{',
    );
    // A byte now and then: the socket is never idle, only slow.
    const drip = setInterval(() => c.socket.writable && c.socket.write(' '), 200);
    try {
      expect(await within(c.closed, CEILING_MS)).toBe(true);
    } finally {
      clearInterval(drip);
    }
    expect(c.text()).toMatch(/^HTTP\/1\.1 408 /);
    expect(header(c.text(), 'content-security-policy')).toContain("frame-ancestors 'none'");
    expect(header(c.text(), 'x-content-type-options')).toBe('nosniff');
    expect(c.text()).toContain('"ret_code":10001');
  });

  it('closes a connection that sends nothing', async () => {
    const c = await raw(served.url);
    expect(await within(c.closed, CEILING_MS)).toBe(true);
    expect(c.text()).not.toContain('200 OK');
  });

  it('holds at most 8 connections from one address; a place freed is taken again', async () => {
    const held = await Promise.all(Array.from({ length: 8 }, () => raw(served.url)));
    const over = await raw(served.url);
    expect(await within(over.closed, CEILING_MS)).toBe(true);
    expect(over.text()).toBe('');
    held[0]?.socket.destroy();
    await held[0]?.closed;
    // The server counts the freed place when it sees the close: asked again until it has.
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = await fetch(`${served.url}/api/v5/market/time`, {
        headers: { connection: 'close' },
      }).then(
        (r) => r.status,
        () => 0,
      );
      if (status !== 200) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(200);
    for (const h of held) h.socket.destroy();
  });

  it('answers a URL it cannot decode with 400, the envelope and the security headers', async () => {
    const r = await fetch(`${served.url}/assets/%zz.js`);
    expect(r.status).toBe(400);
    expect(r.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(await r.json()).toMatchObject({ ret_code: 10001 });
  });

  it('answers what its parser refuses (a Content-Length that is not a number) the same way', async () => {
    const c = await raw(served.url);
    c.socket.write(
      'GET /api/v5/market/time HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n',
    );
    expect(await within(c.closed, CEILING_MS)).toBe(true);
    expect(c.text()).toMatch(/^HTTP\/1\.1 400 /);
    expect(header(c.text(), 'content-security-policy')).toContain("default-src 'self'");
    expect(header(c.text(), 'referrer-policy')).toBe('same-origin');
    expect(header(c.text(), 'cross-origin-resource-policy')).toBe('same-origin');
    expect(c.text()).toContain('"ret_code":10001');
  });

  it('never lets account data or a stream token be cached', async () => {
    const http = new HttpClient(served.url);
    await http.post('/login', { username: 'follower', password: 'follower123' });
    for (const [method, path] of [
      ['GET', '/v3/private/asset/wallets'],
      ['GET', '/v2/private/user/profile'],
      ['POST', '/user/private/ott'],
      ['GET', '/v3/private/nope'],
    ] as const) {
      const r = await http.request(method, `/api${path}`, method === 'POST' ? {} : undefined);
      expect(r.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('takes text/plain only at the collector (415 at sign-in)', async () => {
    const r = await fetch(`${served.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ username: 'follower', password: 'follower123' }),
    });
    expect(r.status).toBe(415);
    expect(r.headers.get('set-cookie')).toBeNull();
  });

  it('keeps a quiet websocket open past the idle timeout of HTTP sockets', async () => {
    const ws = new WebSocket(`${served.url.replace('http', 'ws')}/v5/public/linear`);
    await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
    await new Promise((r) => setTimeout(r, 2_500));
    expect(ws.readyState).toBe(WebSocket.OPEN);
    const pong = new Promise<string>((resolve) => ws.once('message', (d) => resolve(String(d))));
    ws.send(JSON.stringify({ op: 'ping', req_id: 'p1' }));
    expect(await pong).toContain('"ret_msg":"pong"');
    ws.close();
  });
});
