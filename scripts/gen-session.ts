/**
 * `npm run gen-session -- --positions N --rate R --seconds S [--orders N] [--symbols N]
 *   [--seed S] [--out FILE]`: writes a heavy follower session (PROTOCOL.md section 6) for the
 * browser benchmark (scenario b of issue 13) and for anyone who wants to see the dashboard under
 * load with `npm run replay -- --serve FILE --app dist`.
 *
 * The session: follower 1001 signs in, subscribes on both streams, seeds every base private topic
 * from REST (N open positions over `--symbols` symbols, `--orders` kept orders, wallets, risk,
 * copy account), gets a ticker snapshot of each traded instrument, then receives R frames a
 * second for S seconds: ticker deltas (half), position deltas (a third) and order deltas (the
 * rest), one item a frame, with a little churn (a position closed and opened again, an order
 * cancelled and another placed) so that the number of rows, and each leader's, stays the same.
 *
 * Symbols: the simulator's 20 instruments first (the only ones the replay server's
 * instruments-info lists, so the only tickers a dashboard subscribes), then synthetic ones
 * (`X001USDT`, ...) whose positions move through position deltas (mark price, PnL) alone.
 *
 * Deterministic: the same flags give the same bytes. Lines are written as they are made, so a
 * long session does not need its size in memory.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { INSTRUMENTS } from '../server/market/instruments';

export interface GenOptions {
  positions: number;
  orders: number;
  /** Frames a second after the snapshots. */
  rate: number;
  seconds: number;
  symbols: number;
  seed: number;
}

export const DEFAULTS: GenOptions = {
  positions: 1000,
  orders: 1000,
  rate: 2000,
  seconds: 60,
  symbols: 200,
  seed: 1,
};

/** Wall-clock origin of the session's timestamps (updatedAtE3, ts). */
const T0 = 1_764_028_800_000; // 2025-11-25T00:00:00Z
const USER = 1001;
/** When the streamed deltas begin (ms after the start). */
const STREAM_START = 100;
const KEPT = ['OpenOrderPartiallyFilled', 'OpenOrderFilled', 'OpenOrderClosing'] as const;

/** mulberry32: small, fast, seeded. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Sym {
  symbol: string;
  /** Decimals of prices. */
  scale: number;
  /** Price in integer ticks of 10^-scale. */
  units: bigint;
  tick: bigint;
  qtyScale: number;
  /** Whether the dashboard can subscribe its ticker (a known instrument). */
  ticker: boolean;
  cs: number;
}

const fmt = (units: bigint, scale: number): string => {
  const neg = units < 0n;
  const s = (neg ? -units : units).toString().padStart(scale + 1, '0');
  const out = scale === 0 ? s : `${s.slice(0, -scale)}.${s.slice(-scale)}`;
  return neg ? `-${out}` : out;
};

function makeSymbols(n: number, rand: () => number): Sym[] {
  const out: Sym[] = [];
  for (const i of INSTRUMENTS.slice(0, Math.min(n, INSTRUMENTS.length))) {
    out.push({
      symbol: i.symbol,
      scale: i.priceScale,
      units: i.basePrice,
      tick: i.tickUnits,
      qtyScale: i.qtyScale,
      ticker: true,
      cs: 1,
    });
  }
  for (let k = out.length; k < n; k++) {
    const id = String(k - INSTRUMENTS.length + 1).padStart(3, '0');
    out.push({
      symbol: `X${id}USDT`,
      scale: 4,
      units: BigInt(Math.floor(10_000 + rand() * 990_000)),
      tick: 1n,
      qtyScale: 1,
      ticker: false,
      cs: 1,
    });
  }
  return out;
}

interface Pos {
  symbol: Sym;
  positionIdx: number;
  userId: number;
  sizeUnits: number;
  entry: bigint;
  leverage: number;
  createdAtE3: number;
}

interface Ord {
  orderId: string;
  symbol: Sym;
  leaderUserId: number;
  side: string;
  qty: number;
  filled: number;
  status: number;
  createdAtE3: number;
  /** Limit price in ticks, fixed when placed (an order's price does not follow the market). */
  price: bigint;
}

/** Writes the session to `write`, line by line; returns the number of data frames streamed. */
export function generate(opts: GenOptions, write: (line: string) => void): number {
  if (opts.positions < 1 || opts.symbols < 1 || opts.rate <= 0 || opts.seconds <= 0)
    throw new Error('positions, symbols, rate and seconds must be positive');
  const rand = rng(opts.seed);
  const int = (n: number) => Math.floor(rand() * n);
  const syms = makeSymbols(opts.symbols, rand);
  const tickerSyms = syms.filter((s) => s.ticker);
  const line = (o: unknown) => write(JSON.stringify(o));
  const envelope = (result: unknown, nowMs: number) =>
    JSON.stringify({
      ret_code: 0,
      ret_msg: 'OK',
      result,
      ext_code: '',
      ext_info: null,
      time_now: `${Math.floor(nowMs / 1000)}.${String(nowMs % 1000).padStart(3, '0')}000`,
    });

  // ---- the book: positions and orders
  let nextLeaderSlot = 0;
  const positions: Pos[] = [];
  const posKey = (p: Pos) => `${p.symbol.symbol}/${p.positionIdx}/${p.userId}`;
  const taken = new Set<string>();
  const newPosition = (createdAtE3: number): Pos => {
    for (;;) {
      const slot = nextLeaderSlot++;
      const symbol = syms[slot % syms.length] as Sym;
      const combo = Math.floor(slot / syms.length);
      const p: Pos = {
        symbol,
        positionIdx: 1 + (combo % 2),
        userId: 2001 + Math.floor(combo / 2),
        sizeUnits: 1 + int(500),
        entry: symbol.units + BigInt(int(200) - 100) * symbol.tick,
        leverage: [5, 10, 20, 25, 50][int(5)] as number,
        createdAtE3,
      };
      if (p.entry <= 0n) p.entry = symbol.tick;
      if (!taken.has(posKey(p))) {
        taken.add(posKey(p));
        return p;
      }
    }
  };
  for (let i = 0; i < opts.positions; i++) positions.push(newPosition(T0 - (opts.positions - i)));
  const reopened = (p: Pos, createdAtE3: number): Pos => {
    const entry = p.symbol.units + BigInt(int(200) - 100) * p.symbol.tick;
    return {
      ...p,
      sizeUnits: 1 + int(500),
      entry: entry > 0n ? entry : p.symbol.tick,
      leverage: [5, 10, 20, 25, 50][int(5)] as number,
      createdAtE3,
    };
  };
  let orderSerial = 0;
  const newOrder = (createdAtE3: number): Ord => {
    const symbol = syms[int(syms.length)] as Sym;
    const qty = 10 + int(1000);
    const side = rand() < 0.5 ? 'Buy' : 'Sell';
    // Resting away from the market: a buy 50-549 ticks below the mark, a sell as far above, so an
    // order's price is not the symbol's mark price (the browser probe matches numbers on screen
    // to the mark prices received: equal numbers in another table would be false matches).
    const away = BigInt(50 + int(500)) * symbol.tick;
    const below = symbol.units - away;
    return {
      orderId: `bench-${String(++orderSerial).padStart(7, '0')}`,
      symbol,
      leaderUserId: 2001 + int(10),
      side,
      price: side === 'Buy' ? (below > symbol.tick ? below : symbol.tick) : symbol.units + away,
      qty,
      filled: int(qty),
      status: int(2),
      createdAtE3,
    };
  };
  const orders: Ord[] = [];
  for (let i = 0; i < opts.orders; i++) orders.push(newOrder(T0 - (opts.orders - i)));

  const markOf = (p: Pos) => p.symbol.units;
  const pnlE8 = (p: Pos) => {
    // (mark - entry) * size, sign by side, as an E8 integer: exact in BigInt.
    const diff = markOf(p) - p.entry;
    const sign = p.positionIdx === 2 ? -1n : 1n;
    const size = BigInt(p.sizeUnits);
    return (
      (sign * diff * size * 10n ** 8n) /
      (10n ** BigInt(p.symbol.scale) * 10n ** BigInt(p.symbol.qtyScale))
    ).toString();
  };
  const positionItem = (p: Pos, updatedAtE3: number) => ({
    symbol: p.symbol.symbol,
    positionIdx: p.positionIdx,
    userId: p.userId,
    side: p.positionIdx === 2 ? 'Sell' : 'Buy',
    size: fmt(BigInt(p.sizeUnits), p.symbol.qtyScale),
    entryPrice: fmt(p.entry, p.symbol.scale),
    markPrice: fmt(markOf(p), p.symbol.scale),
    leverage: String(p.leverage),
    liqPrice: fmt(p.positionIdx === 2 ? p.entry * 2n : p.entry / 2n, p.symbol.scale),
    unrealisedPnlE8: pnlE8(p),
    createdAtE3: String(p.createdAtE3),
    updatedAtE3: String(updatedAtE3),
  });
  const orderItem = (o: Ord, updatedAtE3: number, status?: string) => ({
    orderId: o.orderId,
    leaderUserId: o.leaderUserId,
    symbol: o.symbol.symbol,
    side: o.side,
    orderType: 'Limit',
    price: fmt(o.price, o.symbol.scale),
    qty: fmt(BigInt(o.qty), o.symbol.qtyScale),
    cumExecQty: fmt(BigInt(o.filled), o.symbol.qtyScale),
    copyTradeOrderStatus: status ?? (KEPT[o.status] as string),
    createdAtE3: String(o.createdAtE3),
    updatedAtE3: String(updatedAtE3),
  });
  const tickerData = (s: Sym) => {
    const mark = fmt(s.units, s.scale);
    return {
      symbol: s.symbol,
      lastPrice: mark,
      markPrice: mark,
      indexPrice: mark,
      bid1Price: fmt(s.units - s.tick, s.scale),
      ask1Price: fmt(s.units + s.tick, s.scale),
    };
  };

  // ---- handshake and snapshots
  const sent = (t: number, stream: string, frame: unknown) =>
    line({ t, kind: 'send', stream, frame: JSON.stringify(frame) });
  const recv = (t: number, stream: string, frame: unknown) =>
    line({ t, kind: 'recv', stream, frame: JSON.stringify(frame) });
  const rest = (t: number, path: string, result: unknown) =>
    line({
      t,
      kind: 'rest',
      sent: t - 2,
      method: 'GET',
      path,
      status: 200,
      body: envelope(result, T0 + t),
    });

  line({ kind: 'header', version: 1, recordedAt: new Date(T0).toISOString(), userId: USER });
  line({ t: 0, kind: 'open', stream: 'public' });
  line({ t: 0, kind: 'open', stream: 'private' });
  sent(1, 'private', { req_id: '1', op: 'auth', args: ['<token>'] });
  recv(2, 'private', { success: true, ret_msg: '', op: 'auth', conn_id: 'bench-v', req_id: '1' });
  const privateTopics = [
    'wallet',
    'risk',
    'copytrade.account',
    'copytrade.order',
    'copytrade.position',
  ];
  sent(2, 'private', { req_id: '2', op: 'subscribe', args: privateTopics });
  recv(3, 'private', {
    success: true,
    ret_msg: '',
    op: 'subscribe',
    conn_id: 'bench-v',
    req_id: '2',
  });
  rest(6, '/v3/private/asset/wallets', {
    list: ['USDT', 'BTC', 'ETH', 'XRP', 'EOS'].map((coin, i) => ({
      coin,
      availableBalanceE8: String((100_000 - i * 10_000) * 1e8),
      walletBalanceE8: String((120_000 - i * 10_000) * 1e8),
      equityE8: String((125_000 - i * 10_000) * 1e8),
      updatedAtE3: String(T0 + 4),
      userId: USER,
      walletVersion: 1,
    })),
  });
  rest(7, '/v3/private/account/risk', {
    accountIMRateE4: '1200',
    accountMMRateE4: '300',
    totalEquityE8: String(125_000 * 1e8),
    totalInitialMarginE8: String(15_000 * 1e8),
    totalMaintenanceMarginE8: String(3_750 * 1e8),
    riskLevel: 'SAFE',
    updatedAtE3: String(T0 + 5),
  });
  rest(8, '/v3/private/copytrade/account', {
    assetsE8: String(110_000 * 1e8),
    incomeE8: String(10_000 * 1e8),
    yieldRateE4: '1000',
    availableE8: String(50_000 * 1e8),
    walletE8: String(100_000 * 1e8),
    shareProfitE8: String(1_000 * 1e8),
    cumRealisedPnlE8: String(9_000 * 1e8),
    updatedAtE3: String(T0 + 6),
  });
  rest(9, '/v3/private/copytrade/orders', { list: orders.map((o) => orderItem(o, o.createdAtE3)) });
  // Display order: newest first.
  rest(10, '/v3/private/copytrade/positions', {
    list: [...positions].reverse().map((p) => positionItem(p, p.createdAtE3)),
  });
  const tickerTopics = tickerSyms.map((s) => `tickers.${s.symbol}`);
  const reqIds: string[] = [];
  for (let i = 0; i < tickerTopics.length; i += 10) {
    const reqId = String(i / 10 + 1);
    reqIds.push(reqId);
    sent(11, 'public', { req_id: reqId, op: 'subscribe', args: tickerTopics.slice(i, i + 10) });
  }
  for (const reqId of reqIds)
    recv(12, 'public', {
      success: true,
      ret_msg: '',
      conn_id: 'bench-p',
      req_id: reqId,
      op: 'subscribe',
    });
  for (const s of tickerSyms) {
    recv(13, 'public', {
      topic: `tickers.${s.symbol}`,
      type: 'snapshot',
      ts: T0 + 13,
      cs: s.cs++,
      data: tickerData(s),
    });
  }

  // ---- the stream
  const seq = new Map<string, number>();
  const privateFrame = (t: number, topic: string, item: unknown) => {
    const n = (seq.get(topic) ?? 0) + 1;
    seq.set(topic, n);
    recv(t, 'private', {
      id: `bench-${topic}-${n}`,
      topic,
      type: 'delta',
      seq: n,
      creationTime: T0 + Math.floor(t),
      data: [item],
    });
  };
  const walk = (s: Sym) => {
    const step = BigInt(int(5) - 2) * s.tick;
    if (s.units + step > s.tick * 10n) s.units += step;
  };
  const total = Math.round(opts.rate * opts.seconds);
  const interval = 1000 / opts.rate;
  let lastT = 13;
  for (let k = 0; k < total; k++) {
    // Times in whole microseconds: never decreasing, never before the snapshots.
    const t = Math.max(lastT, Math.round((STREAM_START + k * interval) * 1000) / 1000);
    lastT = t;
    const now = T0 + Math.floor(t);
    const r = rand();
    if (r < 0.5 && tickerSyms.length > 0) {
      const s = tickerSyms[int(tickerSyms.length)] as Sym;
      walk(s);
      const d = tickerData(s);
      recv(t, 'public', {
        topic: `tickers.${s.symbol}`,
        type: 'delta',
        ts: now,
        cs: s.cs++,
        data: {
          symbol: s.symbol,
          lastPrice: d.lastPrice,
          markPrice: d.markPrice,
          bid1Price: d.bid1Price,
          ask1Price: d.ask1Price,
        },
      });
    } else if (r < 0.83) {
      const i = int(positions.length);
      const p = positions[i] as Pos;
      if (rand() < 0.01) {
        // Closed (entry 0 removes it) and opened again: the same leader, symbol and side, a new
        // entry, size and leverage, at the front of its leader's group. So every group keeps its
        // size and its symbols, and the rows a dashboard shows first keep the same mix of quoted
        // and unquoted symbols all session long. (When the new position went to the next leader
        // instead, the first group drained, and some five minutes into a soak the rows of
        // ticker-quoted symbols came into view: 3-8x the values painted a minute from then on.)
        privateFrame(t, 'copytrade.position', {
          ...positionItem(p, now),
          size: '0',
          entryPrice: '0',
        });
        const q = reopened(p, now);
        positions[i] = q;
        privateFrame(t, 'copytrade.position', positionItem(q, now));
        k++;
        continue;
      }
      if (!p.symbol.ticker) walk(p.symbol);
      if (rand() < 0.2) p.sizeUnits = Math.max(1, p.sizeUnits + int(21) - 10);
      const item = positionItem(p, now);
      // Where a ticker moves the mark, the position frame carries size and PnL only.
      const { markPrice, ...rest } = item;
      privateFrame(t, 'copytrade.position', p.symbol.ticker ? rest : { ...rest, markPrice });
    } else {
      const i = int(orders.length);
      const o = orders[i] as Ord;
      if (rand() < 0.02) {
        privateFrame(t, 'copytrade.order', orderItem(o, now, 'Cancelled'));
        const q = newOrder(now);
        orders[i] = q;
        privateFrame(t, 'copytrade.order', orderItem(q, now));
        k++;
        continue;
      }
      o.filled = Math.min(o.qty, o.filled + 1 + int(5));
      o.status = o.filled >= o.qty ? 1 : int(3);
      privateFrame(t, 'copytrade.order', orderItem(o, now));
    }
  }
  return total;
}

/**
 * Generates a session into `out`, written in 1 MB pieces: a long one is larger than a string
 * can be (the browser benchmark's 10-minute soak is about 560 MB). Returns the frame count.
 */
export function writeSession(out: string, opts: GenOptions): number {
  const fd = openSync(out, 'w');
  try {
    let buf: string[] = [];
    let size = 0;
    const flush = () => {
      if (buf.length) writeSync(fd, buf.join(''));
      buf = [];
      size = 0;
    };
    const frames = generate(opts, (l) => {
      buf.push(l, '\n');
      size += l.length;
      if (size > 1 << 20) flush();
    });
    flush();
    return frames;
  } finally {
    closeSync(fd);
  }
}

function usage(): never {
  process.stderr.write(
    'usage: gen-session -- --positions N --rate R --seconds S [--orders N] [--symbols N] [--seed S] [--out FILE]\n',
  );
  process.exit(1);
}

function main(argv: string[]): void {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        positions: { type: 'string' },
        orders: { type: 'string' },
        rate: { type: 'string' },
        seconds: { type: 'string' },
        symbols: { type: 'string' },
        seed: { type: 'string' },
        out: { type: 'string' },
      },
    }));
  } catch (err) {
    process.stderr.write(`gen-session: ${(err as Error).message}\n`);
    usage();
  }
  const num = (k: keyof GenOptions): number => {
    const raw = values[k];
    if (raw === undefined) return DEFAULTS[k];
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) {
      process.stderr.write(
        `gen-session: --${k} ${JSON.stringify(raw)}: expected a positive number\n`,
      );
      usage();
    }
    return n;
  };
  const opts: GenOptions = {
    positions: Math.floor(num('positions')),
    orders: Math.floor(num('orders')),
    rate: num('rate'),
    seconds: num('seconds'),
    symbols: Math.floor(num('symbols')),
    seed: Math.floor(num('seed')),
  };
  const out = values.out ?? `session-${opts.positions}p-${opts.rate}fps-${opts.seconds}s.jsonl`;
  const frames = writeSession(out, opts);
  process.stderr.write(
    `gen-session: ${out}: ${opts.positions} positions over ${opts.symbols} symbols, ${opts.orders} orders, ${frames} frames at ${opts.rate}/s\n`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main(process.argv.slice(2));
