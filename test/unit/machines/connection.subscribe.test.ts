/** Wanted topics: initial subscribe, runtime add/remove while live, full resubscribe after reconnect. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientOp } from '@src/wire/protocol';
import { advance, rig, type Rig } from './harness';

const topicOps = (r: Rig, conn: number): Pick<ClientOp, 'op' | 'args'>[] =>
  (r.exchange.ops[conn] ?? [])
    .filter((o) => o.op === 'subscribe' || o.op === 'unsubscribe')
    .map(({ op, args }) => ({ op, args }));

describe('topic subscriptions', () => {
  let r: Rig;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    r.stop();
    vi.useRealTimers();
  });

  it('subscribes a new connection to the wanted set and tells the sink', async () => {
    r = rig('public', { topics: ['tickers.ETHUSDT', 'tickers.BTCUSDT', 'tickers.ETHUSDT'] });
    await advance(50);
    expect(topicOps(r, 0)).toEqual([
      { op: 'subscribe', args: ['tickers.BTCUSDT', 'tickers.ETHUSDT'] },
    ]);
    expect(r.of('subscribed')).toEqual([
      {
        kind: 'subscribed',
        stream: 'public',
        topics: ['tickers.BTCUSDT', 'tickers.ETHUSDT'],
        connId: 'conn-1',
      },
    ]);
  });

  it('while live, sends subscribe/unsubscribe for the difference only', async () => {
    r = rig('public', { topics: ['tickers.BTCUSDT'] });
    await advance(50);
    r.actor.send({ type: 'TOPICS.ADD', topics: ['tickers.ETHUSDT', 'tickers.BTCUSDT'] });
    await advance(10);
    r.actor.send({ type: 'TOPICS.REMOVE', topics: ['tickers.BTCUSDT', 'tickers.NOPE'] });
    await advance(10);
    r.actor.send({ type: 'TOPICS.SET', topics: ['tickers.ETHUSDT', 'tickers.SOLUSDT'] });
    await advance(10);
    r.actor.send({ type: 'TOPICS.SET', topics: ['tickers.SOLUSDT', 'tickers.ETHUSDT'] }); // no change
    await advance(10);
    expect(topicOps(r, 0)).toEqual([
      { op: 'subscribe', args: ['tickers.BTCUSDT'] },
      { op: 'subscribe', args: ['tickers.ETHUSDT'] },
      { op: 'unsubscribe', args: ['tickers.BTCUSDT'] },
      { op: 'subscribe', args: ['tickers.SOLUSDT'] },
    ]);
    expect(r.ctx().wanted).toEqual(['tickers.ETHUSDT', 'tickers.SOLUSDT']);
    // each acknowledged addition starts fresh in the sink
    expect(r.of('subscribed').map((c) => c.topics)).toEqual([
      ['tickers.BTCUSDT'],
      ['tickers.ETHUSDT'],
      ['tickers.SOLUSDT'],
    ]);
  });

  it('after a reconnect subscribes to the whole wanted set, not to what was acknowledged', async () => {
    r = rig('public', { topics: ['tickers.BTCUSDT'], random: () => 0 });
    await advance(50);
    // this addition is never answered: it stays wanted all the same
    r.exchange.answerSubscribes = false;
    r.actor.send({ type: 'TOPICS.ADD', topics: ['tickers.ETHUSDT'] });
    await advance(10);
    r.exchange.answerSubscribes = true;
    r.actor.send({ type: 'TOPICS.ADD', topics: ['tickers.XRPUSDT'] });
    await advance(10);

    r.exchange.last.close({ code: 1000, reason: 'restart', wasClean: true });
    await advance(50);
    expect(r.phase()).toBe('live');
    expect(topicOps(r, 1)).toEqual([
      { op: 'subscribe', args: ['tickers.BTCUSDT', 'tickers.ETHUSDT', 'tickers.XRPUSDT'] },
    ]);
    expect(r.of('subscribed').at(-1)?.topics).toEqual([
      'tickers.BTCUSDT',
      'tickers.ETHUSDT',
      'tickers.XRPUSDT',
    ]);
  });

  it('topics changed while offline or reconnecting are all in the next subscribe', async () => {
    r = rig('public', { topics: ['tickers.BTCUSDT'], random: () => 0.5 });
    await advance(50);
    r.exchange.last.close({ code: 1000, reason: '', wasClean: true });
    await advance(5);
    expect(r.phase()).toBe('reconnecting');
    r.actor.send({ type: 'TOPICS.SET', topics: ['tickers.ETHUSDT'] });
    expect(r.exchange.ops[0]?.filter((o) => o.op !== 'ping')).toHaveLength(1);
    await advance(600);
    expect(topicOps(r, 1)).toEqual([{ op: 'subscribe', args: ['tickers.ETHUSDT'] }]);
  });

  it('topics changed during the subscribe handshake are synced once live', async () => {
    r = rig('public', { topics: ['tickers.BTCUSDT'] });
    await advance(4); // open
    expect(r.phase()).toBe('subscribing');
    r.actor.send({ type: 'TOPICS.ADD', topics: ['tickers.ETHUSDT'] });
    await advance(50);
    expect(topicOps(r, 0)).toEqual([
      { op: 'subscribe', args: ['tickers.BTCUSDT'] },
      { op: 'subscribe', args: ['tickers.ETHUSDT'] },
    ]);
  });

  it('with nothing wanted goes live without a subscribe op, and subscribes when asked', async () => {
    r = rig('public', { topics: [] });
    await advance(50);
    expect(r.phase()).toBe('live');
    expect(topicOps(r, 0)).toEqual([]);
    expect(r.of('subscribed')).toEqual([
      { kind: 'subscribed', stream: 'public', topics: [], connId: undefined },
    ]);
    r.actor.send({ type: 'TOPICS.ADD', topics: ['tickers.BTCUSDT'] });
    await advance(10);
    expect(topicOps(r, 0)).toEqual([{ op: 'subscribe', args: ['tickers.BTCUSDT'] }]);
  });

  it('splits a long topic list into ops of at most 10 and goes live after every answer', async () => {
    const symbols = Array.from(
      { length: 25 },
      (_, i) => `tickers.S${String(i).padStart(2, '0')}USDT`,
    );
    r = rig('public', { topics: symbols });
    r.exchange.answerSubscribes = false;
    await advance(50);
    const ops = topicOps(r, 0);
    expect(ops.map((o) => o.args?.length)).toEqual([10, 10, 5]);
    expect(ops.flatMap((o) => o.args)).toEqual(symbols);
    // answer two of three: still subscribing
    const [first, second, third] = r.exchange.ops[0] ?? [];
    for (const op of [first, second]) {
      r.exchange.push({ success: true, ret_msg: '', op: 'subscribe', req_id: op?.req_id });
    }
    await advance(1);
    expect(r.phase()).toBe('subscribing');
    r.exchange.push({ success: true, ret_msg: '', op: 'subscribe', req_id: third?.req_id });
    await advance(1);
    expect(r.phase()).toBe('live');
    expect(r.of('subscribed')).toHaveLength(1);
    expect(r.of('subscribed')[0]?.topics).toEqual(symbols);

    r.actor.send({ type: 'TOPICS.REMOVE', topics: symbols.slice(0, 12) });
    await advance(10);
    expect(
      topicOps(r, 0)
        .slice(3)
        .map((o) => [o.op, o.args?.length]),
    ).toEqual([
      ['unsubscribe', 10],
      ['unsubscribe', 2],
    ]);
  });

  it('refuses unknown topics: a clear error at creation, ignored and reported at runtime', async () => {
    expect(() => rig('private', { topics: ['wallet', 'walet'] })).toThrow(
      'not private stream topics: ["walet"]',
    );
    expect(() => rig('public', { topics: ['orderbook.50.BTCUSDT'] })).toThrow(
      'not public stream topics: ["orderbook.50.BTCUSDT"]',
    );
    r = rig('private');
    await advance(50);
    r.actor.send({ type: 'TOPICS.ADD', topics: ['copytrade.order', 'tickers.BTCUSDT', ''] });
    await advance(10);
    expect(r.ctx().wanted).toEqual(['copytrade.order', 'risk', 'wallet']);
    expect(r.ctx().lastError).toBe('invalid-topic');
    expect(r.ctx().lastErrorDetail).toBe('not private stream topics: ["tickers.BTCUSDT",""]');
    expect(r.exchange.ops[0]?.at(-1)).toMatchObject({ op: 'subscribe', args: ['copytrade.order'] });
    expect(r.phase()).toBe('live');
  });

  it('no answer to the subscribe within 10 s: reconnect', async () => {
    r = rig('public', { random: () => 0 });
    r.exchange.answerSubscribes = false;
    await advance(9_990);
    expect(r.phase()).toBe('subscribing');
    await advance(20);
    expect(r.ctx().lastError).toBe('subscribe-timeout');
    r.exchange.answerSubscribes = true;
    await advance(50);
    expect(r.phase()).toBe('live');
    expect(r.exchange.sockets).toHaveLength(2);
  });
});
