/**
 * `npm run bench`, replay section: `replay --print-state` of a generated 20 000-frame session
 * (tickers, positions, orders, wallets, risk, account; seeds and a reseed), timed as a user runs
 * it (a new process, tsx start-up included) against the bare start-up of tsx measured the same
 * way, plus the in-process parse + replay rate. Asserts nothing on time.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { replayToDump } from '@src/pipeline/replay';
import { parseSession } from '@src/wire/session-file';
import { sink } from './measure';
import { rng } from './stream-fixtures';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const T0 = 1_732_150_000_000;
const REPLAY_FRAMES = 20_000;

const SYMBOLS = ['BTC', 'ETH', 'XRP', 'EOS', 'SOL', 'DOGE', 'ADA', 'BNB', 'LTC', 'LINK'].map(
  (c) => `${c}USDT`,
);

/** A deterministic session of `frames` received data frames, with its REST seeds. */
function syntheticSession(frames = REPLAY_FRAMES): string {
  const r = rng(0x5eed);
  const lines: string[] = [
    JSON.stringify({
      kind: 'header',
      version: 1,
      recordedAt: new Date(T0).toISOString(),
      userId: 1001,
    }),
  ];
  let t = 0;
  const ev = (o: Record<string, unknown>) => lines.push(JSON.stringify({ t, ...o }));
  const recv = (stream: string, frame: unknown) =>
    ev({ kind: 'recv', stream, frame: JSON.stringify(frame) });
  const env = (result: unknown) =>
    JSON.stringify({
      ret_code: 0,
      ret_msg: 'OK',
      result,
      ext_code: '',
      ext_info: null,
      time_now: `${Math.floor((T0 + t) / 1000)}.${String(((T0 + t) % 1000) * 1000).padStart(6, '0')}`,
    });
  const seq = new Map<string, number>();
  const priv = (topic: string, data: unknown[]) => {
    const s = (seq.get(topic) ?? 0) + 1;
    seq.set(topic, s);
    recv('private', {
      id: `f${lines.length}`,
      topic,
      type: 'delta',
      seq: s,
      creationTime: T0 + t,
      data,
    });
  };
  const upd = () => String(T0 + t);
  const position = (i: number) => ({
    symbol: SYMBOLS[i % SYMBOLS.length],
    positionIdx: i % 3,
    userId: 2001 + (i % 3),
    side: i % 2 ? 'Sell' : 'Buy',
    size: (1 + r()).toFixed(3),
    entryPrice: (60_000 + r() * 1000).toFixed(1),
    markPrice: (60_000 + r() * 1000).toFixed(1),
    leverage: '10',
    liqPrice: '50000',
    unrealisedPnlE8: String(Math.floor(r() * 1e10)),
    createdAtE3: String(T0),
    updatedAtE3: upd(),
  });
  const seed = (path: string, result: unknown) =>
    ev({
      kind: 'rest',
      sent: Math.max(0, t - 5),
      method: 'GET',
      path,
      status: 200,
      body: env(result),
    });

  ev({ kind: 'open', stream: 'public' });
  ev({ kind: 'open', stream: 'private' });
  for (const s of SYMBOLS) {
    recv('public', {
      topic: `tickers.${s}`,
      type: 'snapshot',
      ts: T0,
      cs: 1,
      data: {
        symbol: s,
        lastPrice: '100.0',
        markPrice: '100.0',
        bid1Price: '99.9',
        ask1Price: '100.1',
      },
    });
  }
  seed('/v3/private/asset/wallets', { list: [] });
  seed('/v3/private/copytrade/positions', { list: [] });
  seed('/v3/private/copytrade/orders', { list: [] });
  let wallet = 0;
  for (let i = 0; i < frames; i++) {
    t += 3;
    const k = r();
    if (k < 0.6) {
      const s = SYMBOLS[Math.floor(r() * SYMBOLS.length)] as string;
      recv('public', {
        topic: `tickers.${s}`,
        type: 'delta',
        ts: T0 + t,
        cs: i + 2,
        data: { symbol: s, lastPrice: (100 + r()).toFixed(2), bid1Price: (99 + r()).toFixed(2) },
      });
    } else if (k < 0.8) {
      priv('copytrade.position', [position(Math.floor(r() * 50)), position(Math.floor(r() * 50))]);
    } else if (k < 0.9) {
      priv('copytrade.order', [
        {
          orderId: `o${Math.floor(r() * 200)}`,
          leaderUserId: 2001,
          symbol: 'BTCUSDT',
          side: 'Buy',
          orderType: 'Market',
          price: '64000.5',
          qty: '1',
          cumExecQty: (r() * 1).toFixed(3),
          copyTradeOrderStatus: r() < 0.8 ? 'OpenOrderFilled' : 'OpenOrderClosedFilled',
          createdAtE3: String(T0),
          updatedAtE3: upd(),
        },
      ]);
    } else if (k < 0.95) {
      priv('wallet', [
        {
          coin: 'USDT',
          walletBalanceE8: String(1e12 + i),
          updatedAtE3: upd(),
          userId: 1001,
          walletVersion: ++wallet,
        },
      ]);
    } else {
      priv('risk', [
        {
          accountIMRateE4: String(Math.floor(r() * 100)),
          accountMMRateE4: '10',
          totalEquityE8: '1000000000000',
          totalInitialMarginE8: '0',
          totalMaintenanceMarginE8: '0',
          riskLevel: 'SAFE',
          updatedAtE3: upd(),
        },
      ]);
    }
    if (i > 0 && i % 5_000 === 0) seed('/v3/private/copytrade/positions', { list: [position(1)] });
  }
  return `${lines.join('\n')}\n`;
}

export interface ReplayRun {
  frames: number;
  bytes: number;
  /** Wall ms of `replay --print-state` in a new process (tsx start-up included). */
  cliMedianMs: number;
  cliBestMs: number;
  /** Wall ms of `tsx` running an empty script: the start-up part of the above. */
  startupMedianMs: number;
  /** Parse + replay in process, best of 5. */
  inProcessMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

function wall(args: string[]): number {
  const t0 = performance.now();
  const r = spawnSync(TSX, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`tsx ${args.join(' ')} failed: ${String(r.stderr)}`);
  return ms;
}

export function benchReplay(runs = 5): ReplayRun {
  const dir = mkdtempSync(join(tmpdir(), 'assetdeck-bench-replay-'));
  try {
    const text = syntheticSession();
    const file = join(dir, 'synthetic.jsonl');
    const empty = join(dir, 'empty.ts');
    writeFileSync(file, text);
    writeFileSync(empty, '');
    const cli: number[] = [];
    const startup: number[] = [];
    wall([join(ROOT, 'scripts/replay.ts'), '--print-state', file]); // warm the file cache
    for (let i = 0; i < runs; i++) {
      // Alternated, so machine load hits both alike.
      cli.push(wall([join(ROOT, 'scripts/replay.ts'), '--print-state', file]));
      startup.push(wall([empty]));
    }
    let inProcess = Infinity;
    for (let i = 0; i < 6; i++) {
      const t0 = performance.now();
      sink(replayToDump(parseSession(text).events));
      if (i > 0) inProcess = Math.min(inProcess, performance.now() - t0);
    }
    return {
      frames: REPLAY_FRAMES,
      bytes: text.length,
      cliMedianMs: median(cli),
      cliBestMs: Math.min(...cli),
      startupMedianMs: median(startup),
      inProcessMs: inProcess,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
