/**
 * Sign-ins of `replay --serve`: every demo account signs in as the session's one user and the demo
 * passwords are public, so they are bounded by where they come from. One address holds at most 10
 * (its own oldest ends beyond that); another address's sign-ins never end the operator's; when
 * every slot in all is held by a live sign-in, a new one is refused (10006); a sign-in expires
 * after 24 hours.
 */
import { describe, expect, it } from 'vitest';
import { ReplayWorld } from '@server/replay/world';
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

  it('refuses a new sign-in with 10006 while every slot in all is live, and wrong credentials with 20001', () => {
    const { w, signIn } = world();
    for (let a = 0; a < 100; a++) for (let i = 0; i < 10; i++) signIn(`10.1.${a}.1`);
    expect(w.login('newbie', 'newbie123', '10.2.0.1')).toEqual({ refused: 10006 });
    expect(w.login('newbie', 'nope', '10.2.0.1')).toEqual({ refused: 20001 });
  });

  it('ends a sign-in after 24 hours', () => {
    const { w, timers, signIn } = world();
    const c = signIn('10.0.0.3');
    timers.advance(24 * 3_600_000 - 1);
    expect(w.sessionUser(c)).toBe(1001);
    timers.advance(1);
    expect(w.sessionUser(c)).toBeUndefined();
  });
});
