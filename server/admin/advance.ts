/**
 * `POST /__admin/clock/advance` moves the manual clock in steps and lets the event loop breathe
 * between them (other requests and the websockets are served meanwhile), one advance at a time.
 */
import type { ManualClock } from '../clock';

/** The longest advance one request may ask for. */
export const MAX_ADVANCE_MS = 86_400_000;
/** Simulated time run between two yields to the event loop. */
const ADVANCE_STEP_MS = 60_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class Advancer {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly clock: ManualClock,
    private readonly stepMs = ADVANCE_STEP_MS,
    private readonly yieldTurn: () => Promise<void> = nextTurn,
  ) {}

  /** Advances by `ms` after any advance already running; resolves with the clock's time. */
  advance(ms: number): Promise<number> {
    const run = this.queue.then(async () => {
      const target = this.clock.now() + ms;
      while (this.clock.now() < target) {
        this.clock.advanceTo(Math.min(target, this.clock.now() + this.stepMs));
        if (this.clock.now() < target) await this.yieldTurn();
      }
      if (ms === 0) this.clock.advance(0); // timers due now still run
      return this.clock.now();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
