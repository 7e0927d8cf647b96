/**
 * The trader's own derivatives positions (docs/assets.md, Positions): an account that trades by
 * itself gets its positions on the private `copytrade.position` topic and from
 * `GET /v3/private/copytrade/positions` like a follower's copies, keyed by its own user id, and
 * no copy-trade orders. A client that seeds from REST and applies every delta holds exactly the
 * server's truth, and the positions are the ones the wallet's position margin is made of.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Position, Wallet } from '@src/wire/protocol';
import type { Simulator } from '@server/simulator';
import type { Env } from './assets-support';
import { startTestSim } from './helpers';
import { Observer, privatePart } from './observer';

const RUN_MS = 120_000;
const STEP_MS = 500;

describe("the trader's own positions", () => {
  let sim: Simulator;
  let obs: Observer;
  let restAtStart: Position[] = [];

  beforeAll(async () => {
    sim = await startTestSim({ seed: 5, timing: { leaderActionMs: [800, 2500] } });
    obs = new Observer(sim);
    await obs.connect('trader', ['wallet', 'copytrade.position', 'copytrade.order']);
    restAtStart = (await obs.http.get<Env<{ list: Position[] }>>('/v3/private/copytrade/positions'))
      .body.result.list;
    await obs.seedAll(['wallet', 'copytrade.position', 'copytrade.order']);
    for (let t = 0; t < RUN_MS; t += STEP_MS) {
      sim.manualClock.advance(STEP_MS);
      await obs.drain();
    }
  });
  afterAll(() => sim.stop());

  it('lists its open positions over REST, keyed by its own user id', () => {
    // The run starts with two positions per trading account (server/engine/traders.ts).
    expect(restAtStart.length).toBeGreaterThanOrEqual(2);
    for (const p of restAtStart) {
      expect(p.userId).toBe(3001);
      expect(Number(p.entryPrice)).toBeGreaterThan(0);
    }
  });

  it('pushes their changes live: marks, opens and closes (entry price 0)', () => {
    const items = obs.ws
      .json()
      .filter((m) => m.topic === 'copytrade.position')
      .flatMap((m) => m.data as Position[]);
    expect(items.length).toBeGreaterThan(10);
    expect(new Set(items.map((p) => p.userId))).toEqual(new Set([3001]));
    expect(items.some((p) => p.entryPrice === '0')).toBe(true);
    // Orders stay a copy-trading matter.
    expect(obs.ws.json().filter((m) => m.topic === 'copytrade.order')).toEqual([]);
  });

  it('rebuilds exactly the truth, and REST answers the same list', async () => {
    const truth = sim.truth(3001);
    // Risk is not subscribed here: the wallets and the copy-trade topics are.
    const { wallets, copytrade } = privatePart(obs.dump());
    expect({ wallets, copytrade }).toEqual({ wallets: truth.wallets, copytrade: truth.copytrade });
    const rest = (await obs.http.get<Env<{ list: Position[] }>>('/v3/private/copytrade/positions'))
      .body.result.list;
    expect(rest).toEqual(truth.copytrade.positions);
    expect(
      (await obs.http.get<Env<{ list: unknown[] }>>('/v3/private/copytrade/orders')).body.result
        .list,
    ).toEqual([]);
  });

  it('holds positions exactly when the USDT wallet holds position margin', async () => {
    const truth = sim.truth(3001);
    const usdt = truth.wallets.USDT as Wallet;
    const margin = BigInt(usdt.totalPositionBalanceE8 ?? '0');
    expect(margin > 0n).toBe(truth.copytrade.positions.length > 0);
    // The unrealised PnL of the wallet is the sum of the positions' (all USDT perpetuals).
    const pnl = truth.copytrade.positions.reduce(
      (s, p) => s + BigInt(p.unrealisedPnlE8 ?? '0'),
      0n,
    );
    expect(BigInt(usdt.totalUnrealisedPnlE8 ?? '0')).toBe(pnl);
  });
});
