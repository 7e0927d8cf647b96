/**
 * Taking out a pledge loan in the simulator's asset books (docs/assets.md, "Savings and pledge
 * loans"): the collateral moves from FUND into the pledge and the loan is credited to FUND in one
 * step, at the product's terms, and then costs interest every hour like every loan; each refusal
 * (in the documented order) moves nothing; the same requestId moves the money once.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@src/api/error-codes';
import { Assets, ltvWithin } from '@server/assets/assets';
import { REQUEST_IDS_PER_USER } from '@server/assets/book';
import { MAX_OPEN_LOANS, pledgeCollateral, pledgeLoanCoin } from '@server/assets/catalogue';
import { ManualClock } from '@server/clock';
import { Engine } from '@server/engine/engine';
import { E8, formatTrimmed, parseFixed } from '@server/lib/fixed';
import { Rng } from '@server/lib/rng';
import { Market } from '@server/market/market';
import { usdRates } from '@server/market/rates';
import { ApiError } from '@server/rest/envelope';

const START = Date.UTC(2026, 10, 25, 10, 1, 32);
const FOLLOWER = 1001; // FUND: 800 USDT, 300 USDC, 0.3 ETH; one loan (loan-1001-btc)
const HOUR = 3_600_000;
const e8 = (s: string) => parseFixed(s, E8);

function world() {
  const clock = new ManualClock(START);
  const wall = new ManualClock(START);
  const market = new Market(new Rng(7, 1), clock.now(), 100);
  const engine = new Engine(clock, market, () => undefined, { seed: 7, markMs: 1000 });
  const assets = new Assets(engine, market, clock, wall);
  const book = () => assets.book(FOLLOWER);
  const fund = (coin: string) => book().balance('FUND', coin);
  /** Everything a borrow may touch, to compare before and after a refusal. */
  const state = () =>
    JSON.stringify({ fund: [...book().plain.FUND], loans: book().loans }, (_k, v: unknown) =>
      typeof v === 'bigint' ? v.toString() : v,
    );
  const borrow = (over: Record<string, string> = {}) =>
    assets.borrow(FOLLOWER, {
      loanCoin: 'USDT',
      loanAmount: '100',
      collateralCoin: 'ETH',
      collateralAmount: '0.1',
      requestId: 'b-1',
      ...over,
    });
  /**
   * The most USDT 0.1 ETH lets one borrow at ETH's initial LTV, at the rate every valuation uses,
   * cut to USDT's 6 decimals (E8).
   */
  const maxUsdtAgainst = (collateralE8: bigint) => {
    const rate = usdRates(market).get('ETH');
    if (!rate) throw new Error('no ETH rate');
    const limit = parseFixed(pledgeCollateral('ETH')?.initialLtv ?? '0', 4);
    const most = (collateralE8 * rate.n * limit) / (10n ** BigInt(rate.scale) * 10_000n);
    return most - (most % 100n);
  };
  return { clock, wall, market, assets, book, fund, state, borrow, maxUsdtAgainst };
}

function refusal(f: () => unknown): ApiError {
  try {
    f();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('a pledge loan taken out', () => {
  it('moves the collateral from FUND into the pledge and credits the loan to FUND, at the terms', () => {
    const w = world();
    const usdt = w.fund('USDT');
    const eth = w.fund('ETH');
    const r = w.borrow({ requestId: 'happy' });
    expect(r).toEqual({ loanId: expect.stringMatching(/^loan-1001-\d+$/), status: 'SUCCESS' });
    expect(w.fund('USDT')).toBe(usdt + e8('100'));
    expect(w.fund('ETH')).toBe(eth - e8('0.1'));
    expect(w.book().loans).toHaveLength(2);
    expect(w.book().loans.find((l) => l.loanId === r.loanId)).toEqual({
      loanId: r.loanId,
      loanCoin: 'USDT',
      borrowedE8: e8('100'),
      collateralCoin: 'ETH',
      collateralE8: e8('0.1'),
      liquidationLtv: pledgeCollateral('ETH')?.liquidationLtv,
      hourlyRate: pledgeLoanCoin('USDT')?.hourlyRate,
      createdAtMs: START,
    });
  });

  it('then costs its hourly rate every hour, like every loan (100 USDT at 0.0000057)', () => {
    const w = world();
    const { loanId } = w.borrow({ requestId: 'interest' });
    w.assets.accrue();
    const loan = w.book().loans.find((l) => l.loanId === loanId);
    expect(formatTrimmed(loan?.borrowedE8 ?? 0n, E8)).toBe('100.00057');
  });

  it('lends up to the initial LTV at the valuation rates, exactly, and not a unit more', () => {
    const w = world();
    const most = w.maxUsdtAgainst(e8('0.1'));
    expect(most).toBeGreaterThan(e8('10'));
    const over = refusal(() =>
      w.borrow({ loanAmount: formatTrimmed(most + 100n, E8), requestId: 'over' }),
    );
    expect(over.code).toBe(ERROR_CODES.LTV_TOO_HIGH);
    expect(w.borrow({ loanAmount: formatTrimmed(most, E8), requestId: 'at' }).status).toBe(
      'SUCCESS',
    );
  });

  it('moves the money once for a repeated requestId, and refuses the id for other details', () => {
    const w = world();
    const first = w.borrow({ requestId: 'twice' });
    const after = w.state();
    // A retry after the answer was lost, even 48 simulated hours later (a sped-up clock).
    w.clock.advance(48 * HOUR);
    w.wall.advance(10_000);
    expect(w.borrow({ requestId: 'twice' })).toEqual(first);
    expect(w.borrow({ requestId: 'twice' })).toEqual(first);
    // Interest was not charged (accrue was not called): the books are exactly as after the first.
    expect(w.state()).toBe(after);
    const misuse = refusal(() => w.borrow({ requestId: 'twice', loanAmount: '101' }));
    expect(misuse.code).toBe(ERROR_CODES.PARAM_ERROR);
    expect(w.state()).toBe(after);
  });

  it.each([
    ['a zero loan', { loanAmount: '0' }, ERROR_CODES.INVALID_AMOUNT],
    ['a negative loan', { loanAmount: '-5' }, ERROR_CODES.INVALID_AMOUNT],
    ['an exponent', { loanAmount: '1e3' }, ERROR_CODES.INVALID_AMOUNT],
    ['7 decimals of USDT (6)', { loanAmount: '100.0000001' }, ERROR_CODES.INVALID_AMOUNT],
    ['9 decimals of ETH (8)', { collateralAmount: '0.100000001' }, ERROR_CODES.INVALID_AMOUNT],
    ['a coin not lent', { loanCoin: 'XRP' }, ERROR_CODES.UNKNOWN_COIN],
    ['a coin that does not exist', { loanCoin: 'NOPE' }, ERROR_CODES.UNKNOWN_COIN],
    ['a collateral not taken', { collateralCoin: 'XRP' }, ERROR_CODES.NOT_COLLATERAL],
    [
      'a loan pledged in its own coin',
      { loanCoin: 'USDC', collateralCoin: 'USDC', collateralAmount: '200' },
      ERROR_CODES.NOT_COLLATERAL,
    ],
    ['less than the smallest loan', { loanAmount: '9.999999' }, ERROR_CODES.AMOUNT_OUT_OF_RANGE],
    [
      'more collateral than FUND holds',
      { collateralAmount: '0.30000001' },
      ERROR_CODES.INSUFFICIENT_BALANCE,
    ],
    [
      'collateral held only in SPOT',
      { collateralCoin: 'SOL', collateralAmount: '1' },
      ERROR_CODES.INSUFFICIENT_BALANCE,
    ],
    ['a loan worth more than the limit', { loanAmount: '100000' }, ERROR_CODES.LTV_TOO_HIGH],
  ] as const)('refuses %s, and nothing moves', (_what, over, code) => {
    const w = world();
    const before = w.state();
    expect(refusal(() => w.borrow({ ...over, requestId: 'refused' })).code).toBe(code);
    expect(w.state()).toBe(before);
    // A refused id is not remembered: the same id goes through once the request is right.
    expect(w.borrow({ requestId: 'refused' }).status).toBe('SUCCESS');
  });

  it('checks in the documented order: amount, loan coin, collateral coin, minimum, loans, FUND, LTV', () => {
    const w = world();
    const code = (over: Record<string, string>) => refusal(() => w.borrow(over)).code;
    expect(code({ loanCoin: 'XRP', loanAmount: 'x' })).toBe(ERROR_CODES.INVALID_AMOUNT);
    expect(code({ loanCoin: 'XRP', collateralCoin: 'XRP' })).toBe(ERROR_CODES.UNKNOWN_COIN);
    expect(code({ collateralCoin: 'XRP', loanAmount: '1' })).toBe(ERROR_CODES.NOT_COLLATERAL);
    expect(code({ loanAmount: '1', collateralAmount: '5' })).toBe(ERROR_CODES.AMOUNT_OUT_OF_RANGE);
    expect(code({ loanAmount: '100000', collateralAmount: '5' })).toBe(
      ERROR_CODES.INSUFFICIENT_BALANCE,
    );
  });

  it(`keeps at most ${MAX_OPEN_LOANS} open loans (131018), and a repayment in full makes room`, () => {
    const w = world();
    const open = () => w.book().loans.length;
    for (let i = open(); i < MAX_OPEN_LOANS; i++) {
      w.borrow({ loanAmount: '10', collateralAmount: '0.01', requestId: `many-${i}` });
    }
    expect(open()).toBe(MAX_OPEN_LOANS);
    const before = w.state();
    const full = refusal(() =>
      w.borrow({ loanAmount: '10', collateralAmount: '0.01', requestId: 'one-more' }),
    );
    expect(full.code).toBe(ERROR_CODES.TOO_MANY_LOANS);
    expect(w.state()).toBe(before);
    const last = w.book().loans.at(-1);
    w.assets.repay(FOLLOWER, { loanId: last?.loanId ?? '', amount: '10', requestId: 'free' });
    expect(
      w.borrow({ loanAmount: '10', collateralAmount: '0.01', requestId: 'one-more' }).status,
    ).toBe('SUCCESS');
  });

  it('moves nothing when the request-id table is full (10006)', () => {
    const w = world();
    const b = w.book();
    for (let i = 0; i < REQUEST_IDS_PER_USER; i++) {
      b.remember(`filler-${i}`, 'x', null, w.wall.now());
    }
    const before = w.state();
    expect(refusal(() => w.borrow({ requestId: 'no-room' })).code).toBe(ERROR_CODES.RATE_LIMITED);
    expect(w.state()).toBe(before);
  });

  it('is repaid like every loan: in full, the collateral comes back to FUND', () => {
    const w = world();
    const eth = w.fund('ETH');
    const { loanId } = w.borrow({ requestId: 'round-trip' });
    w.assets.repay(FOLLOWER, { loanId, amount: '100', requestId: 'back' });
    expect(w.book().loans.find((l) => l.loanId === loanId)).toBeUndefined();
    expect(w.fund('ETH')).toBe(eth);
  });
});

describe('ltvWithin', () => {
  const rate = (text: string, scale: number) => ({
    coin: 'X',
    text,
    n: parseFixed(text, scale),
    scale,
  });
  it('compares loan × rate with collateral × rate × limit exactly, whatever the scales', () => {
    const usdt = rate('1', 0);
    const eth = rate('3000.25', 2);
    // 0.1 ETH = 300.025 USD; 65 % of it = 195.01625
    expect(ltvWithin(e8('195.01625'), usdt, e8('0.1'), eth, '0.65')).toBe(true);
    expect(ltvWithin(e8('195.01626'), usdt, e8('0.1'), eth, '0.65')).toBe(false);
  });

  it('says no when a coin has no rate or a rate of 0: nothing can be valued', () => {
    const usdt = rate('1', 0);
    expect(ltvWithin(e8('1'), usdt, e8('1'), undefined, '0.65')).toBe(false);
    expect(ltvWithin(e8('1'), usdt, e8('1'), rate('0', 2), '0.65')).toBe(false);
  });
});
