/**
 * What a follower copies, its leader holds (issue 15, item 9): at every moment of a run with
 * fast-trading leaders, each copied position that is not closing has its original, open, in the
 * leader's book, and a copy being placed when the leader closes is cancelled.
 */
import { describe, expect, it } from 'vitest';
import { every, ManualClock } from '@server/clock';
import { Engine } from '@server/engine/engine';
import { Rng } from '@server/lib/rng';
import { Market } from '@server/market/market';

const LEADERS = [2001, 2002, 2003];

describe('copied positions follow their leader', () => {
  it.each([21, 22])('holds at every step of two minutes (seed %i)', (seed) => {
    const clock = new ManualClock(1_732_150_000_000);
    const market = new Market(new Rng(seed, 1), clock.now(), 100);
    const engine = new Engine(clock, market, () => undefined, {
      seed,
      markMs: 1000,
      // leaders act every 0.3-1 s: closes often land while copies are still being placed
      timing: { leaderActionMs: [300, 1000], reopenCooldownMs: 0 },
    });
    every(clock, 100, (t) => market.step(t, (e) => engine.onFunding(e)));
    engine.start();
    const orphans: string[] = [];
    let copiesSeen = 0;
    let closesSeen = 0;
    for (let step = 0; step < 1_200; step++) {
      clock.advance(100);
      for (const leaderId of LEADERS) {
        const leader = engine.ledger(leaderId);
        for (const f of engine.followers(leaderId)) {
          for (const p of f.positions.values()) {
            if (p.leaderId !== leaderId) continue;
            if (p.closing) {
              closesSeen++;
              continue;
            }
            copiesSeen++;
            const original = leader.positions.get(p.key);
            if (!original || original.closing) {
              orphans.push(`t+${step * 100} ms: ${f.userId} holds ${p.key}, leader does not`);
            }
          }
        }
      }
    }
    engine.stop();
    expect(copiesSeen).toBeGreaterThan(200);
    expect(closesSeen).toBeGreaterThan(5);
    expect(orphans.slice(0, 5)).toEqual([]);
  });
});
