/**
 * The ingest's render rate: store writes during the last second. The figure must fall when writes
 * stop, so while it is above 0 a tick recounts it once a second and reports a change.
 */
import type { Timers } from './seeder';

export class WriteRate {
  private times: number[] = [];
  private tick: unknown = undefined;
  private last = 0;

  /** `changed(rate)`: the rate fell without a write (the caller publishes it). */
  constructor(
    private readonly now: () => number,
    private readonly timers: Timers,
    private readonly changed: (rate: number) => void,
  ) {}

  /** A store write happened now: the rate including it. */
  wrote(): number {
    const t = this.now();
    this.times.push(t);
    this.last = this.count(t);
    this.arm();
    return this.last;
  }

  /** Forgets every write and stops the tick. */
  reset(): void {
    if (this.tick !== undefined) this.timers.clearTimeout(this.tick);
    this.tick = undefined;
    this.times = [];
    this.last = 0;
  }

  private count(t: number): number {
    while (this.times.length > 0 && (this.times[0] as number) <= t - 1_000) this.times.shift();
    return this.times.length;
  }

  private arm(): void {
    if (this.tick !== undefined || this.last === 0) return;
    const handle = this.timers.setTimeout(() => {
      this.tick = undefined;
      const rate = this.count(this.now());
      if (rate !== this.last) {
        this.last = rate;
        this.changed(rate);
      }
      this.arm();
    }, 1_000);
    // In Node (tools, tests) the tick must not keep the process alive.
    (handle as { unref?: () => void } | null)?.unref?.();
    this.tick = handle;
  }
}
