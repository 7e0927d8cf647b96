/**
 * Sign-in, cookie sessions and one-time stream tokens. The demo passwords are plain text in
 * accounts/demo.ts (they are demo credentials, printed by `npm start` on purpose); at start they
 * are hashed with scrypt (random salt) and sign-in compares hashes only. Session and stream
 * tokens are random (node:crypto), never derived from the seed, so a run stays deterministic
 * without making tokens guessable.
 */
import { randomBytes, scrypt, timingSafeEqual, type BinaryLike } from 'node:crypto';
import type { Clock } from '../clock';
import { ACCOUNTS } from './demo';

const SCRYPT_KEYLEN = 32;
export const SESSION_TTL_MS = 24 * 3_600_000;
export const OTT_TTL_MS = 60_000;
/** Failed sign-ins per username within LOGIN_WINDOW_MS before further attempts are refused. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 60_000;
const MAX_TOKENS_PER_USER = 50;
const MAX_SESSIONS = 10_000;
/** Usernames whose recent failures are remembered. */
const MAX_FAILURE_ENTRIES = 10_000;

function scryptAsync(password: BinaryLike, salt: BinaryLike): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, SCRYPT_KEYLEN, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

interface Credential {
  userId: number;
  salt: Buffer;
  hash: Buffer;
}

export type TokenCheck =
  { ok: true; userId: number } | { ok: false; reason: 'invalid' | 'expired' | 'used' | 'rejected' };

export type LoginResult =
  | { ok: true; userId: number; sessionToken: string }
  | { ok: false; reason: 'bad-credentials' | 'rate-limited' };

export class Auth {
  private credentials = new Map<string, Credential>();
  private sessions = new Map<string, { userId: number; expiresAt: number }>();
  private tokens = new Map<string, { userId: number; expiresAt: number; used: boolean }>();
  private failures = new Map<string, number[]>();
  /** Fault control: this many upcoming token checks fail although the token is good. */
  rejectNextTokens = 0;

  private constructor(private readonly clock: Clock) {}

  /** Hashes the demo passwords (scrypt is deliberately slow, so this is async). */
  static async create(clock: Clock): Promise<Auth> {
    const auth = new Auth(clock);
    await Promise.all(
      ACCOUNTS.map(async (a) => {
        if (!a.login) return;
        const salt = randomBytes(16);
        const hash = await scryptAsync(a.login.password, salt);
        auth.credentials.set(a.login.username, { userId: a.userId, salt, hash });
      }),
    );
    return auth;
  }

  async login(username: string, password: string): Promise<LoginResult> {
    const now = this.clock.now();
    // Counted before the (slow, async) hash: an attempt in flight counts as a failure until it
    // succeeds, so concurrent guesses cannot all pass the check before any of them is recorded.
    const attempts = this.attemptsOf(username, now);
    if (attempts.length >= LOGIN_MAX_FAILURES) return { ok: false, reason: 'rate-limited' };
    attempts.push(now);
    const cred = this.credentials.get(username);
    // Hash even for an unknown user, so timing does not reveal which usernames exist.
    const salt = cred?.salt ?? Buffer.alloc(16);
    const hash = await scryptAsync(password, salt);
    if (!cred || !timingSafeEqual(hash, cred.hash)) return { ok: false, reason: 'bad-credentials' };
    this.failures.delete(username);
    this.capSessions(now);
    const sessionToken = randomBytes(32).toString('base64url');
    this.sessions.set(sessionToken, { userId: cred.userId, expiresAt: now + SESSION_TTL_MS });
    return { ok: true, userId: cred.userId, sessionToken };
  }

  /** The username's attempts within the window (the live list, pruned); the table stays bounded. */
  private attemptsOf(username: string, now: number): number[] {
    const recent = (this.failures.get(username) ?? []).filter((t) => now - t < LOGIN_WINDOW_MS);
    if (!this.failures.has(username) && this.failures.size >= MAX_FAILURE_ENTRIES) {
      // Expired entries go first; only a flood of fresh usernames forgets the oldest ones.
      for (const [k, v] of this.failures) {
        if (v.every((t) => now - t >= LOGIN_WINDOW_MS)) this.failures.delete(k);
      }
      for (const k of this.failures.keys()) {
        if (this.failures.size < MAX_FAILURE_ENTRIES) break;
        this.failures.delete(k);
      }
    }
    this.failures.set(username, recent);
    return recent;
  }

  /** The user of a session cookie value, or undefined (absent, unknown or expired). */
  sessionUser(token: string | undefined): number | undefined {
    if (!token) return undefined;
    const s = this.sessions.get(token);
    if (!s) return undefined;
    if (s.expiresAt <= this.clock.now()) {
      this.sessions.delete(token);
      return undefined;
    }
    return s.userId;
  }

  logout(token: string | undefined): void {
    if (token) this.sessions.delete(token);
  }

  /** A fresh one-time token for the private stream: single use, valid for 60 s. */
  issueToken(userId: number): { token: string; expiresAtE3: string } {
    const now = this.clock.now();
    this.sweep(now);
    let mine = 0;
    for (const t of this.tokens.values()) if (t.userId === userId) mine++;
    if (mine >= MAX_TOKENS_PER_USER) {
      // Forget the user's oldest token rather than grow without bound.
      for (const [k, t] of this.tokens) {
        if (t.userId === userId) {
          this.tokens.delete(k);
          break;
        }
      }
    }
    const token = randomBytes(24).toString('base64url');
    const expiresAt = now + OTT_TTL_MS;
    this.tokens.set(token, { userId, expiresAt, used: false });
    return { token, expiresAtE3: String(expiresAt) };
  }

  /** Consumes a one-time token: good once, before it expires. */
  useToken(token: unknown): TokenCheck {
    if (typeof token !== 'string') return { ok: false, reason: 'invalid' };
    const t = this.tokens.get(token);
    if (!t) return { ok: false, reason: 'invalid' };
    if (t.used) return { ok: false, reason: 'used' };
    t.used = true;
    if (t.expiresAt <= this.clock.now()) return { ok: false, reason: 'expired' };
    if (this.rejectNextTokens > 0) {
      this.rejectNextTokens--;
      return { ok: false, reason: 'rejected' };
    }
    return { ok: true, userId: t.userId };
  }

  /** Keeps the session table bounded: expired sessions go first, then the oldest. */
  private capSessions(now: number): void {
    if (this.sessions.size < MAX_SESSIONS) return;
    for (const [k, v] of this.sessions) if (v.expiresAt <= now) this.sessions.delete(k);
    for (const k of this.sessions.keys()) {
      if (this.sessions.size < MAX_SESSIONS) break;
      this.sessions.delete(k);
    }
  }

  private sweep(now: number): void {
    // Used tokens are kept until they expire so that a replay is told "used", not "invalid".
    for (const [k, t] of this.tokens) if (t.expiresAt + OTT_TTL_MS <= now) this.tokens.delete(k);
  }
}
