/**
 * Live snapshot seeding of the private topics (PROTOCOL.md sections 4 and 6). After every
 * (re)subscribe, and after a seq gap, each topic is fetched from its REST endpoint. Deltas that
 * arrive while the request is in flight are queued; the ingest replaces the topic by the snapshot
 * and applies the queue on top with `absentBefore` = the response's time_now. One request per
 * topic at a time: re-seeds asked for meanwhile are coalesced into one follow-up request. A failed
 * request (network, HTTP, ret_code, bad body, timeout) is retried with backoff, forever, until the
 * topic is seeded or the seeder stopped; the deltas queued meanwhile were applied live already and
 * are simply not re-applied (never lost).
 */
import { equalJitterDelay } from '../../machines/backoff';
import { timeNowToMicros } from '../lib/intstr';
import { isNoPermission } from '../api/errors';
import { type PrivateTopic, type RestEnvelope, type TopicEntity } from '../wire/protocol';
import { decodeSnapshotResult } from '../wire/snapshot';
import { ValidationError } from '../wire/validate';

/**
 * Fetches a topic's REST snapshot. `signal` aborts it when the seeder gives up on it (timeout,
 * stop, cancel): a request nobody waits for must not keep a connection busy.
 */
export type FetchSnapshot = (
  topic: PrivateTopic,
  signal?: AbortSignal,
) => Promise<RestEnvelope<unknown>>;

type Items = readonly TopicEntity[PrivateTopic][];

/** A stream frame received while a snapshot request was in flight (already applied live). */
type QueuedFrame =
  { kind: 'delta'; items: Items } | { kind: 'snapshot'; items: Items; atMicros: string };

export interface SeedResult {
  topic: PrivateTopic;
  items: Items;
  /** time_now of the response in µs, if it had one. */
  atMicros: string | undefined;
  /** The stream frames received while the request was in flight, in arrival order. */
  queued: readonly QueuedFrame[];
}

export interface SeedFailure {
  topic: PrivateTopic;
  reason: string;
  /** The body arrived but failed validation (counted as a rejected frame). */
  badBody: boolean;
  /** When the retry is due (ms on the seeder's clock); undefined: no retry (no permission). */
  retryAt: number | undefined;
}

interface SeederHooks {
  requested(topic: PrivateTopic): void;
  seeded(result: SeedResult): void;
  failed(failure: SeedFailure): void;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The global timers, looked up at call time so that test fake timers apply. */
export const globalTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface SeederOptions {
  fetchSnapshot: FetchSnapshot;
  hooks: SeederHooks;
  now?: () => number;
  /** [0, 1): jitter source. */
  random?: () => number;
  timers?: Timers;
  /** First retry delay; doubles per failure up to maxDelayMs, with jitter in [½, 1]. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A request with no answer after this long counts as failed (its late answer is ignored). */
  timeoutMs?: number;
}

interface TopicSeed {
  /** Id of the request in flight, 0 when none. */
  inFlight: number;
  /** A re-seed was asked for while a request was in flight. */
  again: boolean;
  queue: QueuedFrame[];
  failures: number;
  retry: unknown;
  timeout: unknown;
  /** Aborts the request in flight. */
  abort: AbortController | undefined;
}

function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

export class Seeder {
  private readonly seeds = new Map<PrivateTopic, TopicSeed>();
  private nextId = 1;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly timers: Timers;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly timeoutMs: number;

  constructor(private readonly opts: SeederOptions) {
    this.now = opts.now ?? Date.now;
    this.random = opts.random ?? Math.random;
    this.timers = opts.timers ?? globalTimers;
    this.baseDelayMs = opts.baseDelayMs ?? 1_000;
    this.maxDelayMs = opts.maxDelayMs ?? 30_000;
    this.timeoutMs = opts.timeoutMs ?? 15_000;
  }

  /** Seeds `topic` now, or once more after the request in flight (coalesced). */
  seed(topic: PrivateTopic): void {
    const s = this.entry(topic);
    if (s.inFlight) {
      s.again = true;
      return;
    }
    this.start(topic, s);
  }

  /** A delta of `topic` arrived (and was applied): queue it if a snapshot is in flight. */
  noteDelta(topic: PrivateTopic, items: Items): void {
    const s = this.seeds.get(topic);
    if (s?.inFlight) s.queue.push({ kind: 'delta', items });
  }

  /**
   * A snapshot frame of `topic` arrived on the stream (and was applied): queued like a delta, so
   * the REST answer, which may be older, does not overwrite it.
   */
  noteSnapshot(topic: PrivateTopic, items: Items, atMicros: string): void {
    const s = this.seeds.get(topic);
    if (s?.inFlight) s.queue.push({ kind: 'snapshot', items, atMicros });
  }

  inFlight(topic: PrivateTopic): boolean {
    return (this.seeds.get(topic)?.inFlight ?? 0) !== 0;
  }

  /** Forgets `topic`: its answer still in flight is ignored, its retry cancelled. */
  cancel(topic: PrivateTopic): void {
    const s = this.seeds.get(topic);
    if (!s) return;
    this.clearTimers(s);
    this.seeds.delete(topic);
  }

  /** Forgets every topic: answers still in flight are ignored, retries cancelled. */
  stop(): void {
    for (const s of this.seeds.values()) this.clearTimers(s);
    this.seeds.clear();
  }

  private entry(topic: PrivateTopic): TopicSeed {
    let s = this.seeds.get(topic);
    if (!s) {
      s = {
        inFlight: 0,
        again: false,
        queue: [],
        failures: 0,
        retry: undefined,
        timeout: undefined,
        abort: undefined,
      };
      this.seeds.set(topic, s);
    }
    return s;
  }

  /** Cancels the retry and timeout timers and aborts the request in flight, if any. */
  private clearTimers(s: TopicSeed): void {
    if (s.retry !== undefined) this.timers.clearTimeout(s.retry);
    if (s.timeout !== undefined) this.timers.clearTimeout(s.timeout);
    s.retry = undefined;
    s.timeout = undefined;
    const abort = s.abort;
    s.abort = undefined;
    abort?.abort();
  }

  private start(topic: PrivateTopic, s: TopicSeed): void {
    this.clearTimers(s);
    const id = this.nextId++;
    s.inFlight = id;
    s.again = false;
    s.queue = [];
    this.opts.hooks.requested(topic);
    s.timeout = this.timers.setTimeout(() => {
      if (this.current(topic, s, id)) {
        this.fail(topic, s, `no answer within ${this.timeoutMs} ms`, false, false);
      }
    }, this.timeoutMs);
    const abort = new AbortController();
    s.abort = abort;
    let request: Promise<RestEnvelope<unknown>>;
    try {
      request = this.opts.fetchSnapshot(topic, abort.signal);
    } catch (err) {
      request = Promise.reject(err);
    }
    request.then(
      (env) => {
        if (!this.current(topic, s, id)) return;
        try {
          this.settle(topic, s, env);
        } catch (err) {
          // A bug in decoding or applying must not leave the topic waiting for the timeout,
          // nor escape as an unhandled rejection: it is a failed request, retried.
          const mine = this.seeds.get(topic) === s && (s.inFlight === id || s.inFlight === 0);
          if (mine) this.fail(topic, s, `snapshot not applied: ${messageOf(err)}`, false, false);
        }
      },
      (err: unknown) => {
        if (this.current(topic, s, id)) {
          this.fail(topic, s, messageOf(err), false, isNoPermission(err));
        }
      },
    );
  }

  private current(topic: PrivateTopic, s: TopicSeed, id: number): boolean {
    return this.seeds.get(topic) === s && s.inFlight === id;
  }

  private settle(topic: PrivateTopic, s: TopicSeed, env: RestEnvelope<unknown>): void {
    if (typeof env !== 'object' || env === null) {
      this.fail(topic, s, 'body is not a response envelope', true, false);
      return;
    }
    if (env.ret_code !== 0) {
      const msg = `ret_code ${JSON.stringify(env.ret_code)}: ${String(env.ret_msg ?? '')}`;
      this.fail(topic, s, msg, false, isNoPermission(env));
      return;
    }
    let items: Items;
    try {
      items = decodeSnapshotResult(topic, env.result);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      this.fail(topic, s, `bad snapshot body: ${err.message}`, true, false);
      return;
    }
    const queued = s.queue;
    s.abort = undefined; // answered: nothing to abort
    this.clearTimers(s);
    s.inFlight = 0;
    s.queue = [];
    s.failures = 0;
    const again = s.again;
    this.opts.hooks.seeded({ topic, items, atMicros: timeNowToMicros(env.time_now), queued });
    // A gap or a new subscription while this request was in flight: its answer may predate it.
    if (again && this.seeds.get(topic) === s) this.start(topic, s);
  }

  private fail(
    topic: PrivateTopic,
    s: TopicSeed,
    reason: string,
    badBody: boolean,
    noPermission: boolean,
  ): void {
    this.clearTimers(s);
    s.inFlight = 0;
    s.again = false;
    s.queue = [];
    s.failures++;
    // No permission will not heal by retrying: the session is gone and the app signs out.
    let retryAt: number | undefined;
    if (!noPermission) {
      const delay = equalJitterDelay(s.failures, this.random, this.baseDelayMs, this.maxDelayMs);
      retryAt = this.now() + delay;
      s.retry = this.timers.setTimeout(() => {
        s.retry = undefined;
        if (this.seeds.get(topic) === s && !s.inFlight) this.start(topic, s);
      }, delay);
    }
    this.opts.hooks.failed({ topic, reason, badBody, retryAt });
  }
}
