import { describe, expect, it } from 'vitest';
import { emptyOrders, isKeptOrder, mergeOrders, snapshotOrders } from '@src/state/orders';
import { at, order, T0 } from './fixtures';

const micros = (dt: number) => `${T0 + dt}000`;

describe('order status filter', () => {
  it.each(['OpenOrderPartiallyFilled', 'OpenOrderFilled', 'OpenOrderClosing'])('keeps %s', (st) => {
    const s = mergeOrders(emptyOrders(), [order('o1', 1, { copyTradeOrderStatus: st })]);
    expect(s.rows.get('o1')?.copyTradeOrderStatus).toBe(st);
  });

  it.each(['OpenOrderCancelled', 'OpenOrderClosed', 'Filled', 'openorderfilled', ''])(
    'drops %j, and removes it if stored',
    (st) => {
      const created = mergeOrders(emptyOrders(), [order('o1', 1)]);
      expect(created.rows.has('o1')).toBe(true);
      const s = mergeOrders(created, [order('o1', 2, { copyTradeOrderStatus: st })]);
      expect(s.rows.has('o1')).toBe(false);
      expect(
        mergeOrders(emptyOrders(), [order('o2', 1, { copyTradeOrderStatus: st })]).rows.size,
      ).toBe(0);
    },
  );

  it('judges the status after merging: a partial update keeps the stored status', () => {
    let s = mergeOrders(emptyOrders(), [order('o1', 1)]);
    s = mergeOrders(s, [{ orderId: 'o1', cumExecQty: '0.25', updatedAtE3: at(2) }]);
    expect(s.rows.get('o1')).toMatchObject({
      cumExecQty: '0.25',
      copyTradeOrderStatus: 'OpenOrderPartiallyFilled',
      price: '64000.5',
    });
  });

  it('drops an unknown order whose update carries no status', () => {
    const s = mergeOrders(emptyOrders(), [{ orderId: 'o9', qty: '1', updatedAtE3: at(1) }]);
    expect(s.rows.size).toBe(0);
  });

  it('isKeptOrder needs a kept status', () => {
    expect(isKeptOrder(order('a', 1))).toBe(true);
    expect(isKeptOrder({ orderId: 'a', updatedAtE3: '1' })).toBe(false);
  });
});

describe('order merge', () => {
  it('merges fields present and ignores older updates', () => {
    let s = mergeOrders(emptyOrders(), [order('o1', 5)]);
    s = mergeOrders(s, [{ orderId: 'o1', price: '1', updatedAtE3: at(4) }]);
    expect(s.rows.get('o1')?.price).toBe('64000.5');
    s = mergeOrders(s, [{ orderId: 'o1', price: '2', updatedAtE3: at(5) }]);
    expect(s.rows.get('o1')?.price).toBe('2'); // same time is not older
    s = mergeOrders(s, [{ orderId: 'o1', qty: '3', updatedAtE3: at(6) }]);
    expect(s.rows.get('o1')).toEqual({ ...order('o1', 6), price: '2', qty: '3' });
  });

  it('compares updatedAtE3 as integers, not as text or floats', () => {
    let s = mergeOrders(emptyOrders(), [order('o1', 0, { updatedAtE3: '900' })]);
    s = mergeOrders(s, [{ orderId: 'o1', qty: '7', updatedAtE3: '1000' }]); // "1000" < "900" as text
    expect(s.rows.get('o1')?.qty).toBe('7');
    const big = '90071992547409931';
    s = mergeOrders(s, [{ orderId: 'o1', qty: '8', updatedAtE3: big }]);
    s = mergeOrders(s, [{ orderId: 'o1', qty: '9', updatedAtE3: '90071992547409930' }]); // equal as floats
    expect(s.rows.get('o1')?.qty).toBe('8');
  });

  it('applies several items for one order in one frame in order', () => {
    const s = mergeOrders(emptyOrders(), [
      order('o1', 1),
      { orderId: 'o1', cumExecQty: '0.1', updatedAtE3: at(3) },
      { orderId: 'o1', cumExecQty: '0.05', updatedAtE3: at(2) },
      { orderId: 'o1', copyTradeOrderStatus: 'OpenOrderFilled', updatedAtE3: at(4) },
    ]);
    expect(s.rows.get('o1')).toMatchObject({
      cumExecQty: '0.1',
      copyTradeOrderStatus: 'OpenOrderFilled',
      updatedAtE3: at(4),
    });
  });

  it('keeps untouched orders as the same objects and returns the same state for no change', () => {
    const s1 = mergeOrders(emptyOrders(), [order('o1', 1), order('o2', 1)]);
    const s2 = mergeOrders(s1, [order('o2', 2, { qty: '9' })]);
    expect(s2.rows.get('o1')).toBe(s1.rows.get('o1'));
    expect(s2.rows.get('o2')).not.toBe(s1.rows.get('o2'));
    expect(s1.rows.get('o2')?.qty).toBe('0.5');
    expect(mergeOrders(s2, [order('o1', 0)])).toBe(s2);
    expect(mergeOrders(s2, [])).toBe(s2);
  });

  it('stores __proto__ and constructor as order ids', () => {
    const s = mergeOrders(emptyOrders(), [order('__proto__', 1), order('constructor', 1)]);
    expect([...s.rows.keys()]).toEqual(['__proto__', 'constructor']);
    expect(s.rows.get('__proto__')?.orderId).toBe('__proto__');
    const removed = mergeOrders(s, [
      order('__proto__', 2, { copyTradeOrderStatus: 'OpenOrderCancelled' }),
    ]);
    expect(removed.rows.has('__proto__')).toBe(false);
    expect(removed.gone.get('__proto__')).toBe(micros(2));
  });
});

describe('order tombstones', () => {
  it('a stale delta never resurrects a removed order; a newer one re-creates it', () => {
    let s = mergeOrders(emptyOrders(), [order('o1', 1)]);
    s = mergeOrders(s, [order('o1', 5, { copyTradeOrderStatus: 'OpenOrderCancelled' })]);
    expect(s.gone.get('o1')).toBe(micros(5));
    expect(mergeOrders(s, [order('o1', 4)])).toBe(s);
    const back = mergeOrders(s, [order('o1', 6)]);
    expect(back.rows.get('o1')?.updatedAtE3).toBe(at(6));
    expect(back.gone.has('o1')).toBe(false);
  });

  it('a never-seen order dropped for its status still blocks older updates', () => {
    let s = mergeOrders(emptyOrders(), [
      order('o1', 5, { copyTradeOrderStatus: 'OpenOrderCancelled' }),
    ]);
    s = mergeOrders(s, [order('o1', 3)]);
    expect(s.rows.has('o1')).toBe(false);
  });
});

describe('order snapshot', () => {
  it('replaces the orders, drops non-kept statuses and buries absent orders at its time', () => {
    let s = mergeOrders(emptyOrders(), [order('o1', 1), order('o2', 1)]);
    s = snapshotOrders(
      s,
      [order('o2', 8), order('o3', 8, { copyTradeOrderStatus: 'OpenOrderCancelled' })],
      micros(10),
    );
    expect([...s.rows.keys()]).toEqual(['o2']);
    expect(s.gone.get('o1')).toBe(micros(10));
    expect(s.gone.get('o3')).toBe(micros(8));
  });

  it('queued deltas on top: absentBefore stops stale deltas from re-creating absent orders', () => {
    // The order was closed before the snapshot was taken; its stale deltas arrive after.
    let s = snapshotOrders(emptyOrders(), [order('o1', 2)], micros(10));
    s = mergeOrders(s, [order('o9', 7), { orderId: 'o1', qty: '2', updatedAtE3: at(3) }], {
      absentBefore: micros(10),
    });
    expect(s.rows.has('o9')).toBe(false);
    expect(s.rows.get('o1')?.qty).toBe('2'); // present keys merge by the usual rule
    s = mergeOrders(s, [order('o9', 11)], { absentBefore: micros(10) });
    expect(s.rows.has('o9')).toBe(true);
  });
});
