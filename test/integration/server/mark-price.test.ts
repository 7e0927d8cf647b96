/** The mark price of a position is the ticker's of the same instant (the market steps first). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '@server/simulator';
import { startTestSim } from './helpers';

describe('re-valuation at the mark price', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startTestSim({ tickMs: 100, markMs: 1_000 });
  });
  afterAll(() => sim.stop());

  it('values positions at the mark price the ticker of that instant carries', () => {
    let compared = 0;
    for (let s = 0; s < 20; s++) {
      sim.advance(1_000); // a mark beat and a market step fall due together every second
      for (const userId of [1001, 2001, 3001]) {
        const truth = sim.truth(userId);
        for (const p of truth.copytrade.positions) {
          expect(p.markPrice, `${userId} ${p.symbol} at ${sim.clock.now()}`).toBe(
            truth.quotes[p.symbol]?.markPrice,
          );
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(20);
  });
});
