/**
 * What the simulator and the replay server share around their routes: the error handler that
 * turns every failure into the web-app envelope (10001 naming the field, 10016 for the
 * unexpected), the built dashboard served with `--app`, and the not-found answer. One place, so
 * both servers fail the same way a client expects of the exchange.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ERROR_CODES } from '../../src/api/error-codes';
import { appFilePath, HTML_CACHE_CONTROL } from '../app-files';
import { serveCoinIcons } from './coin-icons';
import { ApiError, errorEnvelope } from './envelope';
import { installHostGuard, installOriginGuard } from './origin-guard';
import { installSecurityHeaders } from './security-headers';

const API_PREFIX = '/api';
const WS_PREFIX = '/ws';

/** The URL as routed: the page-origin prefixes removed. */
export function stripPrefix(url: string): string {
  for (const prefix of [API_PREFIX, WS_PREFIX]) {
    if (url === prefix) return '/';
    if (url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`))
      return url.slice(prefix.length) || '/';
  }
  return url;
}

export const pathOf = (url: string) => url.split('?')[0] as string;

/** A readable 10001 message naming the field, from a Fastify (ajv) validation error. */
function validationMessage(err: FastifyError): string {
  const first = err.validation?.[0];
  if (!first) return err.message;
  const params = first.params as Record<string, unknown>;
  const missing = typeof params.missingProperty === 'string' ? params.missingProperty : undefined;
  const extra =
    typeof params.additionalProperty === 'string' ? params.additionalProperty : undefined;
  const path = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field = missing
    ? path
      ? `${path}.${missing}`
      : missing
    : (extra ?? (path || err.validationContext || 'body'));
  return missing
    ? `${field}: is required`
    : extra
      ? `${field}: is not allowed`
      : `${field}: ${first.message ?? 'is invalid'}`;
}

export interface ShellOptions {
  /** The server's clock (envelope `time_now`). */
  now: () => number;
  /** Operator paths (admin, replay controls): plain JSON errors, never the dashboard. */
  controlPrefix: string;
  /** A built dashboard to serve, with SPA fallback to its index.html. */
  appDir?: string;
  /**
   * Host names a request may be addressed to besides localhost and IP addresses: the address
   * the server listens on (`--host`) and the operator's `--allowed-host` names (origin-guard.ts,
   * DNS rebinding).
   */
  allowedHosts?: readonly string[];
}

/**
 * The hooks both servers install before any other: the security headers on every answer, the
 * Host check (DNS rebinding), then the cross-site request check (both in origin-guard.ts).
 */
export function installShellHooks(app: FastifyInstance, opts: ShellOptions): void {
  installSecurityHeaders(app);
  installHostGuard(app, opts);
  installOriginGuard(app, opts);
}

/** Every failure as an envelope a client understands; nothing escapes a handler. */
export function installErrorHandler(app: FastifyInstance, opts: ShellOptions): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const now = opts.now();
    if (pathOf(req.url).startsWith(opts.controlPrefix)) {
      return reply
        .code(err.statusCode && err.statusCode < 500 ? err.statusCode : 500)
        .send({ error: err.validation ? validationMessage(err) : err.message });
    }
    const thrown: unknown = err;
    if (thrown instanceof ApiError)
      return reply.code(200).send(errorEnvelope(thrown.code, thrown.message, now));
    if (err.validation)
      return reply
        .code(200)
        .send(errorEnvelope(ERROR_CODES.PARAM_ERROR, validationMessage(err), now));
    if (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500) {
      const msg =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
        err.statusCode === 400
          ? `body: ${err.message}`
          : err.message;
      return reply
        .code(err.statusCode === 413 || err.statusCode === 415 ? err.statusCode : 200)
        .send(errorEnvelope(ERROR_CODES.PARAM_ERROR, msg, now));
    }
    req.log.error({ err }, 'request failed');
    return reply
      .code(500)
      .send(errorEnvelope(ERROR_CODES.SERVER_ERROR, 'Internal server error', now));
  });
}

/** A source map (`*.map`): a 404, never a file and never the SPA fallback. */
const isSourceMap = (path: string) => /\.map$/i.test(path);

/**
 * A path that names a file (its last segment has an extension: `/assets/app-1a2b3c4d.js`,
 * `/missing.png`) and is not there: a 404, not the SPA fallback. A stale tab asking for a lazy
 * chunk of an older build then fails as a missing script, which the app's route error page
 * (src/app/RouteError.tsx) explains with a reload, instead of parsing index.html as JavaScript.
 * The app's routes have no extension.
 */
const namesAFile = (path: string) => /\.[a-z0-9]+$/i.test(path.slice(path.lastIndexOf('/') + 1));

/**
 * The built dashboard (if any), the coin icons of the static host it asks the page's origin for,
 * and the answer for every path no route took.
 */
export async function serveAppAndNotFound(app: FastifyInstance, opts: ShellOptions): Promise<void> {
  const appDir = opts.appDir ? resolve(opts.appDir) : undefined;
  serveCoinIcons(app);
  if (appDir) {
    if (!existsSync(resolve(appDir, 'index.html')))
      throw new Error(`--app ${appDir}: no index.html there`);
    // Source maps are never served, even when a build left some in the folder; nor a dot-file
    // or a file a link takes out of it (app-files.ts). A directory is let through to its index
    // file, which @fastify/static asks about again.
    await app.register(fastifyStatic, {
      root: appDir,
      wildcard: false,
      index: ['index.html'],
      allowedPath: (pathName, root) =>
        !isSourceMap(pathName) &&
        (pathName.endsWith('/') || appFilePath(root ?? appDir, pathName) !== undefined),
      // The app shell (`/` and every SPA route answer index.html) is revalidated on every load,
      // as index.html asked for by name is (app-files.ts): never `public`, never kept stale.
      setHeaders: (reply, path) => {
        if (/\.html?$/i.test(path)) void reply.header('cache-control', HTML_CACHE_CONTROL);
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const original = req.originalUrl;
    const isApi =
      original.startsWith(`${API_PREFIX}/`) ||
      original.startsWith(`${WS_PREFIX}/`) ||
      original.startsWith(opts.controlPrefix);
    if (
      appDir &&
      !isApi &&
      !namesAFile(pathOf(req.url)) &&
      (req.method === 'GET' || req.method === 'HEAD')
    ) {
      // SPA fallback: the dashboard's router decides what the path shows.
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .code(404)
      .send(
        errorEnvelope(
          ERROR_CODES.PARAM_ERROR,
          `route not found: ${req.method} ${pathOf(req.url)}`,
          opts.now(),
        ),
      );
  });
}
