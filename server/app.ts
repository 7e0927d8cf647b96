/**
 * The HTTP server: REST (web-app calls and Bybit V5 market), both websockets, the admin endpoint
 * and optionally a built dashboard. Everything is served at the root and under the page-origin
 * prefixes `/api` (REST) and `/ws` (websockets), so one process is a same-origin deployment.
 */
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ERROR_CODES } from '../src/api/error-codes';
import { topicForSnapshotPath } from '../src/stream/protocol';
import { ADMIN_PREFIX, registerAdminRoutes } from './admin/routes';
import { after } from './clock';
import { ApiError, errorEnvelope } from './rest/envelope';
import { ASSET_HANDLERS } from './rest/asset-handlers';
import { registerMarketRoutes } from './rest/market-routes';
import { PUBLIC_HANDLERS } from './rest/public-handlers';
import { registerCalls, sessionUser } from './rest/table';
import { USER_HANDLERS } from './rest/user-handlers';
import type { Sim } from './sim';
import { MAX_FRAME_BYTES, registerWsRoutes } from './ws/routes';

export const API_PREFIX = '/api';
export const WS_PREFIX = '/ws';
const BODY_LIMIT = 256 * 1024;

export interface AppOptions {
  admin: boolean;
  appDir?: string;
  logger: boolean;
}

/** The URL as routed: the page-origin prefixes removed. */
export function stripPrefix(url: string): string {
  for (const prefix of [API_PREFIX, WS_PREFIX]) {
    if (url === prefix) return '/';
    if (url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`))
      return url.slice(prefix.length) || '/';
  }
  return url;
}

const pathOf = (url: string) => url.split('?')[0] as string;

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

export async function buildApp(sim: Sim, opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: 'info' } : false,
    bodyLimit: BODY_LIMIT,
    forceCloseConnections: true,
    rewriteUrl: (req) => stripPrefix(req.url ?? '/'),
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
  });
  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES, autoPong: false } });
  // navigator.sendBeacon posts text/plain: the collector accepts JSON sent that way too.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, text, done) => {
    try {
      done(null, JSON.parse(text as string));
    } catch {
      const err = new Error('body is not valid JSON') as FastifyError;
      err.statusCode = 400;
      err.code = 'FST_ERR_CTP_INVALID_JSON_BODY';
      done(err, undefined);
    }
  });

  const startedAt = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', async (req, reply) => {
    startedAt.set(req, sim.wall.now());
    const path = pathOf(req.url);
    if (path.startsWith(ADMIN_PREFIX)) return;
    const rule = sim.restFaults.take(path);
    if (!rule) return;
    if (rule.mode === 'error') {
      await reply
        .code(rule.status)
        .send(
          errorEnvelope(
            ERROR_CODES.SERVER_ERROR,
            'Service unavailable (injected fault)',
            sim.clock.now(),
          ),
        );
    } else if (rule.mode === 'hang') {
      sim.restFaults.hang(req.socket);
      await new Promise<never>(() => undefined);
    } else {
      await new Promise<void>((res) => after(sim.wall, rule.delayMs, res));
    }
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const recorder = sim.recorder;
    if (!recorder || req.method !== 'GET' || typeof payload !== 'string') return payload;
    if (!topicForSnapshotPath(req.url)) return payload;
    const userId = sessionUser(sim, req);
    if (userId !== undefined) {
      recorder.rest(
        userId,
        startedAt.get(req) ?? sim.wall.now(),
        'GET',
        req.url,
        reply.statusCode,
        payload,
      );
    }
    return payload;
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const now = sim.clock.now();
    if (pathOf(req.url).startsWith(ADMIN_PREFIX)) {
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

  const appDir = opts.appDir ? resolve(opts.appDir) : undefined;
  if (appDir) {
    if (!existsSync(resolve(appDir, 'index.html')))
      throw new Error(`--app ${appDir}: no index.html there`);
    await app.register(fastifyStatic, { root: appDir, wildcard: false, index: ['index.html'] });
  }
  app.setNotFoundHandler((req, reply) => {
    const original = req.originalUrl;
    const isApi =
      original.startsWith(`${API_PREFIX}/`) ||
      original.startsWith(`${WS_PREFIX}/`) ||
      original.startsWith(ADMIN_PREFIX);
    if (appDir && !isApi && (req.method === 'GET' || req.method === 'HEAD')) {
      // SPA fallback: the dashboard's router decides what the path shows.
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .code(404)
      .send(
        errorEnvelope(
          ERROR_CODES.PARAM_ERROR,
          `route not found: ${req.method} ${pathOf(req.url)}`,
          sim.clock.now(),
        ),
      );
  });

  registerCalls(app, sim, { ...USER_HANDLERS, ...ASSET_HANDLERS, ...PUBLIC_HANDLERS });
  registerMarketRoutes(app, {
    now: () => sim.clock.now(),
    symbols: () => sim.market.symbols(),
    has: (symbol) => sim.market.has(symbol),
    ticker: (symbol) => sim.market.ticker(symbol),
  });
  registerWsRoutes(app, { ...sim, userOf: (req) => sessionUser(sim, req) });
  if (opts.admin) registerAdminRoutes(app, sim);
  return app;
}
