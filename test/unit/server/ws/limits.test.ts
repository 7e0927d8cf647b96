/**
 * Issue 14, items 3 and 4, in process with stand-in sockets (no network): connection slots per
 * address and per sign-in with room kept for signed-in users (never per user: security review
 * M1), and the bound on unsent bytes over all connections (the largest holders are closed,
 * readers stay).
 */
import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '@server/clock';
import { MAX_BUFFERED_BYTES } from '@server/ws/conn';
import {
  Hub,
  MAX_ANONYMOUS_PER_ADDRESS,
  MAX_CONNECTIONS,
  MAX_CONNECTIONS_PER_SESSION,
  MAX_SIGNED_IN_PER_ADDRESS,
  RESERVED_FOR_SIGNED_IN,
} from '@server/ws/hub';

/** A socket that keeps what is sent unread (`reads`: whether the client takes it at once). */
class FakeSocket {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  closed: { code: number; reason: string } | undefined;
  constructor(readonly reads = false) {}
  send(text: string): void {
    if (!this.reads) this.bufferedAmount += Buffer.byteLength(text);
  }
  close(code: number, reason: string): void {
    this.closed = { code, reason };
    this.readyState = 3;
  }
  terminate(): void {
    this.closed = { code: 1006, reason: '' };
    this.readyState = 3;
  }
  pong(): void {}
}

function hub(maxUnsentBytes?: number) {
  const clock = new ManualClock(0);
  return new Hub({
    clock,
    wall: clock,
    idleMs: 60_000,
    connIdKey: 1,
    ...(maxUnsentBytes !== undefined ? { maxUnsentBytes } : {}),
  });
}

const open = (
  h: Hub,
  s: FakeSocket,
  user?: number,
  address = '203.0.113.1',
  stream: 'public' | 'private' = 'public',
) => h.add(stream, s as unknown as WebSocket, user, address);

describe('connection slots', () => {
  it('limits anonymous connections per address; other addresses and signed-in users get in', () => {
    const h = hub();
    for (let i = 0; i < MAX_ANONYMOUS_PER_ADDRESS; i++)
      expect(open(h, new FakeSocket()).closed).toBe(false);
    const over = new FakeSocket();
    open(h, over);
    expect(over.closed).toEqual({ code: 1013, reason: 'too many connections from this address' });
    expect(open(h, new FakeSocket(), undefined, '198.51.100.2').closed).toBe(false);
    expect(open(h, new FakeSocket(), 1001).closed).toBe(false);
    // An IPv6 /64 is one address.
    for (let i = 0; i < MAX_ANONYMOUS_PER_ADDRESS; i++)
      open(h, new FakeSocket(), undefined, `2001:db8::${i.toString(16)}`);
    const v6 = new FakeSocket();
    open(h, v6, undefined, '2001:db8::ffff');
    expect(v6.closed?.code).toBe(1013);
  });

  it('keeps room for signed-in users when anonymous connections from many addresses pile up', () => {
    const h = hub();
    const anonymousMax = MAX_CONNECTIONS - RESERVED_FOR_SIGNED_IN;
    for (let i = 0; i < anonymousMax; i++)
      open(h, new FakeSocket(), undefined, `10.0.${Math.floor(i / 100)}.${i % 100}`);
    const more = new FakeSocket();
    open(h, more, undefined, '192.0.2.200');
    expect(more.closed?.code).toBe(1013);
    // Signed-in users' public and private streams still open.
    const pub = new FakeSocket();
    open(h, pub, 1001);
    const priv = new FakeSocket();
    const conn = open(h, priv, 1001, '192.0.2.9', 'private');
    expect(pub.closed).toBeUndefined();
    expect(priv.closed).toBeUndefined();
    expect(h.bindUser(conn, 1001, 's1')).toBe('');
  });

  it('limits signed-in connections per address and per sign-in, so that nobody fills the reserve', () => {
    const h = hub();
    for (let i = 0; i < MAX_SIGNED_IN_PER_ADDRESS; i++) open(h, new FakeSocket(), 2001);
    const cookie = new FakeSocket();
    open(h, cookie, 2001);
    expect(cookie.closed).toEqual({
      code: 1013,
      reason: 'too many signed-in connections from this address',
    });
    // That address's anonymous slots are its own: a crowd of signed-in ones does not take them.
    expect(open(h, new FakeSocket()).closed).toBe(false);
    // A private stream opened without a cookie is anonymous until it signs in; from an address
    // whose signed-in slots are taken, it cannot sign in.
    const priv = new FakeSocket();
    const conn = open(h, priv, undefined, '203.0.113.1', 'private');
    expect(priv.closed).toBeUndefined();
    expect(h.bindUser(conn, 2001, 's1')).toBe('too many signed-in connections from this address');
    // One sign-in holds at most MAX_CONNECTIONS_PER_SESSION private streams, from any addresses.
    for (let i = 0; i < MAX_CONNECTIONS_PER_SESSION; i++) {
      const c = open(h, new FakeSocket(), undefined, `192.0.2.${i}`, 'private');
      expect(h.bindUser(c, 3001, 's3')).toBe('');
    }
    expect(
      h.bindUser(open(h, new FakeSocket(), undefined, '192.0.2.200', 'private'), 3001, 's3'),
    ).toBe('too many connections for this sign-in');
  });

  // Security review M1: one sign-in of a shared demo user used up that user's 50 slots.
  it('another sign-in of the same user never uses up a dashboard’s slots', () => {
    const h = hub();
    // The attacker signs in as the demo user and opens public streams with that cookie, and
    // private ones with its own sign-in's tokens, from its own address (the review's 50 each).
    const ATTACK = 50;
    expect(ATTACK).toBeLessThanOrEqual(MAX_CONNECTIONS_PER_SESSION);
    for (let i = 0; i < ATTACK; i++) open(h, new FakeSocket(), 1001, '198.51.100.7');
    for (let i = 0; i < ATTACK; i++) {
      const c = open(h, new FakeSocket(), 1001, '198.51.100.7', 'private');
      expect(h.bindUser(c, 1001, 'attacker')).toBe('');
    }
    // The dashboard, the same user with its own sign-in, gets both streams.
    const pub = new FakeSocket();
    open(h, pub, 1001, '203.0.113.50');
    expect(pub.closed).toBeUndefined();
    const priv = new FakeSocket();
    const conn = open(h, priv, 1001, '203.0.113.50', 'private');
    expect(priv.closed).toBeUndefined();
    expect(h.bindUser(conn, 1001, 'dashboard')).toBe('');
    // The attacker's own address is what it used up.
    const more = new FakeSocket();
    open(h, more, 1001, '198.51.100.7');
    expect(more.closed?.code).toBe(1013);
  });

  it('counts a public stream by its address, with a cookie or without', () => {
    const h = hub();
    // Anonymous connections of one address fill only its anonymous slots: a signed-in dashboard
    // there (the Vite proxy: everything comes from 127.0.0.1) still gets in.
    for (let i = 0; i < MAX_ANONYMOUS_PER_ADDRESS; i++)
      open(h, new FakeSocket(), undefined, '127.0.0.1');
    const pub = new FakeSocket();
    open(h, pub, 1001, '127.0.0.1');
    expect(pub.closed).toBeUndefined();
    // Public streams with a cookie from one address are bounded whoever's the cookie is.
    for (let i = 1; i < MAX_SIGNED_IN_PER_ADDRESS; i++)
      open(h, new FakeSocket(), 1000 + (i % 4), '127.0.0.1');
    const over = new FakeSocket();
    open(h, over, 4001, '127.0.0.1');
    expect(over.closed?.code).toBe(1013);
  });
});

describe('unsent bytes over all connections', () => {
  it('closes the largest holders (1008 slow consumer) once the total is over; readers stay', () => {
    const MB = 1024 * 1024;
    const h = hub(8 * MB);
    const reader = new FakeSocket(true);
    const slow = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    for (const s of [reader, ...slow]) open(h, s);
    const frame = 'x'.repeat(64 * 1024);
    // Each slow client stays far under its own 32 MB limit; together they would pass 8 MB.
    for (let i = 0; i < 60; i++) for (const c of h.connections()) c.raw(frame);
    expect(h.budget.knownTotal).toBeLessThanOrEqual(8 * MB);
    expect(reader.closed).toBeUndefined();
    const shed = slow.filter((s) => s.closed);
    expect(shed.length).toBeGreaterThan(0);
    for (const s of shed) expect(s.closed).toEqual({ code: 1008, reason: 'slow consumer' });
    expect(Math.max(...slow.map((s) => s.bufferedAmount))).toBeLessThan(MAX_BUFFERED_BYTES);
    expect(h.budget.shedCount).toBe(shed.length);
  });

  it('forgets a closed connection s bytes', () => {
    const h = hub(1024 * 1024);
    const s = new FakeSocket();
    const c = open(h, s);
    c.raw('y'.repeat(1000));
    expect(h.budget.knownTotal).toBe(1000);
    h.remove(c, 1000, '');
    expect(h.budget.knownTotal).toBe(0);
  });
});
