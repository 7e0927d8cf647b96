/**
 * Accounts that trade by themselves (the leaders and the trader): every few seconds they open a
 * position, add to one or close one; a leader's filled orders are copied to its followers in
 * proportion to what each invested, and its closes close the copies.
 */
import { after } from '../clock';
import { divRound, pow10 } from '../lib/fixed';
import { instrumentOf, type Instrument } from '../market/instruments';
import type { EngineContext } from './context';
import type { Ledger } from './ledger';
import { cancelUnfilled, closePosition, placeOrder } from './order-flow';
import type { OrderRec } from './orders';
import { positionKeyOf, type Side } from './position-math';

interface Style {
  symbols: readonly string[];
  leverages: readonly number[];
  maxPositions: number;
  /** Probability of trading with the trend. */
  skill: number;
}

const STYLES: Record<number, Style> = {
  2001: {
    symbols: ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT', 'BNBUSDT', 'DOGEUSDT'],
    leverages: [5, 10, 20],
    maxPositions: 4,
    skill: 0.85,
  },
  2002: {
    symbols: ['BTCUSDT', 'ETHUSDT', 'LTCUSDT', 'LINKUSDT', 'ADAUSDT'],
    leverages: [3, 5],
    maxPositions: 3,
    skill: 0.75,
  },
  2003: {
    symbols: ['SOLUSDT', 'AVAXUSDT', 'NEARUSDT', 'APTUSDT', 'DOGEUSDT', 'XRPUSDT'],
    leverages: [10, 20],
    maxPositions: 4,
    skill: 0.7,
  },
  3001: {
    symbols: ['BTCUSDT', 'ETHUSDT', 'EOSUSDT', 'XRPUSDT'],
    leverages: [2, 5, 10],
    maxPositions: 3,
    skill: 0.65,
  },
};
const DEFAULT_STYLE: Style = {
  symbols: ['BTCUSDT', 'ETHUSDT'],
  leverages: [5],
  maxPositions: 2,
  skill: 0.6,
};

/** Capital a trading account sizes its positions against (E8). */
function capitalOf(l: Ledger): bigint {
  return l.leader?.capitalE8 ?? l.cashE8;
}

/** Qty worth `notionalE8` at `price`, floored to the lot step. */
function qtyFor(inst: Instrument, notionalE8: bigint, price: bigint): bigint {
  const raw = divRound(
    notionalE8 * pow10(inst.priceScale + inst.qtyScale),
    price * pow10(8),
    'trunc',
  );
  return (raw / inst.stepUnits) * inst.stepUnits;
}

function positionIdxFor(l: Ledger, side: Side): number {
  if (!(l.leader?.hedgeMode ?? false)) return 0;
  return side === 'Buy' ? 1 : 2;
}

function hasWorkingOrders(l: Ledger): boolean {
  for (const o of l.orders.values()) {
    if (o.status === 'PendingNew' || o.status === 'New' || o.status === 'OpenOrderPartiallyFilled')
      return true;
  }
  return false;
}

/** Copies a leader's filled order to each follower, sized by investment / leader capital. */
function copyToFollowers(ctx: EngineContext, leader: Ledger, o: OrderRec, instant: boolean): void {
  const capital = capitalOf(leader);
  for (const f of ctx.followers(leader.userId)) {
    const follow = f.followOf(leader.userId);
    if (!follow) continue;
    const qty =
      (divRound(o.qty * follow.investmentE8, capital, 'trunc') / o.inst.stepUnits) *
      o.inst.stepUnits;
    if (qty <= 0n) continue;
    placeOrder(ctx, {
      owner: f,
      leaderId: leader.userId,
      inst: o.inst,
      side: o.side,
      positionIdx: o.positionIdx,
      qty,
      leverage: o.leverage,
      copy: true,
      instant,
    });
  }
}

/** Opens a new position on a symbol the account does not hold; false if none is free. */
function openNew(ctx: EngineContext, l: Ledger, instant: boolean): boolean {
  const style = STYLES[l.userId] ?? DEFAULT_STYLE;
  const now = ctx.clock.now();
  // A symbol held on neither side and not closed a moment ago.
  const free = style.symbols.filter((s) =>
    [0, 1, 2].every((idx) => {
      const key = positionKeyOf(s, idx, l.userId);
      return !l.positions.has(key) && (l.leader?.cooldownUntil.get(key) ?? 0) <= now;
    }),
  );
  if (free.length === 0) return false;
  const symbol = ctx.rng.pick(free);
  // Traders read the trend right more often than not: that is their edge over the fees.
  const up = ctx.market.state(symbol).trendPerHour > 0;
  const side: Side = ctx.rng.chance(style.skill) === up ? 'Buy' : 'Sell';
  const idx = positionIdxFor(l, side);
  const inst = instrumentOf(symbol) as Instrument;
  const leverage = Math.min(ctx.rng.pick(style.leverages), inst.maxLeverage);
  const notional = divRound(capitalOf(l) * BigInt(ctx.rng.int(10, 40)), 100n, 'trunc');
  const qty = qtyFor(inst, notional, ctx.market.state(inst.symbol).last);
  if (qty <= 0n) return false;
  placeOrder(ctx, {
    owner: l,
    leaderId: l.userId,
    inst,
    side,
    positionIdx: idx,
    qty,
    leverage,
    copy: false,
    instant,
    onFilled: l.leader ? (o) => copyToFollowers(ctx, l, o, instant) : undefined,
  });
  return true;
}

function addTo(ctx: EngineContext, l: Ledger): void {
  const open = [...l.positions.values()].filter((p) => !p.closing);
  if (open.length === 0) return;
  const pos = ctx.rng.pick(open);
  const part = divRound(pos.size * BigInt(ctx.rng.int(20, 60)), 100n, 'trunc');
  const qty = (part / pos.inst.stepUnits) * pos.inst.stepUnits;
  if (qty <= 0n) return;
  placeOrder(ctx, {
    owner: l,
    leaderId: l.userId,
    inst: pos.inst,
    side: pos.side,
    positionIdx: pos.positionIdx,
    qty,
    leverage: pos.leverage,
    copy: false,
    onFilled: l.leader ? (o) => copyToFollowers(ctx, l, o, false) : undefined,
  });
}

function closeOne(ctx: EngineContext, l: Ledger): void {
  const open = [...l.positions.values()].filter((p) => !p.closing);
  if (open.length === 0) return;
  const pos = ctx.rng.pick(open);
  closePosition(ctx, l, pos);
  if (l.leader) {
    l.leader.cooldownUntil.set(pos.key, ctx.clock.now() + ctx.timing.reopenCooldownMs);
    // Every copy closes with the original, and a copy still being placed is cancelled: what a
    // follower holds, its leader holds.
    for (const f of ctx.followers(l.userId)) {
      const copy = f.positions.get(pos.key);
      if (copy) closePosition(ctx, f, copy);
      else cancelUnfilled(ctx, f, pos.key);
    }
  }
}

/** One decision of a trading account. */
function act(ctx: EngineContext, l: Ledger): void {
  if (hasWorkingOrders(l)) return;
  const style = STYLES[l.userId] ?? DEFAULT_STYLE;
  const open = [...l.positions.values()].filter((p) => !p.closing).length;
  const r = ctx.rng.float();
  if (open === 0 || (r < 0.35 && open < style.maxPositions)) {
    if (!openNew(ctx, l, false)) closeOne(ctx, l);
  } else if (r < 0.65) {
    addTo(ctx, l);
  } else {
    closeOne(ctx, l);
  }
}

/** The book a run starts with: two positions per trading account, already filled and copied. */
export function seedPositions(ctx: EngineContext, l: Ledger): void {
  openNew(ctx, l, true);
  openNew(ctx, l, true);
}

/** Lets the account act at random intervals until `isRunning()` turns false. */
export function scheduleTrading(ctx: EngineContext, l: Ledger, isRunning: () => boolean): void {
  const [lo, hi] = ctx.timing.leaderActionMs;
  const next = () => {
    if (!isRunning()) return;
    act(ctx, l);
    after(ctx.clock, ctx.rng.int(lo, hi), next);
  };
  after(ctx.clock, ctx.rng.int(lo, hi), next);
}
