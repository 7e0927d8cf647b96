/**
 * Copy-trade orders, keyed by orderId (PROTOCOL.md section 5): fields present merge into the
 * stored order unless the update is older; afterwards only the kept statuses remain.
 */
import { e3ToMicros } from '../lib/intstr';
import { KEPT_ORDER_STATUSES, type Order } from '../wire/protocol';
import {
  emptyKeyed,
  isOlder,
  KeyedDraft,
  snapshotTombstones,
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
    let next: Order;
    if (cur) {
      if (isOlder(item.updatedAtE3, cur.updatedAtE3)) continue;
      next = { ...cur, ...item };
    } else {
      if (draft.isStaleForAbsent(key, item.updatedAtE3, opts)) continue;
      next = item;
    }
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
