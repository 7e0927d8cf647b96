/** Status for people: phase names, connected/unstable/disconnected, and the primitive selectors. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  describeConnection,
  healthOf,
  phaseOf,
  selectReconnectDelayMs,
} from '@src/pipeline/connection-status';
import { advance, rig, type Rig } from '../machines/harness';

describe('connection status', () => {
  let r: Rig;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    r.stop();
    vi.useRealTimers();
  });
  const health = () => healthOf(r.actor.getSnapshot());

  it('names every phase of a private connection and calls only live data "connected"', async () => {
    r = rig('private', { random: () => 0.5 });
    const seen: string[] = [];
    r.actor.subscribe((s) => {
      const entry = `${phaseOf(s)}:${healthOf(s)}`;
      if (seen.at(-1) !== entry) seen.push(entry);
    });
    await advance(50);
    r.exchange.last.close({ code: 1000, reason: '', wasClean: true });
    await advance(5);
    r.env.set({ online: false });
    r.env.set({ online: true });
    await advance(50);
    r.actor.send({ type: 'STOP' });
    r.exchange.auth = 'reject';
    r.actor.send({ type: 'CONNECT' });
    await advance(50);
    expect(seen).toEqual([
      'authenticating:disconnected',
      'subscribing:disconnected',
      'live:connected',
      'reconnecting:disconnected',
      'offline:disconnected',
      'connecting:disconnected',
      'authenticating:disconnected',
      'subscribing:disconnected',
      'live:connected',
      'idle:disconnected',
      'connecting:disconnected',
      'authenticating:disconnected',
      'unauthorized:disconnected',
    ]);
  });

  it('says unstable while a connection back from repeated drops settles, then connected (now, not the last minute)', async () => {
    r = rig('public', { random: () => 0 });
    await advance(50);
    expect(health()).toBe('connected');
    r.exchange.last.close({ code: 1000, reason: '', wasClean: true });
    await advance(50);
    expect(health()).toBe('connected'); // one drop is not a pattern
    r.exchange.last.close({ code: 1000, reason: '', wasClean: true });
    await advance(50);
    expect(phaseOf(r.actor.getSnapshot())).toBe('live');
    expect(health()).toBe('unstable');
    await advance(4_900);
    expect(health()).toBe('unstable'); // not held for the settling time (5 s) yet
    await advance(100);
    // held 5 s: data flows now, so connected, though the drops are remembered for a minute
    expect(health()).toBe('connected');
    expect(r.ctx().drops).toBe(2);
    // a third drop within the minute: unstable again while it settles
    r.exchange.last.close({ code: 1000, reason: '', wasClean: true });
    await advance(50);
    expect(health()).toBe('unstable');
    await advance(5_000);
    expect(health()).toBe('connected');
    await advance(60_000);
    expect(r.ctx().drops).toBe(0);
    expect(health()).toBe('connected');
  });

  it('exposes the pending reconnect delay only while reconnecting', async () => {
    r = rig('public', { random: () => 0.5 });
    await advance(50);
    expect(selectReconnectDelayMs(r.actor.getSnapshot())).toBeNull();
    r.exchange.last.close({ code: 1006, reason: '', wasClean: false });
    await advance(5);
    expect(selectReconnectDelayMs(r.actor.getSnapshot())).toBe(500);
  });

  it('summarises a snapshot for logs', async () => {
    r = rig('public');
    await advance(20_050);
    expect(describeConnection(r.actor.getSnapshot())).toEqual({
      stream: 'public',
      status: 'connected',
      phase: 'live',
      attempt: 0,
      rttMs: 4,
      fps: expect.any(Number),
      lastError: null,
      lastErrorDetail: '',
      staleTopics: '',
      refusedTopics: '',
      reconnectDueAt: null,
      rejectedFrames: 0,
    });
  });
});
