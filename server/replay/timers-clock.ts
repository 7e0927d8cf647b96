/**
 * The replay server's playback timers as a Clock, so its connections run on the same (in tests,
 * manual) timers as the playback: idle timeout, sign-in deadline and the op allowance.
 */
import { MAX_TIMER_DELAY_MS, type Clock, type TimerHandle } from '../clock';
import type { PlaybackTimers } from './playback';

interface Timer extends TimerHandle {
  inner: unknown;
}

export class TimersClock implements Clock {
  readonly kind = 'real' as const;
  private readonly pending = new Set<Timer>();

  constructor(private readonly timers: PlaybackTimers) {}

  now(): number {
    return this.timers.now();
  }

  at(at: number, fn: () => void): TimerHandle {
    const timer = { at } as Timer;
    const arm = () => {
      // Capped like RealClock: a longer delay would fire at once.
      timer.inner = this.timers.setTimeout(
        () => {
          if (at - this.now() >= 1) return arm();
          this.pending.delete(timer);
          try {
            fn();
          } catch (err) {
            // As on the simulator's clock: a bug in one timer must not take the process down.
            process.stderr.write(`replay: timer failed: ${String((err as Error)?.stack ?? err)}\n`);
          }
        },
        Math.min(MAX_TIMER_DELAY_MS, Math.max(0, at - this.now())),
      );
    };
    arm();
    this.pending.add(timer);
    return timer;
  }

  cancel(handle: TimerHandle): void {
    const timer = handle as Timer;
    this.timers.clearTimeout(timer.inner);
    this.pending.delete(timer);
  }

  dispose(): void {
    for (const t of this.pending) this.timers.clearTimeout(t.inner);
    this.pending.clear();
  }
}
