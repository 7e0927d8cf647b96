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

/**
 * `frame`, except when the stream has been quiet: a write that comes `quietMs` or more after the
 * last one runs in a task of its own `delayMs` later (time for the rest of a burst sent together
 * to come in), and the next frame only paints it. Writing in the frame makes every value of a lone
 * burst wait for the frame's start and then for its store write and render: at the simulator's
 * 100 ms ticks the app's p50 was 14.0-14.3 ms where a page that renders at once had 10.0-12.0
 * (docs/performance.md). A busy stream (writes closer than `quietMs`: at 2 000 messages a second,
 * every frame) stays on `frame`, one write a frame whatever the rate; `quietMs` is three frames so
 * that a late frame does not count as quiet. The frame stays asked for: whichever comes first
 * writes. A hidden page stays on `frame` (its timer stands in for frames there: a write at most
 * every 250 ms while nobody looks).
 */
export function quietFirst(
  frame: Scheduler,
  {
    quietMs = 50,
    delayMs = 2,
    now = () => performance.now(),
    hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  } = {},
): Scheduler {
  let last = Number.NEGATIVE_INFINITY;
  return (run) => {
    const write = () => {
      last = now();
      run();
    };
    if (now() - last < quietMs || hidden()) return frame(write);
    let done = false;
    const fire = () => {
      if (done) return;
      done = true;
      clearTimeout(task);
      cancelFrame();
      write();
    };
    const task = setTimeout(fire, delayMs);
    const cancelFrame = frame(fire);
    return () => {
      done = true;
      clearTimeout(task);
      cancelFrame();
    };
  };
}
