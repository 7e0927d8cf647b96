/**
 * One-time tokens for the private stream (PROTOCOL.md section 2): random, single use, 60 s.
 * Shared by the simulator and the replay server, so both refuse a reused or expired token the
 * same way. Used tokens are remembered until well after they expire, so a reuse is told "used".
 */
import { randomBytes } from 'node:crypto';

export const OTT_TTL_MS = 60_000;
/** Tokens one user may hold at once: the oldest is forgotten beyond it. */
const MAX_TOKENS_PER_USER = 50;

export type TokenCheck =
  | { ok: true; userId: number; session?: string }
  | { ok: false; reason: 'invalid' | 'expired' | 'used' | 'rejected' };

export class OneTimeTokens {
  private readonly tokens = new Map<
    string,
    { userId: number; expiresAt: number; used: boolean; session: string | undefined }
  >();
  /** Fault control: this many upcoming token checks fail although the token is good. */
  rejectNext = 0;

  /** `now`: the clock expiry is measured on (ms). */
  constructor(private readonly now: () => number) {}

  /**
   * A fresh token for `userId`; `expiresAt` on this store's clock. `session`: the sign-in it was
   * asked for under, so that signing out revokes it (`revokeSession`).
   */
  issue(userId: number, session?: string): { token: string; expiresAt: number } {
    const now = this.now();
    this.sweep(now);
    let mine = 0;
    for (const t of this.tokens.values()) if (t.userId === userId) mine++;
    if (mine >= MAX_TOKENS_PER_USER) {
      for (const [k, t] of this.tokens) {
        if (t.userId === userId) {
          this.tokens.delete(k);
          break;
        }
      }
    }
    const token = randomBytes(24).toString('base64url');
    const expiresAt = now + OTT_TTL_MS;
    this.tokens.set(token, { userId, expiresAt, used: false, session });
    return { token, expiresAt };
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
    let n = 0;
    for (const [k, t] of this.tokens) {
      if (t.session === session) {
        this.tokens.delete(k);
        if (!t.used) n++;
      }
    }
    return n;
  }

  private sweep(now: number): void {
    for (const [k, t] of this.tokens) if (t.expiresAt + OTT_TTL_MS <= now) this.tokens.delete(k);
  }
}
