/**
 * One websocket connection of either stream: its subscriptions and per-topic `seq`, the idle
 * timeout, the sign-in deadline of a private connection, the op rate limit, recording, the way
 * it closes, and the fault controls that act on what it sends (half-open, paused topics, delayed
 * frames, skipped seq numbers). The replay server's connections are Conns too.
 */
import type { WebSocket } from 'ws';
import type { StreamName } from '../../src/wire/protocol';
import type { Clock, TimerHandle } from '../clock';
import type { ConnectionRecording } from '../record/recorder';
import { closeSocket } from './close';
import type { BudgetMember, SendBudget } from './send-budget';

/** Ops a connection may send in a burst, and how fast the allowance comes back (per second). */
export const OP_BURST = 100;
const OP_REFILL_PER_S = 20;
/** Refused ops in a row (beyond the allowance) after which the connection is closed (1008). */
export const OP_ABUSE_LIMIT = 300;
/** Frames held per paused topic before the oldest are dropped. */
const HOLD_LIMIT = 10_000;
/** Frames waiting on a delay before the connection is cut. */
const DELAY_LIMIT = 100_000;
/** A client that lets this much pile up unread is cut off (the sum is bounded: send-budget.ts). */
export const MAX_BUFFERED_BYTES = 32 * 1024 * 1024;

/** A private connection must sign in within this long (wall ms) or is closed with 4401. */
export const AUTH_TIMEOUT_MS = 10_000;

export const CLOSE_UNAUTHORIZED = 4401;
const CLOSE_IDLE = 4408;
export const CLOSE_RESTART = 1012;
const CLOSE_POLICY = 1008;
export const CLOSE_TRY_AGAIN = 1013;
/** The `block` fault: what a proxy in the way that refuses the stream sends (an application code). */
export const CLOSE_BLOCKED = 4000;

export interface ConnFaults {
  /** Ms to delay every frame to this connection (0: none). */
  delayMs(conn: Conn): number;
  /** How a data frame of `topic` is treated: sent, held until resumed, or dropped. */
  pauseMode(conn: Conn, topic: string): 'none' | 'hold' | 'drop';
}

/** A server without fault controls (the replay server). */
const NO_FAULTS: ConnFaults = { delayMs: () => 0, pauseMode: () => 'none' };

export interface ConnOptions {
  id: string;
  stream: StreamName;
  socket: WebSocket;
  /** Wall time: idle timeout, sign-in deadline, rate limit and delays are about people and networks. */
  clock: Clock;
  faults?: ConnFaults;
  /** Closed with 4408 after this long without a client frame. */
  idleMs: number;
  /** Private stream: closed with 4401 unless signed in within this long (default 10 s). */
  authTimeoutMs?: number;
  /** The server's bound on unsent bytes over all its connections. */
  budget?: SendBudget;
}

export interface CloseOptions {
  /**
   * Close at once: frames still waiting on a delay are written first (a 4401 answer must arrive
   * before its close), nothing else. Default: close right after the frames already waiting.
   */
  now?: boolean;
}

export class Conn implements BudgetMember {
  readonly id: string;
  readonly stream: StreamName;
  readonly socket: WebSocket;
  userId: number | undefined;
  authed = false;
  /** Private stream: the opaque id of the sign-in session whose token signed it in. */
  session: string | undefined;
  readonly topics = new Set<string>();
  halfOpen = false;
  closed = false;
  /** Data frames sent (for the truth endpoint's stats). */
  framesSent = 0;
  recorder: ConnectionRecording | undefined;
  private readonly clock: Clock;
  private readonly faults: ConnFaults;
  private readonly budget: SendBudget | undefined;
  private readonly idleMs: number;
  private readonly seq = new Map<string, number>();
  private readonly skip = new Map<string, number>();
  private readonly held = new Map<string, string[]>();
  private readonly delayed: { at: number; text: string }[] = [];
  private delayTimer: TimerHandle | null = null;
  private lastFrameAt: number;
  private idleTimer: TimerHandle | null = null;
  private authTimer: TimerHandle | null = null;
  private tokens = OP_BURST;
  private refilledAt: number;
  private refused = 0;
  /** The close asked for, waiting for the frames already delayed. */
  private closing: { code: number; reason: string } | null = null;

  constructor(opts: ConnOptions) {
    this.id = opts.id;
    this.stream = opts.stream;
    this.socket = opts.socket;
    this.clock = opts.clock;
    this.faults = opts.faults ?? NO_FAULTS;
    this.budget = opts.budget;
    this.idleMs = opts.idleMs;
    this.lastFrameAt = this.clock.now();
    this.refilledAt = this.clock.now();
    this.armIdle();
    if (this.stream === 'private') {
      this.authTimer = this.clock.at(
        this.clock.now() + (opts.authTimeoutMs ?? AUTH_TIMEOUT_MS),
        () => {
          this.authTimer = null;
          if (!this.authed) this.close(CLOSE_UNAUTHORIZED, 'authentication timeout', { now: true });
        },
      );
    }
  }

  /**
   * A close was asked for (or happened): the connection takes no more client ops (no sign-in,
   * no subscribe after a 4401) and queues no more frames.
   */
  get ending(): boolean {
    return this.closed || this.closing !== null;
  }

  /** The private connection signed in as `userId`: the sign-in deadline no longer applies. */
  signedIn(userId: number): void {
    this.userId = userId;
    this.authed = true;
    if (this.authTimer) this.clock.cancel(this.authTimer);
    this.authTimer = null;
  }

  /** A client frame arrived: the connection is alive. */
  touch(): void {
    this.lastFrameAt = this.clock.now();
  }

  /**
   * A websocket-level ping (a control frame): it counts against the op allowance like any frame,
   * so a ping flood is refused (no pong) and closed (1008) like an op flood. Answered by hand so
   * that the half-open fault can stop pongs too.
   */
  controlPing(payload: Buffer): void {
    this.touch();
    if (this.halfOpen || this.ending) return;
    if (!this.allowOp()) return;
    try {
      this.socket.pong(payload);
    } catch {
      // the socket is closing: nothing to answer
    }
  }

  /** Takes one op from the allowance; false when the client is flooding. */
  allowOp(): boolean {
    const now = this.clock.now();
    const refill = ((now - this.refilledAt) * OP_REFILL_PER_S) / 1000;
    if (refill >= 1) {
      this.tokens = Math.min(OP_BURST, this.tokens + Math.floor(refill));
      this.refilledAt = now;
    }
    if (this.tokens >= 1) {
      this.tokens--;
      this.refused = 0;
      return true;
    }
    if (++this.refused >= OP_ABUSE_LIMIT) this.close(CLOSE_POLICY, 'too many requests');
    return false;
  }

  /** The next `seq` of a topic on this connection (from 1; a pending skip makes a gap). */
  nextSeq(topic: string): number {
    const gap = this.skip.get(topic) ?? 0;
    this.skip.delete(topic);
    const n = (this.seq.get(topic) ?? 0) + 1 + gap;
    this.seq.set(topic, n);
    return n;
  }

  skipSeq(topic: string, count: number): void {
    this.skip.set(topic, (this.skip.get(topic) ?? 0) + count);
  }

  /** Sends an answer to a client op. */
  reply(obj: object): void {
    this.out(JSON.stringify(obj));
  }

  /** Sends a data frame of `topic` (held or dropped while the topic is paused). */
  data(topic: string, text: string): void {
    if (this.ending) return;
    const mode = this.faults.pauseMode(this, topic);
    if (mode === 'drop') return;
    if (mode === 'hold') {
      let q = this.held.get(topic);
      if (!q) this.held.set(topic, (q = []));
      q.push(text);
      if (q.length > HOLD_LIMIT) q.shift();
      return;
    }
    this.framesSent++;
    this.out(text);
  }

  /** Releases the frames held while `topic` was paused, in order. */
  release(topic: string): void {
    const q = this.held.get(topic);
    if (!q) return;
    this.held.delete(topic);
    if (this.ending) return;
    for (const text of q) {
      this.framesSent++;
      this.out(text);
    }
  }

  /** Raw text, bypassing pause (used by the malformed-frame fault). */
  raw(text: string): void {
    this.out(text);
  }

  /**
   * Closes with a close frame: right after the frames already waiting on a delay, or at once
   * (`now`). From the request on, the connection is `ending`.
   */
  close(code: number, reason: string, opts: CloseOptions = {}): void {
    if (this.closed) return;
    if (this.closing && !opts.now) return;
    this.closing = { code, reason };
    this.stopIdleAndAuth();
    if (opts.now) {
      if (this.delayTimer) this.clock.cancel(this.delayTimer);
      this.delayTimer = null;
      for (const d of this.delayed.splice(0)) this.write(d.text);
    }
    if (this.delayed.length === 0) this.finishClose();
  }

  /** Drops the TCP connection without a close frame: the client sees 1006. */
  terminate(): void {
    this.closed = true;
    this.stopTimers();
    this.socket.terminate();
  }

  /** Bytes queued for the client and not yet taken. */
  unsent(): number {
    return this.socket.bufferedAmount;
  }

  /** Closed by the send budget: a slow consumer, at once, what waits is dropped. */
  shed(): void {
    if (this.closed) return;
    this.delayed.length = 0;
    this.closing = { code: CLOSE_POLICY, reason: 'slow consumer' };
    this.finishClose();
  }

  /** The socket is gone (from the 'close' event). */
  disposed(): void {
    this.budget?.remove(this);
    this.closed = true;
    this.stopTimers();
    this.held.clear();
    this.delayed.length = 0;
  }

  private out(text: string): void {
    if (this.ending || this.halfOpen) return;
    const delay = this.faults.delayMs(this);
    const last = this.delayed[this.delayed.length - 1];
    if (delay > 0 || last) {
      // Keep order: a frame never overtakes one still waiting.
      const at = Math.max(this.clock.now() + delay, last?.at ?? 0);
      this.delayed.push({ at, text });
      if (this.delayed.length > DELAY_LIMIT) {
        // Dropping a frame would silently corrupt the client: cut the connection instead.
        this.delayed.length = 0;
        this.terminate();
        return;
      }
      this.delayTimer ??= this.clock.at((this.delayed[0] as { at: number }).at, () =>
        this.flushDelayed(),
      );
      return;
    }
    this.write(text);
  }

  private flushDelayed(): void {
    this.delayTimer = null;
    const now = this.clock.now();
    while (
      !this.closed &&
      this.delayed.length > 0 &&
      (this.delayed[0] as { at: number }).at <= now
    ) {
      this.write((this.delayed.shift() as { text: string }).text);
    }
    const head = this.delayed[0];
    if (this.closed) return;
    if (head) this.delayTimer = this.clock.at(head.at, () => this.flushDelayed());
    else if (this.closing) this.finishClose();
  }

  private finishClose(): void {
    if (this.closed) return;
    const { code, reason } = this.closing ?? { code: 1000, reason: '' };
    this.closed = true;
    this.budget?.remove(this);
    this.stopTimers();
    closeSocket(this.socket, code, reason);
  }

  private write(text: string): void {
    if (this.closed || this.halfOpen || this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      // Nothing more can reach a client that does not read: close at once, drop what waits.
      this.shed();
      return;
    }
    this.socket.send(text);
    this.recorder?.recv(this.stream, text);
    this.budget?.update(this, this.socket.bufferedAmount);
  }

  private armIdle(): void {
    this.idleTimer = this.clock.at(this.lastFrameAt + this.idleMs, () => {
      this.idleTimer = null;
      if (this.ending) return;
      if (this.clock.now() - this.lastFrameAt >= this.idleMs)
        this.close(CLOSE_IDLE, 'idle timeout');
      else this.armIdle();
    });
  }

  private stopIdleAndAuth(): void {
    if (this.idleTimer) this.clock.cancel(this.idleTimer);
    if (this.authTimer) this.clock.cancel(this.authTimer);
    this.idleTimer = null;
    this.authTimer = null;
  }

  private stopTimers(): void {
    this.stopIdleAndAuth();
    if (this.delayTimer) this.clock.cancel(this.delayTimer);
    this.delayTimer = null;
  }
}
