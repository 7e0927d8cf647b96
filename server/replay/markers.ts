/**
 * The events an operator wants to see along the timeline of `replay --serve` (the scrubber of
 * `/__replay`): connects, closes and reconnects, seq gaps and the re-seeds after them, REST
 * snapshots, refused topics and malformed frames. Computed once from the session with the
 * project's own decoder and seq rules (src/wire/decode.ts, src/pipeline/seq.ts).
 */
import { decodeFrame } from '../../src/wire/decode';
import { SeqTracker } from '../../src/pipeline/seq';
import { decodeSnapshotBody } from '../../src/wire/snapshot';
import { topicForSnapshotPath, type PrivateTopic } from '../../src/wire/protocol';
import type { SessionEvent } from '../../src/wire/session-file';

type MarkerKind =
  'connect' | 'reconnect' | 'close' | 'gap' | 'snapshot' | 'reseed' | 'refused' | 'malformed';

export interface Marker {
  kind: MarkerKind;
  /** The event's line in the file (seeking to `line:N` shows the state right after it). */
  line: number;
  t: number;
  /** What happened, in plain words. */
  text: string;
}

/** At most this many markers are listed (a long session keeps the first ones). */
const MAX_MARKERS = 5_000;

export function markersOf(events: readonly SessionEvent[]): { markers: Marker[]; more: number } {
  const markers: Marker[] = [];
  let more = 0;
  const add = (kind: MarkerKind, i: number, text: string) => {
    if (markers.length >= MAX_MARKERS) {
      more++;
      return;
    }
    markers.push({ kind, line: i + 2, t: (events[i] as SessionEvent).t, text });
  };
  const seq = new SeqTracker();
  const closed = { public: false, private: false };
  const gapped = new Set<PrivateTopic>();
  events.forEach((ev, i) => {
    switch (ev.kind) {
      case 'open':
        if (ev.stream === 'private') seq.reset();
        add(
          closed[ev.stream] ? 'reconnect' : 'connect',
          i,
          `${ev.stream} stream ${closed[ev.stream] ? 'reconnects' : 'connects'}`,
        );
        return;
      case 'close':
        closed[ev.stream] = true;
        add(
          'close',
          i,
          `${ev.stream} stream closed ${ev.code}${ev.reason ? ` (${ev.reason.slice(0, 60)})` : ''}`,
        );
        return;
      case 'rest': {
        const topic = topicForSnapshotPath(ev.path);
        if (!topic || ev.method.toUpperCase() !== 'GET') return;
        if (ev.status < 200 || ev.status > 299) {
          add('refused', i, `${topic} snapshot answered HTTP ${ev.status}`);
          return;
        }
        if (!decodeSnapshotBody(topic, ev.body).ok) {
          add('malformed', i, `${topic} snapshot could not be read`);
          return;
        }
        const reseed = gapped.delete(topic);
        add(reseed ? 'reseed' : 'snapshot', i, `${topic} ${reseed ? 're-seeded' : 'snapshot'}`);
        return;
      }
      case 'recv': {
        const f = decodeFrame(ev.stream, ev.frame);
        if (f.kind === 'invalid') {
          add('malformed', i, `malformed ${ev.stream} frame: ${f.reason.slice(0, 80)}`);
        } else if (f.kind === 'response') {
          if (!f.success && (f.op === 'subscribe' || f.op === 'auth')) {
            add('refused', i, `${f.op} refused: ${f.retMsg.slice(0, 80) || 'no reason'}`);
          }
        } else if (f.kind === 'data' && ev.stream === 'private') {
          const prev = seq.lastSeq(f.topic);
          if (seq.observe(f.topic, f.seq) === 'gap') {
            gapped.add(f.topic);
            add('gap', i, `${f.topic} seq gap: ${f.seq} after ${prev}`);
          }
        }
        return;
      }
      default:
        return;
    }
  });
  return { markers, more };
}
