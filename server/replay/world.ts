/**
 * What `replay --serve` knows while it plays a session: the session and its cues, the playback
 * clock, the state the recorded frames have built so far (through the project's own replay), the
 * recorded snapshot answers, and the little a server must remember for the dashboard (sign-ins,
 * one-time tokens, settings). Everyone who signs in becomes the session's user.
 */
import { randomBytes } from 'node:crypto';
import { envOf, sessionCookieName } from '../../src/config/host';
import { DEMO_LOGINS } from '../../src/config/demo';
import type { StreamState } from '../../src/state/model';
import type { PrivateTopic, StreamName } from '../../src/wire/protocol';
import { Replayer, replayEvents } from '../../src/pipeline/replay';
import { cutIndex, parseInstant, type Instant } from '../../src/pipeline/replay-query';
import { partitionPoint } from '../../src/lib/partition-point';
import type { Session, SessionEvent } from '../../src/wire/session-file';
import { ERROR_CODES, type ErrorCode } from '../../src/api/error-codes';
import { addressKey, SESSION_TTL_MS } from '../accounts/auth';
import { OneTimeTokens, OTT_TTL_MS, type TokenCheck } from '../accounts/one-time-tokens';
import { UserSettings } from '../accounts/profiles';
import { Playback, realTimers, type PlaybackTimers } from './playback';
import { isLeaderSession, streamsOf, timeline, type Cue } from './timeline';

/**
 * Sign-ins held in all; when every one is live, a new sign-in ends the oldest sign-in of the
 * address holding the most (never refused: a full table once locked every new dashboard out for
 * 24 hours).
 */
const MAX_SESSIONS = 1_000;
/**
 * Sign-ins held per address (an IPv6 /64): beyond it, that address's oldest ends. Every demo
 * account signs in as the session's one user, and the demo passwords are public, so sessions are
 * bounded by where they come from: another client's sign-ins never end the operator's.
 */
const MAX_SESSIONS_PER_ADDRESS = 10;
/**
 * A sign-in ends after this long (wall ms) without a request with its cookie or a client frame
 * on a private stream signed in with its tokens (the dashboard pings every 20 s), so that
 * abandoned sign-ins do not hold the table for their 24 hours.
 */
export const SESSION_IDLE_MS = 3_600_000;
/** Events between two checkpoints of the replay (a seek backwards re-derives from the nearest). */
const CHECKPOINT_EVERY = 2_000;

export interface RecordedAnswer {
  status: number;
  body: string;
}

export interface WorldOptions {
  speed?: number;
  timers?: PlaybackTimers;
  onCue(cue: Cue): void;
  onChange?(): void;
  /** The position jumped: the streams bring the clients to it. */
  onSeek?(): void;
}

/** Whether one of `cues` (sorted cue indexes) lies after cue `index` among the `played` first. */
function playedAfter(cues: readonly number[] | undefined, index: number, played: number): boolean {
  if (!cues) return false;
  const next = partitionPoint(cues.length, (i) => (cues[i] as number) <= index);
  return next < cues.length && (cues[next] as number) < played;
}

/** A sign-in: its user, and the opaque id its one-time tokens and private streams carry. */
interface SignIn {
  userId: number;
  id: string;
  /** Where it signed in from (addressKey). */
  address: string;
  /** Wall ms after which it is gone. */
  expiresAt: number;
  /** Wall ms of its last use (a request with its cookie, a frame of its private streams). */
  lastSeen: number;
}

export class ReplayWorld {
  readonly cues: readonly Cue[];
  readonly playback: Playback;
  readonly leader: boolean;
  /** The streams the session recorded. */
  readonly streams: readonly StreamName[];
  /** Wall ms of the session's start (header `recordedAt`). */
  readonly epoch: number;
  readonly cookieName = sessionCookieName(envOf('localhost'));
  readonly settings = new UserSettings();
  /** Requests and frames served, for the operator. */
  readonly served = { rest: 0, frames: 0 };
  /** Wall time of the playback (injectable: tests move it by hand). */
  readonly timers: PlaybackTimers;
  /** Sign-ins by cookie value, oldest first. */
  private readonly sessions = new Map<string, SignIn>();
  /** The cookie value of each sign-in's opaque id (its private streams know the id only). */
  private readonly cookieOf = new Map<string, string>();
  /** A sign-in ended (its opaque id): the streams close its private connections. */
  onSessionEnd: ((session: string) => void) | undefined;
  private readonly restByPath = new Map<string, Cue[]>();
  /** Read lazily: `timers` is set by the constructor. */
  private readonly tokens = new OneTimeTokens(() => this.timers.now());
  /** The replay fed up to some position: moving forward feeds only the new events. */
  private replayer = new Replayer();
  /** Copies of the replay every CHECKPOINT_EVERY events (sorted by count). */
  private readonly checkpoints: Replayer[] = [];
  /**
   * Set by the first seek: from then on the snapshot endpoints answer the state at the playback
   * position (the state at T), not a recorded body.
   */
  private seeked = false;
  /** The state with the first wallet snapshot, computed once (valuations before it is played). */
  private seedState: StreamState | undefined;
  private readonly firstSeed: number | undefined;
  /**
   * Per topic, its stamped frames in order (`at`: cue indexes) and `min[k]`: the earliest stamp
   * of frames k and later (what snapshotTime needs, by binary search on the events played).
   */
  private readonly stamps = new Map<string, { at: number[]; min: number[] }>();
  /** Per topic, the cue indexes of its frames, in order (recordedAnswer). */
  private readonly framesOf = new Map<string, number[]>();
  /** The cue indexes of the private stream's recorded closes, in order (recordedAnswer). */
  private readonly privateCloses: number[] = [];

  constructor(
    readonly session: Session,
    opts: WorldOptions,
  ) {
    this.cues = timeline(session.events);
    this.leader = isLeaderSession(session.events);
    this.streams = streamsOf(session.events);
    this.firstSeed = this.cues.find((c) => c.kind === 'rest' && c.topic === 'wallet')?.index;
    const recorded = Date.parse(session.header.recordedAt);
    this.epoch = Number.isFinite(recorded) ? recorded : Date.now();
    for (const c of this.cues) {
      if (c.kind !== 'rest' || c.event.kind !== 'rest') continue;
      const path = c.event.path.split('?')[0] as string;
      const list = this.restByPath.get(path) ?? [];
      list.push(c);
      this.restByPath.set(path, list);
    }
    for (const c of this.cues) {
      if (c.kind === 'close' && c.event.kind === 'close' && c.event.stream === 'private') {
        this.privateCloses.push(c.index);
      }
      if (c.kind !== 'frame' || c.topic === undefined) continue;
      const list = this.framesOf.get(c.topic) ?? [];
      list.push(c.index);
      this.framesOf.set(c.topic, list);
    }
    for (const c of this.cues) {
      if (c.kind !== 'frame' || c.topic === undefined || c.stamp === undefined) continue;
      const list = this.stamps.get(c.topic) ?? { at: [], min: [] };
      list.at.push(c.index);
      list.min.push(c.stamp);
      this.stamps.set(c.topic, list);
    }
    for (const { min } of this.stamps.values()) {
      for (let k = min.length - 2; k >= 0; k--) {
        min[k] = Math.min(min[k] as number, min[k + 1] as number);
      }
    }
    this.timers = opts.timers ?? realTimers;
    this.playback = new Playback(this.cues, {
      ...(opts.speed !== undefined ? { speed: opts.speed } : {}),
      timers: this.timers,
      onCue: opts.onCue,
      ...(opts.onChange ? { onChange: opts.onChange } : {}),
      onSeek: () => {
        this.seeked = true;
        opts.onSeek?.();
      },
    });
  }

  /** Whether a seek happened (snapshots then answer the state at the position). */
  get hasSeeked(): boolean {
    return this.seeked;
  }

  /** The session's user; a session recorded signed out belongs to whoever signs in. */
  userFor(demoUserId: number): number {
    return this.session.header.userId > 0 ? this.session.header.userId : demoUserId;
  }

  /**
   * Session time now (ms since the epoch): the recording's start plus the playback position, in
   * whole milliseconds. At a speed that is not a whole number (the operator's 0.25x) the position
   * has a fraction, and every time on the wire is integer ms (Bybit V5, PROTOCOL.md's E3 fields:
   * the dashboard refuses a ticker whose `ts` is not an integer).
   */
  now(): number {
    return Math.floor(this.epoch + this.playback.position);
  }

  /**
   * The instant (session ms since the epoch) a snapshot of `topic` built from state() is taken
   * at: its answer's `time_now`. The client takes every delta older than that as already in the
   * snapshot: it never re-creates an entity the snapshot lacks (PROTOCOL.md section 6, and the
   * snapshot's tombstones are raised to it). So it is the playback clock, but never later than a
   * frame of the topic still to be played: the clock runs ahead of the events played while their
   * timer is late (a busy machine), and a recorded frame arrives after its own stamp (at `t`, up
   * to a tick later), so the clock may lie between the two.
   */
  snapshotTime(topic: PrivateTopic): number {
    const now = this.now();
    const list = this.stamps.get(topic);
    if (!list) return now;
    const played = this.playback.played;
    const next = partitionPoint(list.at.length, (i) => (list.at[i] as number) < played);
    return next < list.min.length ? Math.min(now, list.min[next] as number) : now;
  }

  /** The state the played frames and snapshots have built (the project's own replay). */
  state(): StreamState {
    return this.stateAt(this.playback.played);
  }

  /**
   * The picture valuations are made from: the played state, or before the first wallet snapshot
   * was played, the state with it (what the wallet endpoint answers then: the first recording).
   */
  valuationState(): StreamState {
    const played = this.playback.played;
    if (this.firstSeed === undefined || played > this.firstSeed) return this.stateAt(played);
    this.seedState ??= replayEvents(this.session.events.slice(0, this.firstSeed + 1)).state;
    return this.seedState;
  }

  /** The replay after the first `played` events (a seek backwards starts from a checkpoint). */
  replayAt(played: number): Replayer {
    if (played < this.replayer.count) {
      let from: Replayer | undefined;
      for (const c of this.checkpoints) if (c.count <= played) from = c;
      this.replayer = from ? from.clone() : new Replayer();
    }
    const events = this.session.events;
    while (this.replayer.count < played && this.replayer.count < events.length) {
      this.replayer.feed(events[this.replayer.count] as SessionEvent);
      const n = this.replayer.count;
      const last = this.checkpoints[this.checkpoints.length - 1]?.count ?? 0;
      if (n % CHECKPOINT_EVERY === 0 && n > last) this.checkpoints.push(this.replayer.clone());
    }
    return this.replayer;
  }

  private stateAt(played: number): StreamState {
    return this.replayAt(played).current;
  }

  /**
   * Seeks to an instant (`--at`'s forms: ms from the start, `15s`, a wall-clock time, `line:N`;
   * a number is ms from the start) and pauses there; the streams then close the clients'
   * connections so that they re-seed at the new position through their normal reconnect. Throws
   * a one-line Error for a bad instant.
   */
  seek(to: string | number): void {
    const events = this.session.events;
    let at: Instant;
    if (typeof to === 'number') {
      if (!(Number.isFinite(to) && to >= 0)) {
        throw new Error(`${to}: expected ms from the start, 0 or more`);
      }
      at = { kind: 'time', t: to, text: String(to) };
    } else {
      // With the recording's end: a time of day before the start is the next day only if the
      // recording reaches it, else refused (as --print-state --at does).
      at = parseInstant(to, this.session.header, events.at(-1)?.t ?? 0);
    }
    const played = cutIndex(events, at);
    const position =
      at.kind === 'time' ? at.t : played > 0 ? (events[played - 1] as SessionEvent).t : 0;
    this.playback.seek(played, position);
  }

  /**
   * The recorded answer of a snapshot path at the current position, else the first one; none
   * (the caller answers from state()) once that body is stale: after a seek, or when a frame of
   * its topic or a close of the private stream has been played after it. A dashboard re-seeding
   * then (it reconnected after a recorded drop, before the recorded fresh snapshot; a seq gap)
   * would otherwise get back what the frames since have changed, such as a closed order.
   */
  recordedAnswer(path: string): RecordedAnswer | undefined {
    // After a seek the dashboard is re-seeded with the state at the position (the caller builds
    // the snapshot from state()), whatever was recorded around it.
    if (this.seeked) return undefined;
    const list = this.restByPath.get(path.split('?')[0] as string);
    if (!list || list.length === 0) return undefined;
    const pos = this.playback.position;
    let pick = list[0] as Cue;
    for (const c of list) if (c.event.t <= pos) pick = c;
    const played = this.playback.played;
    const frames = pick.topic !== undefined ? this.framesOf.get(pick.topic) : undefined;
    if (playedAfter(frames, pick.index, played)) return undefined;
    if (playedAfter(this.privateCloses, pick.index, played)) return undefined;
    const ev = pick.event;
    return ev.kind === 'rest' ? { status: ev.status, body: ev.body } : undefined;
  }

  hasStream(stream: StreamName): boolean {
    return this.session.events.some((e) => e.kind !== 'rest' && e.stream === stream);
  }

  // ---- sign-in, sessions and one-time tokens ----

  /**
   * Any demo account's credentials sign in as the session's user from `address`: the cookie
   * value, or the code of the refusal (wrong credentials). The address's own oldest sign-in ends
   * (signed out as by /logout) beyond MAX_SESSIONS_PER_ADDRESS. When the table is full of live
   * sign-ins, the oldest of the address holding the most ends: a crowd of addresses cannot lock
   * new sign-ins out, and an address holding fewer than another never loses one to a full table.
   */
  login(
    username: unknown,
    password: unknown,
    address: string | undefined,
  ): { cookie: string; userId: number } | { refused: ErrorCode } {
    const demo = DEMO_LOGINS.find((a) => a.username === username && a.password === password);
    if (!demo) return { refused: ERROR_CODES.BAD_CREDENTIALS };
    const now = this.timers.now();
    const from = addressKey(address);
    const mine = [...this.sessions].filter(([, s]) => s.address === from);
    for (const [cookie] of mine.slice(0, Math.max(0, mine.length - MAX_SESSIONS_PER_ADDRESS + 1)))
      this.logout(cookie);
    if (this.sessions.size >= MAX_SESSIONS) {
      for (const [cookie, s] of this.sessions) if (!this.live(s, now)) this.logout(cookie);
      if (this.sessions.size >= MAX_SESSIONS) this.endOldestOfBusiestAddress();
    }
    const cookie = randomBytes(24).toString('base64url');
    const userId = this.userFor(demo.userId);
    const id = randomBytes(12).toString('base64url');
    this.sessions.set(cookie, {
      userId,
      id,
      address: from,
      expiresAt: now + SESSION_TTL_MS,
      lastSeen: now,
    });
    this.cookieOf.set(id, cookie);
    return { cookie, userId };
  }

  /** The signed-in user of a request's cookie (a request is a use: the sign-in stays live). */
  sessionUser(cookie: string | undefined): number | undefined {
    const s = cookie ? this.sessions.get(cookie) : undefined;
    if (!s || !cookie) return undefined;
    const now = this.timers.now();
    if (this.live(s, now)) {
      s.lastSeen = now;
      return s.userId;
    }
    this.logout(cookie);
    return undefined;
  }

  /** A client frame on a private stream signed in with a token of the sign-in `id`: a use. */
  touchSession(id: string): void {
    const s = this.sessions.get(this.cookieOf.get(id) ?? '');
    const now = this.timers.now();
    if (s && this.live(s, now)) s.lastSeen = now;
  }

  /** Within its 24 hours and used within SESSION_IDLE_MS. */
  private live(s: SignIn, now: number): boolean {
    return s.expiresAt > now && now - s.lastSeen < SESSION_IDLE_MS;
  }

  /** The table is full of live sign-ins: the oldest of the address holding the most ends. */
  private endOldestOfBusiestAddress(): void {
    const held = new Map<string, number>();
    for (const s of this.sessions.values()) held.set(s.address, (held.get(s.address) ?? 0) + 1);
    const most = Math.max(...held.values());
    for (const [cookie, s] of this.sessions) {
      if (held.get(s.address) !== most) continue;
      this.logout(cookie);
      return;
    }
  }

  /**
   * Signs out as the simulator does: the session's unused one-time tokens are revoked and its
   * private streams closed (4401).
   */
  logout(cookie: string | undefined): void {
    const signIn = cookie ? this.sessions.get(cookie) : undefined;
    if (!signIn || !cookie) return;
    this.sessions.delete(cookie);
    this.cookieOf.delete(signIn.id);
    this.tokens.revokeSession(signIn.id);
    this.onSessionEnd?.(signIn.id);
  }

  /**
   * One-time tokens expire on wall time; the answer states the expiry in session time. `cookie`:
   * the sign-in asking, whose end revokes the token.
   */
  /**
   * A one-time token for the private stream, rate-limited per sign-in as the simulator's
   * (one-time-tokens.ts `issueLimited`): beyond it, the seconds to wait.
   */
  issueToken(
    userId: number,
    cookie?: string,
  ): { ok: true; token: string; expiresAtE3: string } | { ok: false; retryAfterS: number } {
    const session = cookie ? this.sessions.get(cookie)?.id : undefined;
    const r = this.tokens.issueLimited(userId, session);
    if (!r.ok) return { ok: false, retryAfterS: Math.max(1, Math.ceil(r.retryAfterMs / 1000)) };
    return { ok: true, token: r.token, expiresAtE3: String(this.now() + OTT_TTL_MS) };
  }

  /** A one-time token is good once, for 60 s of wall time (the simulator's answers). */
  useToken(token: unknown): TokenCheck {
    return this.tokens.use(token);
  }
}
