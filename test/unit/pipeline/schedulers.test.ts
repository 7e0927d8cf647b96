import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  frameScheduler,
  quietFirst,
  taskScheduler,
  type Scheduler,
} from '@src/pipeline/schedulers';

describe('schedulers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('taskScheduler runs once on the next task and can be cancelled', () => {
    const run = vi.fn();
    taskScheduler(run);
    const cancel = taskScheduler(run);
    cancel();
    vi.runAllTimers();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('frameScheduler uses animation frames, with a timer when frames stop', () => {
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: () => void) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const run = vi.fn();
    const schedule = frameScheduler(250);
    schedule(run);
    frames.shift()?.();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(300);
    expect(run).toHaveBeenCalledTimes(1); // not twice
    schedule(run); // a hidden tab: no frame comes
    vi.advanceTimersByTime(250);
    expect(run).toHaveBeenCalledTimes(2);
    const cancel = schedule(run);
    cancel();
    vi.advanceTimersByTime(1_000);
    frames.forEach((f) => f());
    expect(run).toHaveBeenCalledTimes(2);
    vi.unstubAllGlobals();
  });

  describe('quietFirst', () => {
    /** A frame scheduler the test runs by hand, and a clock the fake timers move. */
    function setup(hidden = () => false) {
      let pending: (() => void)[] = [];
      const frame: Scheduler = (run) => {
        pending.push(run);
        return () => {
          pending = pending.filter((r) => r !== run);
        };
      };
      const runFrame = () => {
        const due = pending;
        pending = [];
        due.forEach((r) => r());
      };
      const schedule = quietFirst(frame, {
        quietMs: 50,
        delayMs: 2,
        now: () => Date.now(),
        hidden,
      });
      return { schedule, runFrame, framesAsked: () => pending.length };
    }

    it('writes a lone burst in a task 2 ms later, before the frame, and only once', () => {
      const { schedule, runFrame, framesAsked } = setup();
      const run = vi.fn();
      schedule(run);
      expect(framesAsked()).toBe(1); // the frame stays asked for
      vi.advanceTimersByTime(1);
      expect(run).not.toHaveBeenCalled(); // the rest of the burst may still come in
      vi.advanceTimersByTime(1);
      expect(run).toHaveBeenCalledTimes(1);
      expect(framesAsked()).toBe(0); // the task took it: the frame's request is withdrawn
      runFrame();
      expect(run).toHaveBeenCalledTimes(1);
    });

    it('leaves a busy stream (writes under 50 ms apart) to the frame, once a frame', () => {
      const { schedule, runFrame } = setup();
      const run = vi.fn();
      schedule(run);
      vi.advanceTimersByTime(2); // quiet before: a task
      expect(run).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(16);
      schedule(run);
      vi.advanceTimersByTime(30); // no task now: it waits for the frame
      expect(run).toHaveBeenCalledTimes(1);
      runFrame();
      expect(run).toHaveBeenCalledTimes(2);
      // 49 ms after that write: still busy
      vi.advanceTimersByTime(49);
      schedule(run);
      vi.advanceTimersByTime(10);
      expect(run).toHaveBeenCalledTimes(2);
      runFrame();
      expect(run).toHaveBeenCalledTimes(3);
      // 50 ms of silence: quiet again
      vi.advanceTimersByTime(50);
      schedule(run);
      vi.advanceTimersByTime(2);
      expect(run).toHaveBeenCalledTimes(4);
    });

    it('lets the frame write when it comes first, and then drops the task', () => {
      const { schedule, runFrame } = setup();
      const run = vi.fn();
      schedule(run);
      runFrame();
      expect(run).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(10);
      expect(run).toHaveBeenCalledTimes(1);
    });

    it('leaves a hidden page to the frame scheduler (its timer bounds the writes)', () => {
      let hidden = true;
      const { schedule, runFrame } = setup(() => hidden);
      const run = vi.fn();
      schedule(run);
      vi.advanceTimersByTime(100);
      expect(run).not.toHaveBeenCalled();
      runFrame();
      expect(run).toHaveBeenCalledTimes(1);
      hidden = false;
      vi.advanceTimersByTime(100);
      schedule(run);
      vi.advanceTimersByTime(2);
      expect(run).toHaveBeenCalledTimes(2);
    });

    it('cancels both the task and the frame', () => {
      const { schedule, runFrame, framesAsked } = setup();
      const run = vi.fn();
      const cancel = schedule(run);
      cancel();
      expect(framesAsked()).toBe(0);
      vi.advanceTimersByTime(10);
      runFrame();
      expect(run).not.toHaveBeenCalled();
    });
  });
});
