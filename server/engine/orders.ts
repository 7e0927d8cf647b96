/**
 * Copy-trade orders: the lifecycle PendingNew -> New -> OpenOrderPartiallyFilled ->
 * OpenOrderFilled -> OpenOrderClosing -> OpenOrderClosedFilled (or Cancelled before a fill).
 * An order stays "open" (kept by clients) while the position part it opened is held.
 */
import type { Order } from '../../src/wire/protocol';
import { divRound, formatFixed } from '../lib/fixed';
import type { Rng } from '../lib/rng';
import type { Instrument } from '../market/instruments';
import { marginE8, type Side } from './position-math';

export type OrderStatus =
  | 'PendingNew'
  | 'New'
  | 'OpenOrderPartiallyFilled'
  | 'OpenOrderFilled'
  | 'OpenOrderClosing'
  | 'OpenOrderClosedFilled'
  | 'Cancelled';

/** Statuses from which an order can still fill. */
export const WORKING: ReadonlySet<OrderStatus> = new Set([
  'PendingNew',
  'New',
  'OpenOrderPartiallyFilled',
]);

export interface OrderRec {
  readonly orderId: string;
  readonly ownerId: number;
  readonly leaderId: number;
  readonly inst: Instrument;
  readonly side: Side;
  readonly positionIdx: number;
  readonly positionKey: string;
  readonly leverage: number;
  readonly qty: bigint;
  readonly createdAt: number;
  /** Reference price when placed; the average fill price once filled. */
  price: bigint;
  cumExec: bigint;
  /** Sum of fill qty * price, for the average fill price. */
  fillNotional: bigint;
  status: OrderStatus;
  /** The wire form last published (undefined before the first publication). */
  wire?: Order;
}

/** Margin an unfilled remainder locks. */
export function orderMarginE8(o: OrderRec): bigint {
  if (!WORKING.has(o.status)) return 0n;
  return marginE8(o.inst, (o.qty - o.cumExec) * o.price, o.leverage);
}

export function orderWire(o: OrderRec, updatedAt: number): Order {
  return {
    orderId: o.orderId,
    leaderUserId: o.leaderId,
    symbol: o.inst.symbol,
    side: o.side,
    orderType: 'Market',
    price: formatFixed(o.price, o.inst.priceScale),
    qty: formatFixed(o.qty, o.inst.qtyScale),
    cumExecQty: formatFixed(o.cumExec, o.inst.qtyScale),
    copyTradeOrderStatus: o.status,
    createdAtE3: String(o.createdAt),
    updatedAtE3: String(updatedAt),
  };
}

/** Records a fill of `qty` at `price`; the order's price becomes the average fill price. */
export function recordFill(o: OrderRec, qty: bigint, price: bigint): void {
  o.cumExec += qty;
  o.fillNotional += qty * price;
  o.price = divRound(o.fillNotional, o.cumExec, 'halfUp');
}

/** UUID-shaped order ids from their own seeded stream (ids never perturb the market). */
export function orderIdFrom(rng: Rng): string {
  const hex = (n: number) => n.toString(16).padStart(8, '0');
  const a = hex(rng.nextU32());
  const b = hex(rng.nextU32());
  const c = hex(rng.nextU32());
  const d = hex(rng.nextU32());
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${((parseInt(c[0] as string, 16) & 3) | 8).toString(16)}${c.slice(1, 4)}-${c.slice(4)}${d}`;
}
