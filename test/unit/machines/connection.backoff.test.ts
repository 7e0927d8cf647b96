/** Reconnect backoff: growth, full-jitter bounds (injected random), cap, reset after stable uptime. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, countingWebSocket, rig, type Rig } from './harness';

describe('connection backoff', () => {
  let r: Rig;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    r.stop();
    vi.useRealTimers();
  });

  it('grows exponentially with full jitter, capped at 30 s, and waits exactly that long', async () => {
    const randoms = [0.5, 0.25, 0.75, 0.1, 0.9, 0.6, 0.3, 0.999];
    let i = 0;
    const sockets = countingWebSocket();
    r = rig('public', { WebSocketImpl: sockets.Impl, random: () => randoms[i++] ?? 0 });
    r.exchange.accepting = false;
    // ceiling of attempt n = min(30 s, 1 s * 2^(n-1)); delay = floor(random * ceiling)
    const expected = [500, 500, 3_000, 800, 14_400, 18_000, 9_000, 29_970];
    // mock-socket refuses exactly 4 ms after the socket is created
    await advance(4);
    for (const [n, delay] of expected.entries()) {
      expect(r.phase()).toBe('reconnecting');
      expect(r.ctx().attempt).toBe(n + 1);
      expect(r.ctx().backoffMs).toBe(delay);
      const before = sockets.created();
      if (delay > 0) {
        await advance(delay - 1);
        expect(sockets.created()).toBe(before); // not a millisecond early
      }
      await advance(1);
      expect(sockets.created()).toBe(before + 1);
      await advance(4); // refused again
    }
    expect(r.ctx().lastError).toBe('socket-error');
  });

  it('keeps every delay inside [0, ceiling) at the extremes of random', async () => {
    const values = [0, 0.999999, 0.3, 0, 0.999999, 0.5, 0.999999];
    let i = 0;
    r = rig('public', { random: () => values[i++] ?? 0.5 });
    r.exchange.accepting = false;
    // ceilings 1, 2, 4, 8, 16, 30 (capped), 30 s; delay = floor(random * ceiling)
    const expected = [0, 1_999, 1_200, 0, 15_999, 15_000, 29_999];
    await advance(5);
    for (const [n, delay] of expected.entries()) {
      expect(r.ctx().attempt).toBe(n + 1);
      expect(r.ctx().backoffMs).toBe(delay);
      await advance(delay + 5);
    }
  });

  it('resets the attempt counter only after 5 s of stable connection', async () => {
    r = rig('public', { random: () => 0.5 });
    await advance(50);
    expect(r.phase()).toBe('live');
    expect(r.ctx().attempt).toBe(0);

    // dropped after 3 s: not stable yet
    await advance(3_000);
    r.exchange.last.close({ code: 1000, reason: 'restart', wasClean: true });
    await advance(5);
    expect(r.phase()).toBe('reconnecting');
    expect(r.ctx().attempt).toBe(1);
    expect(r.ctx().backoffMs).toBe(500);
    await advance(500 + 50);
    expect(r.phase()).toBe('live');

    // dropped again after 4.9 s live: still counting
    await advance(4_900);
    expect(r.ctx().attempt).toBe(1);
    r.exchange.last.close({ code: 1000, reason: 'restart', wasClean: true });
    await advance(5);
    expect(r.ctx().attempt).toBe(2);
    expect(r.ctx().backoffMs).toBe(1_000);
    await advance(1_000 + 50);
    expect(r.phase()).toBe('live');

    // 5 s live: stable, the counter starts over
    await advance(5_000);
    expect(r.ctx().attempt).toBe(0);
    r.exchange.last.close({ code: 1000, reason: 'restart', wasClean: true });
    await advance(5);
    expect(r.ctx().attempt).toBe(1);
    expect(r.ctx().backoffMs).toBe(500);
  });

  it('tells the sink the connection was lost, once per lost live connection', async () => {
    r = rig('public', { random: () => 0 });
    await advance(50);
    r.exchange.last.close({ code: 1000, reason: '', wasClean: true });
    await advance(50);
    expect(r.phase()).toBe('live');
    expect(r.of('disconnected')).toHaveLength(1);
    expect(r.of('subscribed')).toHaveLength(2);
  });
});
