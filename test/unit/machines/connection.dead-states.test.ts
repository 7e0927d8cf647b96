/**
 * reconnecting-websocket's dead states and the supervisor that covers them: gave up after
 * maxRetries, closed while connecting, silently hung; callbacks of replaced sockets are ignored.
 */
import ReconnectingWebSocket from 'reconnecting-websocket';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocketConstructor } from '@machines/connection.types';
import {
  advance,
  countingWebSocket,
  FakeExchange,
  rig,
  zombieFirstWebSocket,
  type Rig,
} from './harness';

describe('reconnecting-websocket on its own (why the supervisor exists)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const options = (Impl: WebSocketConstructor, maxRetries = Number.POSITIVE_INFINITY) => ({
    WebSocket: Impl,
    maxRetries,
    minReconnectionDelay: 0,
    maxReconnectionDelay: 0,
  });

  it('stays dead after maxRetries, even when told to reconnect()', async () => {
    const sockets = countingWebSocket();
    const nowhere = new FakeExchange('public');
    nowhere.accepting = false;
    const rws = new ReconnectingWebSocket(nowhere.url, undefined, options(sockets.Impl, 2));
    await advance(1_000);
    expect(sockets.created()).toBe(3); // the first try and 2 retries
    nowhere.accepting = true;
    rws.reconnect();
    await advance(60_000);
    expect(sockets.created()).toBe(3);
    expect(nowhere.sockets).toHaveLength(0);
    rws.close();
    nowhere.stop();
  });

  it('stays dead after close() during connect, even when told to reconnect()', async () => {
    const sockets = countingWebSocket();
    const exchange = new FakeExchange('public');
    const rws = new ReconnectingWebSocket(exchange.url, undefined, options(sockets.Impl));
    rws.close();
    await advance(100);
    rws.reconnect();
    await advance(60_000);
    expect(sockets.created()).toBe(0);
    expect(exchange.sockets).toHaveLength(0);
    exchange.stop();
  });
});

/** A WebSocket that neither opens nor fails (a black-holed SYN); it fires events when told. */
class HangingSocket {
  static readonly CLOSING = 2;
  static instances: HangingSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  private readonly listeners = new Map<string, Set<(ev: unknown) => void>>();
  constructor(readonly url: string) {
    HangingSocket.instances.push(this);
  }
  addEventListener(type: string, l: (ev: unknown) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(l);
  }
  removeEventListener(type: string, l: (ev: unknown) => void) {
    this.listeners.get(type)?.delete(l);
  }
  close() {}
  send() {}
  fire(type: string, ev: object = {}) {
    if (type === 'open') this.readyState = 1;
    for (const l of this.listeners.get(type) ?? []) l({ type, ...ev });
  }
}

describe('the supervisor', () => {
  let r: Rig;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    r.stop();
    vi.useRealTimers();
  });

  it('replaces a transport that gave up after maxRetries, without waiting for the watchdog', async () => {
    const sockets = countingWebSocket();
    r = rig('public', { WebSocketImpl: sockets.Impl, maxRetries: 2, random: () => 0 });
    r.exchange.accepting = false;
    await advance(100);
    // far more attempts than one transport instance allows: dead ones were replaced
    expect(sockets.created()).toBeGreaterThan(6);
    expect(r.phase()).not.toBe('live');
    r.exchange.accepting = true;
    await advance(50);
    expect(r.phase()).toBe('live');
    expect(r.ctx().lastError).not.toBe('transport-dead');
  });

  it.each([
    ['before its socket exists', 0],
    ['while its socket is connecting', 2],
  ])('recovers from a transport closed %s (offline, then online)', async (_, at) => {
    r = rig('public');
    await advance(at);
    expect(r.phase()).toBe('connecting');
    r.env.set({ online: false });
    expect(r.phase()).toBe('offline');
    await advance(100);
    expect(r.exchange.sockets).toHaveLength(0);
    r.env.set({ online: true });
    await advance(50);
    expect(r.phase()).toBe('live');
    expect(r.exchange.sockets).toHaveLength(1);
  });

  it('recovers from STOP during connect followed by CONNECT', async () => {
    r = rig('private');
    await advance(1);
    r.actor.send({ type: 'STOP' });
    expect(r.phase()).toBe('idle');
    await advance(100);
    r.actor.send({ type: 'CONNECT' });
    await advance(50);
    expect(r.phase()).toBe('live');
    expect(r.exchange.sockets).toHaveLength(1);
  });

  it('replaces a silently hung transport after the connect watchdog, ignoring it from then on', async () => {
    HangingSocket.instances = [];
    r = rig('public', {
      WebSocketImpl: HangingSocket as unknown as WebSocketConstructor,
      timings: { connectTimeoutMs: 120_000, connectWatchdogMs: 15_000 },
      random: () => 0,
    });
    await advance(14_990);
    expect(r.phase()).toBe('connecting');
    expect(HangingSocket.instances).toHaveLength(1);
    await advance(20);
    expect(r.ctx().lastError).toBe('transport-dead');
    await advance(10);
    expect(HangingSocket.instances).toHaveLength(2);
    expect(r.phase()).toBe('connecting');
    // the abandoned socket wakes up: nothing of it reaches the machine
    HangingSocket.instances[0]?.fire('open');
    HangingSocket.instances[0]?.fire('close', { code: 4401, reason: 'late' });
    await advance(10);
    expect(r.phase()).toBe('connecting');
    expect(r.ctx().socketId).toBe(2);
    // the current one opens: the machine follows it
    HangingSocket.instances[1]?.fire('open');
    await advance(1);
    expect(r.phase()).toBe('subscribing');
  });

  it('ignores every callback of a replaced socket that keeps receiving', async () => {
    r = rig('public', { WebSocketImpl: zombieFirstWebSocket(), random: () => 0 });
    await advance(50);
    r.exchange.answerPings = false;
    await advance(30_000); // heartbeat timeout: socket 1 is abandoned (but ignores close())
    expect(r.ctx().lastError).toBe('heartbeat-timeout');
    r.exchange.answerPings = true;
    await advance(50);
    expect(r.phase()).toBe('live');
    expect(r.exchange.sockets).toHaveLength(2);
    const [zombie] = r.exchange.sockets;
    if (!zombie) throw new Error('no first socket');
    const before = r.calls.length;

    r.exchange.push(r.exchange.tickerFrame('BTCUSDT'), zombie);
    r.exchange.push('{not json', zombie);
    r.exchange.push({ success: false, ret_msg: 'x', op: 'subscribe', req_id: '1' }, zombie);
    zombie.close({ code: 4401, reason: 'unauthorized', wasClean: true });
    await advance(10);
    expect(r.calls.slice(before)).toEqual([]);
    expect(r.phase()).toBe('live');
    expect(r.ctx().lastError).toBe('heartbeat-timeout');

    r.exchange.push(r.exchange.tickerFrame('BTCUSDT'));
    expect(r.calls.slice(before).map((c) => c.kind)).toEqual(['data']);
  });

  it('ignores transport events tagged with another connection attempt', async () => {
    r = rig('public', { random: () => 0 });
    await advance(50);
    r.exchange.last.close({ code: 1000, reason: '', wasClean: true });
    await advance(50);
    expect(r.ctx().socketId).toBe(2);
    r.actor.send({ type: 'WS.CLOSE', socketId: 1, code: 4401, reason: 'stale', dead: false });
    r.actor.send({ type: 'WS.ERROR', socketId: 1, message: 'stale' });
    r.actor.send({
      type: 'WS.RESPONSE',
      socketId: 1,
      at: Date.now(),
      response: { kind: 'response', op: 'subscribe', success: false, retMsg: 'stale', reqId: '1' },
    });
    expect(r.phase()).toBe('live');
    expect(r.ctx().lastError).toBe('closed');
  });
});
