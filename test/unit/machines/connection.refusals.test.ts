/**
 * Topics the server refuses, or never answers: each topic of a refused op is tried once on its
 * own, the refused ones are dropped (reported, never retried in a loop) and the rest goes live;
 * a topic without an answer is neither active nor stale.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientOp } from '@src/wire/protocol';
import { selectRefusedTopics } from '@src/pipeline/connection-status';
import { advance, rig, type Rig } from './harness';

const subscribeArgs = (r: Rig, conn = 0): string[][] =>
  (r.exchange.ops[conn] ?? [])
    .filter((o: ClientOp) => o.op === 'subscribe')
    .map((o) => o.args ?? []);

describe('refused and unanswered topics', () => {
  let r: Rig;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    r.stop();
    vi.useRealTimers();
  });

  it('public: the refused topic of an op is found, dropped and shown; the others go live', async () => {
    r = rig('public', { topics: ['tickers.BTCUSDT', 'tickers.NOPE'] });
    r.exchange.subscribeOk = (topics) => !topics.includes('tickers.NOPE');
    await advance(50);
    expect(r.phase()).toBe('live');
    expect(subscribeArgs(r)).toEqual([
      ['tickers.BTCUSDT', 'tickers.NOPE'],
      ['tickers.BTCUSDT'],
      ['tickers.NOPE'],
    ]);
    expect(r.ctx()).toMatchObject({
      wanted: ['tickers.BTCUSDT'],
      active: ['tickers.BTCUSDT'],
      refused: ['tickers.NOPE'],
      lastError: 'subscribe-rejected',
      lastErrorDetail: 'error:handler not found (tickers.NOPE)',
    });
    expect(selectRefusedTopics(r.actor.getSnapshot())).toBe('tickers.NOPE');
    expect(r.of('subscribed').map((c) => c.topics)).toEqual([['tickers.BTCUSDT']]);
    expect(r.of('refused')).toEqual([
      {
        kind: 'refused',
        stream: 'public',
        topics: ['tickers.NOPE'],
        reason: 'error:handler not found',
      },
    ]);
  });

  it('private: a refused topic no longer sends the stream into endless reconnects', async () => {
    r = rig('private', { topics: ['wallet', 'risk', 'copytrade.leaderWallet'] });
    r.exchange.subscribeOk = (topics) => !topics.includes('copytrade.leaderWallet');
    await advance(50);
    expect(r.phase()).toBe('live');
    expect(r.exchange.sockets).toHaveLength(1);
    expect(r.ctx().refused).toEqual(['copytrade.leaderWallet']);
    expect(r.ctx().lastErrorDetail).toBe('error:handler not found (copytrade.leaderWallet)');
    expect(r.of('subscribed').map((c) => c.topics)).toEqual([['risk', 'wallet']]);
    await advance(120_000);
    expect(r.exchange.sockets).toHaveLength(1);
    expect(r.phase()).toBe('live');

    // A later connection leaves the refused topic out.
    r.exchange.last.close({ code: 1006, reason: '', wasClean: false });
    await advance(2_000);
    expect(r.phase()).toBe('live');
    expect(subscribeArgs(r, 1)).toEqual([['risk', 'wallet']]);
  });

  it('a server that refuses everything costs one extra op per topic, once', async () => {
    const topics = Array.from({ length: 12 }, (_, i) => `tickers.S${String(i).padStart(2, '0')}`);
    r = rig('public', { topics });
    r.exchange.subscribeOk = () => false;
    await advance(50);
    expect(r.phase()).toBe('live');
    expect(subscribeArgs(r)).toHaveLength(2 + 12);
    expect(r.ctx().refused).toEqual(topics);
    expect(r.ctx().active).toEqual([]);
    await advance(300_000);
    expect(subscribeArgs(r)).toHaveLength(2 + 12);
    expect(r.exchange.sockets).toHaveLength(1);
  });

  it('a refused chunk of a long list is tried topic by topic, the other chunks stay', async () => {
    const topics = Array.from({ length: 12 }, (_, i) => `tickers.S${String(i).padStart(2, '0')}`);
    r = rig('public', { topics });
    r.exchange.subscribeOk = (args) => args.length !== 2 && !args.includes('tickers.S11');
    await advance(50);
    expect(r.phase()).toBe('live');
    expect(r.ctx().refused).toEqual(['tickers.S11']);
    expect(r.of('subscribed')[0]?.topics).toEqual(topics.slice(0, 11));
  });

  it('while live: a refused addition is dropped, and asked for again only after it was let go', async () => {
    r = rig('public', { topics: ['tickers.BTCUSDT'] });
    await advance(50);
    r.exchange.subscribeOk = (args) => !args.includes('tickers.NOPE');
    r.actor.send({ type: 'TOPICS.ADD', topics: ['tickers.ETHUSDT', 'tickers.NOPE'] });
    await advance(20);
    expect(r.phase()).toBe('live');
    expect(r.ctx()).toMatchObject({
      wanted: ['tickers.BTCUSDT', 'tickers.ETHUSDT'],
      active: ['tickers.BTCUSDT', 'tickers.ETHUSDT'],
      refused: ['tickers.NOPE'],
      lastError: 'subscribe-rejected',
    });
    expect(r.of('subscribed').map((c) => c.topics)).toEqual([
      ['tickers.BTCUSDT'],
      ['tickers.ETHUSDT'],
    ]);
    const sent = subscribeArgs(r).length;
    // The app keeps listing it: nothing is sent for it.
    r.actor.send({ type: 'TOPICS.SET', topics: ['tickers.BTCUSDT', 'tickers.NOPE'] });
    await advance(20);
    expect(subscribeArgs(r)).toHaveLength(sent);
    expect(r.ctx().refused).toEqual(['tickers.NOPE']);
    // Let go, then asked for again: tried again.
    r.actor.send({ type: 'TOPICS.REMOVE', topics: ['tickers.NOPE'] });
    expect(r.ctx().refused).toEqual([]);
    r.exchange.subscribeOk = () => true;
    r.actor.send({ type: 'TOPICS.ADD', topics: ['tickers.NOPE'] });
    await advance(20);
    expect(subscribeArgs(r).at(-1)).toEqual(['tickers.NOPE']);
    expect(r.ctx().active).toContain('tickers.NOPE');
  });

  it('a refused topic is never listed as stale', async () => {
    r = rig('public', { topics: ['tickers.BTCUSDT'] });
    await advance(50);
    r.exchange.subscribeOk = () => false;
    r.actor.send({ type: 'TOPICS.ADD', topics: ['tickers.NOPE'] });
    await advance(20);
    for (let i = 0; i < 4; i++) {
      r.exchange.push(r.exchange.tickerFrame('BTCUSDT', 'delta'));
      await advance(10_000);
    }
    expect(r.ctx().staleTopics).toBe('');
  });

  it('an addition without an answer is neither active nor stale after the subscribe timeout', async () => {
    r = rig('public', { topics: ['tickers.BTCUSDT'] });
    await advance(50);
    r.exchange.answerSubscribes = false;
    r.actor.send({ type: 'TOPICS.ADD', topics: ['tickers.ETHUSDT'] });
    await advance(20);
    expect(r.ctx().active).toEqual(['tickers.BTCUSDT', 'tickers.ETHUSDT']);
    for (let i = 0; i < 5; i++) {
      r.exchange.push(r.exchange.tickerFrame('BTCUSDT', 'delta'));
      await advance(10_000);
    }
    expect(r.ctx()).toMatchObject({
      active: ['tickers.BTCUSDT'],
      wanted: ['tickers.BTCUSDT', 'tickers.ETHUSDT'],
      staleTopics: '',
      lastError: 'subscribe-timeout',
      lastErrorDetail: 'no answer to subscribe (tickers.ETHUSDT)',
    });
    expect(r.phase()).toBe('live');
    // The next change of topics asks for it again.
    r.exchange.answerSubscribes = true;
    r.actor.send({ type: 'TOPICS.ADD', topics: ['tickers.XRPUSDT'] });
    await advance(20);
    expect(subscribeArgs(r).at(-1)).toEqual(['tickers.ETHUSDT', 'tickers.XRPUSDT']);
    expect(r.ctx().active).toEqual(['tickers.BTCUSDT', 'tickers.ETHUSDT', 'tickers.XRPUSDT']);
  });
});
