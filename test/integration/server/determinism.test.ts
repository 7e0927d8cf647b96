/** Same seed and same (manual) clock: byte-identical frames on both streams and the same truth. */
import { describe, expect, it } from 'vitest';
import type { Simulator } from '@server/simulator';
import { ALL_PRIVATE_TOPICS, privateSession, startTestSim, WsClient } from './helpers';

async function run(seed: number): Promise<{ pub: string[]; priv: string[]; truth: unknown }> {
  const sim: Simulator = await startTestSim({ seed, idleTimeoutMs: 3_600_000 });
  try {
    const pub = await WsClient.open(`${sim.wsUrl}/v5/public/linear`);
    await pub.op('subscribe', ['tickers.BTCUSDT', 'tickers.DOGEUSDT', 'tickers.APTUSDT']);
    const { ws } = await privateSession(sim, 'follower', ALL_PRIVATE_TOPICS);
    for (let i = 0; i < 40; i++) {
      sim.manualClock.advance(500);
      await Promise.all([pub.sync(), ws.sync()]);
    }
    const out = { pub: [...pub.frames], priv: [...ws.frames], truth: sim.truth(1001) };
    await Promise.all([pub.close(), ws.close()]);
    return out;
  } finally {
    await sim.stop();
  }
}

describe('determinism', () => {
  it('gives the same frames for the same seed, and different ones for another seed', async () => {
    const a = await run(42);
    const b = await run(42);
    const c = await run(43);
    expect(a.pub.length).toBeGreaterThan(200);
    expect(a.priv.length).toBeGreaterThan(40);
    expect(b.pub).toEqual(a.pub);
    expect(b.priv).toEqual(a.priv);
    expect(b.truth).toEqual(a.truth);
    expect(c.pub.slice(1, 5)).not.toEqual(a.pub.slice(1, 5));
    expect(c.truth).not.toEqual(a.truth);
  });
});
