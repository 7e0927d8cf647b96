/**
 * Headless replay of a recorded session (PROTOCOL.md sections 6 and 7) through the project's own
 * decoders and reducers: no browser, no network, deterministic.
 */
import {
  applyItems,
  applyPrivateFrame,
  applySnapshot,
  applyTickers,
  initialStreamState,
} from '../state/model';
import type { StreamState } from '../state/model';
import { toDump, type ReplayStats, type StateDump } from '../state/dump';
import { decodePrivate, decodePublic } from '../wire/decode';
import { topicForSnapshotPath, type PrivateDataFrame, type PrivateTopic } from '../wire/protocol';
import type { SessionEvent } from '../wire/session-file';
import { SeqTracker } from './seq';
import { decodeSnapshotBody } from '../wire/snapshot';

interface Recorded {
  t: number;
  frame: PrivateDataFrame;
}

export interface ReplayerOptions {
  /**
   * Keep the deltas of only this many ms (session time) for re-application on top of a later
   * snapshot, so that a long file replays in flat memory. A snapshot whose request was sent
   * before the kept window would need dropped deltas: the replay then throws (never a silently
   * different state). Default: keep every delta.
   */
  historyWindowMs?: number;
  /** Keep at most this many rejection reasons (the count in `stats` is always exact). */
  maxRejections?: number;
}

export interface ReplayResult {
  state: StreamState;
  stats: ReplayStats;
  /** Why each rejected frame or snapshot was rejected, in order (with the event's index). */
  rejections: { index: number; reason: string }[];
}

/**
 * The replay as a feed: events go in one at a time (a replay server moving forward feeds only
 * the new ones), the result reads the state so far. `replayEvents` is the whole file at once.
 */
export class Replayer {
  private state: StreamState = initialStreamState();
  private stats: ReplayStats = { framesApplied: 0, framesRejected: 0, resyncs: 0 };
  private rejections: ReplayResult['rejections'] = [];
  private seq = new SeqTracker();
  /** Deltas per topic, kept for re-application on top of a later REST snapshot. */
  private history = new Map<PrivateTopic, Recorded[]>();
  private fed = 0;
  /** The latest `t` of a delta dropped from the history (windowed replays), else -1. */
  private droppedUpTo = -1;
  /** Private stream connections opened so far (a seq counts per connection). */
  private opens = 0;
  private lastT = 0;

  constructor(private readonly opts: ReplayerOptions = {}) {}

  /** An independent copy (a checkpoint): feeding either leaves the other as it was. */
  clone(): Replayer {
    const c = new Replayer(this.opts);
    c.state = this.state;
    c.stats = { ...this.stats };
    c.rejections = [...this.rejections];
    c.seq = this.seq.clone();
    c.history = new Map([...this.history].map(([k, v]) => [k, [...v]]));
    c.fed = this.fed;
    c.droppedUpTo = this.droppedUpTo;
    c.opens = this.opens;
    c.lastT = this.lastT;
    return c;
  }

  /** Private connections opened so far (the first is 1): a frame's seq counts within one. */
  get connection(): number {
    return this.opens;
  }

  /** The time of the last event fed (0 before any). */
  get time(): number {
    return this.lastT;
  }

  /** How many events were fed. */
  get count(): number {
    return this.fed;
  }

  /** Applies the next event (its `index` in the file names it in rejections). */
  feed(ev: SessionEvent, index = this.fed): void {
    this.fed++;
    this.lastT = ev.t;
    switch (ev.kind) {
      case 'open':
        if (ev.stream === 'private') {
          this.seq.reset();
          this.opens++;
        }
        return;
      case 'recv':
        return this.recv(ev.stream, ev.frame, ev.t, index);
      case 'rest':
        return this.rest(ev, index);
      default:
        return;
    }
  }

  /** The state so far (no copies: for a server asking on every request). */
  get current(): StreamState {
    return this.state;
  }

  /** The state so far as a state dump (PROTOCOL.md section 7). */
  dump(): StateDump {
    return toDump(this.state, this.stats);
  }

  result(): ReplayResult {
    const max = this.opts.maxRejections;
    const kept = max === undefined ? this.rejections : this.rejections.slice(-max);
    return { state: this.state, stats: { ...this.stats }, rejections: [...kept] };
  }

  private recv(stream: 'public' | 'private', text: string, t: number, index: number): void {
    const frame = stream === 'private' ? decodePrivate(text) : decodePublic(text);
    if (frame.kind === 'invalid') {
      this.reject(index, frame.reason);
    } else if (frame.kind === 'ticker') {
      this.stats.framesApplied++;
      this.state = applyTickers(this.state, [frame]);
    } else if (frame.kind === 'data' && stream === 'private') {
      this.stats.framesApplied++;
      if (this.seq.observe(frame.topic, frame.seq) === 'gap') this.stats.resyncs++;
      this.state = applyPrivateFrame(this.state, frame);
      if (frame.type === 'delta') {
        let list = this.history.get(frame.topic);
        if (!list) this.history.set(frame.topic, (list = []));
        list.push({ t, frame });
        this.prune(list, t);
      }
    } else if (frame.kind === 'data') {
      this.reject(index, 'private topic on the public stream');
    }
  }

  private rest(ev: Extract<SessionEvent, { kind: 'rest' }>, index: number): void {
    const topic = topicForSnapshotPath(ev.path);
    if (!topic || ev.method.toUpperCase() !== 'GET') return;
    if (ev.status < 200 || ev.status > 299) {
      this.note(index, `snapshot ${ev.path} answered HTTP ${ev.status}`);
      return;
    }
    if (ev.sent <= this.droppedUpTo) {
      throw new Error(
        `the snapshot answer at t=${ev.t} was asked at t=${ev.sent}, before the ` +
          `${this.opts.historyWindowMs} ms of deltas a streamed replay keeps`,
      );
    }
    const body = decodeSnapshotBody(topic, ev.body);
    if (!body.ok) return this.reject(index, `snapshot ${ev.path}: ${body.reason}`);
    this.state = applySnapshot(this.state, topic, body.items, body.atMicros);
    const opts = body.atMicros === undefined ? undefined : { absentBefore: body.atMicros };
    for (const r of this.history.get(topic) ?? []) {
      if (r.t >= ev.sent && r.t <= ev.t) {
        this.state = applyItems(this.state, topic, r.frame.items, opts);
      }
    }
  }

  private reject(index: number, reason: string): void {
    this.stats.framesRejected++;
    this.note(index, reason);
  }

  private note(index: number, reason: string): void {
    this.rejections.push({ index, reason });
    const max = this.opts.maxRejections;
    if (max !== undefined && this.rejections.length > 2 * max) {
      this.rejections = this.rejections.slice(-max);
    }
  }

  /** Windowed replays: drops the deltas older than the window (oldest first). */
  private prune(list: Recorded[], now: number): void {
    const w = this.opts.historyWindowMs;
    if (w === undefined) return;
    // Cut in batches (a splice per frame would cost the list's length each time).
    if (list.length < 1024 || (list[511] as Recorded).t >= now - w) return;
    let n = 512;
    while (n < list.length && (list[n] as Recorded).t < now - w) n++;
    this.droppedUpTo = Math.max(this.droppedUpTo, (list[n - 1] as Recorded).t);
    list.splice(0, n);
  }
}

/** Replays session events in order and returns the final state. */
export function replayEvents(events: readonly SessionEvent[]): ReplayResult {
  const r = new Replayer();
  events.forEach((ev, index) => r.feed(ev, index));
  return r.result();
}

export function replayToDump(events: readonly SessionEvent[]): StateDump {
  const { state, stats } = replayEvents(events);
  return toDump(state, stats);
}
