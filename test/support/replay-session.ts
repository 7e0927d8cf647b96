/**
 * `replaySession(file, { speed })`: plays a recorded session (PROTOCOL.md section 6) to the REAL
 * client — the connection machines of machines/ and the ingest of src/pipeline/ingest.ts — on
 * mock-socket and fake timers, and returns the state the client ended with (as a state dump) and
 * the frames it sent, per stream. A regression test in a few lines:
 *
 *   const r = await replaySession('test/sessions/reconnect_session.jsonl');
 *   expect(r.dump.wallets.USDT?.walletBalanceE8).toBe('…');
 *
 * The scripted server answers the client's own auth, subscribe and ping ops (recorded answers are
 * not replayed), sends every recorded data frame at its time, closes the client's socket where the
 * recording closed, and answers the client's snapshot requests with the recorded `rest` lines
 * (through an injected fetchSnapshot). A recorded frame waits until the client is live again on
 * its stream (after a replayed close the client reconnects with its own backoff): the rest of the
 * timeline moves by that wait, so the client sees the recorded spacing.
 */
import { readFileSync } from 'node:fs';
import { createStore } from 'jotai';
import { Server, WebSocket as MockWebSocket, type Client } from 'mock-socket';
import { vi } from 'vitest';
import { manualEnvironment } from '@machines/connection-environment';
import { createConnection, type ConnectionActor } from '@machines/connection.machine';
import type { ConnectionTimings, WebSocketConstructor } from '@machines/connection.types';
import { timeline, topicsOf, streamsOf } from '@server/replay/timeline';
import { createStreamAtoms, type IngestStats } from '@src/state/atoms/stream';
import { toDump, type StateDump } from '@src/state/dump';
import { phaseOf } from '@src/pipeline/connection-status';
import { Ingest } from '@src/pipeline/ingest';
import type { PrivateTopic, RestEnvelope, StreamName } from '@src/wire/protocol';
import { parseSession } from '@src/wire/session-file';

export interface ReplaySessionOptions {
  /** Playback speed: recorded times are divided by it. Default 1. */
  speed?: number;
  /** Connection timings for both machines (e.g. a shorter backoff). */
  timings?: Partial<ConnectionTimings>;
  /** How long (fake ms) a frame may wait for the client to be live, or an answer for its request. */
  patienceMs?: number;
}

export interface ReplaySessionResult {
  /** The ingest's final state as the state dump of PROTOCOL.md section 7 (stats: the ingest's). */
  dump: StateDump;
  /** Every frame the client sent, per stream, in order (real tokens: never write them out). */
  sent: Record<StreamName, string[]>;
  /** The same, per connection. */
  connections: Record<StreamName, string[][]>;
  stats: IngestStats;
  /** Snapshot requests the client made, per topic. */
  requests: Partial<Record<PrivateTopic, number>>;
}

let serial = 0;

/** The server side of one stream: answers ops as PROTOCOL.md says, records what the client sent. */
class ScriptedStream {
  readonly server: Server;
  readonly url: string;
  readonly sent: string[] = [];
  readonly connections: string[][] = [];
  current: Client | null = null;

  constructor(readonly stream: StreamName) {
    this.url = `ws://replay.test/${++serial}/${stream}`;
    this.server = new Server(this.url);
    this.server.on('connection', (socket) => {
      this.current = socket;
      const mine: string[] = [];
      this.connections.push(mine);
      socket.on('message', (data) => {
        const text = String(data);
        this.sent.push(text);
        mine.push(text);
        this.answer(socket, text);
      });
      socket.on('close', () => {
        if (this.current === socket) this.current = null;
      });
    });
  }

  private answer(socket: Client, text: string): void {
    let op: { req_id?: string; op?: string };
    try {
      op = JSON.parse(text) as typeof op;
    } catch {
      return;
    }
    const conn_id = `replay-${this.stream}-${this.connections.length}`;
    const reply = (o: object) => socket.send(JSON.stringify(o));
    if (op.op === 'ping' && this.stream === 'private') {
      reply({ req_id: op.req_id, op: 'pong', args: [String(Date.now())], conn_id });
    } else if (op.op === 'ping') {
      reply({ success: true, ret_msg: 'pong', conn_id, req_id: op.req_id, op: 'ping' });
    } else if (op.op) {
      reply({ success: true, ret_msg: '', op: op.op, conn_id, req_id: op.req_id });
    }
  }

  closeClient(code: number, reason: string): void {
    const s = this.current;
    if (!s) return;
    this.current = null;
    s.close({ code, reason, wasClean: code !== 1006 });
  }

  stop(): void {
    this.server.stop();
  }
}

type Pending = { resolve: (env: RestEnvelope<unknown>) => void; reject: (err: unknown) => void };

/** Replays `file` through the real connection machines and ingest; see the file comment. */
export async function replaySession(
  file: string,
  opts: ReplaySessionOptions = {},
): Promise<ReplaySessionResult> {
  const { events } = parseSession(readFileSync(file, 'utf8'));
  const speed = opts.speed ?? 1;
  if (!(speed > 0)) throw new RangeError(`speed ${speed}: expected a positive number`);
  const patience = opts.patienceMs ?? 60_000;
  const fake = vi.isFakeTimers();
  if (!fake) vi.useFakeTimers();
  const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

  const wanted = topicsOf(events);
  const streams = streamsOf(events);
  const servers = { public: new ScriptedStream('public'), private: new ScriptedStream('private') };
  const pending = new Map<PrivateTopic, Pending[]>();
  const requests: Partial<Record<PrivateTopic, number>> = {};
  const store = createStore();
  const atoms = createStreamAtoms();
  const ingest = new Ingest({
    store,
    atoms,
    // Answered from the session's rest lines when the playback reaches them.
    fetchSnapshot: (topic) =>
      new Promise((resolve, reject) => {
        requests[topic] = (requests[topic] ?? 0) + 1;
        const list = pending.get(topic) ?? [];
        list.push({ resolve, reject });
        pending.set(topic, list);
      }),
    seeder: { random: () => 1 },
  });
  let tokens = 0;
  const actors: Partial<Record<StreamName, ConnectionActor>> = {};
  try {
    for (const stream of streams) {
      actors[stream] = createConnection({
        stream,
        url: servers[stream].url,
        sink: ingest,
        topics: wanted[stream],
        WebSocketImpl: MockWebSocket as unknown as WebSocketConstructor,
        env: manualEnvironment(),
        random: () => 0.5,
        ...(opts.timings ? { timings: opts.timings } : {}),
        ...(stream === 'private' ? { getToken: async () => `replay-token-${++tokens}` } : {}),
      });
    }
    const live = (stream: StreamName) => {
      const a = actors[stream];
      const phase = a ? phaseOf(a.getSnapshot()) : 'idle';
      return servers[stream].current !== null && (phase === 'live' || phase === 'stale');
    };
    const start = Date.now();
    let lag = 0;
    /** Waits (fake time) until `ready`; the wait delays the rest of the timeline. */
    const waitFor = async (ready: () => boolean): Promise<boolean> => {
      const from = Date.now();
      while (!ready()) {
        if (Date.now() - from > patience) {
          lag += Date.now() - from;
          return false;
        }
        await advance(5);
      }
      lag += Date.now() - from;
      return true;
    };

    for (const cue of timeline(events)) {
      const due = start + cue.event.t / speed + lag;
      if (due > Date.now()) await advance(due - Date.now());
      const ev = cue.event;
      if (cue.kind === 'frame' && ev.kind === 'recv') {
        if (!(await waitFor(() => live(ev.stream)))) {
          throw new Error(`event ${cue.index + 2}: the client never came back on ${ev.stream}`);
        }
        servers[ev.stream].current?.send(ev.frame);
      } else if (cue.kind === 'close' && ev.kind === 'close') {
        servers[ev.stream].closeClient(ev.code, ev.reason);
      } else if (cue.kind === 'rest' && ev.kind === 'rest') {
        const topic = cue.topic as PrivateTopic;
        // The client asks after it subscribed or saw a gap; a recorded answer nobody asked for
        // (another client's request) is skipped.
        if (!(await waitFor(() => (pending.get(topic)?.length ?? 0) > 0))) continue;
        const asked = pending.get(topic) ?? [];
        pending.set(topic, []);
        // Older requests timed out in the seeder and were retried: only the last one counts.
        const req = asked[asked.length - 1] as Pending;
        let body: unknown;
        try {
          body = JSON.parse(ev.body);
        } catch {
          body = undefined;
        }
        if (ev.status >= 200 && ev.status <= 299 && typeof body === 'object' && body !== null) {
          req.resolve(body as RestEnvelope<unknown>);
        } else req.reject(new Error(`HTTP ${ev.status}`));
      }
    }
    await advance(50);
    ingest.flush();
    const stats = { ...ingest.getStats() };
    const dump = toDump(ingest.peek(), {
      framesApplied: stats.framesApplied,
      framesRejected: stats.framesRejected,
      resyncs: stats.resyncs,
    });
    return {
      dump: JSON.parse(JSON.stringify(dump)) as StateDump,
      sent: { public: [...servers.public.sent], private: [...servers.private.sent] },
      connections: {
        public: servers.public.connections.map((c) => [...c]),
        private: servers.private.connections.map((c) => [...c]),
      },
      stats,
      requests,
    };
  } finally {
    for (const a of Object.values(actors)) {
      a.send({ type: 'STOP' });
      a.stop();
    }
    ingest.reset();
    servers.public.stop();
    servers.private.stop();
    if (!fake) vi.useRealTimers();
  }
}
