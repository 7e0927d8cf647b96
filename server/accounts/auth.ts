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
/**
 * Sign-in throttling (docs/security.md), counted on failures within a sliding window:
 * - an address and username pair: 5 failures a minute throttle that pair (guessing one account);
 * - an address: 20 failures over any usernames within 10 minutes throttle the address (spraying
 *   one password over many accounts).
 * A username alone is never locked: a correct password from an address that is not throttled
 * signs in whatever other addresses tried, so nobody can lock a known user out.
 */
export const LOGIN_MAX_FAILURES = 5;
const LOGIN_WINDOW_MS = 60_000;
export const ADDRESS_MAX_FAILURES = 20;
const ADDRESS_WINDOW_MS = 10 * 60_000;
/** Sessions one user may hold at once; a new sign-in beyond it ends that user's oldest. */
export const MAX_SESSIONS_PER_USER = 10;
/** Sessions over all users; when full (after expired ones go), new sign-ins wait, nobody is evicted. */
const MAX_SESSIONS = 10_000;
/** Keys (pairs, addresses) whose recent failures are remembered, per table. */
const MAX_FAILURE_ENTRIES = 10_000;

/**
 * The address a sign-in counts against: IPv4 as is (also when mapped into IPv6), IPv6 by its /64
 * (one subscriber usually holds a whole /64, so single addresses would be free to rotate).
 */
export function addressKey(address: string | undefined): string {
  if (!address) return '?';
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (v4) return v4[1] as string;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Failure times per key within a window: bounded, pruned as it is read. */
class FailureTable {
  private readonly map = new Map<string, number[]>();
  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** The key's failures within the window (the live list, pruned). */
  recent(key: string, now: number): number[] {
    const list = (this.map.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (!this.map.has(key) && this.map.size >= MAX_FAILURE_ENTRIES) {
      // Expired entries go first; only a flood of fresh keys forgets the oldest ones.
      for (const [k, v] of this.map)
        if (v.every((t) => now - t >= this.windowMs)) this.map.delete(k);
      for (const k of this.map.keys()) {
        if (this.map.size < MAX_FAILURE_ENTRIES) break;
        this.map.delete(k);
      }
    }
    this.map.set(key, list);
    return list;
  }

  /** Ms until the key may try again (0: it may now). */
  waitMs(key: string, now: number): number {
    const list = this.recent(key, now);
    if (list.length < this.max) return 0;
    // The failure whose expiry brings the count under the limit.
    return (list[list.length - this.max] as number) + this.windowMs - now;
  }

  /** Forgets one failure at `t` (an attempt that turned out right). */
  drop(key: string, t: number): void {
    const list = this.map.get(key);
    const i = list?.lastIndexOf(t) ?? -1;
    if (list && i >= 0) list.splice(i, 1);
  }

  clear(key: string): void {
    this.map.delete(key);
  }
}

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
  | { ok: false; reason: 'bad-credentials' }
  /** Throttled (or no room for a session): try again in `retryAfterS` seconds. */
  | { ok: false; reason: 'rate-limited'; retryAfterS: number };

/** `issueToken`'s answer: the token, or (rate-limited) the seconds to wait. */
export type TokenIssue =
  { ok: true; token: string; expiresAtE3: string } | { ok: false; retryAfterS: number };

/** Session bounds (tests make them small); defaults MAX_SESSIONS and MAX_SESSIONS_PER_USER. */
export interface SessionLimits {
  maxSessions?: number;
  maxSessionsPerUser?: number;
}

interface SessionEntry {
  /** Opaque id: what one-time tokens and streams know of the session (never the cookie). */
  id: string;
  userId: number;
  expiresAt: number;
}

export class Auth {
  private credentials = new Map<string, Credential>();
  /** Cookie value to session, in sign-in order. */
  private sessions = new Map<string, SessionEntry>();
  /** Each user's cookie values, oldest first. */
  private byUser = new Map<number, string[]>();
  private sessionCounter = 0;
  private readonly tokens: OneTimeTokens;
  private readonly pairFailures = new FailureTable(LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS);
  private readonly addressFailures = new FailureTable(ADDRESS_MAX_FAILURES, ADDRESS_WINDOW_MS);
  /** Told when a session ends (sign-out, or evicted by the same user's newer sign-in). */
  onSessionEnd: ((sessionId: string) => void) | undefined;
  private readonly maxSessions: number;
  private readonly maxSessionsPerUser: number;
  private constructor(
    private readonly clock: Clock,
    limits: SessionLimits,
  ) {
    this.tokens = new OneTimeTokens(() => clock.now());
    this.maxSessions = limits.maxSessions ?? MAX_SESSIONS;
    this.maxSessionsPerUser = limits.maxSessionsPerUser ?? MAX_SESSIONS_PER_USER;
  }

  /** Fault control: this many upcoming token checks fail although the token is good. */
  get rejectNextTokens(): number {
    return this.tokens.rejectNext;
  }
  set rejectNextTokens(n: number) {
    this.tokens.rejectNext = n;
  }

  /** Hashes the demo passwords (scrypt is deliberately slow, so this is async). */
  static async create(clock: Clock, limits: SessionLimits = {}): Promise<Auth> {
    const auth = new Auth(clock, limits);
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

  /**
   * Signs in from `address` (the peer address of the request). Throttled pairs and addresses are
   * refused before the password is looked at, with the seconds to wait.
   */
  async login(username: string, password: string, address?: string): Promise<LoginResult> {
    const now = this.clock.now();
    const addr = addressKey(address);
    const pair = `${addr} ${username}`;
    const waitMs = Math.max(
      this.pairFailures.waitMs(pair, now),
      this.addressFailures.waitMs(addr, now),
    );
    if (waitMs > 0) return { ok: false, reason: 'rate-limited', retryAfterS: seconds(waitMs) };
    // Counted before the (slow, async) hash: an attempt in flight counts as a failure until it
    // succeeds, so concurrent guesses cannot all pass the check before any of them is recorded.
    this.pairFailures.recent(pair, now).push(now);
    this.addressFailures.recent(addr, now).push(now);
    const cred = this.credentials.get(username);
    // Hash even for an unknown user, so timing does not reveal which usernames exist.
    const salt = cred?.salt ?? Buffer.alloc(16);
    const hash = await scryptAsync(password, salt);
    if (!cred || !timingSafeEqual(hash, cred.hash)) return { ok: false, reason: 'bad-credentials' };
    // Right: the pair starts afresh, the address keeps its other failures (a sprayer cannot wash
    // its record by signing in to its own account in between).
    this.pairFailures.clear(pair);
    this.addressFailures.drop(addr, now);
    const at = this.clock.now();
    const room = this.makeRoom(cred.userId, at);
    if (room > 0) return { ok: false, reason: 'rate-limited', retryAfterS: seconds(room) };
    const sessionToken = randomBytes(32).toString('base64url');
    this.sessions.set(sessionToken, {
      id: `s${(++this.sessionCounter).toString(36)}`,
      userId: cred.userId,
      expiresAt: at + SESSION_TTL_MS,
    });
    let mine = this.byUser.get(cred.userId);
    if (!mine) this.byUser.set(cred.userId, (mine = []));
    mine.push(sessionToken);
    return { ok: true, userId: cred.userId, sessionToken };
  }

  /** Sessions held now: over all users, or of one user. */
  sessionCount(userId?: number): number {
    if (userId === undefined) return this.sessions.size;
    return this.byUser.get(userId)?.length ?? 0;
  }

  /** The user of a session cookie value, or undefined (absent, unknown or expired). */
  sessionUser(token: string | undefined): number | undefined {
    return this.liveSession(token)?.userId;
  }

  /**
   * Ends the session of a cookie value: the cookie is good no more, its one-time tokens not yet
   * used are revoked, and `onSessionEnd` closes the streams signed in with them.
   */
  logout(token: string | undefined): void {
    if (token) this.endSession(token);
  }

  /**
   * A fresh one-time token for the private stream: single use, valid for 60 s. Rate-limited per
   * session (one-time-tokens.ts: 10 at once, 10 a minute): beyond it, the seconds to wait.
   */
  issueToken(userId: number, sessionToken?: string): TokenIssue {
    const session = this.liveSession(sessionToken)?.id;
    const r = this.tokens.issueLimited(userId, session);
    if (!r.ok) return { ok: false, retryAfterS: seconds(r.retryAfterMs) };
    return { ok: true, token: r.token, expiresAtE3: String(r.expiresAt) };
  }

  /** Consumes a one-time token: good once, before it expires. */
  useToken(token: unknown): TokenCheck {
    return this.tokens.use(token);
  }

  private liveSession(token: string | undefined): SessionEntry | undefined {
    if (!token) return undefined;
    const s = this.sessions.get(token);
    if (!s) return undefined;
    if (s.expiresAt <= this.clock.now()) {
      this.endSession(token);
      return undefined;
    }
    return s;
  }

  private endSession(token: string): void {
    const s = this.sessions.get(token);
    if (!s) return;
    this.sessions.delete(token);
    const mine = this.byUser.get(s.userId);
    const i = mine?.indexOf(token) ?? -1;
    if (mine && i >= 0) mine.splice(i, 1);
    if (mine?.length === 0) this.byUser.delete(s.userId);
    this.tokens.revokeSession(s.id);
    this.onSessionEnd?.(s.id);
  }

  /**
   * Room for one more session of `userId`: expired sessions go, then this user's oldest beyond
   * MAX_SESSIONS_PER_USER. Other users' sessions are never evicted: when every slot is taken by
   * live sessions, the answer is the ms until the first of them expires (0: there is room).
   */
  private makeRoom(userId: number, now: number): number {
    const mine = this.byUser.get(userId) ?? [];
    while (mine.length >= this.maxSessionsPerUser) this.endSession(mine[0] as string);
    if (this.sessions.size < this.maxSessions) return 0;
    for (const [k, v] of this.sessions) if (v.expiresAt <= now) this.endSession(k);
    if (this.sessions.size < this.maxSessions) return 0;
    let first = Infinity;
    for (const v of this.sessions.values()) first = Math.min(first, v.expiresAt);
    return Math.max(1, first - now);
  }
}

/** Whole seconds to wait, at least 1. */
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
