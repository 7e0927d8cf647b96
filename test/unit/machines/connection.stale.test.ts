/** Staleness: no frame at all while live (a ping is forced), per-topic freshness, frames per second. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { healthOf, isTopicStale } from '@src/pipeline/connection-status';
import { advance, rig, type Rig } from './harness';

describe('stale connection', () => {
  let r: Rig;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    r.stop();
    vi.useRealTimers();
  });

  it('answered pings keep a quiet connection fresh', async () => {
    r = rig('private');
    await advance(50);
    const phases = new Set<string>();
    const sub = r.actor.subscribe(() => phases.add(r.phase()));
    await advance(5 * 60_000);
    sub.unsubscribe();
    expect([...phases]).toEqual(['live']);
  });

  it('goes stale after more than 2 heartbeat periods without a frame, forces a ping, recovers', async () => {
    r = rig('public');
    await advance(50);
    const seen: string[] = [];
    r.actor.subscribe((s) => {
      const entry = `${r.phase()}/${healthOf(s)}`;
      if (seen.at(-1) !== entry) seen.push(entry);
    });
    // the main thread was starved (a frozen tab): 45 s pass, no timer ran, nothing was read
    vi.setSystemTime(Date.now() + 45_000);
    await advance(1_000); // the next sample sees the silence
    // live -> stale (shown as unstable, a ping goes out at once) -> pong -> live
    expect(seen).toEqual(['stale/unstable', 'live/connected']);
    // the ping of going live, then the one forced by the silence
    expect(r.exchange.ops[0]?.map((o) => o.op)).toEqual(['subscribe', 'ping', 'ping']);
    expect(r.ctx().rttMs).toBe(4);
  });

  it('stale with no pong to the forced ping: the socket is dead, reconnect', async () => {
    r = rig('public', { timings: { staleAfterMs: 15_000 }, random: () => 0 });
    await advance(50);
    r.exchange.answerPings = false;
    await advance(15_000);
    expect(r.phase()).toBe('live');
    await advance(1_000);
    expect(r.phase()).toBe('stale');
    await advance(5);
    // the ping of going live (answered), then one forced before the regular 20 s ping
    expect(r.exchange.ops[0]?.map((o) => o.op)).toEqual(['subscribe', 'ping', 'ping']);
    await advance(10_000);
    expect(r.ctx().lastError).toBe('heartbeat-timeout');
    expect(r.phase()).not.toBe('stale');
  });

  it('data frames resume: back to live at the next sample', async () => {
    r = rig('public', { timings: { staleAfterMs: 5_000 } });
    await advance(50);
    r.exchange.answerPings = false;
    await advance(6_000);
    expect(r.phase()).toBe('stale');
    r.exchange.push(r.exchange.tickerFrame('BTCUSDT'));
    await advance(1_000);
    expect(r.phase()).toBe('live');
  });
});

describe('per-topic freshness', () => {
  let r: Rig;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    r.stop();
    vi.useRealTimers();
  });

  it('a subscribed topic without a frame for 30 s while live is stale', async () => {
    r = rig('public', { topics: ['tickers.BTCUSDT', 'tickers.ETHUSDT'] });
    await advance(20);
    for (let s = 0; s < 20; s += 1) {
      r.exchange.push(r.exchange.tickerFrame('BTCUSDT', s === 0 ? 'snapshot' : 'delta'));
      await advance(1_000);
    }
    r.actor.send({ type: 'TOPICS.ADD', topics: ['tickers.SOLUSDT'] }); // its clock starts now
    for (let s = 0; s < 15; s += 1) {
      r.exchange.push(r.exchange.tickerFrame('BTCUSDT', 'delta'));
      await advance(1_000);
    }
    expect(r.ctx().staleTopics).toBe('tickers.ETHUSDT');
    expect(r.ctx().staleTopicCount).toBe(1);
    expect(isTopicStale(r.actor.getSnapshot(), 'tickers.ETHUSDT')).toBe(true);
    expect(isTopicStale(r.actor.getSnapshot(), 'tickers.BTCUSDT')).toBe(false);
    expect(r.phase()).toBe('live');

    // t = 35 s: ETH ticks once; SOL (subscribed at 20 s) crosses 30 s of silence at 50 s
    r.exchange.push(r.exchange.tickerFrame('ETHUSDT'));
    await advance(16_000);
    expect(r.ctx().staleTopics).toBe('tickers.SOLUSDT');
    // t = 67 s: BTC (last at 34 s) and ETH (last at 35 s) are stale too
    await advance(16_000);
    expect(r.ctx().staleTopics).toBe('tickers.BTCUSDT,tickers.ETHUSDT,tickers.SOLUSDT');
    expect(r.ctx().staleTopicCount).toBe(3);

    r.actor.send({ type: 'TOPICS.REMOVE', topics: ['tickers.SOLUSDT'] });
    await advance(1_000);
    expect(r.ctx().staleTopics).toBe('tickers.BTCUSDT,tickers.ETHUSDT');
  });

  it('is off for private topics by default (they push only on change)', async () => {
    r = rig('private');
    await advance(5 * 60_000);
    expect(r.phase()).toBe('live');
    expect(r.ctx().staleTopics).toBe('');
  });

  it('freshness restarts on every new live connection', async () => {
    r = rig('public', { random: () => 0 });
    await advance(25_000);
    r.exchange.last.close({ code: 1000, reason: '', wasClean: true });
    await advance(50);
    expect(r.ctx().staleTopics).toBe('');
    await advance(10_000);
    expect(r.ctx().staleTopics).toBe('');
    await advance(21_000);
    expect(r.ctx().staleTopics).toBe('tickers.BTCUSDT');
  });
});

describe('frames per second', () => {
  let r: Rig;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    r.stop();
    vi.useRealTimers();
  });

  it('is sampled once a second and drops to 0 when the connection is lost', async () => {
    r = rig('public', { random: () => 0.99 });
    await advance(20);
    r.exchange.push(r.exchange.tickerFrame('BTCUSDT'));
    for (let i = 0; i < 30; i += 1) {
      for (let k = 0; k < 20; k += 1) r.exchange.push(r.exchange.tickerFrame('BTCUSDT', 'delta'));
      await advance(100);
    }
    expect(r.ctx().fps).toBeGreaterThanOrEqual(180);
    expect(r.ctx().fps).toBeLessThanOrEqual(220);
    r.exchange.last.close({ code: 1000, reason: '', wasClean: true });
    await advance(5);
    expect(r.ctx().fps).toBe(0);
  });
});
