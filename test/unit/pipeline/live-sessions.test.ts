/**
 * The recorded sessions, played through the LIVE pipeline (the ingest with its seeder, batching
 * and store writes) instead of the replay loop: both must reach the recorded dump. Snapshot
 * requests are issued at the session's `sent` times and answered by its `rest` lines, so the
 * queue windows are those of the recording.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toDump } from '@src/state/dump';
import { decodeFrame } from '@src/wire/decode';
import { topicForSnapshotPath, type PrivateTopic } from '@src/wire/protocol';
import { parseSession, type SessionEvent } from '@src/wire/session-file';
import { settle, setup } from './harness';

const DIRS = [join(__dirname, '../../sessions'), join(__dirname, '../../../../shared/sessions')];
const found = DIRS.filter(existsSync).flatMap((dir) =>
  readdirSync(dir)
    .filter(
      (f) => f.endsWith('.jsonl') && existsSync(join(dir, f.replace(/\.jsonl$/, '.state.json'))),
    )
    .map((f) => ({ dir, name: f.replace(/\.jsonl$/, '') })),
);
// The shared examples are also vendored into test/sessions: play each name once.
const sessions = found.filter((s, i) => found.findIndex((o) => o.name === s.name) === i);

type Step = SessionEvent | { t: number; kind: 'request'; topic: PrivateTopic };

/** The events, with a request step before the first event at or after each rest's `sent`. */
function timeline(events: readonly SessionEvent[]): Step[] {
  const requests: Step[] = [];
  for (const ev of events) {
    if (ev.kind !== 'rest' || ev.method.toUpperCase() !== 'GET') continue;
    const topic = topicForSnapshotPath(ev.path);
    if (topic) requests.push({ t: ev.sent, kind: 'request', topic });
  }
  requests.sort((a, b) => a.t - b.t);
  const out: Step[] = [];
  let r = 0;
  for (const ev of events) {
    while (r < requests.length && (requests[r] as Step).t <= ev.t) out.push(requests[r++] as Step);
    out.push(ev);
  }
  return out.concat(requests.slice(r));
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('recorded sessions through the live ingest', () => {
  it('finds sessions', () => {
    expect(sessions.length).toBeGreaterThanOrEqual(2);
  });

  for (const { dir, name } of sessions) {
    it(`${name}: reaches the recorded state`, async () => {
      const { events } = parseSession(readFileSync(join(dir, `${name}.jsonl`), 'utf8'));
      const expected = JSON.parse(readFileSync(join(dir, `${name}.state.json`), 'utf8')) as Record<
        string,
        unknown
      >;
      const h = setup();
      const inFlight = new Set<PrivateTopic>();
      for (const step of timeline(events)) {
        if (step.kind === 'request') {
          if (!inFlight.has(step.topic)) h.ingest.reseed(step.topic);
          inFlight.add(step.topic);
        } else if (step.kind === 'recv') {
          const f = decodeFrame(step.stream, step.frame);
          if (f.kind === 'invalid') h.ingest.invalid(step.stream, f.reason);
          else if (f.kind === 'response') {
            if (f.op === 'subscribe' && f.success) h.ingest.subscribed(step.stream, [], f.connId);
          } else h.ingest.data(step.stream, f);
        } else if (step.kind === 'close') {
          h.ingest.disconnected(step.stream);
        } else if (step.kind === 'rest') {
          const topic = topicForSnapshotPath(step.path);
          if (!topic || step.method.toUpperCase() !== 'GET') continue;
          const req = h.request(topic);
          inFlight.delete(topic);
          let body: unknown;
          try {
            body = JSON.parse(step.body);
          } catch {
            body = undefined;
          }
          if (step.status >= 200 && step.status <= 299 && body !== undefined)
            req.resolve(body as never);
          else req.reject(new Error(`HTTP ${step.status}`));
          await settle();
        }
        if (step.kind !== 'request' && step.t % 7 === 0) h.sched.tick(); // flush at odd moments
      }
      h.ingest.flush();
      const stats = h.ingest.getStats();
      const dump = toDump(h.store.get(h.atoms.streamStateAtom), {
        framesApplied: stats.framesApplied,
        framesRejected: stats.framesRejected,
        resyncs: stats.resyncs,
      });
      const { stats: expectedStats, ...entities } = expected;
      const { stats: ourStats, ...ours } = JSON.parse(JSON.stringify(dump)) as typeof expected;
      expect(ours).toEqual(entities);
      expect(ourStats).toEqual(expectedStats);
      h.ingest.reset();
    });
  }
});
