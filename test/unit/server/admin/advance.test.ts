import { describe, expect, it } from 'vitest';
import { ManualClock } from '@server/clock';
import { Advancer } from '@server/admin/advance';

describe('Advancer', () => {
  it('advances in steps, yielding to the event loop between them', async () => {
    const clock = new ManualClock(0);
    const seen: number[] = [];
    let turns = 0;
    const a = new Advancer(clock, 60_000, async () => {
      turns++;
      seen.push(clock.now());
    });
    const fired: number[] = [];
    clock.at(90_000, () => fired.push(clock.now()));
    expect(await a.advance(150_000)).toBe(150_000);
    expect(seen).toEqual([60_000, 120_000]);
    expect(turns).toBe(2);
    expect(fired).toEqual([90_000]);
  });

  it('runs one advance at a time, in the order asked', async () => {
    const clock = new ManualClock(0);
    let release: () => void = () => undefined;
    const a = new Advancer(clock, 10, () => new Promise((r) => (release = r)));
    const first = a.advance(20);
    const second = a.advance(5);
    await Promise.resolve();
    expect(clock.now()).toBe(10); // the first waits for its turn; the second has not started
    release();
    expect(await first).toBe(20);
    expect(await second).toBe(25);
  });

  it('runs the timers due now for an advance of 0', async () => {
    const clock = new ManualClock(0);
    const a = new Advancer(clock);
    const fired: number[] = [];
    clock.at(0, () => fired.push(clock.now()));
    expect(await a.advance(0)).toBe(0);
    expect(fired).toEqual([0]);
  });
});
