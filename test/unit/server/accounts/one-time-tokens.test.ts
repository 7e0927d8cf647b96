/**
 * One-time stream tokens (PROTOCOL.md section 2), as the simulator and the replay server keep
 * them: bounded per session, not per user, so another sign-in of the same (public) demo user
 * cannot push out the token a dashboard is about to use; issuance rate-limited per session.
 * On a hand-moved clock.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_TOKENS_PER_SESSION,
  OneTimeTokens,
  OTT_TTL_MS,
  TOKEN_BURST,
  type IssueResult,
} from '@server/accounts/one-time-tokens';

function store() {
  let t = 1_732_150_000_000;
  const tokens = new OneTimeTokens(() => t);
  return { tokens, advance: (ms: number) => (t += ms) };
}

const tokenOf = (r: IssueResult): string => {
  if (!r.ok) throw new Error(`refused: wait ${r.retryAfterMs} ms`);
  return r.token;
};

describe('one-time tokens', () => {
  it('another session of the same user cannot push out a pending token, however many it asks', () => {
    const { tokens } = store();
    const victim = tokens.issue(1001, 'victim').token;
    // The replay server's way (no rate limit): the attacker's own session asks and asks.
    for (let i = 0; i < 200; i++) tokens.issue(1001, 'attacker');
    expect(tokens.use(victim)).toEqual({ ok: true, userId: 1001, session: 'victim' });
  });

  it('bounds each session: beyond the bound only that session s own oldest is forgotten', () => {
    const { tokens } = store();
    const other = tokens.issue(1001, 'other').token;
    const mine = Array.from(
      { length: MAX_TOKENS_PER_SESSION + 1 },
      () => tokens.issue(1001, 'mine').token,
    );
    expect(tokens.use(mine[0])).toEqual({ ok: false, reason: 'invalid' });
    expect(tokens.use(mine[1])).toMatchObject({ ok: true });
    expect(tokens.use(mine.at(-1))).toMatchObject({ ok: true });
    expect(tokens.use(other)).toMatchObject({ ok: true, session: 'other' });
  });

  it('rate-limits issuance per session: a burst, then one every 6 s; other sessions go on', () => {
    const { tokens, advance } = store();
    for (let i = 0; i < TOKEN_BURST; i++) tokenOf(tokens.issueLimited(1001, 'busy'));
    expect(tokens.issueLimited(1001, 'busy')).toEqual({ ok: false, retryAfterMs: 6_000 });
    // The victim's session of the same user is not touched by the other's limit.
    const victim = tokenOf(tokens.issueLimited(1001, 'victim'));
    advance(4_000);
    expect(tokens.issueLimited(1001, 'busy')).toEqual({ ok: false, retryAfterMs: 2_000 });
    advance(2_000);
    tokenOf(tokens.issueLimited(1001, 'busy'));
    expect(tokens.issueLimited(1001, 'busy')).toMatchObject({ ok: false });
    // A minute refills the burst.
    advance(60_000);
    for (let i = 0; i < TOKEN_BURST; i++) tokenOf(tokens.issueLimited(1001, 'busy'));
    expect(tokens.issueLimited(1001, 'busy')).toMatchObject({ ok: false });
    expect(tokens.use(victim)).toEqual({ ok: false, reason: 'expired' });
  });

  it('forgets a session s tokens and its bucket when the session ends', () => {
    const { tokens } = store();
    const a = Array.from({ length: TOKEN_BURST }, () => tokenOf(tokens.issueLimited(1001, 's1')));
    expect(tokens.issueLimited(1001, 's1')).toMatchObject({ ok: false });
    expect(tokens.revokeSession('s1')).toBe(TOKEN_BURST);
    for (const t of a) expect(tokens.use(t)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('answers used, then expired, then (forgotten after twice the lifetime) invalid', () => {
    const { tokens, advance } = store();
    const used = tokens.issue(1001, 's').token;
    const unused = tokens.issue(1001, 's').token;
    expect(tokens.use(used)).toMatchObject({ ok: true });
    expect(tokens.use(used)).toEqual({ ok: false, reason: 'used' });
    advance(OTT_TTL_MS);
    const late = tokens.issue(1001, 's').token;
    expect(tokens.use(unused)).toEqual({ ok: false, reason: 'expired' });
    advance(OTT_TTL_MS);
    tokens.issue(1001, 's'); // a sweep
    expect(tokens.use(used)).toEqual({ ok: false, reason: 'invalid' });
    expect(tokens.use(late)).toEqual({ ok: false, reason: 'expired' });
  });
});
