/** Timing helpers for `npm run bench`: same-process baselines, medians, no assertions on time. */
import { performance } from 'node:perf_hooks';

export interface Run {
  /** Units (updates, items, frames) per second over the best repetition. */
  perSecond: number;
  /** Median time of one step, ms. */
  medianMs: number;
  p99Ms: number;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.floor(q * sorted.length));
  return sorted[i] as number;
}

/**
 * Runs `steps` in order through a fresh `make()` per repetition: a warm-up repetition, then
 * `reps` timed ones. `step(state, i)` returns the next state; `units` is what one step processes.
 */
export function measure<S>(
  make: () => S,
  steps: number,
  step: (state: S, i: number) => S,
  units: number,
  reps = 5,
): Run {
  let best = Infinity;
  const times: number[] = [];
  for (let r = -1; r < reps; r++) {
    let s = make();
    const t0 = performance.now();
    for (let i = 0; i < steps; i++) {
      const a = performance.now();
      s = step(s, i);
      if (r >= 0) times.push(performance.now() - a);
    }
    const total = performance.now() - t0;
    if (r >= 0 && total < best) best = total;
    sink(s);
  }
  times.sort((a, b) => a - b);
  return {
    perSecond: (steps * units) / (best / 1000),
    medianMs: quantile(times, 0.5),
    p99Ms: quantile(times, 0.99),
  };
}

/** Runs two contestants alternately, `rounds` rounds each, keeping each one's best round. */
export function duel(a: () => Run, b: () => Run, rounds = 3): [Run, Run] {
  let ra: Run | null = null;
  let rb: Run | null = null;
  for (let i = 0; i < rounds; i++) {
    const x = a();
    const y = b();
    if (!ra || x.perSecond > ra.perSecond) ra = x;
    if (!rb || y.perSecond > rb.perSecond) rb = y;
  }
  return [ra as Run, rb as Run];
}

let blackhole: unknown;
/**
 * Keeps results alive so the work cannot be optimised away: each result is stored where the
 * next call reads it (and hands the previous one back, which callers ignore).
 */
export function sink(v: unknown): unknown {
  const previous = blackhole;
  blackhole = v;
  return previous;
}

export const fmt = (n: number) =>
  n >= 1e6 ? `${(n / 1e6).toFixed(2)} M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)} k` : n.toFixed(1);
export const ms = (n: number) => `${n < 0.1 ? n.toFixed(4) : n.toFixed(3)} ms`;
export const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}x`;
