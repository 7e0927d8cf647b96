/**
 * Copy-trade orders, keyed by orderId (PROTOCOL.md section 5): fields present merge into the
 * stored order unless the update is older; afterwards only the kept statuses remain.
 */
import { compareIntStr, e3ToMicros } from '../lib/intstr';
import { KEPT_ORDER_STATUSES, type Order } from '../wire/protocol';
import {
  emptyKeyed,
  KeyedDraft,
  snapshotTombstones,
  updatedRow,
  type KeyedState,
  type MergeOptions,
} from './keyed';

export type OrdersState = KeyedState<Order>;

export const emptyOrders = (): OrdersState => emptyKeyed<Order>();

export function isKeptOrder(o: Order): boolean {
  return o.copyTradeOrderStatus !== undefined && KEPT_ORDER_STATUSES.has(o.copyTradeOrderStatus);
}

/** Applies order updates in order; untouched orders keep their identity. */
export function mergeOrders(
  state: OrdersState,
  items: readonly Order[],
  opts?: MergeOptions,
): OrdersState {
  const draft = new KeyedDraft(state);
  for (const item of items) {
    const key = item.orderId;
    const cur = draft.get(key);
    const next = updatedRow(draft, key, cur, item, opts);
    if (next === undefined) continue;
    if (isKeptOrder(next)) draft.set(key, next);
    else draft.remove(key, e3ToMicros(item.updatedAtE3));
  }
  return draft.finish();
}

/** The topic's state becomes this snapshot (`atMicros`: when it was taken, if known). */
export function snapshotOrders(
  prev: OrdersState,
  items: readonly Order[],
  atMicros: string | undefined,
): OrdersState {
  const fresh = mergeOrders(emptyOrders(), items);
  return { rows: fresh.rows, gone: snapshotTombstones(prev, fresh, atMicros) };
}

/**
 * Order keys in display order: newest first (createdAtE3, else updatedAtE3), then by orderId.
 * Beside the reducer as the positions' order is (PROTOCOL.md gives positions theirs: new ones at
 * the front; orders have none, so they are shown by time).
 */
export function orderDisplayKeys(rows: ReadonlyMap<string, Order>): string[] {
  const entries = [...rows.values()];
  entries.sort((a, b) => {
    const c = compareIntStr(b.createdAtE3 ?? b.updatedAtE3, a.createdAtE3 ?? a.updatedAtE3);
    return c !== 0 ? c : a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0;
  });
  return entries.map((o) => o.orderId);
}
