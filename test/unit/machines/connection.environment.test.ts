/** Browser facts: offline/online, and a page hidden long enough for the server to drop it. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, countingWebSocket, rig, type Rig } from './harness';

describe('offline and online', () => {
  let r: Rig;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    r.stop();
    vi.useRealTimers();
  });

  it('goes offline at once, makes no attempt while offline, reconnects at once on online', async () => {
    const sockets = countingWebSocket();
    r = rig('private', { WebSocketImpl: sockets.Impl, random: () => 0.99 });
    await advance(50);
    expect(r.phase()).toBe('live');
    r.env.set({ online: false });
    expect(r.phase()).toBe('offline');
    expect(r.ctx().lastError).toBe('offline');
    expect(r.of('disconnected')).toHaveLength(1);
    await advance(5);
    expect(r.exchange.sockets[0]?.readyState).toBe(3); // closed by us
    await advance(10 * 60_000);
    expect(sockets.created()).toBe(1);

    r.env.set({ online: true });
    await advance(20); // no backoff: open, auth, subscribe
    expect(r.phase()).toBe('live');
    expect(r.ctx().attempt).toBe(0);
    expect(sockets.created()).toBe(2);
  });

  it('starts offline when the browser is offline', async () => {
    r = rig('public', { online: false });
    await advance(1_000);
    expect(r.phase()).toBe('offline');
    expect(r.exchange.sockets).toHaveLength(0);
    r.env.set({ online: true });
    await advance(20);
    expect(r.phase()).toBe('live');
  });

  it('cuts a long backoff short when the network comes back', async () => {
    r = rig('public', { random: () => 0.99 });
    r.exchange.accepting = false;
    await advance(4);
    for (let i = 0; i < 5; i += 1) await advance(r.ctx().backoffMs + 4);
    expect(r.phase()).toBe('reconnecting');
    expect(r.ctx().backoffMs).toBeGreaterThan(20_000);
    r.exchange.accepting = true;
    r.env.set({ online: false });
    r.env.set({ online: true });
    await advance(20);
    expect(r.phase()).toBe('live');
  });

  it('an online event while reconnecting connects at once', async () => {
    r = rig('public', { random: () => 0.99 });
    await advance(20);
    r.exchange.last.close({ code: 1000, reason: '', wasClean: true });
    await advance(5); // mock-socket delivers the close after 4 ms
    expect(r.phase()).toBe('reconnecting');
    r.actor.send({ type: 'ONLINE' });
    await advance(20);
    expect(r.phase()).toBe('live');
  });
});

describe('hidden and visible', () => {
  let r: Rig;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    r.stop();
    vi.useRealTimers();
  });

  it('after a hidden spell longer than the server idle limit, reconnects at once', async () => {
    r = rig('private', { random: () => 0.99 });
    await advance(50);
    r.env.set({ hidden: true });
    expect(r.ctx().hidden).toBe(true);
    // a throttled background tab: the clock moves 70 s, our timers do not run
    vi.setSystemTime(Date.now() + 70_000);
    r.env.set({ hidden: false });
    expect(r.ctx().lastError).toBe('idle-dropped');
    expect(r.phase()).toBe('connecting');
    await advance(20);
    expect(r.phase()).toBe('live');
    expect(r.exchange.sockets).toHaveLength(2);
    expect(r.ctx().attempt).toBe(0);
    expect(r.exchange.ops[1]?.[0]?.args).toEqual(['ott-2']);
  });

  it('after a short hidden spell, keeps the socket and checks it with a ping at once', async () => {
    r = rig('public');
    await advance(50);
    r.env.set({ hidden: true });
    vi.setSystemTime(Date.now() + 10_000);
    r.env.set({ hidden: false });
    await advance(5);
    expect(r.phase()).toBe('live');
    // the ping of going live, then the check on becoming visible
    expect(r.exchange.ops[0]?.map((o) => o.op)).toEqual(['subscribe', 'ping', 'ping']);
    expect(r.exchange.sockets).toHaveLength(1);
  });

  it('becoming visible during a backoff connects at once', async () => {
    r = rig('public', { random: () => 0.99 });
    await advance(20);
    r.env.set({ hidden: true });
    r.exchange.last.close({ code: 1000, reason: '', wasClean: true });
    await advance(5); // mock-socket delivers the close after 4 ms
    expect(r.phase()).toBe('reconnecting');
    r.env.set({ hidden: false });
    await advance(20);
    expect(r.phase()).toBe('live');
  });

  it('a hidden page whose timers keep running stays connected through its pings', async () => {
    r = rig('public');
    await advance(50);
    r.env.set({ hidden: true });
    await advance(5 * 60_000);
    r.env.set({ hidden: false });
    await advance(5);
    expect(r.phase()).toBe('live');
    expect(r.exchange.sockets).toHaveLength(1);
  });
});
