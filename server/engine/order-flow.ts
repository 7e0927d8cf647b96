/**
 * Orders moving through their lifecycle on the simulated clock, fills opening or growing
 * positions, and the two-step close that realises PnL and the leader's profit share.
 */
import { after } from '../clock';
import { divRound } from '../lib/fixed';
import type { Instrument } from '../market/instruments';
import type { EngineContext } from './context';
import type { Ledger } from './ledger';
import {
  orderIdFrom,
  orderWire,
  recordFill,
  WORKING,
  type OrderRec,
  type OrderStatus,
} from './orders';
import {
  closedPositionWire,
  feeE8,
  marginE8,
  notionalE8,
  positionKeyOf,
  type PositionRec,
  type Side,
} from './position-math';

export interface OrderRequest {
  owner: Ledger;
  leaderId: number;
  inst: Instrument;
  side: Side;
  positionIdx: number;
  qty: bigint;
  leverage: number;
  /** A follower's copy (may be rejected by the exchange). */
  copy: boolean;
  /** Filled at once (the book a run starts with). */
  instant?: boolean;
  onFilled?: (o: OrderRec) => void;
}

const within = (ctx: EngineContext, [lo, hi]: readonly [number, number]) => ctx.rng.int(lo, hi);

function publishOrder(ctx: EngineContext, o: OrderRec, status: OrderStatus): void {
  o.status = status;
  o.wire = orderWire(o, ctx.clock.now());
  const owner = ctx.ledger(o.ownerId);
  if (owner.copyTopics) ctx.emit(owner.userId, 'copytrade.order', [o.wire]);
  if (status === 'OpenOrderClosedFilled' || status === 'Cancelled') owner.orders.delete(o.orderId);
}

/** The price a market order of `side` fills at: the ask for buys, the bid for sells. */
function fillPrice(ctx: EngineContext, symbol: string, side: Side): bigint {
  const q = ctx.market.state(symbol);
  return side === 'Buy' ? q.ask : q.bid;
}

function applyFill(ctx: EngineContext, o: OrderRec, qty: bigint): void {
  const owner = ctx.ledger(o.ownerId);
  const price = fillPrice(ctx, o.inst.symbol, o.side);
  recordFill(o, qty, price);
  let pos = owner.positions.get(o.positionKey);
  if (!pos) {
    pos = {
      key: o.positionKey,
      symbol: o.inst.symbol,
      positionIdx: o.positionIdx,
      leaderId: o.leaderId,
      side: o.side,
      inst: o.inst,
      leverage: o.leverage,
      size: 0n,
      entryNotional: 0n,
      openFeesE8: 0n,
      createdAt: ctx.clock.now(),
      closing: false,
    };
    owner.positions.set(pos.key, pos);
    owner.positionOrder.unshift(pos.key);
  }
  pos.size += qty;
  pos.entryNotional += qty * price;
  const fee = feeE8(o.inst, qty, price);
  pos.openFeesE8 += fee;
  owner.cashE8 -= fee;
  owner.cumRealisedE8 -= fee;
}

/** Places an order and runs its lifecycle on the clock. */
export function placeOrder(ctx: EngineContext, req: OrderRequest): OrderRec {
  const { owner, inst } = req;
  const o: OrderRec = {
    orderId: orderIdFrom(ctx.ids),
    ownerId: owner.userId,
    leaderId: req.leaderId,
    inst,
    side: req.side,
    positionIdx: req.positionIdx,
    positionKey: positionKeyOf(inst.symbol, req.positionIdx, req.leaderId),
    leverage: req.leverage,
    qty: req.qty,
    createdAt: ctx.clock.now(),
    price: fillPrice(ctx, inst.symbol, req.side),
    cumExec: 0n,
    fillNotional: 0n,
    status: 'PendingNew',
  };
  owner.orders.set(o.orderId, o);
  if (req.instant) {
    applyFill(ctx, o, o.qty);
    publishOrder(ctx, o, 'OpenOrderFilled');
    ctx.refresh(owner);
    req.onFilled?.(o);
    return o;
  }
  publishOrder(ctx, o, 'PendingNew');
  ctx.refresh(owner);
  after(ctx.clock, within(ctx, ctx.timing.ackMs), () => acknowledge(ctx, o, req));
  return o;
}

/** Whether the leader a copy order follows still holds the position (and is not closing it). */
function leaderHolds(ctx: EngineContext, o: OrderRec): boolean {
  const pos = ctx.ledger(o.leaderId).positions.get(o.positionKey);
  return pos !== undefined && !pos.closing;
}

/**
 * Cancels the owner's working orders for a position it does not hold yet (nothing filled): a
 * follower's copy of a position its leader is closing, so that no copy outlives the original.
 */
export function cancelUnfilled(ctx: EngineContext, owner: Ledger, positionKey: string): void {
  let cancelled = false;
  for (const o of [...owner.orders.values()]) {
    if (o.positionKey !== positionKey || !WORKING.has(o.status) || o.cumExec !== 0n) continue;
    publishOrder(ctx, o, 'Cancelled');
    cancelled = true;
  }
  if (cancelled) ctx.refresh(owner);
}

function acknowledge(ctx: EngineContext, o: OrderRec, req: OrderRequest): void {
  if (o.status !== 'PendingNew') return;
  const owner = ctx.ledger(o.ownerId);
  const pos = owner.positions.get(o.positionKey);
  const need = marginE8(o.inst, o.qty * o.price, o.leverage) + feeE8(o.inst, o.qty, o.price);
  // The order's own margin is already counted as locked: compare with what is left besides it.
  const free = ctx.availableE8(owner) + marginE8(o.inst, o.qty * o.price, o.leverage);
  const rejected =
    pos?.closing === true ||
    free < need ||
    (req.copy && !leaderHolds(ctx, o)) ||
    (req.copy && ctx.rng.chance(ctx.timing.copyRejectChance));
  if (rejected) {
    publishOrder(ctx, o, 'Cancelled');
    ctx.refresh(owner);
    return;
  }
  publishOrder(ctx, o, 'New');
  const half = (o.qty / 2n / o.inst.stepUnits) * o.inst.stepUnits;
  if (half > 0n) {
    after(ctx.clock, within(ctx, ctx.timing.partialFillMs), () => partialFill(ctx, o, half, req));
  } else {
    after(ctx.clock, within(ctx, ctx.timing.fillMs), () => completeFill(ctx, o, req));
  }
}

function partialFill(ctx: EngineContext, o: OrderRec, qty: bigint, req: OrderRequest): void {
  if (o.status !== 'New') return;
  applyFill(ctx, o, qty);
  publishOrder(ctx, o, 'OpenOrderPartiallyFilled');
  ctx.refresh(ctx.ledger(o.ownerId));
  after(ctx.clock, within(ctx, ctx.timing.fillMs), () => completeFill(ctx, o, req));
}

function completeFill(ctx: EngineContext, o: OrderRec, req: OrderRequest): void {
  if (o.status !== 'New' && o.status !== 'OpenOrderPartiallyFilled') return;
  applyFill(ctx, o, o.qty - o.cumExec);
  publishOrder(ctx, o, 'OpenOrderFilled');
  ctx.refresh(ctx.ledger(o.ownerId));
  req.onFilled?.(o);
}

/**
 * Closes a position: working orders without fills are cancelled, the others go to Closing; after
 * a delay they are ClosedFilled, the position is sent with entry price 0 and the PnL realised.
 */
export function closePosition(ctx: EngineContext, owner: Ledger, pos: PositionRec): void {
  if (pos.closing) return;
  pos.closing = true;
  for (const o of [...owner.orders.values()]) {
    if (o.positionKey !== pos.key) continue;
    if (WORKING.has(o.status) && o.cumExec === 0n) publishOrder(ctx, o, 'Cancelled');
    else if (o.status !== 'OpenOrderClosing') publishOrder(ctx, o, 'OpenOrderClosing');
  }
  ctx.refresh(owner);
  after(ctx.clock, within(ctx, ctx.timing.closeMs), () => settleClose(ctx, owner, pos));
}

function settleClose(ctx: EngineContext, owner: Ledger, pos: PositionRec): void {
  const now = ctx.clock.now();
  const exit = fillPrice(ctx, pos.symbol, pos.side === 'Buy' ? 'Sell' : 'Buy');
  for (const o of [...owner.orders.values()]) {
    if (o.positionKey === pos.key && o.status === 'OpenOrderClosing') {
      publishOrder(ctx, o, 'OpenOrderClosedFilled');
    }
  }
  const value = pos.size * exit;
  const gross = notionalE8(
    pos.inst,
    pos.side === 'Buy' ? value - pos.entryNotional : pos.entryNotional - value,
  );
  const fee = feeE8(pos.inst, pos.size, exit);
  owner.cashE8 += gross - fee;
  owner.cumRealisedE8 += gross - fee;
  const profit = gross - fee - pos.openFeesE8;

  owner.positions.delete(pos.key);
  owner.positionOrder = owner.positionOrder.filter((k) => k !== pos.key);
  owner.positionWires.delete(pos.key);
  ctx.emit(owner.userId, 'copytrade.position', [
    closedPositionWire(pos, ctx.market.state(pos.symbol).mark, now),
  ]);

  const follow = pos.leaderId !== owner.userId ? owner.followOf(pos.leaderId) : undefined;
  if (follow) {
    const leader = ctx.ledger(pos.leaderId);
    const share =
      profit > 0n && leader.leader
        ? divRound(profit * BigInt(leader.leader.sharePct), 100n, 'trunc')
        : 0n;
    follow.incomeE8 += profit - share;
    if (share > 0n && leader.leader) {
      owner.cashE8 -= share;
      owner.sharePaidE8 += share;
      leader.cashE8 += share;
      leader.leader.cumShareE8 += share;
      leader.leader.shareReceivedE8 += share;
      leader.leader.todayShareE8 += share;
      ctx.refresh(leader);
    }
    ctx.refreshIncome(pos.leaderId);
  }
  ctx.refresh(owner);
}
