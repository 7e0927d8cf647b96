/**
 * `startSimulator(options)`: the programmatic start used by `npm run sim`, `npm start` and the
 * tests. With `clock: 'manual'` nothing moves until `clock.advance(ms)`, so a test is fast and
 * every run with the same seed sends the same frames.
 */
import { Banners } from './rest/banners';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { envOf, sessionCookieName } from '../src/config/host';
import type { CollectEvent } from '../src/api/types';
import type { StateDump } from '../src/state/dump';
import { Auth } from './accounts/auth';
import { UserSettings } from './accounts/profiles';
import { RestFaults } from './admin/rest-faults';
import { Assets } from './assets/assets';
import { truthOf } from './admin/truth';
import { buildApp } from './app';
import { after, every, ManualClock, RealClock, type Clock } from './clock';
import type { EngineTiming } from './engine/context';
import { Engine } from './engine/engine';
import { Ring } from './lib/ring';
import { Rng } from './lib/rng';
import { Market } from './market/market';
import { Recorder } from './record/recorder';
import type { HttpLimits } from './rest/http-server';
import { COLLECT_CAPACITY } from './rest/public-handlers';
import type { Sim } from './sim';
import { AUTH_TIMEOUT_MS } from './ws/conn';
import { Hub } from './ws/hub';

/** The manual clock's default start: 2024-11-21T00:46:40Z, as in the recorded examples. */
const MANUAL_EPOCH = 1_732_150_000_000;
export const DEFAULT_PORT = 8790;

export interface SimulatorOptions {
  /** 0 picks a free port. Default 0 (the CLI defaults to 8790). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /**
   * Host names requests may be addressed to besides localhost, IP addresses and `host`: a
   * request naming another (a DNS-rebinding page) is refused with 403. Default none.
   */
  allowedHosts?: readonly string[];
  seed?: number;
  /** Ticker cadence per symbol (simulated ms). Default 100. */
  tickMs?: number;
  /**
   * Each tick's ticker frames are sent this much later at most (uniform, seeded; simulated ms,
   * below tickMs so ticks stay in order), as a network's jitter would. Default 0. The browser
   * benchmark's 100 ms cadence sets it: 100 ms is six 60 Hz frames exactly, so without jitter every
   * tick reaches the page at the same point of its frame for a whole run (docs/performance.md).
   */
  tickJitterMs?: number;
  /** Re-valuation of open books at the mark price (simulated ms). Default 1000. */
  markMs?: number;
  clock?: 'real' | 'manual';
  /** Real clock only: simulated time runs this many times faster. Default 1. */
  speed?: number;
  /** Simulated start time (ms). Default: now (real) or MANUAL_EPOCH (manual). */
  startTime?: number;
  /** Serve the admin/fault endpoint (loopback only). */
  admin?: boolean;
  /** Write a session file per websocket connection into this folder. */
  recordDir?: string;
  /** Serve a built dashboard from this folder (SPA fallback to index.html). */
  appDir?: string;
  /** Close connections after this long without a client frame (simulated ms). Default 60 000. */
  idleTimeoutMs?: number;
  /** Close a private connection with 4401 unless it signs in within this long. Default 10 000. */
  authTimeoutMs?: number;
  /** Engine delays and probabilities (tests shorten them). */
  timing?: Partial<EngineTiming>;
  /** Unsent bytes over all websockets before the largest holders are closed. Default 256 MB. */
  maxUnsentBytes?: number;
  /** Timeouts and connection caps of the HTTP server (tests shorten them). */
  httpLimits?: Partial<HttpLimits>;
  logger?: boolean;
}

export interface Simulator {
  /** http://host:port */
  readonly url: string;
  /** ws://host:port */
  readonly wsUrl: string;
  readonly port: number;
  readonly clock: Clock;
  /** The manual clock (throws with a real one). */
  readonly manualClock: ManualClock;
  readonly sim: Sim;
  readonly app: FastifyInstance;
  /** Advances the manual clock (throws with a real one). */
  advance(ms: number): void;
  /** The server's state for a user, in the state-dump shape (PROTOCOL.md section 7). */
  truth(userId: number): StateDump;
  stop(): Promise<void>;
}

function check(name: string, v: number, ok: boolean): void {
  if (!ok) throw new RangeError(`${name} ${v}: out of range`);
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const seed = options.seed ?? 1;
  const tickMs = options.tickMs ?? 100;
  const markMs = options.markMs ?? 1000;
  const idleMs = options.idleTimeoutMs ?? 60_000;
  const authMs = options.authTimeoutMs ?? AUTH_TIMEOUT_MS;
  check('seed', seed, Number.isSafeInteger(seed));
  check('tickMs', tickMs, tickMs >= 1 && tickMs <= 60_000);
  const tickJitterMs = options.tickJitterMs ?? 0;
  check('tickJitterMs', tickJitterMs, tickJitterMs >= 0 && tickJitterMs < tickMs);
  check('markMs', markMs, markMs >= 10 && markMs <= 3_600_000);
  check('idleTimeoutMs', idleMs, idleMs >= 100);
  check('authTimeoutMs', authMs, authMs >= 100);

  const clock: Clock =
    options.clock === 'manual'
      ? new ManualClock(options.startTime ?? MANUAL_EPOCH)
      : new RealClock(options.speed ?? 1, options.startTime ?? Date.now());
  // Protocol timers follow the wall even when simulated time is sped up.
  const wall: Clock =
    clock instanceof RealClock && (options.speed ?? 1) !== 1 ? new RealClock(1) : clock;
  const market = new Market(new Rng(seed, 1), clock.now(), tickMs);
  // Session files are stamped with wall time, as a client's own recording is (on a manual clock
  // the wall is that clock).
  const recorder = options.recordDir ? new Recorder(options.recordDir, wall) : undefined;
  const hub = new Hub({
    clock,
    wall,
    idleMs,
    authTimeoutMs: authMs,
    ...(recorder ? { recorder } : {}),
    // A manual-clock run is byte-identical for a seed (recorded sessions); a real one is not.
    connIdKey: clock.kind === 'manual' ? seed >>> 0 : randomBytes(4).readUInt32LE(0),
    ...(options.maxUnsentBytes !== undefined ? { maxUnsentBytes: options.maxUnsentBytes } : {}),
  });
  const engine = new Engine(clock, market, (u, t, items) => hub.deliver(u, t, items), {
    seed,
    markMs,
    timing: options.timing,
  });
  const settings = new UserSettings();
  const sim: Sim = {
    clock,
    wall,
    market,
    engine,
    assets: new Assets(
      engine,
      market,
      clock,
      wall,
      (userId) => settings.prefSetting(userId).deposit_to,
    ),
    auth: await Auth.create(wall),
    hub,
    settings,
    restFaults: new RestFaults(),
    collected: new Ring<CollectEvent>(COLLECT_CAPACITY),
    banners: new Banners(),
    recorder,
    // The simulator always serves the local test network: secure-token-testnet.
    cookieName: sessionCookieName(envOf('localhost')),
  };

  // A session that ends (sign-out, or evicted by the same user's newer sign-in) takes its
  // private streams with it.
  sim.auth.onSessionEnd = (session) => hub.closeSession(session);

  engine.start();
  sim.assets.start();
  // The market steps before anything else due at the same instant (order -1): positions and
  // wallets re-valued at that instant see the mark price the ticker of that instant carries.
  const jitter = new Rng(seed, 4);
  const ticker = every(
    clock,
    tickMs,
    (t) => {
      const deltas = market.step(t, (e) => engine.onFunding(e));
      if (tickJitterMs === 0) hub.publishTickers(deltas, t);
      else after(clock, jitter.float() * tickJitterMs, () => hub.publishTickers(deltas, t));
    },
    { order: -1 },
  );

  let app: FastifyInstance | undefined;
  const host = options.host ?? '127.0.0.1';
  try {
    app = await buildApp(sim, {
      admin: options.admin ?? false,
      appDir: options.appDir,
      allowedHosts: [host, ...(options.allowedHosts ?? [])],
      logger: options.logger ?? false,
      ...(options.httpLimits ? { httpLimits: options.httpLimits } : {}),
    });
    await app.listen({ port: options.port ?? 0, host });
  } catch (err) {
    // Nothing may keep running after a failed start (a busy port, a bad --app folder).
    ticker.stop();
    engine.stop();
    sim.assets.stop();
    clock.dispose();
    wall.dispose();
    await app?.close().catch(() => undefined);
    await recorder?.closeAll();
    throw err;
  }
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : (options.port ?? 0);
  const base = `${host.includes(':') ? `[${host}]` : host}:${port}`;

  let stopped: Promise<void> | null = null;
  return {
    url: `http://${base}`,
    wsUrl: `ws://${base}`,
    port,
    clock,
    get manualClock(): ManualClock {
      if (!(clock instanceof ManualClock)) throw new Error('the simulator runs on a real clock');
      return clock;
    },
    sim,
    app,
    advance(ms: number) {
      if (!(clock instanceof ManualClock)) throw new Error('the simulator runs on a real clock');
      clock.advance(ms);
    },
    truth: (userId) => truthOf(sim, userId),
    stop() {
      stopped ??= (async () => {
        ticker.stop();
        engine.stop();
        sim.assets.stop();
        hub.closeAll(1001, 'server shutdown');
        sim.restFaults.releaseAll();
        await app.close();
        await recorder?.closeAll();
        clock.dispose();
        wall.dispose();
      })();
      return stopped;
    },
  };
}
