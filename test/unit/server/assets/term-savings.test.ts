/**
 * Fixed-term savings in the simulator's asset books (docs/assets.md, "Savings and pledge loans"):
 * a subscription is locked for its term; a redemption above what has matured is refused with
 * 131017 and moves nothing; from the maturity instant the principal and its interest come back
 * to FUND, once per requestId; interest stops at maturity. On a manual clock, timers not started
 * (interest is credited by calling accrue(), as the hourly loop does).
 */
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@src/api/error-codes';
import { Assets } from '@server/assets/assets';
import { DAY_MS } from '@server/assets/book';
import { ManualClock } from '@server/clock';
import { Engine } from '@server/engine/engine';
import { E8, parseFixed } from '@server/lib/fixed';
import { Rng } from '@server/lib/rng';
import { Market } from '@server/market/market';
import { assetOverview } from '@server/rest/overview';

const START = Date.UTC(2026, 10, 25, 10, 1, 32);
const FOLLOWER = 1001;
const LEADER = 2001;
const e8 = (s: string) => parseFixed(s, E8);

function world() {
  const clock = new ManualClock(START);
  const market = new Market(new Rng(7, 1), clock.now(), 100);
  const engine = new Engine(clock, market, () => undefined, { seed: 7, markMs: 1000 });
  const assets = new Assets(engine, market, clock, clock);
  const fund = (userId: number, coin = 'USDT') => assets.book(userId).balance('FUND', coin);
  const held = (userId: number, productId: string) => {
    const h = assets.book(userId).savings.get(productId)!;
    return structuredClone(h);
  };
  const product = (userId: number, productId: string) =>
    assetOverview(assets, userId, market, clock.now()).savings.products.find(
      (p) => p.productId === productId,
    )!;
  const redeem = (userId: number, productId: string, amount: string, requestId: string) =>
    assets.savings(userId, 'redeem', { productId, amount, requestId });
  const subscribe = (userId: number, productId: string, amount: string, requestId: string) =>
    assets.savings(userId, 'subscribe', { productId, amount, requestId });
  return { clock, assets, fund, held, product, redeem, subscribe };
}

/** The ApiError code `fn` throws (undefined when it does not throw). */
function codeOf(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (err) {
    return (err as { code?: number }).code;
  }
  return undefined;
}

describe('fixed-term savings', () => {
  it("the follower's seeded 30-day product: one subscription matured, one locked, dated from the start", () => {
    const w = world();
    const p = w.product(FOLLOWER, 'sav-usdt-30d');
    const startDay = Math.floor(START / DAY_MS) * DAY_MS;
    expect(p).toMatchObject({ amount: '1000', redeemable: '200', cumInterest: '6.65' });
    expect(p.lots).toEqual([
      {
        lotId: expect.any(String),
        amount: '200',
        interest: '1.33',
        subscribedAtE3: String(startDay - 40 * DAY_MS),
        maturesAtE3: String(startDay - 10 * DAY_MS),
        status: 'MATURED',
      },
      {
        lotId: expect.any(String),
        amount: '800',
        interest: '2.13',
        subscribedAtE3: String(startDay - 12 * DAY_MS),
        maturesAtE3: String(startDay + 18 * DAY_MS),
        status: 'LOCKED',
      },
    ]);
    // Flexible products have no subscriptions and are redeemable in full.
    expect(w.product(FOLLOWER, 'sav-usdt-flex')).toMatchObject({
      amount: '500',
      redeemable: '500',
      lots: [],
    });
  });

  it('refuses a redemption before maturity with 131017, nothing moved, the id not used up', () => {
    const w = world();
    const fund0 = w.fund(LEADER);
    expect(w.subscribe(LEADER, 'sav-usdt-30d', '150', 'sub-1')).toEqual({ status: 'SUCCESS' });
    expect(w.fund(LEADER)).toBe(fund0 - e8('150'));
    const p = w.product(LEADER, 'sav-usdt-30d');
    expect(p).toMatchObject({ amount: '150', redeemable: '0' });
    expect(p.lots).toEqual([
      expect.objectContaining({
        amount: '150',
        interest: '0',
        subscribedAtE3: String(START),
        maturesAtE3: String(START + 30 * DAY_MS),
        status: 'LOCKED',
      }),
    ]);

    const before = { fund: w.fund(LEADER), held: w.held(LEADER, 'sav-usdt-30d') };
    expect(codeOf(() => w.redeem(LEADER, 'sav-usdt-30d', '150', 'red-1'))).toBe(
      ERROR_CODES.TERM_LOCKED,
    );
    expect(codeOf(() => w.redeem(LEADER, 'sav-usdt-30d', '0.01', 'red-2'))).toBe(
      ERROR_CODES.TERM_LOCKED,
    );
    // One millisecond before maturity it is still locked.
    w.clock.advance(30 * DAY_MS - 1);
    expect(codeOf(() => w.redeem(LEADER, 'sav-usdt-30d', '150', 'red-1'))).toBe(
      ERROR_CODES.TERM_LOCKED,
    );
    expect({ fund: w.fund(LEADER), held: w.held(LEADER, 'sav-usdt-30d') }).toEqual(before);
    // The other checks come first: more than held is 131016, a bad amount 131005.
    expect(codeOf(() => w.redeem(LEADER, 'sav-usdt-30d', '150.01', 'red-3'))).toBe(
      ERROR_CODES.AMOUNT_OUT_OF_RANGE,
    );
    expect(codeOf(() => w.redeem(LEADER, 'sav-usdt-30d', '-1', 'red-4'))).toBe(
      ERROR_CODES.INVALID_AMOUNT,
    );

    // At the maturity instant: the same request id goes through now (a refusal is not kept).
    w.clock.advance(1);
    expect(w.product(LEADER, 'sav-usdt-30d')).toMatchObject({ redeemable: '150' });
    expect(w.redeem(LEADER, 'sav-usdt-30d', '150', 'red-1')).toEqual({ status: 'SUCCESS' });
    expect(w.fund(LEADER)).toBe(fund0);
    expect(w.product(LEADER, 'sav-usdt-30d')).toMatchObject({
      amount: '0',
      redeemable: '0',
      lots: [],
    });
  });

  it('returns principal and interest at maturity, once per requestId; interest stops at maturity', () => {
    const w = world();
    const fund0 = w.fund(LEADER);
    w.subscribe(LEADER, 'sav-usdt-30d', '1000', 'sub-1');
    // Two hours of interest during the term: 1000 × 0.081 / 8760 each, truncated to USDT's 6
    // decimals (so that the whole can be redeemed: an amount has at most the coin's decimals).
    w.clock.advance(3_600_000);
    w.assets.accrue();
    w.clock.advance(3_600_000);
    w.assets.accrue();
    const hour = (held: bigint) => {
      const raw = (held * 81_000n) / (8760n * 1_000_000n);
      return raw - (raw % 100n);
    };
    const first = hour(e8('1000'));
    const second = hour(e8('1000') + first);
    expect(first).toBe(924_600n); // 0.009246 USDT
    const total = e8('1000') + first + second;
    let h = w.held(LEADER, 'sav-usdt-30d');
    expect(h.amountE8).toBe(total);
    expect(h.lots[0]?.interestE8).toBe(first + second);
    // After maturity: no more interest.
    w.clock.advance(30 * DAY_MS);
    w.assets.accrue();
    h = w.held(LEADER, 'sav-usdt-30d');
    expect(h.amountE8).toBe(total);
    expect(h.cumInterestE8).toBe(first + second);

    const amount = w.product(LEADER, 'sav-usdt-30d').redeemable;
    expect(e8(amount)).toBe(total);
    expect(w.redeem(LEADER, 'sav-usdt-30d', amount, 'red-all')).toEqual({ status: 'SUCCESS' });
    expect(w.redeem(LEADER, 'sav-usdt-30d', amount, 'red-all')).toEqual({ status: 'SUCCESS' });
    expect(w.fund(LEADER)).toBe(fund0 + first + second); // principal + interest, once
    expect(w.held(LEADER, 'sav-usdt-30d')).toMatchObject({ amountE8: 0n, lots: [] });
    // The interest earned stays counted in the product.
    expect(w.held(LEADER, 'sav-usdt-30d').cumInterestE8).toBe(first + second);
  });

  it('takes a partial redemption from the matured subscriptions only, oldest first', () => {
    const w = world();
    const fund0 = w.fund(FOLLOWER);
    const before = w.held(FOLLOWER, 'sav-usdt-30d');
    // 200 matured, 800 locked: 250 would reach into the locked one.
    expect(codeOf(() => w.redeem(FOLLOWER, 'sav-usdt-30d', '250', 'r-250'))).toBe(
      ERROR_CODES.TERM_LOCKED,
    );
    expect(w.held(FOLLOWER, 'sav-usdt-30d')).toEqual(before);
    expect(w.fund(FOLLOWER)).toBe(fund0);

    expect(w.redeem(FOLLOWER, 'sav-usdt-30d', '150', 'r-150')).toEqual({ status: 'SUCCESS' });
    expect(w.fund(FOLLOWER)).toBe(fund0 + e8('150'));
    const p = w.product(FOLLOWER, 'sav-usdt-30d');
    expect(p).toMatchObject({ amount: '850', redeemable: '50' });
    // What is left of the matured one keeps its share of the interest (1.33 × 50 / 200).
    expect(p.lots.map((l) => [l.amount, l.interest, l.status])).toEqual([
      ['50', '0.3325', 'MATURED'],
      ['800', '2.13', 'LOCKED'],
    ]);
    expect(codeOf(() => w.redeem(FOLLOWER, 'sav-usdt-30d', '50.01', 'r-more'))).toBe(
      ERROR_CODES.TERM_LOCKED,
    );
    expect(w.redeem(FOLLOWER, 'sav-usdt-30d', '50', 'r-50')).toEqual({ status: 'SUCCESS' });
    expect(w.product(FOLLOWER, 'sav-usdt-30d')).toMatchObject({ amount: '800', redeemable: '0' });
  });

  it('a new subscription is a subscription of its own, with its own maturity', () => {
    const w = world();
    w.clock.advance(DAY_MS);
    w.subscribe(FOLLOWER, 'sav-usdt-30d', '100', 'sub-new');
    const lots = w.product(FOLLOWER, 'sav-usdt-30d').lots;
    expect(lots).toHaveLength(3);
    expect(new Set(lots.map((l) => l.lotId)).size).toBe(3);
    expect(lots[2]).toMatchObject({
      amount: '100',
      maturesAtE3: String(START + 31 * DAY_MS),
      status: 'LOCKED',
    });
    // The flexible product is not locked at all.
    expect(w.redeem(FOLLOWER, 'sav-usdt-flex', '500', 'flex-all')).toEqual({ status: 'SUCCESS' });
  });
});
