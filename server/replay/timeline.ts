/**
 * What a recorded session holds for a replay that a real client connects to (the `--serve`
 * server and the test helper): which events a server plays to the client (data frames, closes,
 * snapshot answers) and which it does not (the client's own frames, recorded op answers, and the
 * normal close that ended the recording). Recorded acks are never played blindly: the replaying
 * server answers the client's own ops.
 */
import { decodeFrame } from '../../src/wire/decode';
import {
  isPrivateTopic,
  PRIVATE_TOPICS,
  topicForSnapshotPath,
  type PrivateTopic,
  type StreamName,
} from '../../src/wire/protocol';
import type { SessionEvent } from '../../src/wire/session-file';

type CueKind =
  /** A received frame to send to the client as recorded (data, tickers, malformed ones too). */
  | 'frame'
  /** The server closed the connection (or it dropped): close the client's socket. */
  | 'close'
  /** A REST snapshot answer (GET of a snapshot path). */
  | 'rest'
  /** Nothing to play: the client's own open/send, an op answer, other REST, the final close. */
  | 'quiet';

export interface Cue {
  readonly index: number;
  readonly event: SessionEvent;
  readonly kind: CueKind;
  /** frame: the topic when the frame names one; rest: the private topic it seeds. */
  readonly topic?: string;
  /**
   * A valid private data frame: the earliest `updatedAtE3` of its items (ms). A recorded frame
   * arrives after its stamp (at `t`, up to a tick later), so a snapshot of the state before it
   * must not claim a later time (world.ts `snapshotTime`).
   */
  readonly stamp?: number;
}

/** Codes a client uses to end a connection normally: at a stream's end they are not incidents. */
const NORMAL_END = new Set([1000, 1001, 1005]);

function frameTopic(
  stream: StreamName,
  text: string,
): { ack: boolean; topic?: string; stamp?: number } {
  const f = decodeFrame(stream, text);
  if (f.kind === 'response') return { ack: true };
  if (f.kind === 'ticker') return { ack: false, topic: f.topic };
  if (f.kind === 'data') {
    let stamp = Infinity;
    for (const item of f.items) stamp = Math.min(stamp, Number(item.updatedAtE3));
    return { ack: false, topic: f.topic, ...(stamp < Infinity ? { stamp } : {}) };
  }
  try {
    const o = JSON.parse(text) as { topic?: unknown };
    return { ack: false, ...(typeof o?.topic === 'string' ? { topic: o.topic } : {}) };
  } catch {
    return { ack: false };
  }
}

/** Classifies every event of a session (same order, same indexes). */
export function timeline(events: readonly SessionEvent[]): Cue[] {
  const lastOf: Partial<Record<StreamName, number>> = {};
  events.forEach((e, i) => {
    if (e.kind !== 'rest') lastOf[e.stream] = i;
  });
  return events.map((event, index): Cue => {
    switch (event.kind) {
      case 'recv': {
        const { ack, topic, stamp } = frameTopic(event.stream, event.frame);
        if (ack) return { index, event, kind: 'quiet' };
        return {
          index,
          event,
          kind: 'frame',
          ...(topic !== undefined ? { topic } : {}),
          ...(stamp !== undefined ? { stamp } : {}),
        };
      }
      case 'close': {
        const end = lastOf[event.stream] === index && NORMAL_END.has(event.code);
        return { index, event, kind: end ? 'quiet' : 'close' };
      }
      case 'rest': {
        const topic = topicForSnapshotPath(event.path);
        if (!topic || event.method.toUpperCase() !== 'GET') return { index, event, kind: 'quiet' };
        return { index, event, kind: 'rest', topic };
      }
      default:
        return { index, event, kind: 'quiet' };
    }
  });
}

const TICKER_TOPIC = /^tickers\.[A-Za-z0-9_-]+$/;

/** The topics a client replaying the session wants, per stream (what it subscribed or got). */
export function topicsOf(events: readonly SessionEvent[]): Record<StreamName, string[]> {
  const pub = new Set<string>();
  const priv = new Set<PrivateTopic>();
  for (const e of events) {
    if (e.kind === 'send') {
      try {
        const op = JSON.parse(e.frame) as { op?: unknown; args?: unknown };
        if (op.op === 'subscribe' && Array.isArray(op.args)) {
          for (const a of op.args) {
            if (typeof a !== 'string') continue;
            if (e.stream === 'private' && isPrivateTopic(a)) priv.add(a);
            if (e.stream === 'public' && TICKER_TOPIC.test(a)) pub.add(a);
          }
        }
      } catch {
        // a malformed client frame subscribes nothing
      }
    } else if (e.kind === 'recv') {
      const { ack, topic } = frameTopic(e.stream, e.frame);
      if (ack || topic === undefined) continue;
      if (e.stream === 'private' && isPrivateTopic(topic)) priv.add(topic);
      if (e.stream === 'public' && TICKER_TOPIC.test(topic)) pub.add(topic);
    } else if (e.kind === 'rest') {
      const topic = topicForSnapshotPath(e.path);
      if (topic) priv.add(topic);
    }
  }
  return {
    public: [...pub].sort(),
    private: PRIVATE_TOPICS.filter((t) => priv.has(t)),
  };
}

/** The streams the session recorded anything of. */
export function streamsOf(events: readonly SessionEvent[]): StreamName[] {
  const s = new Set<StreamName>();
  for (const e of events) {
    if (e.kind === 'rest') s.add('private');
    else s.add(e.stream);
  }
  return (['public', 'private'] as const).filter((x) => s.has(x));
}

/** The session's user is a leader: it received leader data (frames or a non-empty snapshot). */
export function isLeaderSession(events: readonly SessionEvent[]): boolean {
  const leaderTopic = (t: string | undefined) =>
    t === 'copytrade.leaderWallet' || t === 'copytrade.leaderIncome';
  for (const c of timeline(events)) {
    if (c.kind === 'frame' && leaderTopic(c.topic)) return true;
    if (c.kind === 'rest' && leaderTopic(c.topic) && c.event.kind === 'rest') {
      try {
        const body = JSON.parse(c.event.body) as { ret_code?: unknown; result?: unknown };
        if (body.ret_code === 0 && body.result !== null && body.result !== undefined) return true;
      } catch {
        // an unreadable body says nothing
      }
    }
  }
  return false;
}
