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
/**
 * Every sign-in attempt, right or wrong, costs an scrypt hash (tens of ms on libuv's 4 threads):
 * an address (IPv6 /64) gets a token bucket of SIGN_IN_BURST attempts, refilled one every
 * SIGN_IN_REFILL_MS (30 a minute); beyond it an attempt is refused (10006, the wait) before any
 * hash. Generous on purpose: the project's own tests and tools sign in from 127.0.0.1 dozens of
 * times a run (up to 23 on one simulator without its clock moving; one per run of a browser
 * benchmark, which takes seconds), and 30 concurrent hashes delay others by a few tenths of a
 * second, where an unbounded stream kept the pool busy for as long as it lasted.
 */
export const SIGN_IN_BURST = 30;
export const SIGN_IN_REFILL_MS = 2_000;
/**
 * Sessions one user may hold from one address (IPv6 /64) at once; a new sign-in beyond it ends
 * that user's oldest from the same address. The demo passwords are public, so sessions are
 * bounded by where they come from: sign-ins from elsewhere never end the developer's.
 */
export const MAX_SESSIONS_PER_USER_ADDRESS = 10;
/**
 * Sessions over all users and addresses. When every one is live, a new sign-in ends the oldest
 * session of the address holding the most (of those, the one that signed in last): a crowd of
 * addresses cannot lock everyone else out, and an address holding a few sessions keeps them.
 */
const MAX_SESSIONS = 10_000;
/** Keys (pairs, addresses) whose recent failures or attempts are remembered, per table. */
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

/**
 * A token bucket per key (the generic cell rate algorithm: each key's time when its bucket is full
 * again), bounded: a full bucket is the same as none, so those are forgotten first when the table
 * is full, and only a flood of fresh keys forgets the least recently used ones.
 */
class RateTable {
  private readonly map = new Map<string, number>();
  constructor(
    readonly burst: number,
    readonly intervalMs: number,
  ) {}

  /** Takes one attempt for `key`: 0, or (nothing taken) the ms until one is allowed. */
  take(key: string, now: number): number {
    const fullAt = Math.max(now, this.map.get(key) ?? now);
    const ahead = fullAt - now - (this.burst - 1) * this.intervalMs;
    if (ahead > 0) return ahead;
    this.map.delete(key); // re-set last: the map's order is the order of use
    if (this.map.size >= MAX_FAILURE_ENTRIES) {
      for (const [k, t] of this.map) if (t <= now) this.map.delete(k);
      for (const k of this.map.keys()) {
        if (this.map.size < MAX_FAILURE_ENTRIES) break;
        this.map.delete(k);
      }
    }
    this.map.set(key, fullAt + this.intervalMs);
    return 0;
  }
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
  /** Throttled: try again in `retryAfterS` seconds. */
  | { ok: false; reason: 'rate-limited'; retryAfterS: number };

/** `issueToken`'s answer: the token, or (rate-limited) the seconds to wait. */
export type TokenIssue =
  { ok: true; token: string; expiresAtE3: string } | { ok: false; retryAfterS: number };

/** Session bounds (tests make them small); defaults MAX_SESSIONS and MAX_SESSIONS_PER_USER_ADDRESS. */
export interface SessionLimits {
  maxSessions?: number;
  maxSessionsPerUserAddress?: number;
}

interface SessionEntry {
  /** Opaque id: what one-time tokens and streams know of the session (never the cookie). */
  id: string;
  /** Its place in sign-in order. */
  seq: number;
  userId: number;
  /** Where it signed in from (addressKey). */
  address: string;
  expiresAt: number;
}

/** Cookie values per key, oldest first; a key whose list empties is dropped. */
class Lists {
  readonly map = new Map<string, string[]>();
  add(key: string, value: string): void {
    const list = this.map.get(key);
    if (list) list.push(value);
    else this.map.set(key, [value]);
  }
  remove(key: string, value: string): void {
    const list = this.map.get(key);
    const i = list?.indexOf(value) ?? -1;
    if (!list || i < 0) return;
    list.splice(i, 1);
    if (list.length === 0) this.map.delete(key);
  }
  count(key: string): number {
    return this.map.get(key)?.length ?? 0;
  }
}

export class Auth {
  private credentials = new Map<string, Credential>();
  /** Cookie value to session, in sign-in order. */
  private sessions = new Map<string, SessionEntry>();
  /** Cookie values per user and address (`${userId} ${address}`), and per address. */
  private readonly byUserAddress = new Lists();
  private readonly byAddress = new Lists();
  private sessionCounter = 0;
  private readonly tokens: OneTimeTokens;
  private readonly pairFailures = new FailureTable(LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS);
  private readonly addressFailures = new FailureTable(ADDRESS_MAX_FAILURES, ADDRESS_WINDOW_MS);
  private readonly attempts = new RateTable(SIGN_IN_BURST, SIGN_IN_REFILL_MS);
  /** Told when a session ends (sign-out, or evicted by a newer sign-in: see `makeRoom`). */
  onSessionEnd: ((sessionId: string) => void) | undefined;
  private readonly maxSessions: number;
  private readonly maxSessionsPerUserAddress: number;
  private constructor(
    private readonly clock: Clock,
    limits: SessionLimits,
  ) {
    this.tokens = new OneTimeTokens(() => clock.now());
    this.maxSessions = limits.maxSessions ?? MAX_SESSIONS;
    this.maxSessionsPerUserAddress =
      limits.maxSessionsPerUserAddress ?? MAX_SESSIONS_PER_USER_ADDRESS;
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
   * Signs in from `address` (the peer address of the request). Throttled pairs and addresses, and
   * an address past its attempts (SIGN_IN_BURST), are refused before the password is looked at,
   * with the seconds to wait.
   */
  async login(username: string, password: string, address?: string): Promise<LoginResult> {
    const now = this.clock.now();
    const addr = addressKey(address);
    const pair = `${addr} ${username}`;
    const throttledMs = Math.max(
      this.pairFailures.waitMs(pair, now),
      this.addressFailures.waitMs(addr, now),
    );
    // An attempt refused by the failure throttle costs no hash, so it takes nothing from the bucket.
    const waitMs = throttledMs > 0 ? throttledMs : this.attempts.take(addr, now);
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
    this.makeRoom(cred.userId, addr, at);
    const sessionToken = randomBytes(32).toString('base64url');
    const seq = ++this.sessionCounter;
    this.sessions.set(sessionToken, {
      id: `s${seq.toString(36)}`,
      seq,
      userId: cred.userId,
      address: addr,
      expiresAt: at + SESSION_TTL_MS,
    });
    this.byUserAddress.add(`${cred.userId} ${addr}`, sessionToken);
    this.byAddress.add(addr, sessionToken);
    return { ok: true, userId: cred.userId, sessionToken };
  }

  /** Sessions held now: over all users, of one user, or of one user from one address. */
  sessionCount(userId?: number, address?: string): number {
    if (userId === undefined) return this.sessions.size;
    if (address !== undefined) return this.byUserAddress.count(`${userId} ${addressKey(address)}`);
    let n = 0;
    for (const s of this.sessions.values()) if (s.userId === userId) n++;
    return n;
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
    this.byUserAddress.remove(`${s.userId} ${s.address}`, token);
    this.byAddress.remove(s.address, token);
    this.tokens.revokeSession(s.id);
    this.onSessionEnd?.(s.id);
  }

  /**
   * Room for one more session of `userId` from `address`: that user's oldest sessions from the
   * same address beyond MAX_SESSIONS_PER_USER_ADDRESS end. When the table is full, expired
   * sessions go, and if every one is live, the oldest session of the address holding the most
   * (among equals, the one whose last sign-in is the newest) ends: the sign-ins of an address
   * holding few sessions are the last to go, whoever fills the table.
   */
  private makeRoom(userId: number, address: string, now: number): void {
    const mine = this.byUserAddress.map.get(`${userId} ${address}`) ?? [];
    while (mine.length >= this.maxSessionsPerUserAddress) this.endSession(mine[0] as string);
    if (this.sessions.size < this.maxSessions) return;
    for (const [k, v] of this.sessions) if (v.expiresAt <= now) this.endSession(k);
    while (this.sessions.size >= this.maxSessions) {
      let heaviest: string[] | undefined;
      for (const list of this.byAddress.map.values()) {
        if (
          !heaviest ||
          list.length > heaviest.length ||
          (list.length === heaviest.length && this.isNewer(list, heaviest))
        )
          heaviest = list;
      }
      const before = this.sessions.size;
      if (heaviest) this.endSession(heaviest[0] as string);
      if (this.sessions.size === before) return; // nothing to end: never loop
    }
  }

  /** Whether the last sign-in of `a` came after the last of `b` (cookie lists, oldest first). */
  private isNewer(a: string[], b: string[]): boolean {
    const last = (list: string[]) => this.sessions.get(list[list.length - 1] as string)?.seq ?? 0;
    return last(a) > last(b);
  }
}

/** Whole seconds to wait, at least 1. */
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
