/**
 * Sign-ins of `replay --serve`: every demo account signs in as the session's one user and the demo
 * passwords are public, so they are bounded by where they come from. One address holds at most 10
 * (its own oldest ends beyond that); another address's sign-ins never end the operator's; when
 * every slot in all is held by a live sign-in, a new one ends the oldest of the address holding the
 * most (it was refused with 10006 for 24 hours: security review M5); a sign-in ends after an hour
 * without use, and after 24 hours in any case.
 */
import { describe, expect, it } from 'vitest';
import { ReplayWorld, SESSION_IDLE_MS } from '@server/replay/world';
import { loadSession, manualTimers } from './support';

function world() {
  const timers = manualTimers();
  const w = new ReplayWorld(loadSession('follower_session'), { timers, onCue: () => undefined });
  const ended: string[] = [];
  w.onSessionEnd = (id) => ended.push(id);
  const signIn = (address: string) => {
    const r = w.login('newbie', 'newbie123', address);
    if ('refused' in r) throw new Error(`refused ${r.refused}`);
    return r.cookie;
  };
  return { w, timers, ended, signIn };
}

describe('replay --serve sign-ins', () => {
  it('another address signing in a thousand times never ends the operator’s session', () => {
    const { w, signIn } = world();
    const operator = signIn('10.0.0.1');
    for (let i = 0; i < 1_000; i++) signIn('10.0.0.66');
    expect(w.sessionUser(operator)).toBe(1001);
  });

  it('one address holds at most 10: its own oldest ends, signed out for real', () => {
    const { w, ended, signIn } = world();
    const first = signIn('10.0.0.2');
    const rest = Array.from({ length: 9 }, () => signIn('10.0.0.2'));
    expect(w.sessionUser(first)).toBe(1001);
    signIn('10.0.0.2');
    expect(w.sessionUser(first)).toBeUndefined();
    expect(ended).toHaveLength(1);
    for (const c of rest) expect(w.sessionUser(c)).toBe(1001);
  });

  it('a full table never refuses a sign-in: the oldest of the address holding the most ends', () => {
    const { w, ended, signIn } = world();
    const operator = signIn('10.2.0.1');
    // 100 addresses, 10 sign-ins each: the table (1 000) is full at the last one.
    const crowd: string[] = [];
    for (let a = 0; a < 100; a++) for (let i = 0; i < 10; i++) crowd.push(signIn(`10.1.${a}.1`));
    expect(w.sessionUser(operator)).toBe(1001);
    // The operator signs in again (a reload after a sign-out, another browser).
    const again = w.login('newbie', 'newbie123', '10.2.0.1');
    expect(again).toEqual({ cookie: expect.any(String), userId: 1001 });
    expect(w.sessionUser((again as { cookie: string }).cookie)).toBe(1001);
    expect(w.sessionUser(operator)).toBe(1001);
    // Two of the crowd ended (the last sign-in of the crowd and the operator's filled the table
    // twice), each the oldest of an address holding 10, signed out for real.
    expect(ended).toHaveLength(2);
    expect(crowd.filter((c) => w.sessionUser(c) === undefined)).toEqual([crowd[0], crowd[10]]);
    expect(w.login('newbie', 'nope', '10.2.0.1')).toEqual({ refused: 20001 });
  });

  it('ends a sign-in after an hour without use; a request or a private-stream frame is a use', () => {
    const { w, timers, ended, signIn } = world();
    /** The sign-in id a private stream signed in with a token of `cookie` knows. */
    const streamOf = (cookie: string) => {
      const issued = w.issueToken(1001, cookie);
      if (!issued.ok) throw new Error('token refused');
      const check = w.useToken(issued.token);
      if (!check.ok || check.session === undefined) throw new Error('token refused');
      return check.session;
    };
    const idle = signIn('10.0.0.4');
    const used = signIn('10.0.0.4');
    const streaming = signIn('10.0.0.4');
    const late = signIn('10.0.0.4');
    const [stream, lateStream] = [streamOf(streaming), streamOf(late)];
    const half = SESSION_IDLE_MS / 2;
    timers.advance(half);
    expect(w.sessionUser(used)).toBe(1001);
    w.touchSession(stream);
    timers.advance(half);
    expect(w.sessionUser(idle)).toBeUndefined();
    expect(ended).toHaveLength(1);
    // A frame after the hour does not bring a sign-in back.
    w.touchSession(lateStream);
    expect(w.sessionUser(late)).toBeUndefined();
    expect(w.sessionUser(used)).toBe(1001);
    w.touchSession(stream);
    timers.advance(2 * half - 1);
    expect(w.sessionUser(used)).toBe(1001);
    expect(w.sessionUser(streaming)).toBe(1001);
  });

  it('a full table first lets sign-ins idle for an hour go', () => {
    const { w, timers, ended, signIn } = world();
    const stale = signIn('10.3.0.1');
    timers.advance(SESSION_IDLE_MS);
    for (let a = 0; a < 100; a++) for (let i = 0; i < 10; i++) signIn(`10.1.${a}.1`);
    // The 1 000th found the idle one: it went, and no live sign-in of the crowd ended.
    expect(ended).toHaveLength(1);
    expect(w.sessionUser(stale)).toBeUndefined();
  });

  it('ends a sign-in after 24 hours, however much it is used', () => {
    const { w, timers, signIn } = world();
    const c = signIn('10.0.0.3');
    const step = SESSION_IDLE_MS / 2;
    for (let t = step; t < 24 * 3_600_000; t += step) {
      timers.advance(step);
      expect(w.sessionUser(c)).toBe(1001);
    }
    timers.advance(step - 1);
    expect(w.sessionUser(c)).toBe(1001);
    timers.advance(1);
    expect(w.sessionUser(c)).toBeUndefined();
  });

  // Security review M2: issuing tokens had no rate limit, on the replay server as on the simulator.
  it('rate-limits one-time tokens per sign-in: a burst of 10, then the seconds to wait', () => {
    const { w, timers, signIn } = world();
    const mine = signIn('10.0.0.5');
    const other = signIn('10.0.0.6');
    for (let i = 0; i < 10; i++) expect(w.issueToken(1001, mine)).toMatchObject({ ok: true });
    expect(w.issueToken(1001, mine)).toEqual({ ok: false, retryAfterS: 6 });
    // Another sign-in's bucket is its own, and the first one's refills.
    expect(w.issueToken(1001, other)).toMatchObject({ ok: true });
    timers.advance(6_000);
    expect(w.issueToken(1001, mine)).toMatchObject({ ok: true });
  });
});
