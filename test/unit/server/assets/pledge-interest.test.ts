/**
 * Pledge loans in the simulator's asset books (docs/assets.md, "Savings and pledge loans"): the
 * hourly cost is rounded up to the loan coin's precision, so that however long a loan runs what
 * is owed can be repaid in full, and the repayment that clears it returns the collateral.
 */
import { describe, expect, it } from 'vitest';
import { Assets } from '@server/assets/assets';
import { ManualClock } from '@server/clock';
import { Engine } from '@server/engine/engine';
import { E8, formatTrimmed } from '@server/lib/fixed';
import { Rng } from '@server/lib/rng';
import { Market } from '@server/market/market';

const START = Date.UTC(2026, 10, 25, 10, 1, 32);
const FOLLOWER = 1001;
const LOAN = 'loan-1001-btc'; // 500 USDT at 0.0000051 an hour, 0.02 BTC pledged

function world() {
  const clock = new ManualClock(START);
  const market = new Market(new Rng(7, 1), clock.now(), 100);
  const engine = new Engine(clock, market, () => undefined, { seed: 7, markMs: 1000 });
  const assets = new Assets(engine, market, clock, clock);
  const book = () => assets.book(FOLLOWER);
  const loan = () => book().loans.find((l) => l.loanId === LOAN);
  return { assets, book, loan };
}

describe('pledge loan interest', () => {
  it('is charged at the coin’s precision (USDT: 6 decimals), rounded up', () => {
    const w = world();
    const owed: string[] = [];
    for (let h = 0; h < 48; h++) {
      w.assets.accrue();
      owed.push(formatTrimmed(w.loan()?.borrowedE8 ?? 0n, E8));
    }
    // 500 x 0.0000051 = 0.00255 exactly; then 500.00255 x 0.0000051 = 0.00255001300... -> 0.002551
    expect(owed.slice(0, 2)).toEqual(['500.00255', '500.005101']);
    for (const s of owed) expect(s).toMatch(/^\d+(\.\d{1,6})?$/);
  });

  it('after two days the whole debt, as shown, repays in one go and the collateral comes back', () => {
    const w = world();
    for (let h = 0; h < 48; h++) w.assets.accrue();
    const owed = formatTrimmed(w.loan()?.borrowedE8 ?? 0n, E8);
    const btcBefore = w.book().balance('FUND', 'BTC');
    w.book().add('FUND', 'USDT', 1_000n * 10n ** 8n);
    expect(w.assets.repay(FOLLOWER, { loanId: LOAN, amount: owed, requestId: 'full' })).toEqual({
      status: 'SUCCESS',
    });
    expect(w.loan()).toBeUndefined();
    expect(w.book().balance('FUND', 'BTC') - btcBefore).toBe(2_000_000n); // 0.02 BTC
  });
});
