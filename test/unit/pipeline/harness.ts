/**
 * An ingest wired to a fresh Jotai store, a hand-cranked scheduler and a controllable
 * fetchSnapshot, plus a `feed` that decodes wire text the way the connection machine does.
 */
import { createStore } from 'jotai';
import { vi } from 'vitest';
import { createStreamAtoms } from '@src/state/atoms/stream';
import { decodeFrame } from '@src/wire/decode';
import { Ingest, type IngestOptions } from '@src/pipeline/ingest';
import type { Scheduler } from '@src/pipeline/schedulers';
import type { PrivateTopic, RestEnvelope, StreamName } from '@src/wire/protocol';

export interface Pending {
  topic: PrivateTopic;
  resolve(env: RestEnvelope<unknown>): void;
  reject(err: unknown): void;
}

/** A scheduler that runs only when told to. */
export function manualScheduler() {
  let queue: { run: () => void; live: boolean }[] = [];
  const scheduler: Scheduler = (run) => {
    const entry = { run, live: true };
    queue.push(entry);
    return () => {
      entry.live = false;
    };
  };
  return {
    scheduler,
    /** Runs the scheduled flushes; returns how many were pending. */
    tick(): number {
      const runs = queue.filter((e) => e.live);
      queue = [];
      for (const e of runs) e.run();
      return runs.length;
    },
    /** Scheduled runs not cancelled. */
    get pending() {
      return queue.filter((e) => e.live).length;
    },
  };
}

export const envelope = (
  result: unknown,
  timeNow = '1732150000.010000',
): RestEnvelope<unknown> => ({
  ret_code: 0,
  ret_msg: 'OK',
  result,
  ext_code: '',
  ext_info: null,
  time_now: timeNow,
});

export function setup(over: Partial<IngestOptions> = {}) {
  const store = createStore();
  const atoms = createStreamAtoms();
  const clock = { now: 1_000_000 };
  const sched = manualScheduler();
  const requests: Pending[] = [];
  const fetchSnapshot = vi.fn(
    (topic: PrivateTopic, _signal?: AbortSignal) =>
      new Promise<RestEnvelope<unknown>>((resolve, reject) => {
        requests.push({ topic, resolve, reject });
      }),
  );
  const rejected: string[] = [];
  const ingest = new Ingest({
    store,
    atoms,
    fetchSnapshot,
    scheduler: sched.scheduler,
    now: () => clock.now,
    seeder: { random: () => 1 },
    onReject: (_s, reason) => rejected.push(reason),
    ...over,
  });
  const writes = { count: 0 };
  const set = store.set.bind(store);
  store.set = ((a: unknown, ...args: unknown[]) => {
    if (a === atoms.commitAtom) writes.count++;
    return (set as (a: unknown, ...r: unknown[]) => unknown)(a, ...args);
  }) as typeof store.set;

  /** Decodes `text` and hands it to the ingest as the connection machine would. */
  function feed(stream: StreamName, text: string): void {
    const f = decodeFrame(stream, text);
    if (f.kind === 'invalid') ingest.invalid(stream, f.reason, clock.now);
    else if (f.kind === 'data' || f.kind === 'ticker') ingest.data(stream, f, clock.now);
  }

  /** The pending request for `topic` (the oldest one not yet answered). */
  function request(topic: PrivateTopic): Pending {
    const i = requests.findIndex((r) => r.topic === topic);
    if (i < 0) throw new Error(`no request in flight for ${topic}`);
    return requests.splice(i, 1)[0] as Pending;
  }

  return {
    store,
    atoms,
    ingest,
    sched,
    clock,
    fetchSnapshot,
    requests,
    request,
    feed,
    writes,
    rejected,
  };
}

/** Lets promise callbacks (fetch answers) run; works under fake timers. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}
