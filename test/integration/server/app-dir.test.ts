/** `--app DIR`: the simulator alone as a same-origin deployment of a built dashboard. */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '@server/simulator';
import { startSimulator } from '@server/simulator';
import { HttpClient, startTestSim, WsClient } from './helpers';

describe('serving a built dashboard', () => {
  let dir: string;
  let sim: Simulator;
  const INDEX =
    '<!doctype html><html><body><div id="root"></div><script src="/assets/app.js"></script></body></html>';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'assetdeck-app-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), INDEX);
    await writeFile(join(dir, 'assets', 'app.js'), 'console.log("app");');
    sim = await startTestSim({ appDir: dir });
  });
  afterAll(async () => {
    await sim.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves files, and index.html for any page route', async () => {
    const http = new HttpClient(sim.url);
    for (const path of ['/', '/login', '/assets/overview', '/copytrade/positions?tab=open']) {
      const r = await http.get(path);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/text\/html/);
      expect(r.text).toBe(INDEX);
    }
    const js = await http.get('/assets/app.js');
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(js.text).toBe('console.log("app");');
  });

  it('answers a missing file (a lazy chunk of an older build, an image) 404, not the app', async () => {
    const http = new HttpClient(sim.url);
    for (const path of ['/assets/Screen-1a2b3c4d.js', '/missing.png', '/locales/xx/none.json']) {
      const r = await http.get(path);
      expect(r.status, path).toBe(404);
      expect(r.text, path).not.toMatch(/<html/);
    }
  });

  it('keeps the API under /api and the streams under /ws, same origin', async () => {
    const http = new HttpClient(sim.url);
    const login = await http.post('/api/login', { username: 'follower', password: 'follower123' });
    expect(login.body).toMatchObject({ ret_code: 0 });
    expect((await http.get('/api/v3/private/asset/wallets')).body).toMatchObject({ ret_code: 0 });
    expect((await http.get('/api/v3/private/nothing')).status).toBe(404);
    const ws = await WsClient.open(`${sim.wsUrl}/ws/v5/private`, { cookie: http.cookie });
    expect((await ws.op('auth', [await http.ott()])).success).toBe(true);
    await ws.close();
  });

  it('refuses to start without an index.html', async () => {
    await expect(startSimulator({ port: 0, appDir: join(dir, 'assets') })).rejects.toThrow(
      /index\.html/,
    );
  });
});

describe('the static host coin icons, stood in for on the page origin', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startTestSim();
  });
  afterAll(async () => {
    await sim.stop();
  });

  it('draws a badge for a coin, per theme, cached for a day', async () => {
    const http = new HttpClient(sim.url);
    const r = await http.get(
      '/assets/image/coins/dark/btc.png?x-oss-process=image/resize,w_48,h_48',
    );
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(r.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(r.text).toMatch(/^<svg [^>]*width="48" height="48"/);
    expect(r.text).toContain('>BTC</text>');
    // the same coin, the same colour: a badge is the coin's, not random
    expect((await http.get('/assets/image/coins/dark/btc.png')).text).toBe(r.text);
  });

  it('answers nothing it does not know: another theme, a name with markup, a path escape', async () => {
    const http = new HttpClient(sim.url);
    for (const path of [
      '/assets/image/coins/blue/btc.png',
      '/assets/image/coins/light/%3Cscript%3E.png',
      '/assets/image/coins/light/btc.svg',
      '/assets/image/coins/light/..%2F..%2Findex.png',
    ]) {
      const r = await http.get(path);
      expect(r.status, path).toBe(404);
      expect(r.text, path).not.toMatch(/<svg|<script/);
    }
  });
});
