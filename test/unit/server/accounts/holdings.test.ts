/**
 * The trading bots' "Created" dates (issue 15, item 9): relative to the simulated time the
 * simulation started from, never a fixed 2024 date, so a simulator started today shows bots
 * created in the last weeks, before everything else the account did.
 */
import { describe, expect, it } from 'vitest';
import { botsOf } from '@server/accounts/holdings';
import { ManualClock } from '@server/clock';
import { Engine } from '@server/engine/engine';
import { Rng } from '@server/lib/rng';
import { Market } from '@server/market/market';
import { ASSET_HANDLERS } from '@server/rest/asset-handlers';
import type { Ctx } from '@server/rest/table';
import type { Sim } from '@server/sim';
import type { LeaderBotsResult } from '@src/api/types';

const DAY_MS = 86_400_000;
const NOV_2026 = Date.UTC(2026, 10, 25, 10, 1, 32);
const LEADERS_WITH_BOTS = [2001, 2002, 3001];

describe('trading bot dates', () => {
  it.each(LEADERS_WITH_BOTS)(
    'user %i: every bot created on a midnight within the 60 days before the start',
    (userId) => {
      const bots = botsOf(userId, NOV_2026);
      expect(bots.length).toBeGreaterThan(0);
      for (const bot of bots) {
        const at = Number(bot.createdAtE3);
        expect(at).toBeLessThan(NOV_2026);
        expect(at).toBeGreaterThan(NOV_2026 - 60 * DAY_MS);
        expect(at % DAY_MS).toBe(0);
        expect(bot).not.toHaveProperty('ageDays');
      }
    },
  );

  it('move with the start: a year later, every date is a year later', () => {
    const later = NOV_2026 + 365 * DAY_MS;
    const now = botsOf(2001, NOV_2026).map((b) => Number(b.createdAtE3));
    const then = botsOf(2001, later).map((b) => Number(b.createdAtE3));
    expect(then).toEqual(now.map((t) => t + 365 * DAY_MS));
  });

  it('no bots for an account without any', () => {
    expect(botsOf(4001, NOV_2026)).toEqual([]);
  });

  it('the leaderBots call dates them from the engine’s start, not the clock of the request', () => {
    const clock = new ManualClock(NOV_2026);
    const market = new Market(new Rng(7, 1), clock.now(), 100);
    const engine = new Engine(clock, market, () => undefined, { seed: 7, markMs: 1000 });
    expect(engine.startedAt).toBe(NOV_2026);
    clock.advance(3 * DAY_MS); // a simulator left running for days: the dates stay put
    const sim = { clock, market, engine } as unknown as Sim;
    const result = ASSET_HANDLERS.leaderBots.handle({ sim, userId: 2001 } as Ctx) as
      LeaderBotsResult | undefined;
    const dates = (result?.list ?? []).map((b) => Number(b.createdAtE3));
    expect(dates).toHaveLength(3);
    expect(dates).toEqual(botsOf(2001, NOV_2026).map((b) => Number(b.createdAtE3)));
    for (const at of dates) {
      expect(new Date(at).getUTCFullYear()).toBe(2026);
      expect(at).toBeLessThan(NOV_2026);
    }
  });
});
