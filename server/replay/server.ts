/**
 * `startReplayServer()`: serves a recorded session as a server the dashboard connects to, at the
 * simulator's paths (root and the page-origin prefixes `/api` and `/ws`, so `npm run dev` with
 * ASSETDECK_SIM_PORT=<port> works, and `appDir` serves a built dashboard on the same origin), with
 * the operator's controls at `/__replay`. `npm run replay -- --serve FILE` is its command line.
 */
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Session } from '../../src/wire/session-file';
import type { StateDump } from '../../src/state/dump';
import { installErrorHandler, installShellHooks, serveAppAndNotFound } from '../rest/http-shell';
import { installAppFiles } from '../app-files';
import {
  fastifyOptions,
  HTTP_LIMITS,
  installTextPlainParser,
  limitConnections,
  type HttpLimits,
} from '../rest/http-server';
import { MAX_FRAME_BYTES } from '../ws/routes';
import { OPERATOR_PREFIX, registerOperator, status, type ReplayStatus } from './operator';
import type { Playback, PlaybackTimers } from './playback';
import { registerReplayRest } from './rest';
import { ReplayStreams, type ReplayStreamOptions } from './streams';
import { ReplayWorld } from './world';

export interface ReplayServerOptions {
  session: Session;
  /** Shown to the operator (the file name). */
  name?: string;
  speed?: number;
  /** Default 0 (a free port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Host names requests may be addressed to besides localhost, IP addresses and `host`. */
  allowedHosts?: readonly string[];
  /** A built dashboard to serve on the same origin (SPA fallback to index.html). */
  appDir?: string;
  /** Start playing at once instead of waiting for the first subscription. */
  autoStart?: boolean;
  /** Connection limits of the websockets (as the simulator's by default). */
  streams?: ReplayStreamOptions;
  timers?: PlaybackTimers;
  /** Called whenever the operator's view changes (state, speed, an event played). */
  onChange?: () => void;
  /** Timeouts and connection caps of the HTTP server (tests shorten them). */
  httpLimits?: Partial<HttpLimits>;
}

export interface ReplayServer {
  readonly url: string;
  readonly wsUrl: string;
  readonly port: number;
  readonly playback: Playback;
  /** Seeks to an instant (ms, `15s`, wall-clock time or `line:N`); the clients re-seed there. */
  seek(to: string | number): void;
  /** The state dump at the playback position (what `--print-state --at` gives for it). */
  dump(): StateDump;
  readonly app: FastifyInstance;
  status(): ReplayStatus;
  stop(): Promise<void>;
}

export async function startReplayServer(opts: ReplayServerOptions): Promise<ReplayServer> {
  const appDir = opts.appDir ? resolve(opts.appDir) : undefined;
  if (appDir && !existsSync(resolve(appDir, 'index.html'))) {
    throw new Error(`--app ${appDir}: no index.html there`);
  }
  // The world plays cues to the streams, which need the world: tied after both exist.
  const players: { streams?: ReplayStreams } = {};
  const world = new ReplayWorld(opts.session, {
    ...(opts.speed !== undefined ? { speed: opts.speed } : {}),
    ...(opts.timers ? { timers: opts.timers } : {}),
    onCue: (cue) => {
      players.streams?.play(cue);
      opts.onChange?.();
    },
    ...(opts.onChange ? { onChange: opts.onChange } : {}),
    onSeek: () => {
      players.streams?.reconnectAll();
    },
  });
  const s = new ReplayStreams(world, opts.streams);
  players.streams = s;
  const current = () =>
    status(world, opts.name ?? 'session', {
      public: s.count('public'),
      private: s.count('private'),
    });

  const limits = { ...HTTP_LIMITS, ...opts.httpLimits };
  const app = Fastify(fastifyOptions({ logger: false, now: () => world.now(), limits }));
  limitConnections(app.server, limits);
  try {
    await app.register(cookie);
    await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES, autoPong: false } });
    const shell = {
      now: () => world.now(),
      controlPrefix: OPERATOR_PREFIX,
      appDir,
      allowedHosts: [opts.host ?? '127.0.0.1', ...(opts.allowedHosts ?? [])],
    };
    installShellHooks(app, shell);
    installTextPlainParser(app);
    installErrorHandler(app, shell);
    if (appDir) installAppFiles(app, appDir);
    await serveAppAndNotFound(app, shell);
    registerReplayRest(app, { world });
    s.register(app);
    registerOperator(app, world, current);
    await app.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
  } catch (err) {
    world.playback.dispose();
    await app.close().catch(() => undefined);
    throw err;
  }
  if (opts.autoStart) world.playback.start();

  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : (opts.port ?? 0);
  const host = opts.host ?? '127.0.0.1';
  const base = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  let stopped: Promise<void> | undefined;
  return {
    url: `http://${base}`,
    wsUrl: `ws://${base}`,
    port,
    playback: world.playback,
    seek: (to) => world.seek(to),
    dump: () => world.replayAt(world.playback.played).dump(),
    app,
    status: current,
    stop() {
      stopped ??= (async () => {
        world.playback.dispose();
        s.closeAll();
        await app.close();
      })();
      return stopped;
    },
  };
}
