/**
 * Randomized fault schedules against the real simulator (in process, 127.0.0.1 port 0, manual
 * clock) with two users at once, each through the app's whole live pipeline (connection
 * machines, ingest, REST seeding). A schedule is drawn from its seed (server/lib/rng.ts): how
 * long it runs and which faults hit when — dropped connections, half-open sockets, seq gaps,
 * malformed frames, delayed frames, held frames delivered late (out of order with the other
 * topics and streams), lost frames, REST 5xx and hangs, refused tokens, restarts, unasked
 * snapshots. Every schedule runs on a fresh simulator seeded with the same seed, so a seed
 * reproduces its run. After each schedule, with the faults cleared and the clock stopped, both
 * clients equal the simulator's truth, and no private frame of one user reached the other.
 *
 * FAULT_SCHEDULES=n runs seeds 1..n (default 8: npm run test:integration); npm run test:faults
 * runs 200. FAULT_SEED=n runs just seed n. The summary line says how many ran and passed, and
 * every failure names its seed.
 */
import { createStore } from 'jotai';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { manualEnvironment } from '@machines/connection-environment';
import { NodeWebSocket } from '@machines/node-websocket';
import { Rng } from '@server/lib/rng';
import { startSimulator, type Simulator } from '@server/simulator';
import { phaseOf } from '@src/pipeline/connection-status';
import { startLive, type LiveStreams } from '@src/pipeline/live';
import { createStreamAtoms, type StreamAtoms } from '@src/state/atoms/stream';
import { copyProfileAtom, userAtom } from '@src/state/client';
import { toDump } from '@src/state/dump';
import { ready } from '@src/state/loadable';
import type { WireTap } from '@src/wire/tap';
import {
  PRIVATE_TOPICS,
  SNAPSHOT_PATHS,
  type PrivateTopic,
  type RestEnvelope,
} from '@src/wire/protocol';

const STEP_MS = 250;
const TAIL_STEPS = 10;
/** Simulated ms per check while a fault waits for both clients to be up. */
const WAIT_TICK_MS = 10;
const USERS = ['follower', 'leader'] as const;
const TIMINGS = { backoffBaseMs: 20, backoffMaxMs: 200, pingIntervalMs: 300, pongTimeoutMs: 600 };
/** Generous ceilings for conditions (never assertions on time). */
const WAIT = { timeout: 30_000, interval: 10 };
const turn = () => new Promise((r) => setImmediate(r));

function seedsToRun(): number[] {
  const only = process.env.FAULT_SEED;
  if (only !== undefined && only !== '') return [Number(only)];
  const n = Number(process.env.FAULT_SCHEDULES ?? 8);
  return Array.from({ length: n }, (_, i) => i + 1);
}

// ---- schedules ----

type Fault = { at: number; name: string; body: Record<string, unknown> };

export interface Schedule {
  seed: number;
  steps: number;
  faults: Fault[];
}

const REST_PATHS = Object.values(SNAPSHOT_PATHS);
const FREQUENT_TOPICS = ['wallet', 'risk', 'copytrade.account', 'copytrade.position'] as const;
const MALFORMED_KINDS = ['truncated', 'not-json', 'bad-shape'] as const;

/** One schedule from its seed: 20-40 steps of 250 simulated ms, 2-6 faults at random steps. */
export function scheduleOf(seed: number, userIds: readonly number[]): Schedule {
  const rng = new Rng(seed, 1);
  const steps = rng.int(20, 40);
  const n = rng.int(2, 6);
  const stream = () => rng.pick([undefined, 'public', 'private'] as const);
  const user = () => (rng.chance(0.5) ? undefined : rng.pick(userIds));
  const filter = () => {
    const f: Record<string, unknown> = {};
    const s = stream();
    const u = user();
    if (s !== undefined) f.stream = s;
    if (u !== undefined) f.userId = u;
    return f;
  };
  const topic = () => rng.pick(PRIVATE_TOPICS);
  const makers: (() => Omit<Fault, 'at'>)[] = [
    () => ({ name: 'drop', body: filter() }),
    () => ({ name: 'half-open', body: filter() }),
    () => {
      const body: Record<string, unknown> = { count: rng.int(1, 5) };
      if (rng.chance(0.5)) body.topic = topic();
      const u = user();
      if (u !== undefined) body.userId = u;
      return { name: 'skip-seq', body };
    },
    () => ({ name: 'malformed', body: { ...filter(), kind: rng.pick(MALFORMED_KINDS) } }),
    () => ({
      name: 'delay',
      body: { ...filter(), ms: rng.int(20, 400), durationMs: rng.int(250, 3_000) },
    }),
    // Held frames of one topic come after later frames of the others (reordered).
    () => ({
      name: 'pause',
      body: {
        topic: topic(),
        mode: 'hold',
        durationMs: rng.int(250, 3_000),
        ...(rng.chance(0.5) ? { userId: rng.pick(userIds) } : {}),
      },
    }),
    // Frames lost for real (they use up seq): only the gap in the next frame tells, so only
    // topics that get a frame every mark revaluation (the follower holds open positions).
    () => ({
      name: 'pause',
      body: {
        topic: rng.pick(FREQUENT_TOPICS),
        mode: 'drop',
        durationMs: rng.int(250, 3_000),
        userId: userIds[0],
      },
    }),
    () => ({
      name: 'rest',
      body: {
        path: rng.pick(REST_PATHS),
        count: rng.int(1, 3),
        mode: rng.pick(['error', 'error', 'hang', 'delay'] as const),
        status: rng.pick([500, 502, 503, 504]),
        delayMs: rng.int(1, 1_500),
      },
    }),
    // A refused token only bites on the next sign-in: the private streams are dropped with it.
    () => ({ name: 'reject-token', body: { count: rng.int(1, 2) } }),
    () => ({ name: 'restart', body: {} }),
    () => ({
      name: 'snapshot',
      body: { userId: rng.pick(userIds), ...(rng.chance(0.5) ? { topic: topic() } : {}) },
    }),
  ];
  const faults: Fault[] = [];
  for (let i = 0; i < n; i++) faults.push({ at: rng.int(1, steps), ...rng.pick(makers)() });
  faults.sort((a, b) => a.at - b.at);
  return { seed, steps, faults };
}

// ---- clients ----

interface Client {
  name: string;
  userId: number;
  store: ReturnType<typeof createStore>;
  atoms: StreamAtoms;
  live: LiveStreams;
  /** Private data frames that came on a connection the simulator holds for another user. */
  foreign: string[];
  /** Private data frames checked against their connection's user. */
  checked: number;
  unauthorized: number;
}

async function post(sim: Simulator, path: string, body: object, cookie = ''): Promise<unknown> {
  const res = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * Whose data a private frame is: the user of the connection the simulator wrote it on (its id is
 * `<connId>-<topic>-<seq>`), and the `userId` of each wallet item.
 */
function ownersOf(sim: Simulator, text: string): number[] {
  let f: { id?: unknown; topic?: unknown; seq?: unknown; data?: unknown };
  try {
    f = JSON.parse(text) as typeof f;
  } catch {
    return [];
  }
  if (typeof f.id !== 'string' || typeof f.topic !== 'string' || !Array.isArray(f.data)) return [];
  const owners: number[] = [];
  const suffix = `-${f.topic}-${String(f.seq)}`;
  if (f.id.endsWith(suffix)) {
    const connId = f.id.slice(0, -suffix.length);
    const conn = sim.sim.hub.connections({ stream: 'private' }).find((c) => c.id === connId);
    if (conn?.userId !== undefined) owners.push(conn.userId);
  }
  if (f.topic === 'wallet') {
    for (const w of f.data as { userId?: unknown }[]) {
      if (typeof w?.userId === 'number') owners.push(w.userId);
    }
  }
  return owners;
}

async function client(sim: Simulator, name: string, rng: Rng): Promise<Client> {
  const res = await fetch(`${sim.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, password: `${name}123` }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0] ?? '';
  const { result } = (await res.json()) as RestEnvelope<{ userId: number }>;
  const get = async (path: string) => {
    const r = await fetch(`${sim.url}${path}`, { headers: { cookie } });
    if (r.status !== 200) throw new Error(`GET ${path}: HTTP ${r.status}`);
    return (await r.json()) as RestEnvelope<unknown>;
  };
  const c = { name, userId: result.userId, foreign: [], checked: 0, unauthorized: 0 } as Omit<
    Client,
    'store' | 'atoms' | 'live'
  > &
    Partial<Client>;
  const tap: WireTap = {
    now: () => sim.clock.now(),
    open: () => undefined,
    send: () => undefined,
    close: () => undefined,
    rest: () => undefined,
    recv: (stream, data) => {
      if (stream !== 'private') return;
      const text = typeof data === 'string' ? data : String(data);
      const owners = ownersOf(sim, text);
      if (owners.length > 0) c.checked++;
      if (owners.some((u) => u !== c.userId)) c.foreign.push(text);
    },
  };
  c.store = createStore();
  c.atoms = createStreamAtoms();
  c.live = startLive({
    store: c.store,
    atoms: c.atoms,
    fetchSnapshot: (topic: PrivateTopic) => get(SNAPSHOT_PATHS[topic]),
    oneTimeToken: async () => {
      const env = (await post(sim, '/user/private/ott', {}, cookie)) as RestEnvelope<{
        token: string;
        expiresAtE3: string;
      }>;
      if (env.ret_code !== 0) throw new Error(env.ret_msg);
      return env.result;
    },
    host: { publicWsUrl: `${sim.wsUrl}/v5/public/linear`, privateWsUrl: `${sim.wsUrl}/v5/private` },
    connection: {
      WebSocketImpl: NodeWebSocket,
      env: manualEnvironment(),
      timings: TIMINGS,
      // Seeded jitter, kept small: a refused token is retried within tens of ms, not seconds.
      random: () => rng.float() * 0.05,
      tap: () => tap,
    },
    seeder: { baseDelayMs: 50, maxDelayMs: 400, timeoutMs: 500 },
    checkSession: () => get('/v3/private/copytrade/profile'),
    onUnauthorized: () => {
      c.unauthorized++;
    },
  });
  const profile = (await get('/v3/private/copytrade/profile')) as RestEnvelope<{
    isLeader: boolean;
    subMemberIdList: number[];
    userId: number;
  }>;
  c.store.set(copyProfileAtom, ready(profile.result));
  c.store.set(userAtom, { userId: result.userId });
  return c as Client;
}

function held(c: Client) {
  const { stats: _stats, ...dump } = toDump(c.store.get(c.atoms.streamStateAtom), {
    framesApplied: 0,
    framesRejected: 0,
    resyncs: 0,
  });
  return JSON.parse(JSON.stringify(dump)) as Omit<typeof dump, 'stats'>;
}

function truthFor(sim: Simulator, c: Client, symbols: readonly string[]) {
  const { stats: _stats, ...truth } = sim.truth(c.userId);
  const quotes = Object.fromEntries(symbols.map((s) => [s, truth.quotes[s]]));
  return JSON.parse(JSON.stringify({ ...truth, quotes })) as ReturnType<typeof held>;
}

/** Each stream's phase and state ('live' when up), for readable failures. */
const phases = (c: Client) => {
  const { public: pub, private: priv } = c.live.connections();
  const of = (a: typeof pub) =>
    a ? `${phaseOf(a.getSnapshot())} ${JSON.stringify(a.getSnapshot().value)}` : 'none';
  return { user: c.name, public: of(pub), private: of(priv) };
};
const isLive = (c: Client) => {
  const p = phases(c);
  return p.public.startsWith('live ') && p.private.startsWith('live ');
};
const allLive = (clients: readonly Client[]) =>
  expect(
    clients.map(phases).filter((p) => !isLive(clients.find((c) => c.name === p.user)!)),
  ).toEqual([]);

// ---- one schedule ----

async function runSchedule(seed: number): Promise<Schedule> {
  const sim = await startSimulator({
    port: 0,
    seed,
    clock: 'manual',
    admin: true,
    idleTimeoutMs: 10 * 60_000,
    timing: { leaderActionMs: [500, 1_500] },
  });
  const clients: Client[] = [];
  let schedule: Schedule | undefined;
  try {
    const rng = new Rng(seed, 2);
    for (const name of USERS) clients.push(await client(sim, name, rng));
    schedule = scheduleOf(
      seed,
      clients.map((c) => c.userId),
    );
    await vi.waitFor(() => allLive(clients), WAIT);

    let next = 0;
    for (let step = 1; step <= schedule.steps; step++) {
      sim.manualClock.advance(STEP_MS);
      while (next < schedule.faults.length && (schedule.faults[next] as Fault).at === step) {
        const fault = schedule.faults[next++] as Fault;
        // A fault hits clients that are up (one still reconnecting would not see it); a refused
        // token waits until the last refusals were used up, so no client runs out of retries.
        // Time goes on meanwhile (about as fast as real time): a delayed answer or a REST fault
        // in 'delay' mode waits on the manual clock.
        await vi.waitFor(() => {
          sim.manualClock.advance(WAIT_TICK_MS);
          allLive(clients);
        }, WAIT);
        if (fault.name === 'reject-token') {
          if (sim.sim.auth.rejectNextTokens > 0) continue;
          await post(sim, '/__admin/faults/reject-token', fault.body);
          await post(sim, '/__admin/faults/drop', { stream: 'private' });
        } else {
          await post(sim, `/__admin/faults/${fault.name}`, fault.body);
        }
      }
      await turn();
      await turn();
    }
    // A half-open socket never comes back: the client must find it out (no pong) and reconnect
    // before the fault is cleared, or frames lost on it would only show at the next gap.
    await vi.waitFor(() => {
      sim.manualClock.advance(0);
      expect(sim.sim.hub.connections().filter((c) => c.halfOpen)).toEqual([]);
    }, WAIT);
    await post(sim, '/__admin/faults/clear', {});
    // A tail without faults: delayed and held frames arrive, and a frame after a lost one shows
    // its gap (two mark revaluations).
    for (let step = 0; step < TAIL_STEPS; step++) {
      sim.manualClock.advance(STEP_MS);
      await turn();
      await turn();
    }

    for (const c of clients) {
      await vi.waitFor(() => {
        sim.manualClock.advance(0);
        c.live.ingest.flush();
        allLive([c]);
        const symbols = c.store.get(c.atoms.quoteSymbolsAtom);
        const active = c.live.connections().public!.getSnapshot().context.active;
        // Exactly the subscribed symbols hold a quote (no stale one is left behind).
        expect(symbols.map((s) => `tickers.${s}`)).toEqual([...active].sort());
        expect(held(c)).toEqual(truthFor(sim, c, symbols));
      }, WAIT);
      expect(c.unauthorized).toBe(0);
      expect(c.foreign).toEqual([]);
      expect(c.checked).toBeGreaterThan(0);
    }
    return schedule;
  } catch (err) {
    const plan = schedule?.faults.map((f) => `step ${f.at}: ${f.name} ${JSON.stringify(f.body)}`);
    throw new Error(`${String(err)}\nschedule (${schedule?.steps} steps):\n${plan?.join('\n')}`, {
      cause: err,
    });
  } finally {
    for (const c of clients) c.live.dispose();
    await sim.stop();
  }
}

// ---- the suite ----

describe('randomized fault schedules, two users', () => {
  const seeds = seedsToRun();
  let ran = 0;
  const failed: number[] = [];
  const faultsRun = new Map<string, number>();
  const started = Date.now();

  afterAll(() => {
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    const kinds = [...faultsRun].map(([k, n]) => `${k} ${n}`).join(', ');
    console.log(
      `fault schedules: ${ran} ran, ${ran - failed.length} passed, ${failed.length} failed ` +
        `in ${secs} s (faults: ${kinds})`,
    );
    for (const s of failed) {
      console.log(`fault schedule failed: reproduce with FAULT_SEED=${s} npm run test:faults`);
    }
  });

  it.each(seeds)('schedule seed %i converges', async (seed) => {
    ran++;
    try {
      const schedule = await runSchedule(seed);
      for (const f of schedule.faults) faultsRun.set(f.name, (faultsRun.get(f.name) ?? 0) + 1);
    } catch (err) {
      failed.push(seed);
      throw new Error(
        `fault schedule seed ${seed} failed (FAULT_SEED=${seed} npm run test:faults): ${String(err)}`,
        { cause: err },
      );
    }
  });
});
