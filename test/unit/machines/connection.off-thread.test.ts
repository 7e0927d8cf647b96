/**
 * The connection machine with its sockets in the socket worker (machines/worker-sockets.ts over
 * a loopback of socket-worker-core.ts): the same lifecycle, the same sink calls, the tap's raw
 * frames, receipt times from the worker, and a fallback to sockets on this thread when the
 * worker dies.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamName } from '@src/wire/protocol';
import type { WireTap } from '@src/wire/tap';
import type { Ticker } from '@src/wire/protocol';
import type { FrameSink } from '@src/wire/sink';
import { advance, countingWebSocket, recordingSink, rig, type Rig } from './harness';
import {
  loopbackSockets,
  loopbackWorker,
  pinPerformanceNow,
  type Loopback,
} from './loopback-worker';

describe('connection with its sockets in a worker', () => {
  let r: Rig;
  let loop: Loopback;
  const offThread = (stream: StreamName, extra: Parameters<typeof rig>[1] = {}) => {
    loop = loopbackWorker();
    r = rig(stream, { WebSocketImpl: loopbackSockets(loop).forStream(stream), ...extra });
    return r;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    pinPerformanceNow();
  });
  afterEach(() => {
    r.stop();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('authenticates with the one-time token, subscribes and goes live', async () => {
    offThread('private');
    await advance(50);
    expect(r.phase()).toBe('live');
    expect(r.exchange.ops[0]?.slice(0, 2)).toEqual([
      { req_id: '1', op: 'auth', args: ['ott-1'] },
      { req_id: '2', op: 'subscribe', args: ['risk', 'wallet'] },
    ]);
    expect(r.of('subscribed')).toEqual([
      { kind: 'subscribed', stream: 'private', topics: ['risk', 'wallet'], connId: 'conn-1' },
    ]);
  });

  it('hands the sink every frame in order, at the time the worker received it', async () => {
    offThread('private');
    await advance(50);
    await advance(100); // a quiet spell: the next frame is posted at once
    const t0 = Date.now();
    r.exchange.push(r.exchange.walletFrame(1));
    r.exchange.push(r.exchange.walletFrame(2));
    expect(r.of('data')).toEqual([]); // not yet: the worker's post is a task away
    await advance(2);
    r.exchange.push(r.exchange.walletFrame(3));
    await advance(10);
    expect(r.of('data')).toEqual([
      { kind: 'data', stream: 'private', topic: 'wallet', at: t0 },
      { kind: 'data', stream: 'private', topic: 'wallet', at: t0 },
      { kind: 'data', stream: 'private', topic: 'wallet', at: t0 + 2 },
    ]);
  });

  it('rejects invalid frames whole and stays live', async () => {
    offThread('public');
    await advance(50);
    r.exchange.push('{not json');
    r.exchange.push({
      topic: 'tickers.BTCUSDT',
      type: 'delta',
      ts: 1,
      data: { symbol: 'ETHUSDT' },
    });
    r.exchange.last.send(new ArrayBuffer(8) as unknown as string);
    await advance(1_000);
    expect(r.of('invalid').map((c) => c.reason)).toEqual([
      'frame is not valid JSON',
      'data.symbol does not match tickers.BTCUSDT',
      'frame is not text',
    ]);
    expect(r.ctx().rejectedFrames).toBe(3);
    expect(r.phase()).toBe('live');
  });

  it('keeps a ticker field named __proto__ as data', async () => {
    const tickers: Ticker[] = [];
    const { sink: recorder } = recordingSink();
    const sink: FrameSink = {
      ...recorder,
      data: (_stream, frame) => {
        if (frame.kind === 'ticker') tickers.push(frame.data);
      },
    };
    offThread('public', { sink });
    await advance(50);
    r.exchange.push(
      '{"topic":"tickers.BTCUSDT","type":"snapshot","ts":1,"data":{"symbol":"BTCUSDT","__proto__":"x","markPrice":"1"}}',
    );
    await advance(20);
    const [t] = tickers;
    expect(Object.getPrototypeOf(t)).toBeNull();
    expect(Object.keys(t!)).toEqual(['symbol', '__proto__', 'markPrice']);
  });

  it("gives the recorder's tap every frame as it crossed the wire, in order", async () => {
    const seen: string[] = [];
    const tap: WireTap = {
      now: () => Date.now(),
      open: (s) => seen.push(`open ${s}`),
      send: (s, text) => seen.push(`send ${s} ${text}`),
      recv: (s, data) => seen.push(`recv ${s} ${String(data)}`),
      close: (s, code) => seen.push(`close ${s} ${code}`),
      rest: () => {},
    };
    offThread('public', { tap: () => tap });
    await advance(50);
    r.exchange.push('{not json');
    r.exchange.push(r.exchange.tickerFrame('BTCUSDT'));
    r.exchange.last.close({ code: 4000, reason: '', wasClean: true });
    await advance(20);
    expect(seen.filter((l) => !l.includes('"ping"'))).toEqual([
      'open public',
      'send public {"req_id":"1","op":"subscribe","args":["tickers.BTCUSDT"]}',
      expect.stringMatching(/^recv public \{"success":true.*"op":"subscribe"/),
      'recv public {not json',
      `recv public ${JSON.stringify(r.exchange.tickerFrame('BTCUSDT'))}`,
      'close public 4000',
    ]);
  });

  it('a refused token closes with 4401: unauthorized, no reconnect', async () => {
    offThread('private');
    r.exchange.auth = 'close-4401';
    await advance(50);
    expect(r.unauthorized.map((e) => e.code)).toEqual(['auth-rejected']);
    await advance(60_000);
    expect(r.exchange.sockets).toHaveLength(1);
  });

  it('reconnects after the server drops it and seeds again', async () => {
    offThread('private');
    await advance(50);
    r.exchange.last.close({ code: 1006, reason: '', wasClean: false });
    await advance(5_000);
    expect(r.phase()).toBe('live');
    expect(r.exchange.sockets).toHaveLength(2);
    expect(r.of('subscribed').map((c) => c.connId)).toEqual(['conn-1', 'conn-2']);
    expect(r.of('disconnected')).toHaveLength(1);
  });

  it('closes its worker socket when the machine stops', async () => {
    offThread('public');
    await advance(50);
    r.actor.send({ type: 'STOP' });
    await advance(50);
    expect(loop.commands.map((c) => c.op)).toContain('close');
    expect(r.exchange.last.readyState).toBe(3);
  });

  it('falls back to sockets on this thread when the worker dies', async () => {
    const fallback = countingWebSocket();
    loop = loopbackWorker();
    const sockets = loopbackSockets(loop, fallback.Impl);
    r = rig('public', { WebSocketImpl: sockets.forStream('public') });
    await advance(50);
    expect(r.phase()).toBe('live');
    loop.crash();
    await advance(5_000);
    expect(fallback.created()).toBe(1);
    expect(r.phase()).toBe('live');
    r.exchange.push(r.exchange.tickerFrame('BTCUSDT'));
    expect(r.of('data')).toHaveLength(1);
  });

  it('refuses close codes a browser socket refuses', () => {
    loop = loopbackWorker();
    const Impl = loopbackSockets(loop).forStream('public');
    r = rig('public');
    const socket = new Impl('ws://exchange.test/x') as { close(code?: number): void };
    expect(() => socket.close(1006)).toThrow(/not allowed/);
  });
});
