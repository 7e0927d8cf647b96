/**
 * A deterministic stream for the benchmarks: 1 000 positions, 1 000 orders and 300 tickers, then
 * updates in frames of 50 items (tickers: 50 one-symbol frames per batch, as Bybit sends them).
 */
import type { Order, Position } from '@src/wire/protocol';

export const ROWS = 1_000;
export const TICKERS = 300;
export const BATCH = 50;
const T0 = 1_732_150_000_000;

/** xorshift32: the same stream on every run. */
export function rng(seed = 0x9e3779b9) {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 0x1_0000_0000;
  };
}

export function seedPositions(): Position[] {
  return Array.from({ length: ROWS }, (_, i) => ({
    symbol: `S${i % 250}USDT`,
    positionIdx: Math.floor(i / 250) % 3,
    userId: 2001 + Math.floor(i / 750),
    side: 'Buy',
    size: '1.5',
    entryPrice: '64000.5',
    markPrice: '64100.25',
    leverage: '10',
    liqPrice: '50000',
    unrealisedPnlE8: '15000000000',
    createdAtE3: String(T0),
    updatedAtE3: String(T0),
  }));
}

export function seedOrders(): Order[] {
  return Array.from({ length: ROWS }, (_, i) => ({
    orderId: `o${i}`,
    leaderUserId: 2001,
    symbol: `S${i % 250}USDT`,
    side: i % 2 ? 'Sell' : 'Buy',
    orderType: 'Limit',
    price: '64000.5',
    qty: '2',
    cumExecQty: '0',
    copyTradeOrderStatus: 'OpenOrderPartiallyFilled',
    createdAtE3: String(T0),
    updatedAtE3: String(T0),
  }));
}

export interface BenchStream {
  /** Wire texts of private frames, 50 items each. */
  positionFrames: string[];
  orderFrames: string[];
  /** Wire texts of public ticker delta frames (one symbol each), in batches of 50. */
  tickerFrames: string[];
  tickerSnapshots: string[];
}

/** `frames` frames per entity kind, each of 50 partial updates to random rows. */
export function makeStream(frames: number, seed = 1): BenchStream {
  const r = rng(seed);
  const positions = seedPositions();
  const orders = seedOrders();
  let t = T0;
  const positionFrames: string[] = [];
  const orderFrames: string[] = [];
  for (let f = 0; f < frames; f++) {
    const pos = [];
    const ord = [];
    for (let k = 0; k < BATCH; k++) {
      t++;
      const p = positions[Math.floor(r() * ROWS)] as Position;
      pos.push({
        symbol: p.symbol,
        positionIdx: p.positionIdx,
        userId: p.userId,
        markPrice: (64000 + Math.floor(r() * 2000) / 10).toFixed(1),
        unrealisedPnlE8: String(Math.floor(r() * 1e15) - 5e14),
        updatedAtE3: String(t),
      });
      const o = orders[Math.floor(r() * ROWS)] as Order;
      ord.push({
        orderId: o.orderId,
        symbol: o.symbol,
        cumExecQty: (r() * 2).toFixed(3),
        copyTradeOrderStatus: r() < 0.5 ? 'OpenOrderPartiallyFilled' : 'OpenOrderFilled',
        updatedAtE3: String(t),
      });
    }
    positionFrames.push(frame('copytrade.position', f + 1, t, pos));
    orderFrames.push(frame('copytrade.order', f + 1, t, ord));
  }
  const tickerSnapshots = Array.from({ length: TICKERS }, (_, i) =>
    JSON.stringify({
      topic: `tickers.T${i}USDT`,
      type: 'snapshot',
      ts: T0,
      cs: 1,
      data: {
        symbol: `T${i}USDT`,
        lastPrice: '100.5',
        markPrice: '100.4',
        indexPrice: '100.3',
        bid1Price: '100.4',
        bid1Size: '12',
        ask1Price: '100.6',
        ask1Size: '9',
        price24hPcnt: '0.0123',
        volume24h: '123456',
        turnover24h: '12345678.9',
        fundingRate: '0.0001',
      },
    }),
  );
  const tickerFrames: string[] = [];
  for (let f = 0; f < frames * BATCH; f++) {
    const i = Math.floor(r() * TICKERS);
    tickerFrames.push(
      JSON.stringify({
        topic: `tickers.T${i}USDT`,
        type: 'delta',
        ts: T0 + f,
        cs: f + 2,
        data: {
          symbol: `T${i}USDT`,
          lastPrice: (100 + r()).toFixed(2),
          bid1Price: (100 + r()).toFixed(2),
        },
      }),
    );
  }
  return { positionFrames, orderFrames, tickerFrames, tickerSnapshots };
}

function frame(topic: string, seq: number, t: number, data: unknown[]): string {
  return JSON.stringify({ id: `f${seq}`, topic, type: 'delta', seq, creationTime: t, data });
}
