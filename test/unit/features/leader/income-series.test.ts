import { describe, expect, it } from 'vitest';
import { DAY_MS, incomeSeries } from '@src/features/leader/income-series';

const DAY = 20_048; // 2024-11-21 UTC
const d = (n: number) => String((DAY + n) * DAY_MS);

describe('income series', () => {
  const history = [
    { dateE3: d(-2), shareProfitE8: '100000000' },
    { dateE3: d(-1), shareProfitE8: '0' },
    { dateE3: d(0), shareProfitE8: '50000000' },
  ];

  it('sorts by day and keeps a running total in E8', () => {
    const s = incomeSeries([...history].reverse());
    expect(s.map((p) => [p.dayMs, p.dailyE8, p.cumulativeE8, p.live])).toEqual([
      [(DAY - 2) * DAY_MS, '100000000', '100000000', false],
      [(DAY - 1) * DAY_MS, '0', '100000000', false],
      [DAY * DAY_MS, '50000000', '150000000', false],
    ]);
    expect(s.map((p) => p.cumulative)).toEqual([1, 1, 1.5]);
  });

  it("takes today's figure from the stream", () => {
    const s = incomeSeries(history, '75000000', String(DAY * DAY_MS + 3_600_000));
    expect(s.at(-1)).toMatchObject({ dailyE8: '75000000', cumulativeE8: '175000000', live: true });
    expect(s).toHaveLength(3);
  });

  it('appends a day the history does not have yet', () => {
    const s = incomeSeries(history, '1', String((DAY + 1) * DAY_MS + 5));
    expect(s).toHaveLength(4);
    expect(s.at(-1)).toMatchObject({ dayMs: (DAY + 1) * DAY_MS, cumulativeE8: '150000001' });
  });

  it('keeps amounts beyond 2^53 exact and skips malformed points', () => {
    const big = '90071992547409930000';
    const s = incomeSeries([
      { dateE3: d(0), shareProfitE8: big },
      { dateE3: d(1), shareProfitE8: '1' },
      { dateE3: 'yesterday', shareProfitE8: '5' },
      { dateE3: d(2), shareProfitE8: '1.5' },
    ]);
    expect(s.map((p) => p.cumulativeE8)).toEqual([big, '90071992547409930001']);
  });
});
