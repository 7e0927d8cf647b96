/**
 * The borrow form's figures (src/features/assets/pledge/borrow-math.ts) and the look-up of a lost
 * borrow among the loans (loan-lookup.ts): exact on decimal strings, rounded the way that keeps a
 * figure within the limit (a risk figure up, a loan down, the collateral it needs up), the hourly
 * interest as the simulator charges it, and a loan taken only when every detail matches.
 */
import { describe, expect, it, vi } from 'vitest';
import type { PledgeLoan } from '@src/api/types';
import {
  annualRate,
  fillLtv,
  isPositiveAmount,
  loanToValue,
  maxLoan,
  minCollateral,
  owedAfterAnHour,
  withinLtv,
} from '@src/features/assets/pledge/borrow-math';
import { findLoan } from '@src/features/assets/pledge/loan-lookup';
import { marginCallLtv } from '@src/features/assets/pledge/ltv';
import { earnOverview } from '../../../../support/sample-answers';

describe('the borrow figures', () => {
  it('take only plain positive amounts, as the server does', () => {
    for (const ok of ['5', '0.5', '1000.000001']) expect(isPositiveAmount(ok), ok).toBe(true);
    for (const no of ['0', '0.0', '.5', '5.', '05', '-1', '1e3', '', 'abc']) {
      expect(isPositiveAmount(no), no).toBe(false);
    }
  });

  it('write the LTV rounded up at 4 decimals (a risk figure never reads lower than it is)', () => {
    // 1000 / (0.024 × 64000) = 0.651041…
    expect(loanToValue('1000', '1', '0.024', '64000')).toBe('0.6511');
    expect(loanToValue('1000', '1', '0.05', '64000')).toBe('0.3125');
    expect(loanToValue('1000', undefined, '0.05', '64000')).toBeUndefined();
    expect(loanToValue('1000', '1', '0.05', '0')).toBeUndefined();
    expect(loanToValue('1000', '1', '', '64000')).toBeUndefined();
  });

  it('fill in a loan cut to its coin and collateral rounded up to its coin: both within the limit', () => {
    const most = maxLoan('0.1', '3100.01', '1', '0.65', 6);
    // 0.1 × 3100.01 × 0.65 = 201.500650 exactly
    expect(most).toBe('201.50065');
    expect(maxLoan('0.00000001', '3100.01', '1', '0.65', 6)).toBe('0.00002');
    const need = minCollateral('1000', '1', '64000', '0.65', 8);
    expect(need).toBe('0.02403847');
    expect(withinLtv('1000', '1', need!, '64000', '0.65')).toBe(true);
    expect(withinLtv('1000', '1', '0.02403846', '64000', '0.65')).toBe(false);
    expect(withinLtv(most!, '1', '0.1', '3100.01', '0.65')).toBe(true);
    expect(withinLtv('201.500651', '1', '0.1', '3100.01', '0.65')).toBe(false);
    expect(maxLoan('0.1', undefined, '1', '0.65', 6)).toBeUndefined();
    expect(minCollateral('1000', '1', undefined, '0.65', 8)).toBeUndefined();
  });

  it('fill in just inside the limit: 99.5 % of the initial LTV', () => {
    expect(fillLtv('0.65')).toBe('0.64675');
    expect(fillLtv('0.6')).toBe('0.597');
  });

  it('owe after an hour the loan plus its hourly interest rounded up to the coin (the server charge)', () => {
    expect(owedAfterAnHour('1000', '0.0000057', 6)).toBe('1000.0057');
    // 123.456789 × 0.0000057 = 0.000703703…, up to 0.000704
    expect(owedAfterAnHour('123.456789', '0.0000057', 6)).toBe('123.457493');
  });

  it('give the annual rate as 8,760 hourly ones, and the margin call 10 points under liquidation', () => {
    expect(annualRate('0.0000057')).toBe('0.049932');
    expect(marginCallLtv('0.85')).toBe('0.75');
  });
});

describe('looking a lost borrow up among the loans', () => {
  const body = {
    loanCoin: 'USDT',
    loanAmount: '1000',
    collateralCoin: 'BTC',
    collateralAmount: '0.05',
  };
  const since = 1_800_000_000_000;
  const loan = (over: Partial<PledgeLoan> = {}): PledgeLoan => ({
    loanId: 'loan-1',
    loanCoin: 'USDT',
    borrowed: '1000.0057',
    collateralCoin: 'BTC',
    collateralAmount: '0.050',
    ltv: '0.3125',
    liquidationLtv: '0.85',
    hourlyRate: '0.0000057',
    createdAtE3: String(since + 500),
    ...over,
  });
  const withLoans = (...loans: PledgeLoan[]) => {
    const o = earnOverview();
    return vi.fn(async () => ({ ...o, pledge: { ...o.pledge, loans } }));
  };
  const none = () => false;

  it('takes a loan with the same coins and collateral, owing at least the amount, taken since', async () => {
    expect(await findLoan(withLoans(loan()), body, since, none)).toEqual({ found: 'loan-1' });
    // Taken up to 2 minutes "before" by this device's clock: the server's clock may be behind.
    const early = loan({ createdAtE3: String(since - 119_000) });
    expect(await findLoan(withLoans(early), body, since, none)).toEqual({ found: 'loan-1' });
  });

  it.each([
    ['another loan coin', { loanCoin: 'USDC' }],
    ['another collateral coin', { collateralCoin: 'ETH' }],
    ['other collateral', { collateralAmount: '0.0500001' }],
    ['owing less than was borrowed', { borrowed: '999.99' }],
    ['taken before the first attempt', { createdAtE3: String(since - 121_000) }],
  ] as const)('does not take a loan with %s', async (_what, over) => {
    expect(await findLoan(withLoans(loan(over)), body, since, none)).toBe('notListed');
  });

  it('does not take a loan another submission has claimed, and says when the loans cannot be read', async () => {
    const claimed = (id: string) => id === 'loan-1';
    const second = loan({ loanId: 'loan-2' });
    expect(await findLoan(withLoans(loan(), second), body, since, claimed)).toEqual({
      found: 'loan-2',
    });
    expect(await findLoan(withLoans(loan()), body, since, claimed)).toBe('notListed');
    const failing = vi.fn(async () => {
      throw new Error('offline');
    });
    expect(await findLoan(failing, body, since, none)).toBe('unchecked');
  });
});
