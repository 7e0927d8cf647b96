import { describe, expect, it, vi } from 'vitest';
import { oneAtATime } from '@src/pipeline/one-at-a-time';

/** A work whose runs the test ends one by one. */
function gated() {
  const ends: (() => void)[] = [];
  const fails: ((e: Error) => void)[] = [];
  const work = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        ends.push(resolve);
        fails.push(reject);
      }),
  );
  return { work, end: (i: number) => ends[i]!(), fail: (i: number) => fails[i]!(new Error('x')) };
}

describe('oneAtATime', () => {
  it('runs at once, and once more after the run in flight for any number of requests meanwhile', async () => {
    const g = gated();
    const settled = vi.fn();
    const r = oneAtATime(g.work, () => false, settled);
    r.request();
    expect(g.work).toHaveBeenCalledTimes(1);
    r.request();
    r.request();
    r.request();
    expect(g.work).toHaveBeenCalledTimes(1);
    g.end(0);
    await vi.waitFor(() => expect(g.work).toHaveBeenCalledTimes(2));
    expect(settled).not.toHaveBeenCalled();
    g.end(1);
    await r.idle();
    expect(g.work).toHaveBeenCalledTimes(2);
    expect(settled).toHaveBeenCalledTimes(1);
    r.request();
    expect(g.work).toHaveBeenCalledTimes(3);
  });

  it('does nothing once stopped, and runs no queued run after a stop', async () => {
    const g = gated();
    let stopped = false;
    const r = oneAtATime(g.work, () => stopped);
    r.request();
    r.request();
    stopped = true;
    g.end(0);
    await r.idle();
    expect(g.work).toHaveBeenCalledTimes(1);
    r.request();
    expect(g.work).toHaveBeenCalledTimes(1);
  });

  it('is free again after a run that threw, and says it settled', async () => {
    const g = gated();
    const settled = vi.fn();
    const r = oneAtATime(
      () => g.work().catch(() => Promise.reject(new Error('failed'))),
      () => false,
      settled,
    );
    r.request();
    g.fail(0);
    await r.idle(); // the run's rejection is handled here
    expect(settled).toHaveBeenCalledTimes(1);
    r.request();
    expect(g.work).toHaveBeenCalledTimes(2);
    g.end(1);
    await r.idle();
    expect(settled).toHaveBeenCalledTimes(2);
  });
});
