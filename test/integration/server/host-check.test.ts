/**
 * DNS rebinding (security review M3): a page whose own name comes to resolve to 127.0.0.1 is
 * same-origin with itself, so its Origin equals the Host it sends and the Origin check takes it.
 * Both servers therefore take a request only when its Host names them: localhost, an IP address
 * (127.0.0.1, [::1], a LAN address), the address they listen on, or a name given with
 * `allowedHosts` (`--allowed-host`), any port. Anything else is 403 before any route: sign-in,
 * the API, money, the app's files and websocket upgrades. Every request here goes to 127.0.0.1;
 * only the Host header names another site.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedHostName } from '@server/rest/origin-guard';
import { startReplayServer } from '@server/replay/server';
import type { RestEnvelope } from '@src/wire/protocol';
import { loadSession } from '../replay/support';
import { HttpClient, startTestSim } from './helpers';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A raw HTTP request to `base` (127.0.0.1) with the given headers, Host included. */
function call(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Raw> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A websocket upgrade's outcome: the HTTP status of a refusal, or 101. */
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

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const LOGIN = JSON.stringify({ username: 'trader', password: 'trader123' });
const JSON_TYPE = { 'content-type': 'application/json' };

interface Served {
  url: string;
  port: number;
  stop(): Promise<void>;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'assetdeck-hosts-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), INDEX);
  await writeFile(join(dir, 'assets', 'app-AbCd1234.js'), 'console.log("app");');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SERVERS: [string, (allowedHosts?: string[]) => Promise<Served>][] = [
  [
    'the simulator',
    (allowedHosts) => startTestSim({ appDir: dir, ...(allowedHosts ? { allowedHosts } : {}) }),
  ],
  [
    'the replay server',
    (allowedHosts) =>
      startReplayServer({
        session: loadSession('follower_session'),
        name: 'follower_session',
        appDir: dir,
        ...(allowedHosts ? { allowedHosts } : {}),
      }),
  ],
];

describe.each(SERVERS)('the Host check of %s', (_name, start) => {
  let served: Served;
  let rebound: Record<string, string>;
  beforeAll(async () => {
    served = await start();
    const name = `rebind.attacker.example:${served.port}`;
    rebound = { host: name, origin: `http://${name}` };
  });
  afterAll(() => served.stop());

  it('refuses a rebound page everywhere with 403 and the security headers: sign-in, API, app, streams', async () => {
    const login = await call(served.url, 'POST', '/api/login', { ...rebound, ...JSON_TYPE }, LOGIN);
    expect(login.status).toBe(403);
    expect(login.headers['set-cookie']).toBeUndefined();
    const body = JSON.parse(login.text) as RestEnvelope<unknown>;
    expect(body.ret_code).toBe(33003);
    expect(body.ret_msg).toMatch(/host not allowed: "rebind\.attacker\.example:\d+"/);
    expect(login.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(login.headers['x-content-type-options']).toBe('nosniff');
    expect(login.headers['cache-control']).toBe('no-store');
    for (const path of [
      '/login',
      '/api/v5/market/time',
      '/v5/market/tickers?category=linear',
      '/',
      '/copy-trade',
      '/index.html',
      '/assets/app-AbCd1234.js',
      '/assets/image/coins/light/BTC.png',
    ]) {
      const r = await call(served.url, path === '/login' ? 'POST' : 'GET', path, rebound);
      expect(r.status, path).toBe(403);
      expect(r.text, path).not.toMatch(/<html|console\.log|<svg/);
      expect(r.headers['x-frame-options'], path).toBe('DENY');
    }
    const ws = served.url.replace('http', 'ws');
    for (const path of ['/v5/public/linear', '/v5/private', '/ws/v5/public/linear']) {
      expect(await upgrade(`${ws}${path}`, rebound), path).toBe(403);
    }
  });

  it('goes by Host alone: an X-Forwarded-Host naming this machine does not help', async () => {
    // A rebound page is same-origin with itself: it may set any header a page may, this one too.
    const headers = { ...rebound, ...JSON_TYPE, 'x-forwarded-host': '127.0.0.1:5173' };
    expect((await call(served.url, 'POST', '/api/login', headers, LOGIN)).status).toBe(403);
    expect(await upgrade(`${served.url.replace('http', 'ws')}/v5/public/linear`, headers)).toBe(
      403,
    );
  });

  it("takes this machine's names and IP addresses with any port", async () => {
    for (const host of [
      `127.0.0.1:${served.port}`,
      '127.0.0.1',
      `localhost:${served.port}`,
      'LOCALHOST:5173',
      '[::1]:8790',
      '192.168.1.5:8790', // a LAN address (--host 0.0.0.0, or the Vite dev server's /ws proxy)
      '10.0.0.1',
    ]) {
      const r = await call(served.url, 'GET', '/api/v5/market/time', { host });
      expect(r.status, host).toBe(200);
      expect(await upgrade(`${served.url.replace('http', 'ws')}/v5/public/linear`, { host })).toBe(
        101,
      );
    }
    const own = `localhost:${served.port}`;
    const login = await call(
      served.url,
      'POST',
      '/api/login',
      { host: own, origin: `http://${own}`, ...JSON_TYPE },
      LOGIN,
    );
    expect(JSON.parse(login.text)).toMatchObject({ ret_code: 0 });
    expect((await call(served.url, 'GET', '/', { host: own })).text).toBe(INDEX);
  });

  it('refuses names that only look like this machine', async () => {
    for (const host of [
      '127.0.0.1.nip.io',
      'localhost.attacker.example',
      'evil.localhost',
      'localhost.',
      '0x7f.attacker.example',
      'user@127.0.0.1',
    ]) {
      expect((await call(served.url, 'GET', '/api/v5/market/time', { host })).status, host).toBe(
        403,
      );
    }
  });

  it('takes a name given with allowedHosts (--allowed-host), and no other', async () => {
    const other = await start(['DevBox.LAN']);
    try {
      for (const host of ['devbox.lan', `devbox.lan:${other.port}`, 'DEVBOX.lan:5173']) {
        expect((await call(other.url, 'GET', '/api/v5/market/time', { host })).status, host).toBe(
          200,
        );
      }
      for (const host of ['sub.devbox.lan', 'devbox.lan.attacker.example', 'other.lan']) {
        expect((await call(other.url, 'GET', '/api/v5/market/time', { host })).status, host).toBe(
          403,
        );
      }
    } finally {
      await other.stop();
    }
  });
});

describe('a signed-in session under a rebound name', () => {
  it('cannot be driven: settings and transfers are refused, nothing changes', async () => {
    const sim = await startTestSim();
    try {
      const http = new HttpClient(sim.url);
      await http.login('trader');
      const prefs = '/v3/private/user/member/preferences';
      const before = (await http.post<RestEnvelope<Record<string, unknown>>>(prefs)).body.result;
      const transfers = async () =>
        (await http.get<RestEnvelope<{ list: unknown[] }>>('/v3/private/asset/transfer/list')).body;
      // the account's history from before the simulation's start
      const history = (await transfers()).result.list;
      const name = `rebind.attacker.example:${sim.port}`;
      const headers = { host: name, origin: `http://${name}`, cookie: http.cookie, ...JSON_TYPE };
      const save = await call(sim.url, 'POST', `/api${prefs}`, headers, '{"theme":"hacked"}');
      expect(save.status).toBe(403);
      const transfer = await call(
        sim.url,
        'POST',
        '/api/v3/private/asset/transfer',
        headers,
        JSON.stringify({
          coin: 'USDT',
          amount: '1',
          fromAccountType: 'FUND',
          toAccountType: 'SPOT',
          requestId: 'rb1',
        }),
      );
      expect(transfer.status).toBe(403);
      expect(JSON.parse(transfer.text)).toMatchObject({ ret_code: 33003 });
      const list = await transfers();
      expect(list.ret_code).toBe(0);
      expect(list.result.list).toEqual(history);
      expect((await http.post<RestEnvelope<Record<string, unknown>>>(prefs)).body.result).toEqual(
        before,
      );
    } finally {
      await sim.stop();
    }
  });
});

it('takes as allowed names host names only: no port, no wildcard, no URL', () => {
  expect(allowedHostName('DevBox.LAN')).toBe('devbox.lan');
  expect(allowedHostName('::1')).toBe('::1');
  expect(allowedHostName('0.0.0.0')).toBe('0.0.0.0');
  for (const bad of ['devbox.lan:8790', '*.example', 'http://devbox.lan', '', 'a b', 'x/y'])
    expect(() => allowedHostName(bad), bad).toThrow(/expected a host name without a port/);
});
