/**
 * The floor page of the browser benchmark (issue 13): the least main-thread work a page can do
 * to show the latest values of a window of positions and orders in every display frame. No
 * framework, no formatting, no flashes: messages are merged into maps in their own task, and one
 * animation-frame callback writes the text of the cells whose value changed into a fixed window
 * of table rows (20 positions, 10 orders, the columns of the naive baseline). Its socket-to-paint
 * p95 is what the machine and the browser allow that day with these frames; the dashboard's p95
 * over it is what the dashboard's own work costs, and the naive baseline's p95 over it is the
 * largest ratio any page could show (docs/performance.md). Same connection as the baseline
 * (../feed.ts). Built by scripts/bench-browser.ts into `<app>/floor/`.
 */
import { KEPT, closed, keyOf, older, startFeed, type Order, type Position } from '../feed';

const POSITION_ROWS = 20;
const ORDER_ROWS = 10;
const POSITION_HEAD = [
  'Leader',
  'Symbol',
  'Side',
  'Size',
  'Entry',
  'Mark',
  'Liq.',
  'Leverage',
  'PnL (E8)',
];
const ORDER_HEAD = ['Order', 'Symbol', 'Side', 'Price', 'Qty', 'Filled', 'Status'];

const positions = new Map<string, Position>();
/** Position keys in display order: the snapshot's order, new ones after it. */
const positionKeys: string[] = [];
const orders = new Map<string, Order>();
const orderIds: string[] = [];
const quotes = new Map<string, string>();

/**
 * A table of `rows` row slots. A slot that comes to show another item gets a new row element (the
 * dashboard's keyed rows are mounted anew when the order changes): a row's first values are not a
 * socket latency, and the probe counts only text written into nodes already on the page.
 */
function table(label: string, head: string[], rows: number) {
  const el = document.createElement('table');
  el.setAttribute('aria-label', label);
  const tr = el.createTHead().insertRow();
  for (const h of head) {
    const th = document.createElement('th');
    th.textContent = h;
    tr.append(th);
  }
  const body = el.createTBody();
  const slots: { key: string | undefined; row: HTMLTableRowElement; cells: Text[] }[] = [];
  for (let i = 0; i < rows; i++) {
    const row = body.insertRow();
    slots.push({ key: undefined, row, cells: [] });
  }
  /** Shows `values` of item `key` in slot `i`, writing only the texts that differ. */
  const show = (i: number, key: string | undefined, values: (string | number | undefined)[]) => {
    const slot = slots[i] as (typeof slots)[number];
    const texts = head.map((_, j) => String(values[j] ?? ''));
    if (slot.key !== key) {
      const row = document.createElement('tr');
      slot.cells = texts.map((t) => {
        const text = document.createTextNode(t);
        row.insertCell().append(text);
        return text;
      });
      slot.row.replaceWith(row);
      slot.row = row;
      slot.key = key;
      return;
    }
    slot.cells.forEach((cell, j) => {
      if (cell.data !== texts[j]) cell.data = texts[j] as string;
    });
  };
  return { el, show };
}

const root = document.getElementById('root') as HTMLElement;
const status = document.createElement('p');
status.setAttribute('role', 'status');
status.textContent = 'signing in';
const positionTable = table('positions', POSITION_HEAD, POSITION_ROWS);
const orderTable = table('orders', ORDER_HEAD, ORDER_ROWS);
root.append(status, positionTable.el, orderTable.el);

function paint(): void {
  scheduled = false;
  for (let i = 0; i < POSITION_ROWS; i++) {
    const key = positionKeys[i];
    const p = key === undefined ? undefined : positions.get(key);
    positionTable.show(
      i,
      key,
      p
        ? [
            p.userId,
            p.symbol,
            p.side,
            p.size,
            p.entryPrice,
            quotes.get(p.symbol) ?? p.markPrice,
            p.liqPrice,
            p.leverage,
            p.unrealisedPnlE8,
          ]
        : [],
    );
  }
  for (let i = 0; i < ORDER_ROWS; i++) {
    const id = orderIds[i];
    const o = id === undefined ? undefined : orders.get(id);
    orderTable.show(
      i,
      id,
      o ? [o.orderId, o.symbol, o.side, o.price, o.qty, o.cumExecQty, o.copyTradeOrderStatus] : [],
    );
  }
}

let scheduled = false;
const changed = () => {
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(paint);
};

const remove = (list: string[], key: string) => {
  const i = list.indexOf(key);
  if (i >= 0) list.splice(i, 1);
};

startFeed({
  status(text) {
    status.textContent = text;
  },
  seed(pos, ord) {
    for (const p of pos) {
      if (!positions.has(keyOf(p))) positionKeys.push(keyOf(p));
      positions.set(keyOf(p), p);
    }
    for (const o of ord) {
      if (!orders.has(o.orderId)) orderIds.push(o.orderId);
      orders.set(o.orderId, o);
    }
    changed();
  },
  position(item) {
    const key = keyOf(item);
    const had = positions.get(key);
    if (had && older(item.updatedAtE3, had.updatedAtE3)) return;
    if (closed(item)) {
      if (!had) return;
      positions.delete(key);
      remove(positionKeys, key);
    } else {
      if (!had) positionKeys.push(key);
      positions.set(key, had ? { ...had, ...item } : item);
    }
    changed();
  },
  order(item) {
    const had = orders.get(item.orderId);
    if (had && older(item.updatedAtE3, had.updatedAtE3)) return;
    const merged = had ? { ...had, ...item } : item;
    if (KEPT.has(merged.copyTradeOrderStatus ?? '')) {
      if (!had) orderIds.push(item.orderId);
      orders.set(item.orderId, merged);
    } else if (had) {
      orders.delete(item.orderId);
      remove(orderIds, item.orderId);
    } else return;
    changed();
  },
  ticker(symbol, markPrice) {
    quotes.set(symbol, markPrice);
    changed();
  },
});
