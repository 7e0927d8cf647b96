/**
 * The public stream as Bybit V5 linear: acks, snapshot then deltas with only changed fields,
 * pings with and without req_id, unknown topics and ops, bad input, floods and the idle timeout.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyTickers, initialStreamState } from '@src/state/model';
import { decodePublic } from '@src/wire/decode';
import type { TickerFrame } from '@src/wire/protocol';
import type { Simulator } from '@server/simulator';
import { startTestSim, WsClient } from './helpers';

describe('public stream', () => {
  let sim: Simulator;
  const url = () => `${sim.wsUrl}/v5/public/linear`;

  beforeAll(async () => {
    sim = await startTestSim({ idleTimeoutMs: 600_000 });
  });
  afterAll(() => sim.stop());

  it('acks a subscribe, sends a snapshot, then deltas with only the changed fields', async () => {
    const ws = await WsClient.open(url());
    const ack = await ws.op('subscribe', ['tickers.BTCUSDT', 'tickers.XRPUSDT']);
    expect(ack).toEqual({
      success: true,
      ret_msg: '',
      conn_id: expect.any(String),
      req_id: 'r1',
      op: 'subscribe',
    });
    expect(Object.keys(ack)).toEqual(['success', 'ret_msg', 'conn_id', 'req_id', 'op']);
    for (let i = 0; i < 30; i++) sim.manualClock.advance(100);
    await ws.sync();
    const frames = ws.frames.slice(1).map((f) => decodePublic(f) as TickerFrame);
    expect(frames.every((f) => f.kind === 'ticker')).toBe(true);
    for (const symbol of ['BTCUSDT', 'XRPUSDT']) {
      const mine = frames.filter((f) => f.data.symbol === symbol);
      expect(mine[0]?.type).toBe('snapshot');
      expect(mine.slice(1).every((f) => f.type === 'delta')).toBe(true);
      expect(mine.length).toBeGreaterThan(10);
      const snap = mine[0] as TickerFrame;
      for (const k of [
        'lastPrice',
        'markPrice',
        'indexPrice',
        'bid1Price',
        'ask1Price',
        'fundingRate',
        'nextFundingTime',
        'volume24h',
        'turnover24h',
        'price24hPcnt',
        'openInterest',
      ])
        expect(typeof snap.data[k]).toBe('string');
      // A delta carries the symbol and only fields whose value changed.
      let prev = { ...snap.data };
      for (const d of mine.slice(1)) {
        expect(d.ts).toBeGreaterThan(0);
        expect(typeof d.cs).toBe('number');
        for (const [k, v] of Object.entries(d.data))
          if (k !== 'symbol') expect(prev[k]).not.toBe(v);
        prev = { ...prev, ...d.data };
      }
      // Snapshot + deltas through the reducers give the server's current ticker.
      const state = applyTickers(initialStreamState(), mine);
      expect({ ...state.tickers.get(symbol) }).toEqual(sim.truth(1001).quotes[symbol]);
      // Prices sit on the tick grid: BTC has a 0.10 tick at two decimals.
      if (symbol === 'BTCUSDT') expect(prev.lastPrice).toMatch(/^\d+\.\d0$/);
    }
    await ws.close();
  });

  it('answers pings with and without req_id (Bybit clients send {"op":"ping"})', async () => {
    const ws = await WsClient.open(url());
    expect(await ws.op('ping')).toEqual({
      success: true,
      ret_msg: 'pong',
      conn_id: expect.any(String),
      req_id: 'r1',
      op: 'ping',
    });
    ws.send({ op: 'ping' });
    const pong = JSON.parse(await ws.waitFor((f) => !f.includes('req_id'), 1)) as Record<
      string,
      unknown
    >;
    expect(pong).toEqual({
      success: true,
      ret_msg: 'pong',
      conn_id: expect.any(String),
      op: 'ping',
    });
    await ws.close();
  });

  it('refuses unknown topics, repeated subscriptions and unknown ops without closing', async () => {
    const ws = await WsClient.open(url());
    expect(await ws.op('subscribe', ['orderbook.50.BTCUSDT'])).toMatchObject({
      success: false,
      ret_msg: 'error:handler not found',
    });
    expect(await ws.op('subscribe', ['tickers.NOPEUSDT'])).toMatchObject({
      success: false,
      ret_msg: 'error:handler not found',
    });
    expect((await ws.op('subscribe', ['tickers.ETHUSDT'])).success).toBe(true);
    expect(await ws.op('subscribe', ['tickers.ETHUSDT'])).toMatchObject({
      success: false,
      ret_msg: 'error:already subscribed,topic:tickers.ETHUSDT',
    });
    expect(await ws.op('trade')).toMatchObject({ success: false, op: 'trade' });
    expect((await ws.op('unsubscribe', ['tickers.ETHUSDT'])).success).toBe(true);
    const n = ws.frames.length;
    sim.manualClock.advance(500);
    await ws.sync();
    expect(ws.frames.length).toBe(n);
    await ws.close();
  });

  it('answers a malformed frame with an error and keeps the connection', async () => {
    const ws = await WsClient.open(url());
    for (const bad of [
      '{"op":',
      '[1,2]',
      '{"op":42}',
      '{"op":"subscribe","args":"tickers.BTCUSDT"}',
      '{"op":"subscribe","req_id":{}}',
    ]) {
      const from = ws.frames.length;
      ws.send(bad);
      const reply = JSON.parse(await ws.waitFor(() => true, from)) as Record<string, unknown>;
      expect(reply.success).toBe(false);
      expect(String(reply.ret_msg)).toMatch(/^error:/);
    }
    expect((await ws.op('ping')).ret_msg).toBe('pong');
    await ws.close();
  });

  it('closes with 1009 on a frame over 64 KB', async () => {
    const ws = await WsClient.open(url());
    ws.send(JSON.stringify({ op: 'ping', req_id: 'x'.repeat(70_000) }));
    expect((await ws.closed).code).toBe(1009);
  });

  it('limits floods: too many args, then too many ops, then closes with 1008', async () => {
    const ws = await WsClient.open(url());
    const args = Array.from({ length: 101 }, (_, i) => `tickers.S${i}`);
    expect(String((await ws.op('subscribe', args)).ret_msg)).toMatch(/too many args/);
    for (let i = 0; i < 150; i++) ws.send({ op: 'ping', req_id: `f${i}` });
    const limited = await ws.waitFor((f) => f.includes('too many requests'));
    expect(JSON.parse(limited)).toMatchObject({ success: false });
    for (let i = 0; i < 400; i++) ws.send({ op: 'ping', req_id: `g${i}` });
    expect((await ws.closed).code).toBe(1008);
  });

  it('counts malformed and binary frames against the same allowance, and closes a junk flood', async () => {
    const ws = await WsClient.open(url());
    for (let i = 0; i < 60; i++) ws.send('not json');
    for (let i = 0; i < 40; i++) ws.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    // The allowance (100, no time passes on the manual clock) is spent on junk: a ping is refused.
    expect(await ws.op('ping')).toMatchObject({
      success: false,
      ret_msg: 'error:too many requests',
    });
    const answers = ws.json();
    expect(answers.filter((f) => f.ret_msg === 'error:invalid json')).toHaveLength(60);
    expect(answers.filter((f) => /binary frames/.test(String(f.ret_msg)))).toHaveLength(40);
    for (let i = 0; i < 400; i++) ws.send('{');
    expect((await ws.closed).code).toBe(1008);
  });

  it('answers a plain GET of a stream path with 426 Upgrade Required', async () => {
    for (const path of ['/v5/public/linear', '/ws/v5/private']) {
      const r = await fetch(sim.url + path);
      expect(r.status).toBe(426);
      expect(r.headers.get('upgrade')).toBe('websocket');
    }
  });

  it('is served under the /ws page-origin prefix too', async () => {
    const ws = await WsClient.open(`${sim.wsUrl}/ws/v5/public/linear`);
    expect((await ws.op('subscribe', ['tickers.SOLUSDT'])).success).toBe(true);
    await ws.waitFor((f) => f.includes('"type":"snapshot"'));
    await ws.close();
  });
});

describe('idle timeout', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startTestSim({ idleTimeoutMs: 5_000 });
  });
  afterAll(() => sim.stop());

  it('closes a connection that sent no frame for the idle timeout (4408), any frame resets it', async () => {
    const ws = await WsClient.open(`${sim.wsUrl}/v5/public/linear`);
    // The server's side of it: the manual clock runs its idle timer inside advance().
    await vi.waitFor(() => expect(sim.sim.hub.connections({ stream: 'public' })).toHaveLength(1), {
      timeout: 30_000,
    });
    const [conn] = sim.sim.hub.connections({ stream: 'public' });
    sim.manualClock.advance(4_999);
    expect(conn?.ending).toBe(false);
    expect((await ws.op('ping')).ret_msg).toBe('pong');
    sim.manualClock.advance(4_999);
    expect(conn?.ending).toBe(false);
    sim.manualClock.advance(1);
    expect(conn?.ending).toBe(true);
    expect(await ws.closed).toEqual({ code: 4408, reason: 'idle timeout' });
  });

  it('applies to the private stream too, authenticated or not', async () => {
    const ws = await WsClient.open(`${sim.wsUrl}/v5/private`);
    sim.manualClock.advance(5_000);
    expect((await ws.closed).code).toBe(4408);
  });
});
