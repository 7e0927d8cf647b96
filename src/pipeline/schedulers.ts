/** When the ingest writes the store: once per animation frame in browsers, per task elsewhere. */

/** Runs `run` once, later; returns a cancel function. */
export type Scheduler = (run: () => void) => () => void;

/** One short task later (Node, tests, workers). */
export const taskScheduler: Scheduler = (run) => {
  const h = setTimeout(run, 0);
  return () => clearTimeout(h);
};

/**
 * The next animation frame; a timer stands in when frames stop (hidden tab), so memory and
 * staleness stay bounded while nobody looks.
 */
export function frameScheduler(fallbackMs = 250): Scheduler {
  if (typeof requestAnimationFrame !== 'function') return taskScheduler;
  return (run) => {
    let done = false;
    const fire = () => {
      if (done) return;
      done = true;
      cancelAnimationFrame(raf);
      clearTimeout(timer);
      run();
    };
    const raf = requestAnimationFrame(fire);
    const timer = setTimeout(fire, fallbackMs);
    return () => {
      done = true;
      cancelAnimationFrame(raf);
      clearTimeout(timer);
    };
  };
}
