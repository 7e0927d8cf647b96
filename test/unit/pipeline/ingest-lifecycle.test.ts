/**
 * The ingest around subscriptions and time: stream snapshots during a REST seed, topics subscribed
 * again on the same connection, topics the app stops following, a failing or hanging snapshot
 * request, and the write rate falling back to 0 when writes stop.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaderWallet, order, privateText, T0 } from '../state/fixtures';
import { envelope, settle, setup } from './harness';

const ORDER = 'copytrade.order';
const LW = 'copytrade.leaderWallet';
const timeNow = (ms: number) =>
  `${Math.floor((T0 + ms) / 1000)}.${String(((T0 + ms) % 1000) * 1000).padStart(6, '0')}`;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a stream snapshot while a REST seed is in flight', () => {
  it('is applied after the (older) REST answer, in arrival order with the deltas', async () => {
    const h = setup();
    h.ingest.subscribed('private', [ORDER], 'c1');
    h.feed('private', privateText(ORDER, 1, [order('d1', 3)]));
    h.feed('private', privateText(ORDER, 2, [order('s1', 20), order('s2', 20)], 'snapshot'));
    h.feed('private', privateText(ORDER, 3, [order('d2', 21)]));
    h.sched.tick();
    expect([...h.ingest.peek()['copytrade.order'].rows.keys()].sort()).toEqual(['d2', 's1', 's2']);
    // The REST answer was taken before the stream snapshot: it must not win.
    h.request(ORDER).resolve(envelope({ list: [order('rest', 1)] }, timeNow(10)));
    await settle();
    h.sched.tick();
    expect([...h.ingest.peek()['copytrade.order'].rows.keys()].sort()).toEqual(['d2', 's1', 's2']);
    expect(h.store.get(h.atoms.topicStatusAtom(ORDER)).status).toBe('ready');
  });
});

describe('a topic subscribed again on the same connection', () => {
  it('starts its numbering afresh: from 1 or carrying on, but not anything else', () => {
    const h = setup();
    h.ingest.subscribed('private', [ORDER, 'risk'], 'c1');
    for (let seq = 1; seq <= 5; seq++)
      h.feed('private', privateText(ORDER, seq, [order('a', seq)]));
    expect(h.ingest.getStats().resyncs).toBe(0);
    // Removed and added again on c1: the server numbers it from 1 again.
    h.ingest.subscribed('private', [ORDER], 'c1');
    h.feed('private', privateText(ORDER, 1, [order('a', 6)]));
    h.feed('private', privateText(ORDER, 2, [order('a', 7)]));
    expect(h.ingest.getStats()).toMatchObject({ resyncs: 0, seqRepeats: 0 });
    // Again: this time it carries on (3).
    h.ingest.subscribed('private', [ORDER], 'c1');
    h.feed('private', privateText(ORDER, 3, [order('a', 8)]));
    expect(h.ingest.getStats()).toMatchObject({ resyncs: 0, seqRepeats: 0 });
    // Again: a frame lost at the start is a gap.
    h.ingest.subscribed('private', [ORDER], 'c1');
    h.feed('private', privateText(ORDER, 2, [order('a', 9)]));
    expect(h.ingest.getStats().resyncs).toBe(1);
  });
});

describe('topics the app stops following', () => {
  it('a leader topic removed goes idle without data; late frames are ignored and counted', async () => {
    const h = setup();
    h.ingest.subscribed('private', [LW], 'c1');
    h.request(LW).resolve(envelope(leaderWallet(1)));
    await settle();
    h.sched.tick();
    expect(h.store.get(h.atoms.leaderWalletAtom)).not.toBeNull();
    expect(h.store.get(h.atoms.topicStatusAtom(LW)).status).toBe('ready');

    h.ingest.forgetTopics([LW]);
    h.feed('private', privateText(LW, 1, [leaderWallet(2)])); // still on its way
    h.sched.tick();
    expect(h.store.get(h.atoms.leaderWalletAtom)).toBeNull();
    expect(h.store.get(h.atoms.topicStatusAtom(LW))).toEqual({ status: 'idle', hasData: false });
    expect(h.store.get(h.atoms.ingestStatsAtom).framesIgnored).toBe(1);

    // Subscribed again: it seeds and flows as before.
    h.ingest.subscribed('private', [LW], 'c1');
    h.request(LW).resolve(envelope(leaderWallet(3)));
    await settle();
    h.sched.tick();
    expect(h.store.get(h.atoms.leaderWalletAtom)?.updatedAtE3).toBe(leaderWallet(3).updatedAtE3);
    expect(h.store.get(h.atoms.topicStatusAtom(LW)).status).toBe('ready');
  });

  it('a seed in flight for a removed topic is called off', async () => {
    const h = setup();
    h.ingest.subscribed('private', [LW], 'c1');
    const [call] = h.fetchSnapshot.mock.calls;
    const signal = call?.[1];
    h.ingest.forgetTopics([LW]);
    expect(signal?.aborted).toBe(true);
    h.request(LW).resolve(envelope(leaderWallet(1)));
    await settle();
    h.sched.tick();
    expect(h.store.get(h.atoms.leaderWalletAtom)).toBeNull();
  });
});

describe('snapshot requests that fail oddly', () => {
  it('an unexpected error while decoding is a failed request, retried at once by backoff', async () => {
    const h = setup();
    h.ingest.subscribed('private', [ORDER], 'c1');
    const hostile = {
      get list(): unknown {
        throw new TypeError('boom');
      },
    };
    h.request(ORDER).resolve(envelope(hostile));
    await settle();
    h.sched.tick();
    expect(h.store.get(h.atoms.topicStatusAtom(ORDER))).toMatchObject({
      status: 'error',
      error: 'snapshot not applied: boom',
    });
    await vi.advanceTimersByTimeAsync(1_000); // the first retry (random 1: a full step)
    expect(h.fetchSnapshot).toHaveBeenCalledTimes(2);
  });

  it('a request without an answer is aborted when it times out', async () => {
    const h = setup();
    h.ingest.subscribed('private', [ORDER], 'c1');
    const signal = h.fetchSnapshot.mock.calls[0]?.[1];
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(15_000);
    h.sched.tick();
    expect(signal?.aborted).toBe(true);
    expect(h.store.get(h.atoms.topicStatusAtom(ORDER)).status).toBe('error');
  });

  it('an answered request is not aborted; sign-out aborts the ones in flight', async () => {
    const h = setup();
    h.ingest.subscribed('private', [ORDER, 'risk'], 'c1');
    const [orders, risk] = h.fetchSnapshot.mock.calls.map((c) => c[1]);
    h.request(ORDER).resolve(envelope({ list: [] }));
    await settle();
    h.ingest.reset();
    expect(orders?.aborted).toBe(false);
    expect(risk?.aborted).toBe(true);
  });
});

describe('the write rate', () => {
  it('falls back to 0 once writes stop', async () => {
    // This ingest's own timers, counted apart from the fake clock's: run with the rest of the
    // directory, the clock held 4 timers that were not this ingest's in 3 of 10 runs (their
    // origin not found), and the test failed although the write rate had stopped its tick.
    const live = new Set<unknown>();
    const timers = {
      setTimeout(fn: () => void, ms: number) {
        const handle = setTimeout(() => {
          live.delete(handle);
          fn();
        }, ms);
        live.add(handle);
        return handle;
      },
      clearTimeout(handle: unknown) {
        live.delete(handle);
        clearTimeout(handle as ReturnType<typeof setTimeout>);
      },
    };
    const h = setup({ now: () => Date.now(), timers });
    h.ingest.subscribed('private', [], 'c1');
    for (let i = 1; i <= 3; i++) {
      h.feed('private', privateText(ORDER, i, [order('a', i)]));
      h.sched.tick();
    }
    expect(h.store.get(h.atoms.ingestStatsAtom).fps).toBe(3);
    const writes = h.store.get(h.atoms.ingestStatsAtom).writes;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.store.get(h.atoms.ingestStatsAtom)).toMatchObject({ fps: 0, writes });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(live.size).toBe(0); // no tick left once the rate is 0
  });
});
