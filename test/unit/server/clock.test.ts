import { afterEach, describe, expect, it, vi } from 'vitest';
import { after, every, ManualClock, MAX_TIMER_DELAY_MS, RealClock } from '@server/clock';
import { Engine } from '@server/engine/engine';
import { Rng } from '@server/lib/rng';
import { Market } from '@server/market/market';

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

  it('runs timers due at the same instant by order first', () => {
    const c = new ManualClock(0);
    const log: string[] = [];
    c.at(100, () => log.push('mark'));
    c.at(100, () => log.push('market'), -1);
    c.at(100, () => log.push('trade'));
    c.at(50, () => log.push('early'), 5);
    c.advance(100);
    expect(log).toEqual(['early', 'market', 'mark', 'trade']);
  });

  it('reports a timer that throws and still runs the others', () => {
    const errors: unknown[] = [];
    const c = new ManualClock(0, (err) => errors.push(err));
    const fn = vi.fn();
    c.at(10, () => {
      throw new Error('boom');
    });
    c.at(20, fn);
    expect(() => c.advance(30)).not.toThrow();
    expect(errors).toEqual([new Error('boom')]);
    expect(fn).toHaveBeenCalledOnce();
    expect(c.now()).toBe(30);
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

  it('keeps beating after a beat throws (each beat runs once)', () => {
    const errors: unknown[] = [];
    const c = new ManualClock(0, (err) => errors.push(err));
    const beats: number[] = [];
    every(c, 100, (t) => {
      beats.push(t);
      if (t === 200) throw new Error('bad beat');
    });
    c.advance(450);
    expect(beats).toEqual([100, 200, 300, 400]);
    expect(errors).toHaveLength(1);
  });

  it('honours the order option against other timers of the same instant', () => {
    const c = new ManualClock(0);
    const log: string[] = [];
    every(c, 1000, () => log.push('mark'));
    every(c, 100, () => log.push('tick'), { order: -1 });
    c.advance(1000);
    expect(log.slice(-2)).toEqual(['tick', 'mark']);
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

  it('sleeps through delays longer than setTimeout allows (speed < 1), then fires once', () => {
    vi.useFakeTimers({ now: 0 });
    const c = new RealClock(0.01, 0);
    const fn = vi.fn();
    // 6 h of simulated time at 0.01x is 600 h of wall time, past setTimeout's 24.8 days.
    c.at(6 * 3_600_000, fn);
    vi.advanceTimersByTime(10);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MAX_TIMER_DELAY_MS);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(600 * 3_600_000 - MAX_TIMER_DELAY_MS - 1_000);
    expect(fn).not.toHaveBeenCalled();
    // Due when the simulated clock (whole ms: 100 wall ms each at 0.01x) reaches it.
    vi.advanceTimersByTime(1_200);
    expect(fn).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(MAX_TIMER_DELAY_MS);
    expect(fn).toHaveBeenCalledOnce();
    c.dispose();
  });

  it("does not run the midnight reset early at speed 0.01 (today's share profit stays)", () => {
    const start = Date.UTC(2024, 10, 21, 17, 0, 0); // 7 h before midnight
    vi.useFakeTimers({ now: start });
    const clock = new RealClock(0.01, start, (err) => {
      throw err;
    });
    const market = new Market(new Rng(3, 1), clock.now(), 100);
    // Slow books and traders: the test is about the midnight timer, not their thousands of beats.
    const engine = new Engine(clock, market, () => undefined, {
      seed: 3,
      markMs: 3_600_000,
      timing: { leaderActionMs: [3_600_000, 3_600_000] },
    });
    engine.start();
    const leader = engine.ledger(2001).leader;
    if (!leader) throw new Error('2001 is a leader');
    leader.todayShareE8 = 12_345n;
    vi.advanceTimersByTime(1_000);
    expect(leader.todayShareE8).toBe(12_345n);
    // Past midnight (7 h simulated = 700 h of wall time) the day rolls over exactly once.
    vi.setSystemTime(start + 700 * 3_600_000 + 1_000);
    vi.advanceTimersByTime(MAX_TIMER_DELAY_MS);
    expect(leader.todayShareE8).toBe(0n);
    expect(leader.shareByDay.size).toBeGreaterThan(0);
    engine.stop();
    clock.dispose();
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
