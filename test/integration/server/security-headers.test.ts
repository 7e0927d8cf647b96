/**
 * Issue 14, item 8: the served dashboard (simulator `--app`, `replay --serve --app`) carries a
 * Content-Security-Policy that forbids framing and inline scripts, X-Frame-Options, nosniff and a
 * Referrer-Policy; index.html has no inline script; source maps are neither built nor served; and
 * /robots.txt is the build's robots file (public/robots.txt, the one source), not the app.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplayServer } from '@server/replay/server';
import { startReplayServer } from '@server/replay/server';
import type { Simulator } from '@server/simulator';
import { parseSession } from '@src/wire/session-file';
import viteConfig from '../../../vite.config';
import { HttpClient, startTestSim } from './helpers';

const ROOT = join(__dirname, '../../..');
const INDEX =
  '<!doctype html><html><head><script src="/theme-boot.js"></script></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';

function expectSecurityHeaders(h: Headers, what: string): void {
  const csp = h.get('content-security-policy') ?? '';
  expect(csp, what).toMatch(/frame-ancestors 'none'/);
  expect(csp, what).toMatch(/script-src 'self'(;|$)/);
  expect(csp, what).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp, what).toMatch(/object-src 'none'/);
  expect(h.get('x-frame-options'), what).toBe('DENY');
  expect(h.get('x-content-type-options'), what).toBe('nosniff');
  expect(h.get('referrer-policy'), what).toBe('same-origin');
  // No other origin may load an answer as an image, script or style (security review L5).
  expect(h.get('cross-origin-resource-policy'), what).toBe('same-origin');
}

describe('security headers, source maps and robots.txt', () => {
  let dir: string;
  let sim: Simulator;
  let replay: ReplayServer;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'assetdeck-headers-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), INDEX);
    await writeFile(join(dir, 'assets', 'app.js'), 'console.log("app");');
    // Vite copies public/ into every build: the robots file comes with the app.
    await writeFile(join(dir, 'robots.txt'), await readFile(join(ROOT, 'public/robots.txt')));
    // A build that left a source map behind: it must still not be served.
    await writeFile(join(dir, 'assets', 'app.js.map'), '{"version":3,"sources":["secret.ts"]}');
    sim = await startTestSim({ appDir: dir });
    const text = await readFile(join(ROOT, 'test/sessions/follower_example.jsonl'), 'utf8');
    replay = await startReplayServer({ session: parseSession(text), appDir: dir });
  });
  afterAll(async () => {
    await sim?.stop();
    await replay?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  for (const which of ['simulator', 'replay server'] as const) {
    it(`${which}: every answer carries the headers (page, route, asset, API, 404)`, async () => {
      const http = new HttpClient(which === 'simulator' ? sim.url : replay.url);
      for (const path of ['/', '/login', '/assets/app.js', '/api/v3/config/web', '/api/nope']) {
        const r = await http.request(path === '/api/v3/config/web' ? 'POST' : 'GET', path);
        expectSecurityHeaders(r.headers, `${which} ${path}`);
      }
    });

    it(`${which}: source maps are a 404, not a file and not the app`, async () => {
      const http = new HttpClient(which === 'simulator' ? sim.url : replay.url);
      for (const path of ['/assets/app.js.map', '/assets/missing.js.map']) {
        const r = await http.get(path);
        expect(r.status, path).toBe(404);
        expect(r.text, path).not.toMatch(/secret\.ts|<html/);
      }
    });

    it(`${which}: /robots.txt keeps crawlers out as text, not the app's HTML`, async () => {
      const r = await new HttpClient(which === 'simulator' ? sim.url : replay.url).get(
        '/robots.txt',
      );
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(r.text).toBe(await readFile(join(ROOT, 'public/robots.txt'), 'utf8'));
      expect(r.text).toMatch(/^User-agent: \*$/m);
      expect(r.text).toMatch(/^Disallow: \/$/m);
    });
  }

  it('index.html has no inline script (CSP needs no unsafe-inline) and loads the theme first', async () => {
    const html = await readFile(join(ROOT, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc="/);
      expect(body?.trim()).toBe('');
    }
    // The theme script stays classic (parser-blocking, before the first paint) and in <head>.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<script src="\/theme-boot\.js"><\/script>/);
    const boot = await readFile(join(ROOT, 'public/theme-boot.js'), 'utf8');
    expect(boot).toMatch(/ASSETDECK_THEME/);
    expect(boot).toMatch(/data-mantine-color-scheme/);
  });

  it('the build writes no public source maps', () => {
    // The config is a function of the command (the build resolves react-router's production build).
    const config = viteConfig({ command: 'build', mode: 'production' }) as {
      build?: { sourcemap?: unknown };
    };
    expect(config.build).toBeDefined();
    expect([false, 'hidden', undefined]).toContain(config.build?.sourcemap);
  });
});
