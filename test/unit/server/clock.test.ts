import { afterEach, describe, expect, it, vi } from 'vitest';
import { after, every, ManualClock, RealClock } from '../../../server/clock';

describe('ManualClock', () => {
  it('runs timers in time order, ties in the order they were set, only when advanced', () => {
    const c = new ManualClock(1000);
    const log: string[] = [];
    c.at(1300, () => log.push('c'));
    c.at(1100, () => log.push('a'));
    c.at(1100, () => log.push('b'));
    expect(log).toEqual([]);
    c.advance(150);
    expect(log).toEqual(['a', 'b']);
    expect(c.now()).toBe(1150);
    c.advance(150);
    expect(log).toEqual(['a', 'b', 'c']);
  });

  it('sets now to each timer while it runs, and runs timers set during the advance', () => {
    const c = new ManualClock(0);
    const seen: number[] = [];
    after(c, 10, () => {
      seen.push(c.now());
      after(c, 5, () => seen.push(c.now()));
    });
    c.advance(100);
    expect(seen).toEqual([10, 15]);
    expect(c.now()).toBe(100);
  });

  it('cancels, disposes and refuses a negative advance', () => {
    const c = new ManualClock(0);
    const fn = vi.fn();
    const h = c.at(5, fn);
    c.cancel(h);
    c.advance(10);
    expect(fn).not.toHaveBeenCalled();
    c.at(20, fn);
    c.dispose();
    c.advance(100);
    expect(fn).not.toHaveBeenCalled();
    expect(() => c.advance(-1)).toThrow(RangeError);
  });

  it('keeps order with thousands of timers (heap)', () => {
    const c = new ManualClock(0);
    const out: number[] = [];
    const times = Array.from({ length: 5000 }, (_, i) => (i * 7919) % 5000);
    for (const t of times) c.at(t, () => out.push(t));
    c.advance(5000);
    expect(out).toEqual([...times].sort((a, b) => a - b));
  });
});

describe('every', () => {
  it('beats on a fixed grid and stops', () => {
    const c = new ManualClock(0);
    const beats: number[] = [];
    const r = every(c, 100, (t) => beats.push(t));
    c.advance(350);
    expect(beats).toEqual([100, 200, 300]);
    r.stop();
    c.advance(1000);
    expect(beats).toHaveLength(3);
  });
});

describe('RealClock', () => {
  afterEach(() => vi.useRealTimers());

  it('runs simulated time `speed` times faster than wall time', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const c = new RealClock(10, 5_000);
    vi.advanceTimersByTime(100);
    expect(c.now()).toBe(6_000);
    const fn = vi.fn();
    c.at(c.now() + 1_000, fn);
    vi.advanceTimersByTime(99);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledOnce();
    expect(() => new RealClock(0)).toThrow(RangeError);
  });

  it('catches up missed beats when the event loop was busy', () => {
    vi.useFakeTimers({ now: 0 });
    const c = new RealClock(1, 0);
    const beats: number[] = [];
    every(c, 10, (t) => beats.push(t));
    vi.setSystemTime(55); // the loop was blocked for 55 ms
    vi.advanceTimersByTime(10);
    expect(beats.slice(0, 5)).toEqual([10, 20, 30, 40, 50]);
    c.dispose();
  });
});
