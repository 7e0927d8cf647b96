/** Live snapshot seeding through the ingest: queue semantics, gaps, failures, coalescing. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { order, privateText, T0, wallet } from '../state/fixtures';
import { envelope, settle, setup } from './harness';

const ORDER = 'copytrade.order';
/** time_now of T0 + `ms`. */
const timeNow = (ms: number) =>
  `${Math.floor((T0 + ms) / 1000)}.${String(((T0 + ms) % 1000) * 1000).padStart(6, '0')}`;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('snapshot, then the deltas queued while it was in flight', () => {
  it('replaces the topic and re-applies the queue with absentBefore = time_now', async () => {
    const h = setup();
    h.ingest.subscribed('private', [ORDER], 'c1');
    expect(h.fetchSnapshot).toHaveBeenCalledWith(ORDER, expect.any(AbortSignal));
    h.sched.tick();
    expect(h.store.get(h.atoms.topicLoadableAtom(ORDER))).toEqual({ status: 'pending' });
    // Deltas in flight: o1 opens and closes before the snapshot is taken (T0+10), o2 changes and
    // o3 opens after it.
    h.feed('private', privateText(ORDER, 1, [order('o1', 3)]));
    h.feed(
      'private',
      privateText(ORDER, 2, [order('o1', 4, { copyTradeOrderStatus: 'OpenOrderCancelled' })]),
    );
    h.feed(
      'private',
      privateText(ORDER, 3, [{ orderId: 'o2', qty: '2', updatedAtE3: String(T0 + 12) }]),
    );
    h.feed('private', privateText(ORDER, 4, [order('o3', 13)]));
    h.sched.tick();
    // Applied live meanwhile: o3 only (o2's partial update has no status to keep it by yet).
    expect(h.store.get(h.atoms.orderKeysAtom)).toEqual(['o3']);
    h.request(ORDER).resolve(
      envelope({ list: [order('o1', 2), order('o2', 8, { qty: '0.5', price: '7' })] }, timeNow(10)),
    );
    await settle();
    h.sched.tick();
    const rows = h.ingest.peek()['copytrade.order'].rows;
    expect([...rows.keys()].sort()).toEqual(['o2', 'o3']);
    expect(rows.get('o2')).toMatchObject({ qty: '2', price: '7', updatedAtE3: String(T0 + 12) });
    const l = h.store.get(h.atoms.topicLoadableAtom(ORDER));
    expect(l.status).toBe('ready');
    expect(l.status === 'ready' && l.data.rows.size).toBe(2);
    expect(h.store.get(h.atoms.ingestStatsAtom).snapshotsApplied).toBe(1);
  });

  it('a stale queued delta never resurrects an entity the snapshot lacks', async () => {
    const h = setup();
    h.ingest.subscribed('private', ['wallet'], 'c1');
    h.feed(
      'private',
      privateText('wallet', 1, [wallet('SOL', 3, { updatedAtE3: String(T0 + 5) })]),
    );
    h.request('wallet').resolve(envelope({ list: [wallet('BTC', 9)] }, timeNow(10)));
    await settle();
    h.sched.tick();
    expect(h.store.get(h.atoms.walletCoinsAtom)).toEqual(['BTC', 'EOS', 'USDT', 'XRP', 'ETH']);
    expect(h.store.get(h.atoms.walletRowAtom('SOL'))).toBeUndefined();
    // A newer delta after the snapshot is applied as usual.
    h.feed(
      'private',
      privateText('wallet', 2, [wallet('SOL', 4, { updatedAtE3: String(T0 + 11) })]),
    );
    h.sched.tick();
    expect(h.store.get(h.atoms.walletRowAtom('SOL'))?.walletVersion).toBe(4);
  });

  it('writes the first seed at once', async () => {
    const h = setup();
    h.ingest.subscribed('private', ['risk'], 'c1');
    h.sched.tick();
    const before = h.writes.count;
    h.request('risk').resolve(envelope({ updatedAtE3: String(T0) }));
    await settle();
    expect(h.writes.count).toBe(before + 1);
    expect(h.store.get(h.atoms.riskAtom)).toEqual({ updatedAtE3: String(T0) });
  });

  it('a null result seeds an absent single entity', async () => {
    const h = setup();
    h.ingest.subscribed('private', ['copytrade.leaderWallet'], 'c1');
    h.request('copytrade.leaderWallet').resolve(envelope(null));
    await settle();
    expect(h.store.get(h.atoms.topicLoadableAtom('copytrade.leaderWallet'))).toEqual({
      status: 'ready',
      data: null,
    });
  });
});

describe('seq gaps', () => {
  it('a gap re-seeds its topic (only), counted as a resync', async () => {
    const h = setup();
    h.ingest.subscribed('private', [ORDER, 'wallet'], 'c1');
    h.request(ORDER).resolve(envelope({ list: [] }));
    h.request('wallet').resolve(envelope({ list: [] }));
    await settle();
    h.feed('private', privateText(ORDER, 1, [order('a', 1)]));
    h.feed('private', privateText(ORDER, 2, [order('b', 1)]));
    expect(h.fetchSnapshot).toHaveBeenCalledTimes(2);
    h.feed('private', privateText(ORDER, 5, [order('c', 1)])); // 3 and 4 were lost
    expect(h.fetchSnapshot).toHaveBeenCalledTimes(3);
    expect(h.fetchSnapshot).toHaveBeenLastCalledWith(ORDER, expect.any(AbortSignal));
    h.sched.tick();
    expect(h.store.get(h.atoms.ingestStatsAtom).resyncs).toBe(1);
    expect(h.store.get(h.atoms.topicLoadableAtom(ORDER)).status).toBe('pending');
    expect(h.store.get(h.atoms.orderKeysAtom)).toHaveLength(3); // the gap frame itself applied
    h.request(ORDER).resolve(envelope({ list: [order('a', 1), order('lost', 1)] }, timeNow(5)));
    await settle();
    h.sched.tick();
    expect([...h.ingest.peek()['copytrade.order'].rows.keys()].sort()).toEqual(['a', 'lost']);
    expect(h.store.get(h.atoms.topicLoadableAtom(ORDER)).status).toBe('ready');
  });

  it('gaps while a re-seed is in flight are coalesced into one follow-up request', async () => {
    const h = setup();
    h.ingest.subscribed('private', [ORDER], 'c1');
    h.feed('private', privateText(ORDER, 3, [order('a', 1)])); // a gap right away
    h.feed('private', privateText(ORDER, 7, [order('b', 1)]));
    h.feed('private', privateText(ORDER, 9, [order('c', 1)]));
    expect(h.fetchSnapshot).toHaveBeenCalledTimes(1);
    expect(h.ingest.getStats().resyncs).toBe(3);
    h.request(ORDER).resolve(envelope({ list: [] }));
    await settle();
    expect(h.fetchSnapshot).toHaveBeenCalledTimes(2); // one follow-up
    h.request(ORDER).resolve(envelope({ list: [order('z', 1)] }));
    await settle();
    expect(h.fetchSnapshot).toHaveBeenCalledTimes(2);
  });

  it('a repeated seq is applied (the merge rules make it harmless) and counted', () => {
    const h = setup();
    h.ingest.subscribed('private', [], 'c1');
    h.feed('private', privateText(ORDER, 1, [order('a', 1)]));
    h.feed('private', privateText(ORDER, 1, [order('a', 2, { qty: '3' })]));
    h.sched.tick();
    expect(h.store.get(h.atoms.orderRowAtom('a'))?.qty).toBe('3');
    expect(h.ingest.getStats()).toMatchObject({ seqRepeats: 1, resyncs: 0 });
    expect(h.fetchSnapshot).not.toHaveBeenCalled();
  });
});

describe('failed snapshots', () => {
  it('a network failure shows the error, keeps data and deltas, and retries with backoff', async () => {
    const h = setup({ seeder: { random: () => 1, baseDelayMs: 1_000, maxDelayMs: 8_000 } });
    h.ingest.subscribed('private', [ORDER], 'c1');
    h.request(ORDER).resolve(envelope({ list: [order('a', 1)] }));
    await settle();
    h.feed('private', privateText(ORDER, 1, [order('a', 2)]));
    h.feed('private', privateText(ORDER, 3, [order('b', 2)])); // gap: re-seed
    h.feed('private', privateText(ORDER, 4, [order('c', 3)])); // queued behind it
    h.request(ORDER).reject(new Error('Failed to fetch'));
    await settle();
    h.sched.tick();
    const l = h.store.get(h.atoms.topicLoadableAtom(ORDER));
    expect(l.status).toBe('error');
    expect(l.status === 'error' && l.error).toBe('Failed to fetch');
    expect(l.status === 'error' && [...(l.data?.rows.keys() ?? [])].sort()).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(h.store.get(h.atoms.topicStatusAtom(ORDER)).retryAt).toBe(h.clock.now + 1_000);
    // Retries: 1 s, 2 s, 4 s, 8 s, 8 s... (random() = 1: the top of the jitter range)
    for (const delay of [1_000, 2_000, 4_000, 8_000, 8_000]) {
      vi.advanceTimersByTime(delay - 1);
      expect(h.requests).toHaveLength(0);
      vi.advanceTimersByTime(1);
      h.request(ORDER).reject(new Error('HTTP 503'));
      await settle();
    }
    expect(h.ingest.getStats().snapshotFailures).toBe(6);
    vi.advanceTimersByTime(8_000);
    h.request(ORDER).resolve(envelope({ list: [order('a', 9)] }));
    await settle();
    h.sched.tick();
    expect(h.store.get(h.atoms.topicLoadableAtom(ORDER)).status).toBe('ready');
    expect(h.store.get(h.atoms.topicStatusAtom(ORDER)).error).toBeUndefined();
    expect(h.store.get(h.atoms.orderKeysAtom)).toEqual(['a']);
  });

  it('jitters each retry within [½, 1] of its delay', async () => {
    const h = setup({ seeder: { random: () => 0, baseDelayMs: 1_000 } });
    h.ingest.subscribed('private', ['risk'], 'c1');
    h.request('risk').reject(new Error('down'));
    await settle();
    vi.advanceTimersByTime(499);
    expect(h.requests).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(h.requests).toHaveLength(1);
  });

  it('a bad body is a rejected frame and is retried; nothing of it is applied', async () => {
    const h = setup();
    h.ingest.subscribed('private', [ORDER], 'c1');
    h.request(ORDER).resolve(envelope({ list: [order('a', 1), { orderId: 'b' }] }));
    await settle();
    h.sched.tick();
    expect(h.store.get(h.atoms.orderKeysAtom)).toEqual([]);
    expect(h.ingest.getStats()).toMatchObject({ framesRejected: 1, snapshotFailures: 1 });
    expect(h.store.get(h.atoms.topicStatusAtom(ORDER)).error).toContain(
      'result.list[1].updatedAtE3',
    );
    expect(h.rejected[0]).toContain('snapshot of copytrade.order');
    vi.advanceTimersByTime(1_000);
    expect(h.requests).toHaveLength(1);
  });

  it.each([
    ['a non-object envelope', null],
    ['a business error', { ...envelope(null), ret_code: 10001, ret_msg: 'busy' }],
  ])('%s fails and is retried', async (_w, env) => {
    const h = setup();
    h.ingest.subscribed('private', ['risk'], 'c1');
    h.request('risk').resolve(env as never);
    await settle();
    h.sched.tick();
    expect(h.store.get(h.atoms.topicStatusAtom('risk')).status).toBe('error');
    vi.advanceTimersByTime(1_000);
    expect(h.requests).toHaveLength(1);
  });

  it('no permission (in the envelope or thrown) is not retried', async () => {
    const h = setup();
    h.ingest.subscribed('private', ['risk', 'wallet'], 'c1');
    h.request('risk').resolve({ ...envelope(null), ret_code: 10007, ret_msg: 'no permission' });
    h.request('wallet').reject(Object.assign(new Error('no permission'), { code: 33003 }));
    await settle();
    h.sched.tick();
    expect(h.store.get(h.atoms.topicStatusAtom('risk'))).toMatchObject({ status: 'error' });
    expect(h.store.get(h.atoms.topicStatusAtom('risk')).retryAt).toBeUndefined();
    vi.advanceTimersByTime(60_000);
    expect(h.requests).toHaveLength(0);
  });

  it('no answer within the timeout is a failure; the late answer is ignored', async () => {
    const h = setup({ seeder: { timeoutMs: 5_000, random: () => 1 } });
    h.ingest.subscribed('private', [ORDER], 'c1');
    const late = h.request(ORDER);
    vi.advanceTimersByTime(5_000);
    expect(h.ingest.getStats().snapshotFailures).toBe(1);
    late.resolve(envelope({ list: [order('late', 1)] }));
    await settle();
    h.sched.tick();
    expect(h.store.get(h.atoms.orderKeysAtom)).toEqual([]);
    vi.advanceTimersByTime(1_000);
    h.request(ORDER).resolve(envelope({ list: [order('fresh', 1)] }));
    await settle();
    h.sched.tick();
    expect(h.store.get(h.atoms.orderKeysAtom)).toEqual(['fresh']);
  });

  it('a fetch that throws synchronously is a failure like any other', async () => {
    const h = setup({
      fetchSnapshot: () => {
        throw new Error('not signed in');
      },
    });
    h.ingest.subscribed('private', ['risk'], 'c1');
    await settle();
    expect(h.ingest.getStats().snapshotFailures).toBe(1);
  });
});

describe('reconnects', () => {
  it('a reconnect shows pending with the old data, restarts seq and re-seeds', async () => {
    const h = setup();
    h.ingest.subscribed('private', [ORDER], 'c1');
    h.request(ORDER).resolve(envelope({ list: [order('a', 1)] }));
    await settle();
    for (let i = 1; i <= 50; i++) h.feed('private', privateText(ORDER, i, [order('a', 1 + i)]));
    h.ingest.disconnected('private');
    h.sched.tick();
    expect(h.store.get(h.atoms.topicLoadableAtom(ORDER))).toMatchObject({ status: 'pending' });
    expect(h.store.get(h.atoms.topicLoadableAtom(ORDER))).toHaveProperty('data');
    h.ingest.subscribed('private', [ORDER], 'c2');
    h.feed('private', privateText(ORDER, 1, [order('a', 60)]));
    expect(h.ingest.getStats()).toMatchObject({ resyncs: 0, seqRepeats: 0 });
    h.request(ORDER).resolve(envelope({ list: [order('a', 59)] }));
    await settle();
    h.sched.tick();
    expect(h.store.get(h.atoms.topicLoadableAtom(ORDER)).status).toBe('ready');
    expect(h.store.get(h.atoms.orderRowAtom('a'))?.updatedAtE3).toBe(String(T0 + 60));
  });

  it('a re-subscribe while the previous seed is in flight is coalesced, not doubled', async () => {
    const h = setup();
    h.ingest.subscribed('private', [ORDER], 'c1');
    h.ingest.disconnected('private');
    h.ingest.subscribed('private', [ORDER], 'c2');
    expect(h.fetchSnapshot).toHaveBeenCalledTimes(1);
    h.request(ORDER).resolve(envelope({ list: [order('a', 1)] }));
    await settle();
    expect(h.fetchSnapshot).toHaveBeenCalledTimes(2);
    expect(h.requests).toHaveLength(1);
  });

  it('an answer that arrives while disconnected is applied but the topic stays pending', async () => {
    const h = setup();
    h.ingest.subscribed('private', [ORDER], 'c1');
    h.ingest.disconnected('private');
    h.request(ORDER).resolve(envelope({ list: [order('a', 1)] }));
    await settle();
    h.sched.tick();
    expect(h.store.get(h.atoms.topicLoadableAtom(ORDER)).status).toBe('pending');
    expect(h.store.get(h.atoms.orderKeysAtom)).toEqual(['a']);
  });

  it('a subscribe on the same connection keeps the seq count', () => {
    const h = setup();
    h.ingest.subscribed('private', [], 'c1');
    h.feed('private', privateText(ORDER, 1, [order('a', 1)]));
    h.feed('private', privateText(ORDER, 2, [order('a', 2)]));
    h.ingest.subscribed('private', ['risk'], 'c1');
    h.feed('private', privateText(ORDER, 3, [order('a', 3)]));
    expect(h.ingest.getStats()).toMatchObject({ resyncs: 0, seqRepeats: 0 });
    expect(h.fetchSnapshot).toHaveBeenCalledTimes(1);
  });
});
