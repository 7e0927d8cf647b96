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
