/**
 * The built dashboard's text files (JS, CSS, HTML, JSON, SVG) served compressed, for the
 * simulator's `--app` and the replay server: brotli when the browser takes it, else gzip, else
 * the file as is; `Vary: Accept-Encoding` always. A build made by this project's vite.config.ts
 * carries `.br` and `.gz` files next to each (compressed once, at build time, brotli at its best
 * level); for any other folder a file is compressed on its first request (gzip, fast brotli) and
 * kept in memory until it changes on disk.
 *
 * Cache headers: a hashed asset (`/assets/name-HASH.ext`, its name changes with its content) is
 * `public, max-age=31536000, immutable`; everything else (index.html, locales, theme-boot.js)
 * `no-cache` with an ETag, answered 304 when unchanged.
 *
 * An onRequest hook in front of @fastify/static (server/rest/http-shell.ts), which still serves
 * every other file, the SPA fallback and the refusals (source maps are never served: a `.map`
 * is left to it and it answers 404). Only GET of a path asked for directly (not through `/api`
 * or `/ws`) that names a regular file inside the folder is taken here.
 *
 * What is never served, here or by @fastify/static (appFilePath, its `allowedPath`): a path with
 * a segment that starts with `.` (`/.vite/manifest.json`, `/.env.json`: a tool's files, not the
 * app's), and a file that a symbolic link takes out of the folder (checked on real paths, so a
 * folder that is itself a link, `--app dist` with dist a link, still works).
 */
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** Cache-Control of every HTML answer: the app shell, by name or as the SPA fallback. */
export const HTML_CACHE_CONTROL = REVALIDATE;

/** `/assets/<name>-<hash>.<ext>` as Vite names its output (8+ url-safe characters of hash). */
const isHashedAsset = (path: string) => /^\/assets\/[^/]+-[\w-]{8,}\.\w+$/.test(path);

interface Entry {
  mtimeMs: number;
  size: number;
  raw: Buffer;
  etag: string;
  br?: Buffer;
  gz?: Buffer;
}

type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the request accepts (q=0 refuses one). */
export function pickEncoding(header: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (n: string) => (accepted.get(n) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

/** The real path of `path`, when it is inside the real folder `realRoot`. */
function realInside(realRoot: string, path: string): string | undefined {
  try {
    const real = realpathSync(path);
    return real.startsWith(realRoot + sep) ? real : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The real path of the file a URL path (decoded: `/assets/app.js`, or `index.html`) names in the
 * app folder `root`, or undefined when it may not be served: a segment that starts with `.`, a
 * path out of the folder, or a symbolic link out of it (see the file comment). A missing file is
 * undefined too.
 */
export function appFilePath(root: string, path: string): string | undefined {
  if (path.includes('\0')) return undefined;
  if (path.split(/[/\\]/).some((segment) => segment.startsWith('.'))) return undefined;
  const dir = resolve(root);
  const file = resolve(dir, `.${path.startsWith('/') ? '' : '/'}${path}`);
  if (!file.startsWith(dir + sep)) return undefined;
  let realRoot: string;
  try {
    realRoot = realpathSync(dir);
  } catch {
    return undefined;
  }
  return realInside(realRoot, file);
}

function readSibling(root: string, file: string, ext: string, mtimeMs: number): Buffer | undefined {
  try {
    // A compressed copy that a link takes out of the folder is not the app's either.
    if (realInside(realpathSync(root), file + ext) === undefined) return undefined;
    const st = statSync(file + ext);
    // A compressed copy older than its file is stale (the file was rebuilt without it).
    return st.isFile() && st.mtimeMs >= mtimeMs ? readFileSync(file + ext) : undefined;
  } catch {
    return undefined;
  }
}

/** Serves `appDir`'s text files compressed; see the file comment. */
export function installAppFiles(app: FastifyInstance, appDir: string): void {
  const root = resolve(appDir);
  const cache = new Map<string, Entry>();

  const load = (path: string): Entry | undefined => {
    let rel: string;
    try {
      rel = decodeURIComponent(path);
    } catch {
      return undefined;
    }
    const file = appFilePath(root, rel);
    if (file === undefined) return undefined;
    let st;
    try {
      st = statSync(file);
    } catch {
      return undefined;
    }
    if (!st.isFile()) return undefined;
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit;
    const raw = readFileSync(file);
    const entry: Entry = {
      mtimeMs: st.mtimeMs,
      size: st.size,
      raw,
      etag: `"${createHash('sha1').update(raw).digest('base64url').slice(0, 22)}"`,
    };
    const br = readSibling(root, file, '.br', st.mtimeMs);
    const gz = readSibling(root, file, '.gz', st.mtimeMs);
    if (br) entry.br = br;
    if (gz) entry.gz = gz;
    cache.set(file, entry);
    return entry;
  };

  const body = (e: Entry, enc: Encoding): { data: Buffer; enc: Encoding } => {
    // Tiny files are not worth a Content-Encoding.
    if (enc === 'identity' || e.raw.length < 1024) return { data: e.raw, enc: 'identity' };
    if (enc === 'br') {
      e.br ??= brotliCompressSync(e.raw, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: e.raw.length },
      });
      return { data: e.br, enc };
    }
    e.gz ??= gzipSync(e.raw, { level: 9 });
    return { data: e.gz, enc };
  };

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.method !== 'GET') return;
    const path = req.url.split('?')[0] as string;
    // Through the page-origin prefixes (/api, /ws) it is not a file of the app.
    if ((req.originalUrl.split('?')[0] as string) !== path) return;
    const type = TYPES[extname(path).toLowerCase()];
    if (!type || path.endsWith('/')) return;
    const entry = load(path);
    if (!entry) return;
    const immutable = isHashedAsset(path);
    void reply
      .header('cache-control', immutable ? IMMUTABLE : REVALIDATE)
      .header('etag', entry.etag)
      .header('vary', 'accept-encoding')
      .type(type);
    if (!immutable && req.headers['if-none-match'] === entry.etag) {
      return reply.code(304).send();
    }
    const out = body(entry, pickEncoding(req.headers['accept-encoding']));
    if (out.enc !== 'identity') void reply.header('content-encoding', out.enc);
    return reply.send(out.data);
  });
}
