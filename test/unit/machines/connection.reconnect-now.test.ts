/**
 * The backoff as people see it: when the next attempt is due, "reconnect now", and a page that
 * comes back into view (one immediate attempt per visibility change, then the backoff again).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { canReconnectNow, selectReconnectDueAt } from '@src/pipeline/connection-status';
import { advance, countingWebSocket, rig, type Rig } from './harness';

describe('reconnect countdown and reconnect now', () => {
  let r: Rig;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    r.stop();
    vi.useRealTimers();
  });

  it('keeps when the backoff started and when its attempt is due', async () => {
    r = rig('public', { random: () => 0.5 });
    await advance(50);
    expect(selectReconnectDueAt(r.actor.getSnapshot())).toBeNull();
    r.exchange.last.close({ code: 1006, reason: '', wasClean: false });
    await advance(5);
    const { backoffStartedAt, backoffDueAt, backoffMs } = r.ctx();
    expect(backoffMs).toBe(500);
    expect(backoffDueAt - backoffStartedAt).toBe(500);
    expect(backoffStartedAt).toBe(Date.now() - 1); // the close arrived 1 ms ago
    expect(selectReconnectDueAt(r.actor.getSnapshot())).toBe(backoffDueAt);
    expect(canReconnectNow(r.actor.getSnapshot())).toBe(true);
  });

  it('"reconnect now" skips what is left of the backoff, keeping the attempt count', async () => {
    const sockets = countingWebSocket();
    r = rig('public', { random: () => 0.99, WebSocketImpl: sockets.Impl });
    r.exchange.accepting = false;
    await advance(4);
    for (let i = 0; i < 4; i += 1) await advance(r.ctx().backoffMs + 4);
    expect(r.phase()).toBe('reconnecting');
    expect(r.ctx().backoffMs).toBeGreaterThan(10_000);
    const attempt = r.ctx().attempt;
    const created = sockets.created();
    r.exchange.accepting = true;
    r.actor.send({ type: 'RECONNECT_NOW' });
    expect(r.phase()).toBe('connecting');
    await advance(20);
    expect(r.phase()).toBe('live');
    expect(sockets.created()).toBe(created + 1);
    expect(r.ctx().attempt).toBe(attempt); // reset only once stable
    expect(canReconnectNow(r.actor.getSnapshot())).toBe(false);
    // Live: the event means nothing.
    r.actor.send({ type: 'RECONNECT_NOW' });
    await advance(20);
    expect(sockets.created()).toBe(created + 1);
  });

  it('a failed "reconnect now" goes back to a backoff, one step longer', async () => {
    r = rig('public', { random: () => 0.99 });
    r.exchange.accepting = false;
    await advance(4);
    await advance(r.ctx().backoffMs + 4);
    const attempt = r.ctx().attempt;
    r.actor.send({ type: 'RECONNECT_NOW' });
    await advance(5);
    expect(r.phase()).toBe('reconnecting');
    expect(r.ctx().attempt).toBe(attempt + 1);
  });

  it('offline: "reconnect now" tries anyway (the browser flag can be wrong)', async () => {
    r = rig('public', { online: false });
    await advance(1_000);
    expect(r.phase()).toBe('offline');
    expect(canReconnectNow(r.actor.getSnapshot())).toBe(true);
    r.actor.send({ type: 'RECONNECT_NOW' });
    await advance(20);
    expect(r.phase()).toBe('live');
  });
});

describe('visible again while reconnecting', () => {
  let r: Rig;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    r.stop();
    vi.useRealTimers();
  });

  it('one immediate attempt per visibility change, then the backoff resumes', async () => {
    const sockets = countingWebSocket();
    r = rig('public', { random: () => 0.99, WebSocketImpl: sockets.Impl });
    r.exchange.accepting = false;
    await advance(4);
    for (let i = 0; i < 3; i += 1) await advance(r.ctx().backoffMs + 4);
    expect(r.phase()).toBe('reconnecting');
    const created = sockets.created();
    const attempt = r.ctx().attempt;

    r.env.set({ hidden: true });
    r.env.set({ hidden: false });
    await advance(5); // the immediate attempt, refused
    expect(sockets.created()).toBe(created + 1);
    expect(r.phase()).toBe('reconnecting');
    expect(r.ctx().attempt).toBe(attempt + 1);

    // Repeated VISIBLE events (no HIDDEN in between) do not skip the backoff again.
    for (let i = 0; i < 5; i += 1) {
      r.actor.send({ type: 'VISIBLE' });
      await advance(5);
    }
    expect(sockets.created()).toBe(created + 1);
    expect(r.phase()).toBe('reconnecting');

    // The next real change gives one more.
    r.env.set({ hidden: true });
    r.env.set({ hidden: false });
    await advance(5);
    expect(sockets.created()).toBe(created + 2);
  });
});
