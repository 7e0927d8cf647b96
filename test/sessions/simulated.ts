/**
 * Records the simulator sessions of test/sessions with the project's recording client
 * (server/replay/recording-client.ts) against the real simulator on a manual clock with a fixed
 * seed: a follower, a leader, and a follower whose connections are cut in the middle (a lost
 * frame, then a simulated restart). Each expected dump (*.state.json) is the simulator's truth at
 * the end of the recording (`GET /__admin/truth/:userId`, quotes of the recorded symbols), NOT the
 * replay's output; its `stats` are counted here from the raw frames. The golden test then checks
 * that the replay gives exactly that.
 *
 * Run: `npx tsx test/sessions/simulated.ts` (about 10 s; same seed, same sessions).
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSimulator, type Simulator } from '@server/simulator';
import { startRecording, type Recording } from '@server/replay/recording-client';
import { DEMO_ACCOUNTS } from '@src/features/login/demo-accounts';
import { canonicalJson } from '@src/lib/canonical-json';
import type { StateDump } from '@src/state/dump';

const DIR = dirname(fileURLToPath(import.meta.url));
const SEED = 42;
/** The tickers the dashboard watches for the default wallet coins, plus SOL. */
const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'XRPUSDT', 'EOSUSDT', 'SOLUSDT'];
const MINUTE = 60_000;
const STEP = 250;

interface Plan {
  name: string;
  username: string;
  /** Faults by simulated second: POST /__admin/<path> with body. */
  faults?: Record<number, { path: string; body: unknown }[]>;
}

const PLANS: Plan[] = [
  { name: 'follower_session', username: 'follower' },
  { name: 'leader_session', username: 'leader' },
  {
    name: 'reconnect_session',
    username: 'follower',
    faults: {
      15: [{ path: '/faults/skip-seq', body: { topic: 'wallet', count: 2, userId: 1001 } }],
      30: [{ path: '/faults/restart', body: {} }],
    },
  },
];

async function admin(sim: Simulator, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${sim.url}/__admin${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
}

/** The stats of PROTOCOL.md section 7, counted from the raw received frames. */
export function countStats(text: string): StateDump['stats'] {
  let framesApplied = 0;
  let framesRejected = 0;
  let resyncs = 0;
  let seq = new Map<string, number>();
  for (const line of text.split('\n').slice(1)) {
    if (!line) continue;
    const ev = JSON.parse(line) as { kind: string; stream: string; frame?: string };
    if (ev.kind === 'open' && ev.stream === 'private') seq = new Map();
    if (ev.kind !== 'recv' || ev.frame === undefined) continue;
    let f: Record<string, unknown>;
    try {
      f = JSON.parse(ev.frame) as Record<string, unknown>;
    } catch {
      framesRejected++;
      continue;
    }
    if (typeof f.topic !== 'string') continue; // an answer to an op
    framesApplied++;
    if (ev.stream === 'private' && typeof f.seq === 'number') {
      const last = seq.get(f.topic) ?? 0;
      if (f.seq > last + 1) resyncs++;
      if (f.seq > last) seq.set(f.topic, f.seq);
    }
  }
  return { framesApplied, framesRejected, resyncs };
}

async function recordOne(plan: Plan): Promise<void> {
  const sim = await startSimulator({
    port: 0,
    clock: 'manual',
    admin: true,
    seed: SEED,
    tickMs: 1_000,
    // The recorder's pings run on the wall clock, which hardly moves here.
    idleTimeoutMs: 3_600_000,
    timing: { leaderActionMs: [4_000, 12_000] },
  });
  let rec: Recording | undefined;
  try {
    const account = DEMO_ACCOUNTS.find((a) => a.username === plan.username);
    if (!account) throw new Error(`no demo account ${plan.username}`);
    rec = await startRecording({
      url: sim.url,
      username: account.username,
      password: account.password,
      symbols: SYMBOLS,
      now: () => sim.clock.now(),
      reconnectDelayMs: 50,
    });
    await rec.sync();
    for (let at = STEP; at <= MINUTE; at += STEP) {
      sim.advance(STEP);
      await rec.sync();
      for (const f of at % 1000 === 0 ? (plan.faults?.[at / 1000] ?? []) : []) {
        await admin(sim, f.path, f.body);
        await rec.sync();
      }
    }
    const truth = sim.truth(account.userId);
    await rec.stop();
    const text = rec.recorder.text();
    const expected: StateDump = {
      wallets: truth.wallets,
      risk: truth.risk,
      quotes: Object.fromEntries(
        SYMBOLS.flatMap((s) => (truth.quotes[s] ? [[s, truth.quotes[s]] as const] : [])),
      ),
      copytrade: truth.copytrade,
      stats: countStats(text),
    };
    writeFileSync(join(DIR, `${plan.name}.jsonl`), text);
    writeFileSync(join(DIR, `${plan.name}.state.json`), canonicalJson(expected));
    process.stdout.write(
      `${plan.name}: ${rec.recorder.eventCount} events, ${text.length} bytes, ` +
        `${Object.keys(truth.copytrade.orders).length} orders, ${truth.copytrade.positions.length} positions\n`,
    );
  } finally {
    await rec?.stop();
    await sim.stop();
  }
}

async function main(): Promise<void> {
  for (const plan of PLANS) await recordOne(plan);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
