/**
 * The built dashboard served compressed (server/app-files.ts): brotli or gzip as the browser
 * accepts, precompressed siblings when the build made them, immutable caching of hashed assets,
 * revalidation (ETag, 304) of the rest, and never a source map. Same code in the replay server.
 */
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding } from '@server/app-files';
import { startReplayServer } from '@server/replay/server';
import { parseSession } from '@src/wire/session-file';
import { startTestSim } from './helpers';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-AbCd1234.js"></script></head><body><div id="root"></div>${' '.repeat(1200)}</body></html>`;
const LOCALE = JSON.stringify({ a: 'x'.repeat(2000) });
const MARKER = 'precompressed sibling';

const SECRET = 'outside the app folder';

let dir: string;
let outside: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'assetdeck-gz-'));
  await mkdir(join(dir, 'assets'));
  await mkdir(join(dir, 'locales', 'en'), { recursive: true });
  await writeFile(join(dir, 'index.html'), INDEX);
  await writeFile(join(dir, 'assets', 'index-AbCd1234.js'), JS);
  await writeFile(join(dir, 'assets', 'index-AbCd1234.js.map'), '{"sources":["secret.ts"]}');
  // A build's own .br is sent as it is (here a marker, to tell it from one made on request).
  await writeFile(join(dir, 'assets', 'style-EfGh5678.css'), 'body{color:red}'.repeat(200));
  await writeFile(
    join(dir, 'assets', 'style-EfGh5678.css.br'),
    brotliCompressSync(Buffer.from(MARKER)),
  );
  await writeFile(join(dir, 'locales', 'en', 'user-assets.json'), LOCALE);
  // A tool's dot-files in the folder (security review L4): never served.
  await writeFile(join(dir, '.hidden.json'), `{"secret":"${SECRET}"}`);
  await mkdir(join(dir, '.vite'));
  await writeFile(join(dir, '.vite', 'manifest.json'), `{"secret":"${SECRET}"}`);
  await writeFile(join(dir, 'assets', '.env.js'), `export const secret = "${SECRET}";`);
  // Links out of the folder (a file, a folder, a precompressed sibling): never followed out.
  outside = await mkdtemp(join(tmpdir(), 'assetdeck-outside-'));
  await writeFile(join(outside, 'secret.json'), `{"secret":"${SECRET}"}`);
  await writeFile(join(outside, 'secret.txt'), SECRET);
  await writeFile(join(outside, 'secret.gz'), gzipSync(SECRET));
  await symlink(join(outside, 'secret.json'), join(dir, 'link.json'));
  await symlink(join(outside, 'secret.txt'), join(dir, 'link.txt'));
  await symlink(outside, join(dir, 'linked'));
  await symlink(join(outside, 'secret.gz'), join(dir, 'assets', 'style-EfGh5678.css.gz'));
  // A link that stays inside the folder is the app's own file.
  await symlink(join(dir, 'locales', 'en', 'user-assets.json'), join(dir, 'alias.json'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

it('picks brotli, then gzip, then none, from Accept-Encoding', () => {
  expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
  expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
  expect(pickEncoding('*')).toBe('br');
  expect(pickEncoding(undefined)).toBe('identity');
  expect(pickEncoding('identity, gzip;q=0')).toBe('identity');
});

const SERVERS: Record<string, (appDir: string) => Promise<{ url: string; stop(): Promise<void> }>> =
  {
    simulator: (appDir) => startTestSim({ appDir }),
    'replay server': (appDir) =>
      startReplayServer({
        session: parseSession(
          '{"kind":"header","version":1,"recordedAt":"2026-11-25T00:00:00.000Z","userId":1001}\n{"t":0,"kind":"open","stream":"private"}\n',
        ),
        name: 'x',
        port: 0,
        appDir,
      }),
  };

for (const [which, start] of Object.entries(SERVERS)) {
  describe(`the dashboard served compressed by the ${which}`, () => {
    let server: { url: string; stop(): Promise<void> };
    const base = () => server.url;
    beforeAll(async () => {
      server = await start(dir);
    });
    afterAll(async () => {
      await server?.stop();
    });

    it(`${which}: hashed JS in brotli or gzip, immutable, the same bytes unpacked`, async () => {
      const br = await get(base(), '/assets/index-AbCd1234.js', { 'accept-encoding': 'gzip, br' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['vary']).toMatch(/accept-encoding/i);
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers['content-security-policy']).toBeTruthy();
      expect(br.body.length).toBeLessThan(JS.length / 3);
      expect(brotliDecompressSync(br.body).toString()).toBe(JS);

      const gz = await get(base(), '/assets/index-AbCd1234.js', { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).toString()).toBe(JS);

      const plain = await get(base(), '/assets/index-AbCd1234.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(JS);
    });

    it(`${which}: a precompressed sibling is sent as built`, async () => {
      const r = await get(base(), '/assets/style-EfGh5678.css', { 'accept-encoding': 'br' });
      expect(r.headers['content-encoding']).toBe('br');
      expect(r.headers['content-type']).toMatch(/text\/css/);
      expect(brotliDecompressSync(r.body).toString()).toBe(MARKER);
    });

    it(`${which}: index.html and locales revalidate (ETag, 304)`, async () => {
      const first = await get(base(), '/locales/en/user-assets.json', {
        'accept-encoding': 'gzip',
      });
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(gunzipSync(first.body).toString()).toBe(LOCALE);
      const etag = first.headers['etag'] as string;
      expect(etag).toBeTruthy();
      const again = await get(base(), '/locales/en/user-assets.json', { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      const index = await get(base(), '/index.html', { 'accept-encoding': 'br' });
      expect(index.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(index.body).toString()).toBe(INDEX);
      // A page route still gets index.html (the SPA fallback), as `/` does: revalidated too,
      // never `public` (security review L5).
      for (const path of ['/copy-trade', '/', '/assets/overview?tab=1']) {
        for (const method of ['GET', 'HEAD']) {
          const route = await get(base(), path, {}, method);
          expect(route.status, `${method} ${path}`).toBe(200);
          expect(route.headers['content-type'], path).toMatch(/^text\/html/);
          expect(route.headers['cache-control'], `${method} ${path}`).toBe('no-cache');
          expect(route.body.toString(), path).toBe(method === 'GET' ? INDEX : '');
        }
      }
    });

    it(`${which}: never a dot-file, nor a file a link takes out of the folder`, async () => {
      for (const path of [
        '/.hidden.json',
        '/.vite/manifest.json',
        '/%2evite/manifest.json',
        '/assets/.env.js',
        '/link.json',
        '/link.txt',
        '/linked/secret.json',
        '/linked/secret.txt',
      ]) {
        for (const enc of ['br', 'identity']) {
          const r = await get(base(), path, { 'accept-encoding': enc });
          expect(r.status, path).toBe(404);
          expect(r.body.toString(), path).not.toContain(SECRET);
        }
      }
      // The css's .gz is a link out: the css is compressed here instead.
      const css = await get(base(), '/assets/style-EfGh5678.css', { 'accept-encoding': 'gzip' });
      expect(css.status).toBe(200);
      expect(gunzipSync(css.body).toString()).toBe('body{color:red}'.repeat(200));
      const alias = await get(base(), '/alias.json');
      expect(alias.status).toBe(200);
      expect(alias.body.toString()).toBe(LOCALE);
    });

    it(`${which}: never a source map, and not an app file through /api`, async () => {
      const map = await get(base(), '/assets/index-AbCd1234.js.map', { 'accept-encoding': 'br' });
      expect(map.status).toBe(404);
      expect(map.body.toString()).not.toContain('secret.ts');
      const api = await get(base(), '/api/assets/index-AbCd1234.js', { 'accept-encoding': 'br' });
      expect(api.headers['content-encoding']).toBeUndefined();
      const outside = await get(base(), '/assets/../../etc/passwd.js', { 'accept-encoding': 'br' });
      expect(outside.headers['content-encoding']).toBeUndefined();
    });
  });
}
