/** Frames: decoded once, data to the sink, rejected frames counted, answers kept by the machine. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FrameSink } from '@src/wire/sink';
import { advance, recordingSink, rig, type Rig } from './harness';

describe('frames', () => {
  let r: Rig;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    r.stop();
    vi.useRealTimers();
  });

  it('hands validated data frames to the sink with their receive time', async () => {
    r = rig('private');
    await advance(50);
    const at = Date.now();
    r.exchange.push(r.exchange.walletFrame(1));
    r.exchange.push(r.exchange.walletFrame(2));
    expect(r.of('data')).toEqual([
      { kind: 'data', stream: 'private', topic: 'wallet', at },
      { kind: 'data', stream: 'private', topic: 'wallet', at },
    ]);
  });

  it('rejects malformed frames whole, counts them and stays live', async () => {
    r = rig('public');
    await advance(50);
    r.exchange.push('{not json');
    r.exchange.push('[1,2,3]');
    r.exchange.push({ topic: 'orderbook.50.BTCUSDT', type: 'snapshot', ts: 1, data: {} });
    r.exchange.push({
      topic: 'tickers.BTCUSDT',
      type: 'delta',
      ts: 1,
      data: { symbol: 'ETHUSDT' },
    });
    r.exchange.push({ op: 'subscribe', success: 'yes' });
    r.exchange.last.send(new ArrayBuffer(8) as unknown as string);
    expect(r.of('invalid').map((c) => c.reason)).toEqual([
      'frame is not valid JSON',
      'frame is not a JSON object',
      'unsupported public topic "orderbook.50.BTCUSDT"',
      'data.symbol does not match tickers.BTCUSDT',
      'success: expected boolean',
      'frame is not text',
    ]);
    expect(r.of('data')).toEqual([]);
    await advance(1_000);
    expect(r.ctx().rejectedFrames).toBe(6);
    expect(r.phase()).toBe('live');
    r.exchange.push(r.exchange.tickerFrame('BTCUSDT'));
    expect(r.of('data')).toHaveLength(1);
  });

  it('ignores answers it did not ask for, whatever their req_id', async () => {
    r = rig('public');
    await advance(50);
    for (const reqId of ['__proto__', 'constructor', 'toString', '777', '']) {
      r.exchange.push({ success: false, ret_msg: 'x', op: 'subscribe', req_id: reqId });
      r.exchange.push({ success: true, ret_msg: 'pong', op: 'ping', req_id: reqId });
    }
    r.exchange.push({ success: true, ret_msg: '', op: 'auth' });
    await advance(1_000);
    expect(r.phase()).toBe('live');
    expect(r.ctx().lastError).toBeNull();
    expect(r.ctx().pending).toEqual({});
  });

  it('keeps op answers away from the sink', async () => {
    r = rig('private');
    await advance(25_000); // auth, subscribe and a ping answered
    expect(r.calls.map((c) => c.kind)).toEqual(['subscribed']);
  });

  it('survives a sink that throws: the error is shown, later frames still flow', async () => {
    const { sink: recorder, calls } = recordingSink();
    let failures = 1;
    const sink: FrameSink = {
      ...recorder,
      data(stream, frame, at) {
        if (failures > 0) {
          failures -= 1;
          throw new Error('reducer bug');
        }
        recorder.data(stream, frame, at);
      },
    };
    r = rig('public', { sink });
    await advance(50);
    r.exchange.push(r.exchange.tickerFrame('BTCUSDT'));
    await advance(1);
    expect(r.ctx().lastError).toBe('sink-error');
    expect(r.ctx().lastErrorDetail).toBe('sink.data: reducer bug');
    expect(r.phase()).toBe('live');
    r.exchange.push(r.exchange.tickerFrame('BTCUSDT', 'delta'));
    expect(calls.filter((c) => c.kind === 'data')).toHaveLength(1);
  });

  it('survives a sink that throws on subscribed/disconnected', async () => {
    const { sink: recorder } = recordingSink();
    const sink: FrameSink = {
      ...recorder,
      subscribed() {
        throw new Error('seed failed');
      },
      disconnected() {
        throw new Error('reset failed');
      },
    };
    r = rig('public', { sink, random: () => 0 });
    await advance(50);
    expect(r.phase()).toBe('live');
    expect(r.ctx().lastErrorDetail).toBe('sink.subscribed: seed failed');
    r.exchange.last.close({ code: 1000, reason: '', wasClean: true });
    await advance(50);
    expect(r.phase()).toBe('live');
  });

  it('a burst of 2,000 data frames causes no machine transition at all', async () => {
    r = rig('public');
    await advance(50);
    let snapshots = 0;
    const sub = r.actor.subscribe(() => {
      snapshots += 1;
    });
    r.exchange.push(r.exchange.tickerFrame('BTCUSDT'));
    for (let i = 0; i < 1_999; i += 1) r.exchange.push(r.exchange.tickerFrame('BTCUSDT', 'delta'));
    sub.unsubscribe();
    expect(r.of('data')).toHaveLength(2_000);
    expect(snapshots).toBe(0);
  });

  it('never carries market or account data in its context', async () => {
    r = rig('private');
    await advance(50);
    for (let i = 1; i <= 50; i += 1) r.exchange.push(r.exchange.walletFrame(i));
    await advance(1_000);
    const json = JSON.stringify(r.ctx());
    expect(json).not.toContain('walletBalanceE8');
    expect(json).not.toContain('100000000');
    expect(r.ctx().fps).toBeGreaterThan(0);
  });
});
