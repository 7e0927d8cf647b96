import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomeHistoryResult, LeaderIncome } from '@src/api/types';
import type { RestEnvelope } from '@src/wire/protocol';
import type { Simulator } from '@server/simulator';
import { HttpClient, startTestSim } from './helpers';

const DAY = 86_400_000;
/** One minute before a UTC midnight, so the test crosses a day without simulating one. */
const START = 1732233600000 - 60_000;

describe("a leader's income history adds up to its all-time share profit", () => {
  let sim: Simulator;
  let leader: HttpClient;
  beforeAll(async () => {
    sim = await startTestSim({ startTime: START, timing: { leaderActionMs: [500, 1000] } });
    leader = new HttpClient(sim.url);
    await leader.login('leader');
  });
  afterAll(() => sim.stop());

  async function read() {
    const income = (
      await leader.get<RestEnvelope<LeaderIncome>>('/v3/private/copytrade/leader/income')
    ).body.result;
    const history = (
      await leader.get<RestEnvelope<IncomeHistoryResult>>(
        '/v3/private/copytrade/leader/income-history?days=365',
      )
    ).body.result.list;
    const sum = history.reduce((s, p) => s + BigInt(p.shareProfitE8), 0n);
    return { income, history, sum };
  }

  it('holds at the start, after trading within the day, and across midnight', async () => {
    const start = await read();
    expect(start.history).toHaveLength(365);
    expect(BigInt(start.income.cumShareProfitE8 ?? '0')).toBeGreaterThan(0n);
    expect(start.sum.toString()).toBe(start.income.cumShareProfitE8);
    expect(start.history.at(-1)?.shareProfitE8).toBe(start.income.todayShareProfitE8);

    sim.manualClock.advance(50_000); // still before midnight: trades close, shares are paid
    const before = await read();
    expect(before.sum.toString()).toBe(before.income.cumShareProfitE8);
    const todayBefore = before.income.todayShareProfitE8;

    sim.manualClock.advance(20_000); // past midnight
    const after = await read();
    const yesterday = after.history.at(-2);
    expect(Number(yesterday?.dateE3)).toBe(START + 60_000 - DAY);
    // The finished day keeps what was earned on it (plus whatever the last seconds paid).
    expect(BigInt(yesterday?.shareProfitE8 ?? '0')).toBeGreaterThanOrEqual(
      BigInt(todayBefore ?? '0'),
    );
    expect(after.history.at(-1)?.shareProfitE8).toBe(after.income.todayShareProfitE8);
    // The oldest day left the 365-day window but stays in the all-time total.
    const dropped = BigInt(start.history[0]?.shareProfitE8 ?? '0');
    expect(after.sum + dropped).toBe(BigInt(after.income.cumShareProfitE8 ?? '0'));
  });
});
