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
import { decodePrivate, decodePublic } from './decode';
import { topicForSnapshotPath, type PrivateDataFrame, type PrivateTopic } from './protocol';
import type { SessionEvent } from './session-file';
import { SeqTracker } from './seq';
import { decodeSnapshotBody } from './snapshot';

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

/** Replays session events in order and returns the final state. */
export function replayEvents(events: readonly SessionEvent[]): ReplayResult {
  let state = initialStreamState();
  const stats: ReplayStats = { framesApplied: 0, framesRejected: 0, resyncs: 0 };
  const rejections: ReplayResult['rejections'] = [];
  const seq = new SeqTracker();
  // Deltas per topic, kept for re-application on top of a later REST snapshot.
  const history = new Map<PrivateTopic, Recorded[]>();

  events.forEach((ev, index) => {
    switch (ev.kind) {
      case 'open':
        if (ev.stream === 'private') seq.reset();
        return;
      case 'recv': {
        const frame = ev.stream === 'private' ? decodePrivate(ev.frame) : decodePublic(ev.frame);
        if (frame.kind === 'invalid') {
          stats.framesRejected++;
          rejections.push({ index, reason: frame.reason });
        } else if (frame.kind === 'ticker') {
          stats.framesApplied++;
          state = applyTickers(state, [frame]);
        } else if (frame.kind === 'data' && ev.stream === 'private') {
          stats.framesApplied++;
          if (seq.observe(frame.topic, frame.seq) === 'gap') stats.resyncs++;
          state = applyPrivateFrame(state, frame);
          if (frame.type === 'delta') {
            let list = history.get(frame.topic);
            if (!list) history.set(frame.topic, (list = []));
            list.push({ t: ev.t, frame });
          }
        } else if (frame.kind === 'data') {
          stats.framesRejected++;
          rejections.push({ index, reason: 'private topic on the public stream' });
        }
        return;
      }
      case 'rest': {
        const topic = topicForSnapshotPath(ev.path);
        if (!topic || ev.method.toUpperCase() !== 'GET') return;
        if (ev.status < 200 || ev.status > 299) {
          rejections.push({ index, reason: `snapshot ${ev.path} answered HTTP ${ev.status}` });
          return;
        }
        const body = decodeSnapshotBody(topic, ev.body);
        if (!body.ok) {
          stats.framesRejected++;
          rejections.push({ index, reason: `snapshot ${ev.path}: ${body.reason}` });
          return;
        }
        state = applySnapshot(state, topic, body.items as never, body.atMicros);
        const opts = body.atMicros === undefined ? undefined : { absentBefore: body.atMicros };
        for (const r of history.get(topic) ?? []) {
          if (r.t >= ev.sent && r.t <= ev.t)
            state = applyItems(state, topic, r.frame.items as never, opts);
        }
        return;
      }
      default:
        return;
    }
  });
  return { state, stats, rejections };
}

export function replayToDump(events: readonly SessionEvent[]): StateDump {
  const { state, stats } = replayEvents(events);
  return toDump(state, stats);
}
