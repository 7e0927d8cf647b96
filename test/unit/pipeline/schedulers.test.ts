import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { frameScheduler, taskScheduler } from '@src/pipeline/schedulers';

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
});
