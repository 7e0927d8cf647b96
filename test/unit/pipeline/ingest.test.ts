import { describe, expect, it, vi } from 'vitest';
import { positionKey } from '@src/state/positions';
import { order, position, privateText, T0, tickerText, wallet } from '../state/fixtures';
import { envelope, settle, setup } from './harness';

const ORDER = 'copytrade.order';

describe('writes', () => {
  it('writes the first ticker snapshot at once, then once per scheduler tick', () => {
    const h = setup();
    h.ingest.subscribed('public', ['tickers.BTCUSDT', 'tickers.ETHUSDT'], 'c1');
    h.feed('public', tickerText('BTCUSDT', 'snapshot', { lastPrice: '1' }));
    expect(h.writes.count).toBe(1);
    expect(h.store.get(h.atoms.quoteAtom('BTCUSDT'))?.lastPrice).toBe('1');
    h.feed('public', tickerText('ETHUSDT', 'snapshot', { lastPrice: '2' }));
    h.feed('public', tickerText('BTCUSDT', 'delta', { lastPrice: '3' }));
    expect(h.writes.count).toBe(1);
    expect(h.store.get(h.atoms.quoteAtom('ETHUSDT'))).toBeUndefined();
    expect(h.sched.pending).toBe(1);
    h.sched.tick();
    expect(h.writes.count).toBe(2);
    expect(h.store.get(h.atoms.quoteAtom('BTCUSDT'))?.lastPrice).toBe('3');
    expect(h.store.get(h.atoms.quoteSymbolsAtom)).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(h.store.get(h.atoms.topicLoadableAtom('public')).status).toBe('ready');
  });

  it('a symbol subscribed while quotes are live waits for the tick; after a reconnect the first is at once', () => {
    const h = setup();
    h.ingest.subscribed('public', ['tickers.BTCUSDT'], 'c1');
    h.feed('public', tickerText('BTCUSDT', 'snapshot', { lastPrice: '1' }));
    expect(h.writes.count).toBe(1);
    // Another symbol wanted while live: its snapshot is written with the next frame's write.
    h.ingest.subscribed('public', ['tickers.ETHUSDT'], 'c1');
    h.feed('public', tickerText('ETHUSDT', 'snapshot', { lastPrice: '2' }));
    expect(h.writes.count).toBe(1);
    expect(h.store.get(h.atoms.quoteAtom('ETHUSDT'))).toBeUndefined();
    h.sched.tick();
    expect(h.writes.count).toBe(2);
    expect(h.store.get(h.atoms.quoteAtom('ETHUSDT'))?.lastPrice).toBe('2');
    // A new connection: nothing is live until its first quote, which is written at once again.
    h.ingest.disconnected('public');
    h.sched.tick();
    const before = h.writes.count;
    h.ingest.subscribed('public', ['tickers.BTCUSDT', 'tickers.ETHUSDT'], 'c2');
    h.feed('public', tickerText('BTCUSDT', 'snapshot', { lastPrice: '4' }));
    expect(h.writes.count).toBe(before + 1);
    expect(h.store.get(h.atoms.quoteAtom('BTCUSDT'))?.lastPrice).toBe('4');
  });

  it('a burst of 2 000 frames costs one store write, coalesced per key', () => {
    const h = setup();
    h.ingest.subscribed('private', [], 'c1');
    h.feed('private', privateText(ORDER, 1, [order('warm', 1)]));
    h.sched.tick();
    const before = h.writes.count;
    const rowA = h.atoms.orderRowAtom('o7');
    const seen: unknown[] = [];
    const unsub = h.store.sub(rowA, () => seen.push(h.store.get(rowA)));
    const keysSeen = vi.fn();
    const unsubKeys = h.store.sub(h.atoms.orderKeysAtom, keysSeen);
    for (let i = 0; i < 2_000; i++) {
      h.feed(
        'private',
        privateText(ORDER, i + 2, [order(`o${i % 100}`, 10 + i, { qty: String(i) })]),
      );
    }
    expect(h.writes.count).toBe(before);
    h.sched.tick();
    expect(h.writes.count).toBe(before + 1);
    expect(seen).toHaveLength(1); // o7 changed 20 times, notified once
    expect(seen[0]).toMatchObject({ orderId: 'o7', qty: '1907' });
    expect(keysSeen).toHaveBeenCalledTimes(1);
    expect(h.store.get(h.atoms.orderKeysAtom)).toHaveLength(101);
    const stats = h.store.get(h.atoms.ingestStatsAtom);
    expect(stats.framesApplied).toBe(2_001);
    expect(stats.lastBatchFrames).toBe(2_000);
    unsub();
    unsubKeys();
  });

  it('folds early past maxBufferedFrames, still with one store write', () => {
    const h = setup({ maxBufferedFrames: 10 });
    h.ingest.subscribed('private', [], 'c1');
    h.feed('private', privateText(ORDER, 1, [order('warm', 1)]));
    h.sched.tick();
    const before = h.writes.count;
    for (let i = 0; i < 35; i++) h.feed('private', privateText(ORDER, i + 2, [order(`o${i}`, 5)]));
    expect(h.writes.count).toBe(before);
    expect(h.ingest.peek()['copytrade.order'].rows.size).toBe(36);
    h.sched.tick();
    expect(h.writes.count).toBe(before + 1);
    expect(h.store.get(h.atoms.orderKeysAtom)).toHaveLength(36);
  });

  it('nothing to write: no store write', () => {
    const h = setup();
    h.ingest.flush();
    expect(h.writes.count).toBe(0);
  });

  it('counts writes during the last second as fps', () => {
    const h = setup();
    h.ingest.subscribed('private', [], 'c1');
    for (let i = 0; i < 5; i++) {
      h.feed('private', privateText('risk', i + 1, [{ updatedAtE3: String(T0 + i) }]));
      h.sched.tick();
      h.clock.now += 100;
    }
    expect(h.store.get(h.atoms.ingestStatsAtom).fps).toBe(5);
    h.clock.now += 2_000;
    h.feed('private', privateText('risk', 6, [{ updatedAtE3: String(T0 + 9) }]));
    h.sched.tick();
    expect(h.store.get(h.atoms.ingestStatsAtom).fps).toBe(1);
  });
});

describe('rows', () => {
  it('untouched rows keep their identity and their subscribers are not notified', () => {
    const h = setup();
    h.ingest.subscribed('private', [], 'c1');
    h.feed('private', privateText(ORDER, 1, [order('a', 1), order('b', 1)]));
    h.sched.tick();
    const a = h.atoms.orderRowAtom('a');
    const b = h.atoms.orderRowAtom('b');
    const bBefore = h.store.get(b);
    const onA = vi.fn();
    const onB = vi.fn();
    h.store.sub(a, onA);
    h.store.sub(b, onB);
    h.feed('private', privateText(ORDER, 2, [order('a', 2, { qty: '9' })]));
    h.sched.tick();
    expect(onA).toHaveBeenCalledTimes(1);
    expect(onB).not.toHaveBeenCalled();
    expect(h.store.get(b)).toBe(bBefore);
    expect(h.atoms.orderRowAtom('b')).toBe(b);
  });

  it('an update that changes nothing does not notify the row', () => {
    const h = setup();
    h.ingest.subscribed('private', [], 'c1');
    h.feed('private', privateText(ORDER, 1, [order('a', 1)]));
    h.sched.tick();
    const onA = vi.fn();
    h.store.sub(h.atoms.orderRowAtom('a'), onA);
    h.feed('private', privateText(ORDER, 2, [order('a', 1)])); // the same frame again
    h.sched.tick();
    expect(onA).not.toHaveBeenCalled();
  });

  it('row atoms are released when nothing subscribes: at once if their row is gone, else at the second write', () => {
    const h = setup();
    h.ingest.subscribed('private', [], 'c1');
    const items = Array.from({ length: 100 }, (_, i) => order(`o${i}`, 1));
    h.feed('private', privateText(ORDER, 1, items));
    h.sched.tick();
    const unsubs = items.map((o) => h.store.sub(h.atoms.orderRowAtom(o.orderId), () => {}));
    expect(h.atoms.liveRowAtoms().order).toBe(100);
    // Half the orders are cancelled while their rows are still mounted.
    const cancels = items.slice(0, 50).map((o) => ({
      orderId: o.orderId,
      copyTradeOrderStatus: 'OpenOrderCancelled',
      updatedAtE3: String(T0 + 2),
    }));
    h.feed('private', privateText(ORDER, 2, cancels));
    h.sched.tick();
    expect(h.store.get(h.atoms.orderRowAtom('o0'))).toBeUndefined();
    expect(h.atoms.liveRowAtoms().order).toBe(100); // still mounted
    unsubs.forEach((u) => u());
    expect(h.atoms.liveRowAtoms().order).toBe(50); // the gone rows' atoms: released on unmount
    // A one-off read of a row that never existed, and the atoms of rows that exist but are no
    // longer on screen, are released after two writes (the first may come between a render that
    // asked for an atom and the effect that mounts it).
    const kept = h.atoms.orderRowAtom('o99');
    expect(h.store.get(h.atoms.orderRowAtom('ghost'))).toBeUndefined();
    expect(h.atoms.liveRowAtoms().order).toBe(51);
    h.feed('private', privateText(ORDER, 3, [order('o99', 3)]));
    h.sched.tick();
    expect(h.atoms.liveRowAtoms().order).toBe(51);
    h.feed('private', privateText(ORDER, 4, [order('o98', 4)]));
    h.sched.tick();
    expect(h.atoms.liveRowAtoms().order).toBe(0);
    // Shown again: a new atom with the committed row, which follows the row from then on.
    const again = h.atoms.orderRowAtom('o99');
    expect(again).not.toBe(kept);
    h.store.sub(again, () => {});
    expect(h.store.get(again)?.updatedAtE3).toBe(order('o99', 3).updatedAtE3);
    h.feed('private', privateText(ORDER, 5, [order('o99', 5)]));
    h.sched.tick();
    expect(h.store.get(again)?.updatedAtE3).toBe(order('o99', 5).updatedAtE3);
    expect(h.atoms.liveRowAtoms().order).toBe(1);
  });

  it('a row atom unmounted and mounted again before the next write stays the same atom', () => {
    const h = setup();
    h.ingest.subscribed('private', [], 'c1');
    h.feed('private', privateText(ORDER, 1, [order('a', 1)]));
    h.sched.tick();
    const a = h.atoms.orderRowAtom('a');
    h.store.sub(a, () => {})(); // a row that left the table ...
    h.store.sub(a, () => {}); // ... and came back in the same commit
    h.feed('private', privateText(ORDER, 2, [order('a', 2)]));
    h.sched.tick();
    h.feed('private', privateText(ORDER, 3, [order('a', 3)]));
    h.sched.tick();
    expect(h.atoms.orderRowAtom('a')).toBe(a);
    expect(h.store.get(a)?.updatedAtE3).toBe(order('a', 3).updatedAtE3);
    expect(h.atoms.liveRowAtoms().order).toBe(1);
  });

  it('a row atom created before its row appears receives it', () => {
    const h = setup();
    h.ingest.subscribed('private', [], 'c1');
    const key = positionKey(position('BTCUSDT', 1, 2001, 0));
    const a = h.atoms.positionRowAtom(key);
    const seen = vi.fn();
    h.store.sub(a, seen);
    h.feed('private', privateText('copytrade.position', 1, [position('BTCUSDT', 1, 2001, 1)]));
    h.sched.tick();
    expect(seen).toHaveBeenCalledTimes(1);
    expect(h.store.get(a)?.entryPrice).toBe('64000');
    expect(h.store.get(h.atoms.positionKeysAtom)).toEqual([key]);
  });

  it('positions: keys in display order, new ones in front', () => {
    const h = setup();
    h.ingest.subscribed('private', [], 'c1');
    h.feed('private', privateText('copytrade.position', 1, [position('A', 0, 1, 1)]));
    h.feed('private', privateText('copytrade.position', 2, [position('B', 0, 1, 2)]));
    h.sched.tick();
    const keys = h.store.get(h.atoms.positionKeysAtom);
    expect(keys.map((k) => k.split('\u0000')[0])).toEqual(['B', 'A']);
    h.feed(
      'private',
      privateText('copytrade.position', 3, [position('A', 0, 1, 3, { size: '2' })]),
    );
    h.sched.tick();
    expect(h.store.get(h.atoms.positionKeysAtom)).toBe(keys);
  });

  it('wallets: the default coins exist from the start', () => {
    const h = setup();
    expect(h.store.get(h.atoms.walletCoinsAtom)).toEqual(['BTC', 'EOS', 'USDT', 'XRP', 'ETH']);
    expect(h.store.get(h.atoms.walletRowAtom('XRP'))).toEqual({
      coin: 'XRP',
      availableBalanceE8: '0',
      walletBalanceE8: '0',
    });
    h.ingest.subscribed('private', [], 'c1');
    h.feed('private', privateText('wallet', 1, [wallet('SOL', 1)]));
    h.sched.tick();
    expect(h.store.get(h.atoms.walletCoinsAtom)).toEqual([
      'BTC',
      'EOS',
      'USDT',
      'XRP',
      'ETH',
      'SOL',
    ]);
  });

  it('orders: keys newest first', () => {
    const h = setup();
    h.ingest.subscribed('private', [], 'c1');
    h.feed(
      'private',
      privateText(ORDER, 1, [
        order('old', 1, { createdAtE3: String(T0 + 1) }),
        order('new', 1, { createdAtE3: String(T0 + 5) }),
        order('mid', 1, { createdAtE3: String(T0 + 3) }),
      ]),
    );
    h.sched.tick();
    expect(h.store.get(h.atoms.orderKeysAtom)).toEqual(['new', 'mid', 'old']);
  });
});

describe('sign-out', () => {
  it('reset clears data, statuses and counters at once and ignores answers in flight', async () => {
    const h = setup();
    h.ingest.subscribed('private', [ORDER], 'c1');
    h.feed('private', privateText(ORDER, 1, [order('a', 1)]));
    const pendingReq = h.request(ORDER);
    h.sched.tick();
    const row = h.atoms.orderRowAtom('a');
    const unsub = h.store.sub(row, () => {});
    expect(h.store.get(row)).toBeDefined();
    h.ingest.reset();
    expect(h.store.get(row)).toBeUndefined();
    expect(h.store.get(h.atoms.orderKeysAtom)).toEqual([]);
    expect(h.store.get(h.atoms.topicStatusAtom(ORDER)).status).toBe('idle');
    expect(h.store.get(h.atoms.ingestStatsAtom).framesApplied).toBe(0);
    pendingReq.resolve(envelope({ list: [order('z', 1)] }));
    await settle();
    h.sched.tick();
    expect(h.ingest.peek()['copytrade.order'].rows.size).toBe(0);
    unsub();
    expect(h.atoms.liveRowAtoms().order).toBe(0);
  });
});
