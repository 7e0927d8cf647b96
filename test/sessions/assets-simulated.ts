/**
 * Records test/sessions/assets_session.jsonl: the newbie receives two deposits through the
 * operator control (USDT on TRX, ETH on Arbitrum), each confirmed block by block and credited to
 * FUND, then moves them by transfer into the derivatives wallet and part of it on to SPOT, while
 * the project's recording client records both streams. The expected dump
 * (assets_session.state.json) is the simulator's truth at the end (`truth(userId)`, quotes of the
 * recorded symbols), not the replay's output; the golden test (test/replay/golden.test.ts) replays
 * the file headless through the app's decoders and reducers and must reach exactly that, and
 * test/integration/replay/assets-session.test.ts records it again and compares.
 *
 * Run: `npx tsx test/sessions/assets-simulated.ts` (a few seconds; same seed, same bytes).
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSimulator, type Simulator } from '@server/simulator';
import { startRecording, type Recording } from '@server/replay/recording-client';
import { demoLogin } from '@src/config/demo';
import { canonicalJson } from '@src/lib/canonical-json';
import type { StateDump } from '@src/state/dump';
import type { TransferBody } from '@src/api/types';
import { countStats } from './simulated';

const DIR = dirname(fileURLToPath(import.meta.url));
export const ASSETS_SESSION = 'assets_session';
const SEED = 42;
const SYMBOLS = ['BTCUSDT', 'ETHUSDT'];
const DURATION_MS = 30_000;
const STEP = 1_000;
const USER_ID = 4001;

type Action =
  | { deposit: { coin: string; chain: string; amount: string } }
  | { transfer: Omit<TransferBody, 'requestId'> };

/** What happens at which simulated second. */
const ASSETS_PLAN: Record<number, Action[]> = {
  2: [{ deposit: { coin: 'USDT', chain: 'TRX', amount: '500' } }],
  5: [{ deposit: { coin: 'ETH', chain: 'ARBI', amount: '0.2' } }],
  12: [
    {
      transfer: {
        coin: 'USDT',
        amount: '300',
        fromAccountType: 'FUND',
        toAccountType: 'DERIVATIVES',
      },
    },
  ],
  16: [
    {
      transfer: {
        coin: 'ETH',
        amount: '0.2',
        fromAccountType: 'FUND',
        toAccountType: 'DERIVATIVES',
      },
    },
  ],
  20: [
    {
      transfer: {
        coin: 'USDT',
        amount: '50.5',
        fromAccountType: 'DERIVATIVES',
        toAccountType: 'SPOT',
      },
    },
  ],
};

async function post(sim: Simulator, path: string, body: unknown, cookie = ''): Promise<unknown> {
  const res = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${text}`);
  const json = JSON.parse(text) as { ret_code?: number };
  if (json.ret_code !== undefined && json.ret_code !== 0) throw new Error(`${path}: ${text}`);
  return json;
}

async function signIn(sim: Simulator): Promise<string> {
  const res = await fetch(`${sim.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoLogin('newbie')),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!cookie) throw new Error(`sign-in failed: ${await res.text()}`);
  return cookie;
}

export interface RecordedSession {
  text: string;
  expected: StateDump;
  /** The simulator's truth at the end (every quote). */
  truth: StateDump;
}

/** Drives the simulator through ASSETS_PLAN while recording the newbie's streams. */
export async function recordAssetsSession(): Promise<RecordedSession> {
  const sim = await startSimulator({
    port: 0,
    clock: 'manual',
    admin: true,
    seed: SEED,
    tickMs: 1_000,
    idleTimeoutMs: 3_600_000,
  });
  let rec: Recording | undefined;
  try {
    const login = demoLogin('newbie');
    rec = await startRecording({
      url: sim.url,
      username: login.username,
      password: login.password,
      symbols: SYMBOLS,
      now: () => sim.clock.now(),
      reconnectDelayMs: 50,
    });
    const cookie = await signIn(sim);
    await rec.sync();
    let n = 0;
    for (let at = STEP; at <= DURATION_MS; at += STEP) {
      sim.advance(STEP);
      await rec.sync();
      for (const a of at % 1000 === 0 ? (ASSETS_PLAN[at / 1000] ?? []) : []) {
        if ('deposit' in a) await post(sim, '/__admin/deposit', { userId: USER_ID, ...a.deposit });
        else {
          await post(
            sim,
            '/v3/private/asset/transfer',
            { ...a.transfer, requestId: `assets-session-${++n}` },
            cookie,
          );
        }
        await rec.sync();
      }
    }
    const truth = sim.truth(USER_ID);
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
    return { text, expected, truth };
  } finally {
    await rec?.stop();
    await sim.stop();
  }
}

async function main(): Promise<void> {
  const { text, expected } = await recordAssetsSession();
  writeFileSync(join(DIR, `${ASSETS_SESSION}.jsonl`), text);
  writeFileSync(join(DIR, `${ASSETS_SESSION}.state.json`), canonicalJson(expected));
  process.stdout.write(
    `${ASSETS_SESSION}: ${text.split('\n').length - 1} lines, ${text.length} bytes\n`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
