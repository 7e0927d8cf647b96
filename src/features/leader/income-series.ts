/**
 * The leader's income over time: the daily share profit of the history (oldest first), today's
 * figure taken from the live stream (fresher than the history's), and the running total over
 * the period shown. Amounts stay E8 strings (BigInt sums); the chart's numbers for drawing are
 * derived from them at the very end.
 */
import { addScaled, e8ToDecimal, isScaledString } from '../../lib/money';
import { toMillis } from '../../lib/time';
import type { IncomePoint } from '../../facade';

export const DAY_MS = 86_400_000;

export interface IncomeSeriesPoint {
  /** Start of the day (UTC), ms. */
  dayMs: number;
  /** Share profit of that day, ...E8. */
  dailyE8: string;
  /** Running total from the first day shown, ...E8. */
  cumulativeE8: string;
  /** Drawing coordinates only (recharts needs numbers); every text comes from the E8 strings. */
  daily: number;
  cumulative: number;
  /** The day's figure comes from the live stream. */
  live: boolean;
}

const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

/** A decimal string as a drawing coordinate (never used for text or arithmetic). */
const coordinate = (e8: string): number => Number(e8ToDecimal(e8));

/**
 * The series for the chart. `todayE8` (the stream's todayShareProfitE8) replaces the history's
 * entry for the day of `liveAtE3`, or is appended when the history ends before that day.
 */
export function incomeSeries(
  history: readonly IncomePoint[],
  todayE8?: string,
  liveAtE3?: string,
): IncomeSeriesPoint[] {
  const days = new Map<number, { dailyE8: string; live: boolean }>();
  for (const p of history) {
    const ms = toMillis(p.dateE3);
    if (ms === undefined || !isScaledString(p.shareProfitE8)) continue;
    days.set(dayOf(ms), { dailyE8: p.shareProfitE8, live: false });
  }
  const liveMs = toMillis(liveAtE3);
  if (isScaledString(todayE8) && liveMs !== undefined) {
    days.set(dayOf(liveMs), { dailyE8: todayE8, live: true });
  }
  let running = '0';
  return [...days.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day, { dailyE8, live }]) => {
      running = addScaled(running, dailyE8);
      return {
        dayMs: day * DAY_MS,
        dailyE8,
        cumulativeE8: running,
        daily: coordinate(dailyE8),
        cumulative: coordinate(running),
        live,
      };
    });
}
