/**
 * The HTTP server: REST (web-app calls and Bybit V5 market), both websockets, the admin endpoint
 * and optionally a built dashboard. Everything is served at the root and under the page-origin
 * prefixes `/api` (REST) and `/ws` (websockets), so one process is a same-origin deployment.
 */
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../src/api/error-codes';
import { topicForSnapshotPath } from '../src/wire/protocol';
import { ADMIN_PREFIX, registerAdminRoutes } from './admin/routes';
import { installAppFiles } from './app-files';
import { after } from './clock';
import { errorEnvelope } from './rest/envelope';
import {
  installErrorHandler,
  installShellHooks,
  pathOf,
  serveAppAndNotFound,
} from './rest/http-shell';
import {
  fastifyOptions,
  HTTP_LIMITS,
  installTextPlainParser,
  limitConnections,
  type HttpLimits,
} from './rest/http-server';
import { ASSET_HANDLERS } from './rest/asset-handlers';
import { registerMarketRoutes } from './rest/market-routes';
import { PUBLIC_HANDLERS } from './rest/public-handlers';
import { registerCalls, sessionUser } from './rest/table';
import { USER_HANDLERS } from './rest/user-handlers';
import type { Sim } from './sim';
import { MAX_FRAME_BYTES, registerWsRoutes } from './ws/routes';

export interface AppOptions {
  admin: boolean;
  appDir?: string;
  /** Host names requests may be addressed to besides localhost and IP addresses (http-shell.ts). */
  allowedHosts?: readonly string[];
  logger: boolean;
  /** Timeouts and connection caps of the HTTP server (tests shorten them). */
  httpLimits?: Partial<HttpLimits>;
}

export async function buildApp(sim: Sim, opts: AppOptions): Promise<FastifyInstance> {
  const limits = { ...HTTP_LIMITS, ...opts.httpLimits };
  const app = Fastify(
    fastifyOptions({
      logger: opts.logger ? { level: 'info' } : false,
      now: () => sim.clock.now(),
      limits,
    }),
  );
  limitConnections(app.server, limits);
  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES, autoPong: false } });
  const shell = {
    now: () => sim.clock.now(),
    controlPrefix: ADMIN_PREFIX,
    appDir: opts.appDir,
    allowedHosts: opts.allowedHosts,
  };
  installShellHooks(app, shell);
  installTextPlainParser(app);

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

  installErrorHandler(app, shell);
  // The dashboard's text files compressed, with cache headers (in front of @fastify/static).
  if (opts.appDir) installAppFiles(app, opts.appDir);
  await serveAppAndNotFound(app, shell);

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
