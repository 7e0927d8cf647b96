/**
 * The playback clock of `replay --serve`: where in the session we are (ms since its start), at
 * what speed, and which events have been played. It waits for a client (or the operator), then
 * plays each event when its time comes; pause, resume, step (the next event a client can see) and
 * speed changes keep the position exact. Time comes from injectable timers, so tests need no
 * waiting.
 */
import { MAX_TIMER_DELAY_MS } from '../clock';
import type { Cue } from './timeline';

export type PlaybackState = 'waiting' | 'playing' | 'paused' | 'ended';

export interface PlaybackTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: PlaybackTimers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

export const MIN_SPEED = 0.01;
export const MAX_SPEED = 1000;

export function checkSpeed(speed: number): number {
  if (!(Number.isFinite(speed) && speed >= MIN_SPEED && speed <= MAX_SPEED)) {
    throw new RangeError(`speed ${speed}: expected a number from ${MIN_SPEED} to ${MAX_SPEED}`);
  }
  return speed;
}

export interface PlaybackOptions {
  speed?: number;
  timers?: PlaybackTimers;
  /** Every event as it is played, in order (quiet ones too). */
  onCue(cue: Cue): void;
  /** Anything the operator sees changed (state, speed, position jumps). */
  onChange?(): void;
  /** The position jumped (a seek or a step back): the clients must be brought to it. */
  onSeek?(): void;
}

export class Playback {
  private readonly timers: PlaybackTimers;
  private next = 0;
  /** Session ms at `anchor` (wall ms). */
  private base = 0;
  private anchor = 0;
  private handle: unknown;
  private current: PlaybackState;
  private rate: number;
  private last: Cue | undefined;

  constructor(
    private readonly cues: readonly Cue[],
    private readonly opts: PlaybackOptions,
  ) {
    this.timers = opts.timers ?? realTimers;
    this.rate = checkSpeed(opts.speed ?? 1);
    this.current = cues.length === 0 ? 'ended' : 'waiting';
  }

  get state(): PlaybackState {
    return this.current;
  }
  get speed(): number {
    return this.rate;
  }
  /** Events played so far (the next one's index). */
  get played(): number {
    return this.next;
  }
  get total(): number {
    return this.cues.length;
  }
  /** The session's length in ms (the last event's time). */
  get duration(): number {
    return this.cues[this.cues.length - 1]?.event.t ?? 0;
  }
  /** The last event played. */
  get lastCue(): Cue | undefined {
    return this.last;
  }

  /** Where the playback is, in session ms. */
  get position(): number {
    if (this.current !== 'playing') return this.base;
    return Math.min(this.duration, this.base + (this.timers.now() - this.anchor) * this.rate);
  }

  /** Starts playing if it was waiting for its first client. */
  start(): void {
    if (this.current === 'waiting') this.resume();
  }

  pause(): void {
    if (this.current !== 'playing') return;
    this.base = this.position;
    this.current = 'paused';
    this.clear();
    this.opts.onChange?.();
  }

  resume(): void {
    if (this.current !== 'paused' && this.current !== 'waiting') return;
    this.current = 'playing';
    this.anchor = this.timers.now();
    this.opts.onChange?.();
    this.run();
  }

  /** Pauses, then plays up to and including the next event a client can see. */
  step(): void {
    if (this.current === 'ended') return;
    if (this.current === 'playing') this.base = this.position;
    this.clear();
    this.current = 'paused';
    while (this.next < this.cues.length) {
      const cue = this.cues[this.next] as Cue;
      this.play(cue);
      this.base = Math.max(this.base, cue.event.t);
      if (cue.kind !== 'quiet') break;
    }
    if (this.next >= this.cues.length) this.current = 'ended';
    this.opts.onChange?.();
  }

  /**
   * Jumps to the state after the first `played` events, at session time `position`, and pauses
   * there (ended when every event is played). Nothing in between is played to the clients:
   * `onSeek` tells the server to bring them to the new position.
   */
  seek(played: number, position: number): void {
    if (!(Number.isInteger(played) && played >= 0 && played <= this.cues.length)) {
      throw new RangeError(`seek: ${played} is not an event count from 0 to ${this.cues.length}`);
    }
    this.clear();
    this.next = played;
    this.last = played > 0 ? this.cues[played - 1] : undefined;
    const before = played > 0 ? (this.cues[played - 1] as Cue).event.t : 0;
    const after = played < this.cues.length ? (this.cues[played] as Cue).event.t : Infinity;
    // The position lies between the last event played and the next one.
    this.base = Math.min(Math.max(position, before), after, this.duration);
    this.current = played >= this.cues.length ? 'ended' : 'paused';
    this.opts.onSeek?.();
    this.opts.onChange?.();
  }

  /**
   * Steps back: to the state before the last event a client saw (with the quiet events just
   * before it undone too), paused, at the time of the last event still played.
   */
  stepBack(): void {
    let k = this.next - 1;
    while (k >= 0 && (this.cues[k] as Cue).kind === 'quiet') k--;
    if (k < 0) k = 0;
    // Undo the quiet events right before it as well: step() plays them with it.
    while (k > 0 && (this.cues[k - 1] as Cue).kind === 'quiet') k--;
    this.seek(k, k > 0 ? (this.cues[k - 1] as Cue).event.t : 0);
  }

  setSpeed(speed: number): void {
    checkSpeed(speed);
    if (this.current === 'playing') {
      this.base = this.position;
      this.anchor = this.timers.now();
    }
    this.rate = speed;
    this.opts.onChange?.();
    if (this.current === 'playing') this.run();
  }

  dispose(): void {
    this.clear();
  }

  private play(cue: Cue): void {
    this.next = cue.index + 1;
    this.last = cue;
    this.opts.onCue(cue);
  }

  /** Plays every event that is due, then sleeps until the next one. */
  private run(): void {
    this.clear();
    if (this.current !== 'playing') return;
    const pos = this.position;
    while (this.next < this.cues.length && (this.cues[this.next] as Cue).event.t <= pos) {
      this.play(this.cues[this.next] as Cue);
      if (this.current !== 'playing') return; // a listener paused us
    }
    if (this.next >= this.cues.length) {
      this.base = this.duration;
      this.current = 'ended';
      this.opts.onChange?.();
      return;
    }
    const wait = ((this.cues[this.next] as Cue).event.t - pos) / this.rate;
    // A long gap (or a low speed) sleeps in steps setTimeout can take: run() wakes, finds nothing
    // due and sleeps again; a longer delay would fire after 1 ms and spin.
    this.handle = this.timers.setTimeout(
      () => this.run(),
      Math.min(MAX_TIMER_DELAY_MS, Math.max(0, Math.ceil(wait))),
    );
  }

  private clear(): void {
    if (this.handle !== undefined) this.timers.clearTimeout(this.handle);
    this.handle = undefined;
  }
}
