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
  private readonly stats: ReplayStats = { framesApplied: 0, framesRejected: 0, resyncs: 0 };
  private readonly rejections: ReplayResult['rejections'] = [];
  private readonly seq = new SeqTracker();
  /** Deltas per topic, kept for re-application on top of a later REST snapshot. */
  private readonly history = new Map<PrivateTopic, Recorded[]>();
  private fed = 0;

  /** How many events were fed. */
  get count(): number {
    return this.fed;
  }

  /** Applies the next event (its `index` in the file names it in rejections). */
  feed(ev: SessionEvent, index = this.fed): void {
    this.fed++;
    switch (ev.kind) {
      case 'open':
        if (ev.stream === 'private') this.seq.reset();
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

  result(): ReplayResult {
    return { state: this.state, stats: { ...this.stats }, rejections: [...this.rejections] };
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
      }
    } else if (frame.kind === 'data') {
      this.reject(index, 'private topic on the public stream');
    }
  }

  private rest(ev: Extract<SessionEvent, { kind: 'rest' }>, index: number): void {
    const topic = topicForSnapshotPath(ev.path);
    if (!topic || ev.method.toUpperCase() !== 'GET') return;
    if (ev.status < 200 || ev.status > 299) {
      this.rejections.push({ index, reason: `snapshot ${ev.path} answered HTTP ${ev.status}` });
      return;
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
    this.rejections.push({ index, reason });
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
