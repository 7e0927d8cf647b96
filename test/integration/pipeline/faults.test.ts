/**
 * The whole live pipeline (connection machines, ingest, REST seeding, stream atoms) against the
 * real simulator for a simulated minute while a fault control hits it every few seconds:
 * dropped connections, a restart, a half-open socket, seq gaps, failing snapshot requests and
 * malformed frames. At the end, with the clock stopped, what each client reconstructed equals the
 * simulator's truth. The simulator runs on a manual clock, so its minute takes a few real seconds.
 */
import { createStore } from 'jotai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { manualEnvironment } from '@machines/connection-environment';
import { NodeWebSocket } from '@machines/node-websocket';
import { startSimulator, type Simulator } from '@server/simulator';
import { CALLS } from '@src/api/calls';
import { createStreamAtoms, type StreamAtoms } from '@src/state/atoms/stream';
import { copyProfileAtom, userAtom } from '@src/state/client';
import { toDump } from '@src/state/dump';
import { ready } from '@src/state/loadable';
import { phaseOf } from '@src/pipeline/connection-status';
import { startLive, type LiveStreams } from '@src/pipeline/live';
import { SNAPSHOT_PATHS, type PrivateTopic, type RestEnvelope } from '@src/wire/protocol';

const MINUTE_MS = 60_000;
const STEP_MS = 250;
const FAULT_EVERY_MS = 3_500;
const TIMINGS = { backoffBaseMs: 20, backoffMaxMs: 200, pingIntervalMs: 300, pongTimeoutMs: 600 };
/** One turn of the event loop: sockets deliver what the last step sent. */
const turn = () => new Promise((r) => setImmediate(r));

interface Client {
  name: string;
  userId: number;
  store: ReturnType<typeof createStore>;
  atoms: StreamAtoms;
  live: LiveStreams;
  rejected: string[];
}

async function post(sim: Simulator, path: string, body: object, cookie = ''): Promise<unknown> {
  const res = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
  return res.json();
}

/** Signs in over REST and starts the app's live pipeline for that session. */
async function client(sim: Simulator, name: string): Promise<Client> {
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
  const store = createStore();
  const atoms = createStreamAtoms();
  const rejected: string[] = [];
  const live = startLive({
    store,
    atoms,
    fetchSnapshot: (topic: PrivateTopic) => get(SNAPSHOT_PATHS[topic]),
    oneTimeToken: async () => {
      const env = (await post(sim, '/user/private/ott', {}, cookie)) as RestEnvelope<{
        token: string;
      }>;
      if (env.ret_code !== 0) throw new Error(env.ret_msg);
      return env.result;
    },
    host: { publicWsUrl: `${sim.wsUrl}/v5/public/linear`, privateWsUrl: `${sim.wsUrl}/v5/private` },
    connection: { WebSocketImpl: NodeWebSocket, env: manualEnvironment(), timings: TIMINGS },
    seeder: { baseDelayMs: 100, maxDelayMs: 1_000, timeoutMs: 5_000 },
    checkSession: () => get(CALLS.profile.path),
    onReject: (_s, reason) => rejected.push(reason),
  });
  const profile = (await get('/v3/private/copytrade/profile')) as RestEnvelope<{
    isLeader: boolean;
    subMemberIdList: number[];
    userId: number;
  }>;
  store.set(copyProfileAtom, ready(profile.result));
  store.set(userAtom, { userId: result.userId });
  return { name, userId: result.userId, store, atoms, live, rejected };
}

/** What the client holds, as the state dump (stats left out; quotes: subscribed symbols). */
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

describe('the live pipeline under faults for a minute', () => {
  let sim: Simulator;
  const clients: Client[] = [];
  /** The most copy orders the follower held at once during the minute. */
  let followerOrders = 0;

  const live = (c: Client) => {
    const { public: pub, private: priv } = c.live.connections();
    return phaseOf(pub!.getSnapshot()) === 'live' && phaseOf(priv!.getSnapshot()) === 'live';
  };

  beforeAll(async () => {
    sim = await startSimulator({
      port: 0,
      seed: 5,
      clock: 'manual',
      admin: true,
      idleTimeoutMs: 10 * MINUTE_MS,
      timing: { leaderActionMs: [1_000, 3_000] },
    });
    clients.push(await client(sim, 'follower'), await client(sim, 'leader'));
    await vi.waitFor(() => expect(clients.every(live)).toBe(true), { timeout: 30_000 });

    const plan: [string, string, object][] = [
      ['drop', 'drop', {}],
      ['skip-seq', 'skip-seq', { topic: 'copytrade.position', count: 3 }],
      ['drop private', 'drop', { stream: 'private' }],
      ['failing snapshots', 'rest', { path: SNAPSHOT_PATHS['copytrade.order'], count: 3 }],
      ['drop private again', 'drop', { stream: 'private' }],
      ['malformed', 'malformed', { kind: 'not-json' }],
      ['restart', 'restart', {}],
      ['drop public', 'drop', { stream: 'public' }],
      ['skip-seq all', 'skip-seq', { count: 2 }],
      ['half-open public', 'half-open', { stream: 'public' }],
      ['drop', 'drop', {}],
      ['failing wallets', 'rest', { path: SNAPSHOT_PATHS.wallet, count: 2 }],
      ['drop private', 'drop', { stream: 'private' }],
      ['delay private', 'delay', { ms: 300, stream: 'private', durationMs: 2_000 }],
      // Frames lost for real (they still use up seq): only a re-seed can repair the state.
      [
        'lost position frames',
        'pause',
        { topic: 'copytrade.position', mode: 'drop', durationMs: 3_000 },
      ],
      ['lost wallet frames', 'pause', { topic: 'wallet', mode: 'drop', durationMs: 3_000 }],
    ];
    let next = 0;
    for (let t = STEP_MS; t <= MINUTE_MS; t += STEP_MS) {
      sim.manualClock.advance(STEP_MS);
      if (t % FAULT_EVERY_MS === 0 && next < plan.length) {
        // A fault hits clients that are up (one that is still reconnecting would not see it).
        await vi.waitFor(() => expect(clients.every(live)).toBe(true), {
          timeout: 30_000,
          interval: 5,
        });
        const [, name, body] = plan[next++] as [string, string, object];
        await post(sim, `/__admin/faults/${name}`, body);
      }
      await turn();
      await turn();
      const follower = clients[0] as Client;
      followerOrders = Math.max(
        followerOrders,
        Object.keys(held(follower).copytrade.orders).length,
      );
    }
    await post(sim, '/__admin/faults/clear', {});
  }, 110_000);

  afterAll(async () => {
    for (const c of clients) c.live.dispose();
    await sim?.stop();
  });

  it('each client converges to the simulator truth, and every fault left its trace', async () => {
    for (const c of clients) {
      await vi.waitFor(
        () => {
          sim.manualClock.advance(0);
          c.live.ingest.flush();
          expect(live(c)).toBe(true);
          const symbols = c.store.get(c.atoms.quoteSymbolsAtom);
          // The symbols of held positions and orders (wallet coins need no ticker).
          expect(symbols.length).toBeGreaterThan(0);
          // Exactly the subscribed symbols hold a quote (no stale one is left behind).
          const active = c.live.connections().public!.getSnapshot().context.active;
          expect(symbols.map((s) => `tickers.${s}`)).toEqual([...active].sort());
          expect(held(c)).toEqual(truthFor(sim, c, symbols));
        },
        { timeout: 30_000, interval: 200 },
      );
      const stats = c.live.ingest.getStats();
      expect(stats.resyncs).toBeGreaterThan(0);
      expect(stats.framesApplied).toBeGreaterThan(100);
      expect(c.rejected.some((r) => r.includes('not valid JSON'))).toBe(true);
    }
    const follower = clients[0] as Client;
    expect(follower.live.ingest.getStats().snapshotFailures).toBeGreaterThan(0);
    // Copy orders went through the pipeline while the faults hit it (held equals the truth above).
    expect(followerOrders).toBeGreaterThan(0);
    expect(held(follower).copytrade.positions.length).toBeGreaterThan(0);
    expect(held(clients[1] as Client).copytrade.leaderWallet).not.toBeNull();
  }, 60_000);
});
