/**
 * Small generated sessions for `replay --check` (and anything else that wants many files): a
 * follower's private stream with wallet deltas over the five default coins, acks, a malformed
 * frame now and then and a seq gap now and then, deterministic per seed. Each comes with its
 * expected dump, built by this generator from what it wrote (the last row of each coin over the
 * default zero row, the frames it counted), not by the replay.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson } from '@src/lib/canonical-json';

const COINS = ['BTC', 'EOS', 'ETH', 'USDT', 'XRP'] as const;
const T0 = 1_732_150_000_000;

/** A small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface GeneratedSession {
  name: string;
  jsonl: string;
  expected: unknown;
  frames: number;
}

function generateSession(seed: number, frames = 20): GeneratedSession {
  const rand = rng(seed);
  const lines: string[] = [
    JSON.stringify({
      kind: 'header',
      version: 1,
      recordedAt: new Date(T0).toISOString(),
      userId: 1001,
    }),
  ];
  const ev = (o: Record<string, unknown>) => lines.push(JSON.stringify(o));
  const recv = (t: number, frame: unknown) =>
    ev({ t, kind: 'recv', stream: 'private', frame: JSON.stringify(frame) });
  ev({ t: 0, kind: 'open', stream: 'private' });
  ev({
    t: 1,
    kind: 'send',
    stream: 'private',
    frame: '{"req_id":"1","op":"auth","args":["<token>"]}',
  });
  recv(2, { success: true, ret_msg: '', op: 'auth', conn_id: 'c1', req_id: '1' });
  const rows = new Map<string, Record<string, unknown>>(
    COINS.map((coin) => [coin, { coin, walletBalanceE8: '0', availableBalanceE8: '0' }]),
  );
  let t = 10;
  let seq = 0;
  let applied = 0;
  let rejected = 0;
  let resyncs = 0;
  for (let i = 0; i < frames; i++) {
    t += 1 + Math.floor(rand() * 500);
    if (rand() < 0.05) {
      rejected++;
      ev({ t, kind: 'recv', stream: 'private', frame: '{"topic":"wallet","type":"delta",' });
      continue;
    }
    const gap = rand() < 0.05;
    seq += gap ? 2 : 1;
    if (gap) resyncs++;
    const coin = COINS[Math.floor(rand() * COINS.length)] as string;
    const balance = BigInt(Math.floor(rand() * 1e9)) * 100n;
    const item = {
      coin,
      walletBalanceE8: String(balance),
      availableBalanceE8: String(balance / 2n),
      equityE8: String(balance),
      updatedAtE3: String(T0 + t),
      userId: 1001,
      walletVersion: seq,
    };
    recv(t, {
      id: `w-${seed}-${seq}`,
      topic: 'wallet',
      type: 'delta',
      seq,
      creationTime: T0 + t,
      data: [item],
    });
    applied++;
    rows.set(coin, { ...rows.get(coin), ...item });
  }
  ev({ t: t + 5, kind: 'close', stream: 'private', code: 1000, reason: '' });
  const expected = {
    copytrade: {
      account: null,
      leaderIncome: null,
      leaderWallet: null,
      orders: {},
      positions: [],
    },
    quotes: {},
    risk: null,
    stats: { framesApplied: applied, framesRejected: rejected, resyncs },
    wallets: Object.fromEntries(rows),
  };
  return {
    name: `gen-${String(seed).padStart(4, '0')}`,
    jsonl: lines.join('\n') + '\n',
    expected,
    frames,
  };
}

/** Writes `count` sessions (NAME.jsonl + NAME.state.json) into `dir`; returns their names. */
export function writeCorpus(dir: string, count: number, frames = 20): GeneratedSession[] {
  mkdirSync(dir, { recursive: true });
  const out: GeneratedSession[] = [];
  for (let seed = 1; seed <= count; seed++) {
    const s = generateSession(seed, frames);
    writeFileSync(join(dir, `${s.name}.jsonl`), s.jsonl);
    writeFileSync(join(dir, `${s.name}.state.json`), canonicalJson(s.expected));
    out.push(s);
  }
  return out;
}
