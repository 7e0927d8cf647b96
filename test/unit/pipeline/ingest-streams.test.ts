/** The ingest's per-stream rules: rejected frames, ticker gating, frames before subscribed(). */
import { describe, expect, it, vi } from 'vitest';
import { order, privateText, tickerText } from '../state/fixtures';
import { envelope, settle, setup } from './harness';

const ORDER = 'copytrade.order';

describe('rejections and tickers', () => {
  it('an invalid frame is counted and nothing of it is applied', () => {
    const h = setup();
    h.ingest.subscribed('private', [], 'c1');
    h.feed('private', privateText(ORDER, 1, [order('a', 1), { ...order('b', 1), qty: 1 }]));
    h.feed('private', '{not json');
    h.sched.tick();
    expect(h.ingest.peek()['copytrade.order'].rows.size).toBe(0);
    expect(h.store.get(h.atoms.ingestStatsAtom)).toMatchObject({
      framesRejected: 2,
      framesApplied: 0,
    });
    expect(h.rejected).toHaveLength(2);
  });

  it('rejects a frame on the wrong stream', () => {
    const h = setup();
    const t = {
      kind: 'ticker' as const,
      topic: 'tickers.A',
      type: 'snapshot' as const,
      ts: 1,
      data: { symbol: 'A' },
    };
    h.ingest.data('private', t, 0);
    h.sched.tick();
    expect(h.store.get(h.atoms.ingestStatsAtom).framesRejected).toBe(1);
    expect(h.store.get(h.atoms.quoteSymbolsAtom)).toEqual([]);
  });

  it('ignores (and counts) ticker deltas before their snapshot on the current connection', () => {
    const h = setup();
    h.ingest.subscribed('public', ['tickers.A'], 'c1');
    h.feed('public', tickerText('A', 'delta', { lastPrice: '0' }));
    h.feed('public', tickerText('A', 'snapshot', { lastPrice: '1', markPrice: '1' }));
    h.feed('public', tickerText('A', 'delta', { lastPrice: '2' }));
    h.sched.tick();
    expect(h.store.get(h.atoms.quoteAtom('A'))?.lastPrice).toBe('2');
    // The connection drops: deltas on the next one wait for its snapshot.
    h.ingest.disconnected('public');
    h.ingest.subscribed('public', ['tickers.A'], 'c2');
    h.feed('public', tickerText('A', 'delta', { lastPrice: '3' }));
    h.sched.tick();
    expect(h.store.get(h.atoms.quoteAtom('A'))?.lastPrice).toBe('2');
    h.feed('public', tickerText('A', 'snapshot', { lastPrice: '4' }));
    h.feed('public', tickerText('A', 'delta', { markPrice: '5' }));
    h.sched.tick();
    expect({ ...h.store.get(h.atoms.quoteAtom('A')) }).toEqual({
      symbol: 'A',
      lastPrice: '4',
      markPrice: '5',
    });
    expect(h.store.get(h.atoms.ingestStatsAtom).tickerDeltasIgnored).toBe(2);
  });

  it('forgets the ticker of an unsubscribed symbol, in order with the frames around it', () => {
    const h = setup();
    h.ingest.subscribed('public', ['tickers.A', 'tickers.B'], 'c1');
    h.feed('public', tickerText('A', 'snapshot', { lastPrice: '1' }));
    h.feed('public', tickerText('B', 'snapshot', { lastPrice: '1' }));
    const a = h.atoms.quoteAtom('A');
    const seen = vi.fn();
    h.store.sub(a, seen);
    h.ingest.forgetTickers(['A']);
    h.feed('public', tickerText('A', 'delta', { lastPrice: '2' })); // still in flight: ignored
    h.sched.tick();
    expect(h.store.get(a)).toBeUndefined();
    expect(seen).toHaveBeenCalledTimes(1);
    expect(h.store.get(h.atoms.quoteSymbolsAtom)).toEqual(['B']);
    expect(h.ingest.getStats().tickerDeltasIgnored).toBe(1);
    // A snapshot still in flight after unsubscribing does not bring it back (no one would
    // update it again: a stale quote that looks live).
    h.feed('public', tickerText('A', 'snapshot', { lastPrice: '3' }));
    h.sched.tick();
    expect(h.store.get(a)).toBeUndefined();
    expect(h.ingest.getStats().framesIgnored).toBe(1);
    // Subscribed again: its snapshot brings it back.
    h.ingest.wantTickers(['A']);
    h.feed('public', tickerText('A', 'snapshot', { lastPrice: '3' }));
    h.ingest.forgetTickers(['B']);
    h.feed('public', tickerText('B', 'snapshot', { lastPrice: '4' }));
    h.sched.tick();
    expect(h.store.get(h.atoms.quoteSymbolsAtom)).toEqual(['A']);
    expect(h.store.get(h.atoms.quoteAtom('A'))?.lastPrice).toBe('3');
    expect(h.store.get(h.atoms.quoteAtom('B'))).toBeUndefined();
  });

  it('a refused ticker is dropped but stays wanted: a later snapshot brings it back', () => {
    const h = setup();
    h.ingest.subscribed('public', ['tickers.A'], 'c1');
    h.feed('public', tickerText('A', 'snapshot', { lastPrice: '1' }));
    h.ingest.refused('public', ['tickers.A'], 'error:handler not found');
    h.sched.tick();
    expect(h.store.get(h.atoms.quoteAtom('A'))).toBeUndefined();
    h.feed('public', tickerText('A', 'snapshot', { lastPrice: '2' }));
    h.sched.tick();
    expect(h.store.get(h.atoms.quoteAtom('A'))?.lastPrice).toBe('2');
  });

  it('subscribing more symbols on the same connection keeps the others live', () => {
    const h = setup();
    h.ingest.subscribed('public', ['tickers.A'], 'c1');
    h.feed('public', tickerText('A', 'snapshot', { lastPrice: '1' }));
    h.ingest.subscribed('public', ['tickers.B'], 'c1');
    h.feed('public', tickerText('A', 'delta', { lastPrice: '2' }));
    h.sched.tick();
    expect(h.store.get(h.atoms.quoteAtom('A'))?.lastPrice).toBe('2');
    expect(h.store.get(h.atoms.topicStatusAtom('public')).status).toBe('ready');
  });
});

describe('live quotes', () => {
  it('a quote is live from its snapshot on the current connection until that connection goes', () => {
    const h = setup();
    const live = h.atoms.liveQuoteAtom('A');
    const seen = vi.fn();
    h.store.sub(live, seen);
    h.ingest.subscribed('public', ['tickers.A', 'tickers.B'], 'c1');
    h.feed('public', tickerText('A', 'snapshot', { markPrice: '1' }));
    h.sched.tick();
    expect(h.store.get(live)?.markPrice).toBe('1');
    h.feed('public', tickerText('A', 'delta', { markPrice: '2' }));
    h.sched.tick();
    expect(h.store.get(live)).toBe(h.store.get(h.atoms.quoteAtom('A')));
    expect(seen).toHaveBeenCalledTimes(2);

    // Lost: the quote is kept (last known value), but it is not live any more.
    h.ingest.disconnected('public');
    h.sched.tick();
    expect(h.store.get(h.atoms.quoteAtom('A'))?.markPrice).toBe('2');
    expect(h.store.get(live)).toBeUndefined();
    expect(h.ingest.peek().tickers.get('A')?.markPrice).toBe('2');

    // Live again with the new connection's snapshot, not before.
    h.ingest.subscribed('public', ['tickers.A'], 'c2');
    h.sched.tick();
    expect(h.store.get(live)).toBeUndefined();
    h.feed('public', tickerText('A', 'snapshot', { markPrice: '3' }));
    h.sched.tick();
    expect(h.store.get(live)?.markPrice).toBe('3');

    // Unsubscribed: gone from both.
    h.ingest.forgetTickers(['A']);
    h.sched.tick();
    expect(h.store.get(live)).toBeUndefined();
    expect(h.store.get(h.atoms.quoteAtom('A'))).toBeUndefined();
    h.ingest.reset();
    expect(h.atoms.liveRowAtoms().liveQuote).toBe(1); // only the subscribed one is kept
  });

  it('an atom asked for before the symbol is live picks it up when it becomes live', () => {
    const h = setup();
    h.ingest.subscribed('public', ['tickers.B'], 'c1');
    h.feed('public', tickerText('B', 'snapshot', { markPrice: '1' }));
    h.sched.tick();
    h.ingest.disconnected('public');
    h.sched.tick();
    const live = h.atoms.liveQuoteAtom('B'); // created while not live
    h.store.sub(live, () => {});
    expect(h.store.get(live)).toBeUndefined();
    h.ingest.subscribed('public', ['tickers.B'], 'c2');
    h.feed('public', tickerText('B', 'snapshot', { markPrice: '5' }));
    h.sched.tick();
    expect(h.store.get(live)?.markPrice).toBe('5');
  });
});

describe('refused topics', () => {
  it('a refused private topic shows the refusal, keeps its data, and its seed is called off', async () => {
    const h = setup();
    h.ingest.subscribed('private', ['wallet', 'copytrade.leaderWallet'], 'c1');
    const seed = h.request('copytrade.leaderWallet');
    h.ingest.refused('private', ['copytrade.leaderWallet'], 'error:handler not found');
    h.sched.tick();
    expect(h.store.get(h.atoms.topicStatusAtom('copytrade.leaderWallet'))).toEqual({
      status: 'error',
      error: 'subscription refused: error:handler not found',
      hasData: false,
    });
    seed.resolve(envelope({ availableBalanceE8: '1' }));
    await settle();
    h.sched.tick();
    expect(h.ingest.peek()['copytrade.leaderWallet']).toBeNull();
    expect(h.store.get(h.atoms.topicStatusAtom('copytrade.leaderWallet')).status).toBe('error');
    expect(h.rejected).toEqual([
      'subscription refused (copytrade.leaderWallet): error:handler not found',
    ]);
  });

  it('a refused ticker is forgotten', () => {
    const h = setup();
    h.ingest.subscribed('public', ['tickers.A'], 'c1');
    h.feed('public', tickerText('A', 'snapshot', { lastPrice: '1' }));
    h.ingest.refused('public', ['tickers.A'], 'no');
    h.sched.tick();
    expect(h.store.get(h.atoms.quoteSymbolsAtom)).toEqual([]);
  });
});

describe('frames that come before subscribed()', () => {
  it('a ticker snapshot of an earlier op of the same connection stays valid', () => {
    const h = setup();
    // Ops of at most 10 topics: op 1 is answered and its snapshots arrive, then op 2 is
    // answered and the machine reports the connection subscribed.
    h.feed('public', tickerText('A', 'snapshot', { lastPrice: '1' }));
    h.ingest.subscribed('public', ['tickers.A', 'tickers.B'], 'c1');
    h.feed('public', tickerText('A', 'delta', { lastPrice: '2' }));
    h.sched.tick();
    expect(h.store.get(h.atoms.quoteAtom('A'))?.lastPrice).toBe('2');
    expect(h.store.get(h.atoms.topicStatusAtom('public')).status).toBe('ready');
    expect(h.ingest.getStats().tickerDeltasIgnored).toBe(0);
  });

  it('private frames of a new connection before subscribed() do not look like a gap', () => {
    const h = setup();
    h.ingest.subscribed('private', [], 'c1');
    h.feed('private', privateText(ORDER, 1, [order('a', 1)]));
    h.feed('private', privateText(ORDER, 2, [order('a', 2)]));
    h.ingest.disconnected('private');
    h.feed('private', privateText(ORDER, 1, [order('a', 3)]));
    h.ingest.subscribed('private', [], 'c2');
    h.feed('private', privateText(ORDER, 2, [order('a', 4)]));
    expect(h.ingest.getStats()).toMatchObject({ resyncs: 0, seqRepeats: 0 });
  });

  it('another connection id without disconnected() restarts the seq count', () => {
    const h = setup();
    h.ingest.subscribed('private', [], 'c1');
    h.feed('private', privateText(ORDER, 1, [order('a', 1)]));
    h.feed('private', privateText(ORDER, 2, [order('a', 2)]));
    h.ingest.subscribed('private', [], 'c2');
    h.feed('private', privateText(ORDER, 1, [order('a', 3)]));
    expect(h.ingest.getStats()).toMatchObject({ resyncs: 0, seqRepeats: 0 });
  });
});
