/**
 * Who can drive the operator endpoints (the simulator's /__admin, the replay server's /__replay):
 * only a caller on this machine, by address and by Host name, at the endpoint's own path (never
 * through the /api or /ws prefixes, so a dev proxy does not expose it), and a POST only with a
 * JSON content type (what a cross-site no-cors request or a form cannot send).
 */
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopback, isLoopbackHost } from '@server/admin/operator-guard';
import { startReplayServer, type ReplayServer } from '@server/replay/server';
import type { Simulator } from '@server/simulator';
import { parseSession } from '@src/wire/session-file';
import { privateSession, startTestSim, WsClient } from './helpers';

const ROOT = join(__dirname, '../../..');

/** A raw HTTP request (fetch may not set Host). */
function call(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; text: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const JSON_TYPE = { 'content-type': 'application/json' };

describe('the simulator admin endpoint', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startTestSim();
  });
  afterAll(() => sim.stop());

  it('refuses a POST without a JSON content type, and nothing happens', async () => {
    const { ws } = await privateSession(sim, 'follower', ['wallet']);
    const attempts: [Record<string, string>, string | undefined][] = [
      [{}, undefined], // curl -X POST with no body
      [{ 'content-type': 'text/plain;charset=UTF-8' }, '{}'], // fetch(..., {mode: 'no-cors'})
      [{ 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'], // a form
      [{ 'content-type': 'multipart/form-data; boundary=x' }, '--x--'],
    ];
    for (const [headers, body] of attempts) {
      for (const path of [
        '/__admin/faults/drop',
        '/__admin/faults/restart',
        '/__admin/faults/clear',
      ]) {
        expect((await call(sim.url, 'POST', path, headers, body)).status, path).toBe(415);
      }
    }
    expect((await ws.op('ping')).op).toBe('pong');
    const ok = await call(sim.url, 'POST', '/__admin/faults/drop', JSON_TYPE, '{}');
    expect(ok).toMatchObject({ status: 200 });
    expect(JSON.parse(ok.text)).toEqual({ ok: true, affected: 1 });
    expect((await ws.closed).code).toBe(1006);
  });

  it('answers only when the Host header names this machine (no DNS rebinding)', async () => {
    for (const host of [
      '127.0.0.1',
      `127.0.0.1:${sim.port}`,
      'localhost:8790',
      'LOCALHOST',
      '[::1]:80',
    ])
      expect((await call(sim.url, 'GET', '/__admin/truth/1001', { host })).status, host).toBe(200);
    // A foreign name is refused by the Host check of every path (403, origin-guard.ts); an IP
    // address passes it, but is not this machine's name: the endpoint is not there for it.
    for (const host of ['evil.example', `evil.example:${sim.port}`, '127.0.0.1.nip.io'])
      expect((await call(sim.url, 'GET', '/__admin/truth/1001', { host })).status, host).toBe(403);
    for (const host of ['10.0.0.1', '[fe80::1]:8790'])
      expect((await call(sim.url, 'GET', '/__admin/truth/1001', { host })).status, host).toBe(404);
    const post = await call(
      sim.url,
      'POST',
      '/__admin/faults/clear',
      {
        ...JSON_TYPE,
        host: 'attacker.example',
      },
      '{}',
    );
    expect(post.status).toBe(403);
    expect(JSON.parse(post.text)).toEqual({ error: expect.stringMatching(/host not allowed/) });
  });

  it('refuses what a browser sends, even from its own origin (the dashboard served with --app)', async () => {
    const own = `http://127.0.0.1:${sim.port}`;
    const page = { origin: own, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' };
    const fault = await call(
      sim.url,
      'POST',
      '/__admin/faults/reject-token',
      { ...JSON_TYPE, ...page },
      '{"count":1000}',
    );
    expect(fault.status).toBe(403);
    expect(JSON.parse(fault.text)).toEqual({
      error: expect.stringMatching(/takes no requests from a browser/),
    });
    // Nothing was armed: a stream still signs in.
    const { ws } = await privateSession(sim, 'leader', ['wallet']);
    await ws.close();
    for (const headers of [
      { origin: own } as Record<string, string>,
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' },
      { 'sec-fetch-mode': 'no-cors' },
      { 'sec-fetch-dest': 'empty' },
      { 'sec-fetch-user': '?1' },
    ]) {
      const r = await call(sim.url, 'GET', '/__admin/truth/1001', headers);
      expect(r.status, JSON.stringify(headers)).toBe(403);
      expect(r.text, JSON.stringify(headers)).not.toContain('wallets');
    }
    // What the tools send: curl nothing, Node's own fetch `Sec-Fetch-Mode: cors` alone.
    expect((await call(sim.url, 'GET', '/__admin/truth/1001')).status).toBe(200);
    expect(
      (await call(sim.url, 'GET', '/__admin/status', { 'sec-fetch-mode': 'cors' })).status,
    ).toBe(200);
    const viaFetch = await fetch(`${sim.url}/__admin/faults/clear`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: '{}',
    });
    expect(viaFetch.status).toBe(200);
  });

  it('is not there behind the page-origin prefixes (/api, /ws)', async () => {
    for (const path of ['/api/__admin/truth/1001', '/ws/__admin/status', '/api/__admin/status']) {
      expect((await call(sim.url, 'GET', path)).status, path).toBe(404);
    }
    expect((await call(sim.url, 'POST', '/api/__admin/faults/clear', JSON_TYPE, '{}')).status).toBe(
      404,
    );
    expect((await call(sim.url, 'GET', '/__admin/status')).status).toBe(200);
  });

  it('knows which addresses and names are loopback', () => {
    for (const a of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.0.0.2'])
      expect(isLoopback(a)).toBe(true);
    for (const a of ['10.0.0.1', '192.168.1.2', '::ffff:10.0.0.1', 'fe80::1', undefined])
      expect(isLoopback(a)).toBe(false);
    for (const h of ['localhost', '127.0.0.1:1', '[::1]', '[::1]:8790'])
      expect(isLoopbackHost(h)).toBe(true);
    for (const h of ['', 'localhost.evil', 'evil.localhost', '::1', '127.0.0.2', undefined])
      expect(isLoopbackHost(h)).toBe(false);
  });
});

describe('the replay operator endpoint', () => {
  let server: ReplayServer;
  beforeAll(async () => {
    const session = parseSession(
      readFileSync(join(ROOT, 'test/sessions/race_snapshot.jsonl'), 'utf8'),
    );
    server = await startReplayServer({ session });
  });
  afterAll(() => server.stop());

  it('takes JSON controls from this machine at its own path only', async () => {
    const pause = JSON.stringify({ action: 'pause' });
    expect((await call(server.url, 'POST', '/__replay/control', JSON_TYPE, pause)).status).toBe(
      200,
    );
    expect(
      (await call(server.url, 'POST', '/__replay/control', { 'content-type': 'text/plain' }, pause))
        .status,
    ).toBe(415);
    expect((await call(server.url, 'POST', '/__replay/control')).status).toBe(415);
    expect(
      (await call(server.url, 'GET', '/__replay/state', { host: 'evil.example' })).status,
    ).toBe(403);
    expect((await call(server.url, 'GET', '/__replay/state', { host: '10.0.0.1' })).status).toBe(
      404,
    );
    expect((await call(server.url, 'GET', '/api/__replay/state')).status).toBe(404);
    expect((await call(server.url, 'GET', '/__replay/state')).status).toBe(200);
  });

  it('takes requests from its own operator page (a browser on its own origin)', async () => {
    const page = {
      origin: server.url,
      'sec-fetch-site': 'same-origin',
      'sec-fetch-mode': 'cors',
      'sec-fetch-dest': 'empty',
    };
    expect((await call(server.url, 'GET', '/__replay/state', page)).status).toBe(200);
    const pause = JSON.stringify({ action: 'pause' });
    expect(
      (await call(server.url, 'POST', '/__replay/control', { ...JSON_TYPE, ...page }, pause))
        .status,
    ).toBe(200);
    const navigate = { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' };
    expect((await call(server.url, 'GET', '/__replay', navigate)).status).toBe(200);
  });
});

describe('the dev server proxy (vite.config.ts)', () => {
  let sim: Simulator;
  let vite: ViteDevServer;
  beforeAll(async () => {
    sim = await startTestSim();
    const before = process.env.ASSETDECK_SIM_PORT;
    process.env.ASSETDECK_SIM_PORT = String(sim.port);
    try {
      vite = await createServer({
        root: ROOT,
        configFile: join(ROOT, 'vite.config.ts'),
        logLevel: 'silent',
        server: { port: 0, host: '127.0.0.1' },
      });
      await vite.listen();
    } finally {
      if (before === undefined) delete process.env.ASSETDECK_SIM_PORT;
      else process.env.ASSETDECK_SIM_PORT = before;
    }
  });
  afterAll(async () => {
    await vite?.close();
    await sim?.stop();
  });

  it('forwards REST and the streams but never reaches the admin endpoint', async () => {
    const base = vite.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? '';
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const time = await call(base, 'GET', '/api/v5/market/time');
    expect(time.status).toBe(200);
    expect(JSON.parse(time.text)).toMatchObject({ retCode: 0 });
    const ws = await WsClient.open(`${base.replace('http', 'ws')}/ws/v5/public/linear`);
    expect((await ws.op('ping')).ret_msg).toBe('pong');
    await ws.close();
    expect((await call(base, 'GET', '/api/__admin/truth/1001')).status).toBe(404);
    expect((await call(base, 'POST', '/api/__admin/faults/restart', JSON_TYPE, '{}')).status).toBe(
      404,
    );
  });
});
