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
import { OneTimeTokens, type TokenCheck } from './one-time-tokens';

const SCRYPT_KEYLEN = 32;
export const SESSION_TTL_MS = 24 * 3_600_000;
/** Failed sign-ins per username within LOGIN_WINDOW_MS before further attempts are refused. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 60_000;
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

export type { TokenCheck };

export type LoginResult =
  | { ok: true; userId: number; sessionToken: string }
  | { ok: false; reason: 'bad-credentials' | 'rate-limited' };

export class Auth {
  private credentials = new Map<string, Credential>();
  private sessions = new Map<string, { userId: number; expiresAt: number }>();
  private readonly tokens: OneTimeTokens;
  private failures = new Map<string, number[]>();
  private constructor(private readonly clock: Clock) {
    this.tokens = new OneTimeTokens(() => clock.now());
  }

  /** Fault control: this many upcoming token checks fail although the token is good. */
  get rejectNextTokens(): number {
    return this.tokens.rejectNext;
  }
  set rejectNextTokens(n: number) {
    this.tokens.rejectNext = n;
  }

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
    const { token, expiresAt } = this.tokens.issue(userId);
    return { token, expiresAtE3: String(expiresAt) };
  }

  /** Consumes a one-time token: good once, before it expires. */
  useToken(token: unknown): TokenCheck {
    return this.tokens.use(token);
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
}
