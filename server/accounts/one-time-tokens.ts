/**
 * One-time tokens for the private stream (PROTOCOL.md section 2): random, single use, 60 s.
 * Shared by the simulator and the replay server, so both refuse a reused or expired token the
 * same way. Used tokens are remembered until well after they expire, so a reuse is told "used".
 *
 * Tokens are bounded per session (the sign-in they were asked under), not per user: the demo
 * passwords are public, so another sign-in of the same user must not be able to push out the
 * token a dashboard is about to use. `issueLimited` also rate-limits issuance per session.
 */
import { randomBytes } from 'node:crypto';

export const OTT_TTL_MS = 60_000;
/** Tokens one session may hold at once (used ones included until forgotten): its own oldest goes. */
export const MAX_TOKENS_PER_SESSION = 20;
/**
 * Issuance per session (`issueLimited`): a token bucket of TOKEN_BURST refilled at one token per
 * TOKEN_REFILL_MS (10 a minute). A dashboard asks one at sign-in and one per reconnect of its
 * private stream, which backs off; a client asking faster is refused (10006) with the wait.
 * An empty bucket is full again (TOKEN_BURST x TOKEN_REFILL_MS) before a session's last token is
 * forgotten (2 x OTT_TTL_MS after it was issued), so the bucket goes with it and grants nothing.
 */
export const TOKEN_BURST = 10;
const TOKEN_REFILL_MS = 6_000;

export type TokenCheck =
  | { ok: true; userId: number; session?: string }
  | { ok: false; reason: 'invalid' | 'expired' | 'used' | 'rejected' };

export interface Issued {
  token: string;
  expiresAt: number;
}

/** `issueLimited`'s answer: a token, or the ms until the session may ask again. */
export type IssueResult = ({ ok: true } & Issued) | { ok: false; retryAfterMs: number };

interface Entry {
  userId: number;
  expiresAt: number;
  used: boolean;
  session: string | undefined;
}

/** One session's tokens (oldest first) and its issuance bucket. */
interface Holder {
  tokens: string[];
  /**
   * The bucket, as the time it will be full again (ms; the generic cell rate algorithm): each
   * token issued moves it TOKEN_REFILL_MS on, and a token is refused while it lies more than
   * TOKEN_BURST - 1 refills ahead. Integer arithmetic, so the waits told are exact.
   */
  fullAt: number;
}

/** Whose a token is: its session, or (asked without one) its user. */
const holderKey = (userId: number, session: string | undefined) =>
  session === undefined ? `user:${userId}` : `session:${session}`;

export class OneTimeTokens {
  /** Every token not yet forgotten, in issue order (hence expiry order). */
  private readonly tokens = new Map<string, Entry>();
  private readonly holders = new Map<string, Holder>();
  /** Fault control: this many upcoming token checks fail although the token is good. */
  rejectNext = 0;

  /** `now`: the clock expiry is measured on (ms). */
  constructor(private readonly now: () => number) {}

  /**
   * A fresh token for `userId`; `expiresAt` on this store's clock. `session`: the sign-in it was
   * asked for under, so that signing out revokes it (`revokeSession`). A session holds at most
   * MAX_TOKENS_PER_SESSION: beyond it, that session's own oldest is forgotten, nobody else's.
   * Not rate-limited (`issueLimited` is).
   */
  issue(userId: number, session?: string): Issued {
    const now = this.now();
    this.sweep(now);
    return this.add(this.holder(userId, session, now), userId, session, now);
  }

  /**
   * `issue`, at most TOKEN_BURST at once and 10 a minute per session; a session asking faster is
   * told how long to wait and gets nothing.
   */
  issueLimited(userId: number, session?: string): IssueResult {
    const now = this.now();
    this.sweep(now);
    const h = this.holder(userId, session, now);
    const fullAt = Math.max(now, h.fullAt);
    const ahead = fullAt - now - (TOKEN_BURST - 1) * TOKEN_REFILL_MS;
    if (ahead > 0) return { ok: false, retryAfterMs: ahead };
    h.fullAt = fullAt + TOKEN_REFILL_MS;
    return { ok: true, ...this.add(h, userId, session, now) };
  }

  /** Consumes a token: good once, before it expires. */
  use(token: unknown): TokenCheck {
    if (typeof token !== 'string') return { ok: false, reason: 'invalid' };
    const t = this.tokens.get(token);
    if (!t) return { ok: false, reason: 'invalid' };
    if (t.used) return { ok: false, reason: 'used' };
    t.used = true;
    if (t.expiresAt <= this.now()) return { ok: false, reason: 'expired' };
    if (this.rejectNext > 0) {
      this.rejectNext--;
      return { ok: false, reason: 'rejected' };
    }
    return t.session === undefined
      ? { ok: true, userId: t.userId }
      : { ok: true, userId: t.userId, session: t.session };
  }

  /** The session ended: its tokens not yet used are good no more (they answer "invalid"). */
  revokeSession(session: string): number {
    const key = holderKey(0, session);
    const h = this.holders.get(key);
    if (!h) return 0;
    this.holders.delete(key);
    let n = 0;
    for (const k of h.tokens) {
      const t = this.tokens.get(k);
      this.tokens.delete(k);
      if (t && !t.used) n++;
    }
    return n;
  }

  /** The session's holder, made (with a full bucket) when it has none. */
  private holder(userId: number, session: string | undefined, now: number): Holder {
    const key = holderKey(userId, session);
    let h = this.holders.get(key);
    if (!h) this.holders.set(key, (h = { tokens: [], fullAt: now }));
    return h;
  }

  private add(h: Holder, userId: number, session: string | undefined, now: number): Issued {
    while (h.tokens.length >= MAX_TOKENS_PER_SESSION)
      this.tokens.delete(h.tokens.shift() as string);
    const token = randomBytes(24).toString('base64url');
    const expiresAt = now + OTT_TTL_MS;
    this.tokens.set(token, { userId, expiresAt, used: false, session });
    h.tokens.push(token);
    return { token, expiresAt };
  }

  /** Forgets tokens expired for a TTL (their reuse is then "invalid"), and holders left empty. */
  private sweep(now: number): void {
    for (const [k, t] of this.tokens) {
      if (t.expiresAt + OTT_TTL_MS > now) break; // issue order is expiry order
      this.tokens.delete(k);
      const key = holderKey(t.userId, t.session);
      const h = this.holders.get(key);
      if (!h) continue;
      const i = h.tokens.indexOf(k);
      if (i >= 0) h.tokens.splice(i, 1);
      if (h.tokens.length === 0) this.holders.delete(key);
    }
  }
}
