/**
 * The simulator's only source of time. The market and the engine never read the system clock:
 * they get a Clock, so a test can drive everything with a ManualClock (`advance(ms)`) and the
 * same seed gives the same frames. A RealClock follows wall time, optionally sped up.
 */

export interface TimerHandle {
  readonly at: number;
}

/** The longest delay setTimeout honours: longer ones fire after 1 ms (Node's TimeoutOverflow). */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/** Where a timer's failure is reported; a failing timer must not stop the others. */
export type TimerErrorSink = (err: unknown) => void;

const reportToStderr: TimerErrorSink = (err) =>
  process.stderr.write(`sim: timer failed: ${String((err as Error)?.stack ?? err)}\n`);

export interface Clock {
  readonly kind: 'real' | 'manual';
  /** Milliseconds since the epoch, simulated. */
  now(): number;
  /**
   * Runs `fn` once when the clock reaches `at` (at once if it already has). Timers due at the
   * same instant run by `order` (lower first, default 0), then in the order they were set.
   */
  at(at: number, fn: () => void, order?: number): TimerHandle;
  cancel(handle: TimerHandle): void;
  /** Stops every pending timer (the simulator is shutting down). */
  dispose(): void;
}

interface ManualTimer extends TimerHandle {
  readonly order: number;
  readonly seq: number;
  readonly fn: () => void;
  cancelled: boolean;
}

/**
 * Time moves only when told to. Timers due at the same instant run by order, then in the order
 * they were set, which keeps a run deterministic. A timer that throws is reported and the others
 * still run (as on the real clock).
 */
export class ManualClock implements Clock {
  readonly kind = 'manual' as const;
  private t: number;
  private seq = 0;
  private heap: ManualTimer[] = [];
  private disposed = false;

  constructor(
    startMs: number,
    private readonly onError: TimerErrorSink = reportToStderr,
  ) {
    this.t = startMs;
  }

  now(): number {
    return this.t;
  }

  at(at: number, fn: () => void, order = 0): TimerHandle {
    const timer: ManualTimer = {
      at: Math.max(at, this.t),
      order,
      seq: this.seq++,
      fn,
      cancelled: false,
    };
    if (!this.disposed) this.push(timer);
    return timer;
  }

  cancel(handle: TimerHandle): void {
    (handle as ManualTimer).cancelled = true;
  }

  /** Moves time forward by `ms`, running every timer that falls due on the way, in order. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`advance(${ms}): expected a non-negative number`);
    this.advanceTo(this.t + ms);
  }

  advanceTo(target: number): void {
    for (;;) {
      const next = this.heap[0];
      if (!next || next.at > target) break;
      this.pop();
      if (next.cancelled) continue;
      this.t = next.at;
      try {
        next.fn();
      } catch (err) {
        this.onError(err);
      }
    }
    if (target > this.t) this.t = target;
  }

  /** Number of timers still pending (for tests). */
  pending(): number {
    return this.heap.filter((h) => !h.cancelled).length;
  }

  dispose(): void {
    this.disposed = true;
    this.heap = [];
  }

  private less(a: ManualTimer, b: ManualTimer): boolean {
    if (a.at !== b.at) return a.at < b.at;
    return a.order !== b.order ? a.order < b.order : a.seq < b.seq;
  }

  // A binary heap: a load test schedules thousands of timers.
  private push(timer: ManualTimer): void {
    const h = this.heap;
    h.push(timer);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(h[i] as ManualTimer, h[p] as ManualTimer)) break;
      [h[i], h[p]] = [h[p] as ManualTimer, h[i] as ManualTimer];
      i = p;
    }
  }

  private pop(): void {
    const h = this.heap;
    const last = h.pop() as ManualTimer;
    if (h.length === 0) return;
    h[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && this.less(h[l] as ManualTimer, h[m] as ManualTimer)) m = l;
      if (r < h.length && this.less(h[r] as ManualTimer, h[m] as ManualTimer)) m = r;
      if (m === i) break;
      [h[i], h[m]] = [h[m] as ManualTimer, h[i] as ManualTimer];
      i = m;
    }
  }
}

interface RealTimer extends TimerHandle {
  timeout: ReturnType<typeof setTimeout>;
}

/** Wall time, `speed` times faster: simulated ms = start + (wall ms elapsed) * speed. */
export class RealClock implements Clock {
  readonly kind = 'real' as const;
  private readonly wallStart = Date.now();
  private readonly timers = new Set<RealTimer>();

  constructor(
    private readonly speed = 1,
    private readonly simStart = Date.now(),
    private readonly onError: TimerErrorSink = reportToStderr,
  ) {
    if (!(speed > 0)) throw new RangeError(`clock speed ${speed}: expected a positive number`);
  }

  now(): number {
    return this.simStart + Math.floor((Date.now() - this.wallStart) * this.speed);
  }

  /** `order` is not honoured: real timers due at the same instant are not ordered anyway. */
  at(at: number, fn: () => void): TimerHandle {
    const timer = { at } as RealTimer;
    const wait = () => (at - this.now()) / this.speed;
    const arm = () => {
      // A delay beyond setTimeout's range would fire after 1 ms: sleep in capped steps instead.
      timer.timeout = setTimeout(
        () => {
          if (wait() >= 1) return arm(); // woke before the due time (a capped step)
          this.timers.delete(timer);
          try {
            fn();
          } catch (err) {
            // A bug in one timer must not take the process down with it.
            this.onError(err);
          }
        },
        Math.min(Math.max(0, wait()), MAX_TIMER_DELAY_MS),
      );
    };
    arm();
    this.timers.add(timer);
    return timer;
  }

  cancel(handle: TimerHandle): void {
    const timer = handle as RealTimer;
    clearTimeout(timer.timeout);
    this.timers.delete(timer);
  }

  dispose(): void {
    for (const t of this.timers) clearTimeout(t.timeout);
    this.timers.clear();
  }
}

/** Runs `fn` after `ms` of simulated time. */
export function after(clock: Clock, ms: number, fn: () => void): TimerHandle {
  return clock.at(clock.now() + ms, fn);
}

export interface Repeater {
  stop(): void;
}

export interface EveryOptions {
  /** First beat (default: one interval from now). */
  startMs?: number;
  /** Missed beats run back to back per wake on a real clock (default 1000). */
  maxCatchUp?: number;
  /** Order among timers due at the same instant (Clock.at). */
  order?: number;
}

/**
 * Runs `fn(dueAt)` every `intervalMs` on a fixed grid from `startMs`. When a real clock falls
 * behind (a busy event loop), missed beats are run back to back, at most `maxCatchUp` per wake,
 * so a load test still gets its rate and a stalled process does not spiral. A beat that throws
 * is reported by the clock and the loop goes on.
 */
export function every(
  clock: Clock,
  intervalMs: number,
  fn: (dueAt: number) => void,
  opts: EveryOptions = {},
): Repeater {
  if (!(intervalMs > 0)) throw new RangeError(`interval ${intervalMs}: expected a positive number`);
  const maxCatchUp = opts.maxCatchUp ?? 1000;
  const order = opts.order ?? 0;
  let next = opts.startMs ?? clock.now() + intervalMs;
  let handle: TimerHandle | null = null;
  let stopped = false;
  const beat = () => {
    try {
      let n = 0;
      do {
        // The grid moves on before the beat runs: a beat that throws is not run again.
        const due = next;
        next += intervalMs;
        n++;
        fn(due);
      } while (!stopped && clock.kind === 'real' && next <= clock.now() && n < maxCatchUp);
    } finally {
      if (clock.kind === 'real' && next <= clock.now()) next = clock.now() + intervalMs;
      if (!stopped) handle = clock.at(next, beat, order);
    }
  };
  handle = clock.at(next, beat, order);
  return {
    stop() {
      stopped = true;
      if (handle) clock.cancel(handle);
    },
  };
}
