/**
 * `tickJitterMs`: each tick's ticker frames leave up to that much later than the tick (seeded),
 * in order, with the tick's own `ts`; without it they leave at the tick. Two symbols' frames go
 * out together, so one send per tick (when some ticker changed, which at 100 ms is every tick). The browser benchmark
 * uses it to keep 100 ms ticks from locking to the display's 60 Hz frames (docs/performance.md).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '@server/simulator';
import { startSimulator } from '@server/simulator';
import { startTestSim } from './helpers';

/**
 * Steps the clock 3 s, 1 ms at a time, noting when the hub is asked to send each tick's ticker
 * frames: each tick's delay (ms). A client sees them in that order (a test through a websocket
 * would need a round trip per step, which the server's ping limit refuses).
 */
function delays(sim: Simulator): number[] {
  const hub = sim.sim.hub;
  const publish = hub.publishTickers.bind(hub);
  const out: { ts: number; at: number }[] = [];
  hub.publishTickers = (deltas, ts) => {
    out.push({ ts, at: sim.clock.now() });
    publish(deltas, ts);
  };
  for (let i = 0; i < 3000; i++) sim.manualClock.advance(1);
  // In order of their ticks, whatever the jitter drew.
  const ts = out.map((d) => d.ts);
  expect(ts).toEqual([...ts].sort((a, b) => a - b));
  expect(new Set(ts).size).toBe(ts.length);
  return out.map((d) => d.at - d.ts);
}

describe('ticker jitter', () => {
  let sim: Simulator | undefined;
  afterEach(async () => {
    await sim?.stop();
    sim = undefined;
  });

  it('sends each tick at its tick without jitter', async () => {
    sim = await startTestSim({ tickMs: 100 });
    const d = delays(sim);
    expect(d).toHaveLength(30);
    expect(new Set(d)).toEqual(new Set([0]));
  });

  it('sends each tick up to tickJitterMs later, spread over that window', async () => {
    sim = await startTestSim({ tickMs: 100, tickJitterMs: 40 });
    const d = delays(sim);
    // The last tick's frames may still be waiting when the 3 s end.
    expect(d.length).toBeGreaterThanOrEqual(29);
    expect(Math.min(...d)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...d)).toBeLessThan(40);
    // Spread over the window, not one delay: at least ten different ones in 29 ticks.
    expect(new Set(d.map(Math.floor)).size).toBeGreaterThanOrEqual(10);
  });

  it('refuses a jitter that would reorder ticks', async () => {
    await expect(startSimulator({ port: 0, tickMs: 100, tickJitterMs: 100 })).rejects.toThrow(
      /tickJitterMs/,
    );
    await expect(startSimulator({ port: 0, tickMs: 100, tickJitterMs: -1 })).rejects.toThrow(
      /tickJitterMs/,
    );
  });
});
