/**
 * Issue 14, items 10 and 5 (sign-in limits, sessions), in process on a manual clock.
 * Item 10: a pair (address, username) is throttled after 5 failures a minute, an address after
 * 20 failures over any usernames in 10 minutes; the right password from an address that is not
 * throttled signs in whatever other addresses tried; a refusal says how long to wait.
 * Security review L2: every attempt, right or wrong, takes one of an address's 30 (one more every
 * 2 s), since each costs an scrypt hash.
 * Item 5, and security review L1: a user holds at most 10 sessions per address (their oldest from
 * that address ends), so sign-ins from elsewhere never end the developer's; a full table ends the
 * oldest session of the address holding the most, never one of an address holding few.
 */
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MAX_FAILURES,
  addressKey,
  Auth,
  LOGIN_MAX_FAILURES,
  MAX_SESSIONS_PER_USER_ADDRESS,
  SIGN_IN_BURST,
  SIGN_IN_REFILL_MS,
  type LoginResult,
  type TokenIssue,
} from '@server/accounts/auth';
import { ManualClock } from '@server/clock';

const A = '203.0.113.7';
const B = '198.51.100.9';

async function auth(limits?: Parameters<typeof Auth.create>[1]) {
  const clock = new ManualClock(1_732_150_000_000);
  return { clock, auth: await Auth.create(clock, limits) };
}

const wait = (r: LoginResult) => (r.ok || r.reason !== 'rate-limited' ? 0 : r.retryAfterS);

function tokenOf(r: TokenIssue): string {
  if (!r.ok) throw new Error(`token refused: wait ${r.retryAfterS} s`);
  return r.token;
}

describe('sign-in limits', () => {
  it('a known user cannot be locked out: wrong passwords from one address leave others alone', async () => {
    const { auth: a } = await auth();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++)
      expect(await a.login('newbie', `wrong${i}`, A)).toEqual({
        ok: false,
        reason: 'bad-credentials',
      });
    // That pair is throttled, and says for how long.
    const refused = await a.login('newbie', 'newbie123', A);
    expect(refused).toMatchObject({ ok: false, reason: 'rate-limited' });
    expect(wait(refused)).toBe(60);
    // The user, from anywhere else, signs in at once.
    expect(await a.login('newbie', 'newbie123', B)).toMatchObject({ ok: true, userId: 4001 });
  });

  it('counts the wait down with the clock and lets the pair in when it is over', async () => {
    const { auth: a, clock } = await auth();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await a.login('trader', `x${i}`, A);
    clock.advance(20_500);
    expect(wait(await a.login('trader', 'trader123', A))).toBe(40);
    clock.advance(39_500);
    expect(await a.login('trader', 'trader123', A)).toMatchObject({ ok: true });
  });

  it('throttles an address that sprays one password over many usernames', async () => {
    const { auth: a, clock } = await auth();
    for (let i = 0; i < ADDRESS_MAX_FAILURES; i++)
      expect(await a.login(`user${i}`, 'Summer2024!', A)).toMatchObject({
        reason: 'bad-credentials',
      });
    const next = await a.login('user-next', 'Summer2024!', A);
    expect(next).toMatchObject({ ok: false, reason: 'rate-limited' });
    expect(wait(next)).toBe(600);
    // Even a right password is refused from that address while it waits ...
    expect(await a.login('leader', 'leader123', A)).toMatchObject({ reason: 'rate-limited' });
    // ... while every other address goes on as before.
    expect(await a.login('leader', 'leader123', B)).toMatchObject({ ok: true, userId: 2001 });
    clock.advance(600_000);
    expect(await a.login('leader', 'leader123', A)).toMatchObject({ ok: true });
  });

  it('a right password does not wash an address record of failures', async () => {
    const { auth: a, clock } = await auth();
    for (let i = 0; i < ADDRESS_MAX_FAILURES; i++) {
      clock.advance(2 * SIGN_IN_REFILL_MS); // within the attempts an address may make
      await a.login(`spray${i}`, 'x', A);
      if (i < ADDRESS_MAX_FAILURES - 1)
        expect(await a.login('newbie', 'newbie123', A)).toMatchObject({ ok: true });
    }
    expect(await a.login('newbie', 'newbie123', A)).toMatchObject({ reason: 'rate-limited' });
  });

  it('counts concurrent attempts of a pair as they arrive', async () => {
    const { auth: a } = await auth();
    const all = await Promise.all(
      Array.from({ length: 12 }, (_, i) => a.login('follower', `g${i}`, A)),
    );
    expect(all.filter((r) => !r.ok && r.reason === 'bad-credentials')).toHaveLength(5);
    expect(all.filter((r) => !r.ok && r.reason === 'rate-limited')).toHaveLength(7);
  });

  it('limits every attempt of an address, right or wrong (L2): a burst, then one every 2 s', async () => {
    const { auth: a, clock } = await auth();
    const users = ['follower', 'leader', 'trader', 'newbie'];
    // Right passwords of four users, and wrong ones of unknown users, alike.
    const all: LoginResult[] = [];
    for (let i = 0; i < SIGN_IN_BURST; i++) {
      const u = users[i % 4] as string;
      all.push(await (i % 5 === 4 ? a.login(`nobody${i}`, 'x', A) : a.login(u, `${u}123`, A)));
    }
    expect(all.filter((r) => r.ok)).toHaveLength(24);
    expect(all.filter((r) => !r.ok && r.reason === 'bad-credentials')).toHaveLength(6);
    const refused = await a.login('trader', 'trader123', A);
    expect(refused).toMatchObject({ ok: false, reason: 'rate-limited' });
    expect(wait(refused)).toBe(SIGN_IN_REFILL_MS / 1000);
    // Another address is not touched.
    expect(await a.login('trader', 'trader123', B)).toMatchObject({ ok: true });
    clock.advance(SIGN_IN_REFILL_MS);
    expect(await a.login('trader', 'trader123', A)).toMatchObject({ ok: true });
    expect(await a.login('trader', 'trader123', A)).toMatchObject({ reason: 'rate-limited' });
    // A minute gives back the whole burst.
    clock.advance(SIGN_IN_BURST * SIGN_IN_REFILL_MS);
    for (let i = 0; i < SIGN_IN_BURST; i++)
      expect(await a.login('newbie', 'newbie123', A)).toMatchObject({ ok: true });
    expect(await a.login('newbie', 'newbie123', A)).toMatchObject({ reason: 'rate-limited' });
  });

  it('an attempt refused by the failure throttle takes nothing from the address s attempts', async () => {
    const { auth: a } = await auth();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await a.login('trader', `x${i}`, A);
    for (let i = 0; i < 50; i++)
      expect(await a.login('trader', 'x', A)).toMatchObject({ reason: 'rate-limited' });
    for (let i = 0; i < SIGN_IN_BURST - LOGIN_MAX_FAILURES; i++)
      expect(await a.login('leader', 'leader123', A)).toMatchObject({ ok: true });
    expect(await a.login('leader', 'leader123', A)).toMatchObject({ reason: 'rate-limited' });
  });

  it('keys IPv4 (mapped too) as is and IPv6 by its /64', () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2::5')).toBe(addressKey('2001:0db8:0001:0002:ffff:0:0:9'));
    expect(addressKey('2001:db8:1:2::5')).not.toBe(addressKey('2001:db8:1:3::5'));
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('sessions', () => {
  it('bounds sessions per user and address: signing in again and again ends only that address s oldest', async () => {
    const { auth: a, clock } = await auth();
    const trader = await a.login('trader', 'trader123', B);
    if (!trader.ok) throw new Error('trader');
    const first = await a.login('follower', 'follower123', A);
    if (!first.ok) throw new Error('follower');
    const ended: string[] = [];
    a.onSessionEnd = (id) => ended.push(id);
    for (let i = 0; i < MAX_SESSIONS_PER_USER_ADDRESS + 20; i++) {
      clock.advance(SIGN_IN_REFILL_MS);
      expect(await a.login('follower', 'follower123', A)).toMatchObject({ ok: true });
    }
    expect(a.sessionCount(1001, A)).toBe(MAX_SESSIONS_PER_USER_ADDRESS);
    expect(a.sessionUser(first.sessionToken)).toBeUndefined();
    expect(a.sessionUser(trader.sessionToken)).toBe(3001);
    expect(ended).toHaveLength(21);
  });

  it('sign-ins of the same user from another address never end the developer s session (L1)', async () => {
    const { auth: a } = await auth();
    const developer = await a.login('leader', 'leader123', A);
    if (!developer.ok) throw new Error('leader');
    for (let i = 0; i < MAX_SESSIONS_PER_USER_ADDRESS + 5; i++)
      expect(await a.login('leader', 'leader123', B)).toMatchObject({ ok: true });
    // Another /64 is another address too; the same /64 is the same one.
    for (let i = 0; i < MAX_SESSIONS_PER_USER_ADDRESS; i++)
      expect(await a.login('leader', 'leader123', `2001:db8:1:${i}::7`)).toMatchObject({
        ok: true,
      });
    expect(a.sessionUser(developer.sessionToken)).toBe(2001);
    expect(a.sessionCount(2001, B)).toBe(MAX_SESSIONS_PER_USER_ADDRESS);
    expect(a.sessionCount(2001)).toBe(1 + 2 * MAX_SESSIONS_PER_USER_ADDRESS);
  });

  it('a full table ends the oldest session of the address holding the most, not one of a light address', async () => {
    const { auth: a } = await auth({ maxSessions: 4 });
    const developer = await a.login('trader', 'trader123', B);
    if (!developer.ok) throw new Error('trader');
    const crowd: string[] = [];
    for (const who of ['follower', 'leader', 'newbie']) {
      const r = await a.login(who, `${who}123`, A);
      if (!r.ok) throw new Error(who);
      crowd.push(r.sessionToken);
    }
    expect(a.sessionCount()).toBe(4);
    // Full of live sessions: a new sign-in from a third address ends A's oldest, and so on.
    expect(await a.login('follower', 'follower123', '192.0.2.1')).toMatchObject({ ok: true });
    expect(a.sessionUser(crowd[0])).toBeUndefined();
    expect(a.sessionUser(crowd[1])).toBe(2001);
    expect(await a.login('leader', 'leader123', '192.0.2.2')).toMatchObject({ ok: true });
    expect(a.sessionUser(crowd[1])).toBeUndefined();
    // Every address holds one now: among equals, the one that signed in last (192.0.2.2) goes.
    expect(await a.login('newbie', 'newbie123', '192.0.2.3')).toMatchObject({ ok: true });
    expect(a.sessionCount(2001, '192.0.2.2')).toBe(0);
    expect(a.sessionUser(developer.sessionToken)).toBe(3001);
    expect(a.sessionCount()).toBe(4);
  });

  it('logout revokes the session s one-time tokens not yet used, and only those', async () => {
    const { auth: a } = await auth();
    const s1 = await a.login('follower', 'follower123', A);
    const s2 = await a.login('follower', 'follower123', B);
    if (!s1.ok || !s2.ok) throw new Error('login');
    const t1 = tokenOf(a.issueToken(1001, s1.sessionToken));
    const t2 = tokenOf(a.issueToken(1001, s2.sessionToken));
    const ended: string[] = [];
    a.onSessionEnd = (id) => ended.push(id);
    a.logout(s1.sessionToken);
    expect(ended).toHaveLength(1);
    expect(a.useToken(t1)).toEqual({ ok: false, reason: 'invalid' });
    expect(a.useToken(t2)).toMatchObject({ ok: true, userId: 1001 });
    expect(a.sessionUser(s2.sessionToken)).toBe(1001);
  });
});
