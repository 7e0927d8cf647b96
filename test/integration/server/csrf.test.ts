/**
 * Issue 14, item 1: cross-site request forgery. A text/plain body is taken only by the collector
 * (a cross-site `<form enctype="text/plain">` cannot sign a victim in as someone else), and every
 * state-changing request or websocket upgrade from another origin (another site, another port of
 * this host, an opaque origin) is refused with HTTP 403 and a non-zero ret_code before anything
 * runs. The page's own origin is taken: directly, behind a proxy that sets X-Forwarded-Host, and
 * behind the Vite dev proxy that rewrites Host (the browser's Sec-Fetch-Site says same-origin).
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestEnvelope } from '@src/wire/protocol';
import type { Simulator } from '@server/simulator';
import { HttpClient, startTestSim, WsClient } from './helpers';

type Env = RestEnvelope<unknown>;
const EVIL = 'http://evil.example';
const LOGIN = JSON.stringify({ username: 'trader', password: 'trader123' });

/** A ws upgrade's outcome: the HTTP status of a refusal, or 101. */
function upgrade(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
      socket.terminate();
    });
    socket.once('error', () => undefined);
  });
}

describe('cross-site requests', () => {
  let sim: Simulator;
  let own: string;
  beforeAll(async () => {
    sim = await startTestSim();
    own = sim.url;
  });
  afterAll(() => sim.stop());

  it('refuses a login CSRF: a cross-site text/plain form post signs nobody in', async () => {
    for (const origin of [EVIL, undefined]) {
      const c = new HttpClient(sim.url);
      const r = await c.request<Env>('POST', '/api/login', LOGIN, {
        'content-type': 'text/plain',
        ...(origin ? { origin } : {}),
      });
      expect(r.status, String(origin)).toBe(origin ? 403 : 415);
      expect(r.body.ret_code, String(origin)).not.toBe(0);
      expect(r.headers.get('set-cookie'), String(origin)).toBeNull();
      expect(c.cookie).toBe('');
    }
  });

  it('takes text/plain JSON at the collector only (sendBeacon)', async () => {
    const c = new HttpClient(sim.url);
    const ev = { name: 'x', timestamp: 1, platform: 'pc', env: 'testnet', userAgent: 'ua' };
    const beacon = await c.request<Env>(
      'POST',
      '/api/collect',
      JSON.stringify({
        events: [{ ...ev, pageUrl: '/', userId: '', deviceId: '', sessionId: '' }],
      }),
      { 'content-type': 'text/plain;charset=UTF-8', origin: own },
    );
    expect(beacon.body).toMatchObject({ ret_code: 0, result: { accepted: 1 } });
    const pref = await c.request<Env>(
      'POST',
      '/v3/private/user/member/preferences',
      '{"theme":"x"}',
      {
        'content-type': 'text/plain',
      },
    );
    expect(pref.status).toBe(415);
    expect(pref.body.ret_msg).toMatch(/text\/plain is accepted only by \/collect/);
  });

  it.each([
    ['another site', { origin: EVIL }],
    ['another port of this host', { origin: 'http://127.0.0.1:1' }],
    ['localhost on another port', { origin: 'http://localhost:1' }],
    ['an opaque origin', { origin: 'null' }],
    ['a cross-site Referer without Origin', { referer: `${EVIL}/page` }],
    [
      'a same-site page that says so',
      { origin: 'http://127.0.0.1:1', 'sec-fetch-site': 'same-site' },
    ],
    // A browser (or an extension) that sent neither Origin nor Referer still says where from.
    ['a cross-site request with no Origin or Referer', { 'sec-fetch-site': 'cross-site' }],
    ['a same-site request with no Origin or Referer', { 'sec-fetch-site': 'same-site' }],
  ])('refuses state changes from %s with 403 and keeps the session', async (_what, headers) => {
    const c = new HttpClient(sim.url);
    await c.login('follower');
    const before = (
      await c.post<RestEnvelope<Record<string, unknown>>>('/v3/private/user/member/preferences')
    ).body.result;
    const save = await c.request<Env>(
      'POST',
      '/v3/private/user/member/preferences',
      { theme: 'hacked' },
      headers,
    );
    expect(save.status).toBe(403);
    expect(save.body.ret_code).toBe(33003);
    expect(save.body.ret_msg).toMatch(/cross-origin request refused/);
    const out = await c.request<Env>('POST', '/api/logout', {}, headers);
    expect(out.status).toBe(403);
    expect(out.headers.get('set-cookie')).toBeNull();
    const after = await c.post<RestEnvelope<Record<string, unknown>>>(
      '/v3/private/user/member/preferences',
    );
    expect(after.body.ret_code).toBe(0);
    expect(after.body.result).toEqual(before);
    const login = await new HttpClient(sim.url).request<Env>('POST', '/login', LOGIN, headers);
    expect(login.status).toBe(403);
    expect(login.headers.get('set-cookie')).toBeNull();
  });

  it.each([
    ['the own origin', { origin: '' }],
    ['the own origin as Referer', { referer: '/copy-trade' }],
    ['no Origin at all (not a browser)', {}],
    [
      'a proxy that sets X-Forwarded-Host',
      { origin: 'http://app.test:5173', 'x-forwarded-host': 'app.test:5173' },
    ],
    // npm start: the Vite dev server proxies /api with changeOrigin (Host becomes the simulator's)
    // and keeps the browser's Origin; the browser marks its own-origin request same-origin.
    ['the Vite dev proxy', { origin: 'http://127.0.0.1:5173', 'sec-fetch-site': 'same-origin' }],
    // The same proxy (xfwd: true in vite.config.ts) for an older browser without Sec-Fetch-Site.
    [
      'the Vite dev proxy with xfwd, no Sec-Fetch-Site',
      {
        origin: 'http://127.0.0.1:5173',
        'x-forwarded-host': '127.0.0.1:5173',
        'x-forwarded-proto': 'http',
        'x-forwarded-port': '5173',
        'x-forwarded-for': '127.0.0.1',
      },
    ],
  ])('takes state changes from %s', async (_what, h) => {
    const headers: Record<string, string> = { ...h };
    if (headers.origin === '') headers.origin = own;
    if (headers.referer) headers.referer = own + headers.referer;
    const c = new HttpClient(sim.url);
    const login = await c.request<Env>('POST', '/api/login', LOGIN, headers);
    expect(login.body.ret_code).toBe(0);
    expect((await c.request<Env>('POST', '/user/private/ott', {}, headers)).body.ret_code).toBe(0);
  });

  it('refuses a websocket upgrade from another origin (403), takes its own', async () => {
    for (const path of ['/v5/private', '/ws/v5/public/linear']) {
      expect(await upgrade(`${sim.wsUrl}${path}`, { origin: EVIL })).toBe(403);
      expect(await upgrade(`${sim.wsUrl}${path}`, { origin: 'http://127.0.0.1:1' })).toBe(403);
      expect(await upgrade(`${sim.wsUrl}${path}`, { origin: own })).toBe(101);
      expect(await upgrade(`${sim.wsUrl}${path}`, {})).toBe(101);
    }
    const ws = await WsClient.open(`${sim.wsUrl}/v5/public/linear`, { origin: own });
    expect((await ws.op('ping')).ret_msg).toBe('pong');
    await ws.close();
  });

  it('guards the admin endpoint the same way (a loopback page on another port)', async () => {
    const r = await new HttpClient(sim.url).request<{ error: string }>(
      'POST',
      '/__admin/faults/clear',
      {},
      { origin: 'http://127.0.0.1:1' },
    );
    expect(r.status).toBe(403);
    expect(r.body.error).toMatch(/cross-origin request refused/);
  });
});
