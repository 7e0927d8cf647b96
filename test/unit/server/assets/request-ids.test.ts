/**
 * Idempotency of money moves (PROTOCOL.md section 2: "the same requestId twice moves the money
 * once"; docs/assets.md). A request id is kept 24 h of wall time whatever the simulated clock
 * does (`--speed` runs it faster), and a live id is never forgotten because more arrived: while a
 * user's table is full a new money move is refused (10006) and nothing moves.
 * Two manual clocks stand for a sped-up simulator: simulated time and wall time.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@src/api/error-codes';
import { DEMO_EMAIL_CODE } from '@src/config/demo';
import { DEMO_2FA_CODE } from '@server/accounts/demo';
import { Assets } from '@server/assets/assets';
import { REQUEST_ID_TTL_MS, REQUEST_IDS_PER_USER } from '@server/assets/book';
import { ManualClock } from '@server/clock';
import { Engine } from '@server/engine/engine';
import { Rng } from '@server/lib/rng';
import { Market } from '@server/market/market';
import { ApiError } from '@server/rest/envelope';

const START = Date.UTC(2026, 10, 25, 10, 1, 32);
const FOLLOWER = 1001;
const HOUR = 3_600_000;

function world() {
  const clock = new ManualClock(START);
  const wall = new ManualClock(START);
  const market = new Market(new Rng(7, 1), clock.now(), 100);
  const engine = new Engine(clock, market, () => undefined, { seed: 7, markMs: 1000 });
  const assets = new Assets(engine, market, clock, wall);
  const fund = () => assets.book(FOLLOWER).balance('FUND', 'USDT');
  const move = (requestId: string, amount = '0.01') =>
    assets.transfer(FOLLOWER, {
      coin: 'USDT',
      amount,
      fromAccountType: 'SPOT',
      toAccountType: 'FUND',
      requestId,
    });
  return { clock, wall, assets, fund, move };
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

describe('request ids of money moves', () => {
  it('are kept on wall time: a retry after 25 simulated hours (a sped-up clock) moves nothing', () => {
    const w = world();
    const listed = () => w.assets.transferList(FOLLOWER, {}).list.length;
    const history = listed();
    const first = w.move('retry-me', '5');
    const fundAfter = w.fund();
    // --speed 10000: 25 h of simulated time pass in 9 s of wall time.
    w.clock.advance(25 * HOUR);
    w.wall.advance(9_000);
    expect(w.move('retry-me', '5')).toEqual(first);
    expect(w.fund()).toBe(fundAfter);
    expect(listed()).toBe(history + 1);
  });

  it('expire after 24 h of wall time, whatever the simulated clock says', () => {
    const w = world();
    const first = w.move('later', '5');
    w.wall.advance(REQUEST_ID_TTL_MS);
    const again = w.move('later', '5');
    expect(again.transferId).not.toBe(first.transferId);
  });

  it('withdraw, savings and repay keep theirs on wall time too', () => {
    const w = world();
    const b = w.assets.book(FOLLOWER);
    const sped = () => {
      w.clock.advance(48 * HOUR);
      w.wall.advance(10_000);
    };

    w.assets.codeSent(FOLLOWER, 'email', 'withdraw', w.wall.now());
    const withdrawal = {
      coin: 'USDT',
      chain: 'TRX',
      address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      amount: '100',
      requestId: 'wd-1',
      google2faCode: DEMO_2FA_CODE,
      emailCode: DEMO_EMAIL_CODE,
    };
    const first = w.assets.withdraw(FOLLOWER, withdrawal);
    const fund = w.fund();
    sped();
    expect(w.assets.withdraw(FOLLOWER, withdrawal)).toEqual(first);
    expect(w.fund()).toBe(fund);

    const subscribe = { productId: 'sav-usdt-flex', amount: '10', requestId: 'sub-1' };
    w.assets.savings(FOLLOWER, 'subscribe', subscribe);
    const held = b.savings.get('sav-usdt-flex')?.amountE8;
    sped();
    w.assets.savings(FOLLOWER, 'subscribe', subscribe);
    expect(b.savings.get('sav-usdt-flex')?.amountE8).toBe(held);

    const redeem = { productId: 'sav-usdt-flex', amount: '10', requestId: 'red-1' };
    w.assets.savings(FOLLOWER, 'redeem', redeem);
    const left = b.savings.get('sav-usdt-flex')?.amountE8;
    sped();
    w.assets.savings(FOLLOWER, 'redeem', redeem);
    expect(b.savings.get('sav-usdt-flex')?.amountE8).toBe(left);

    const repay = { loanId: 'loan-1001-btc', amount: '1', requestId: 'repay-1' };
    w.assets.repay(FOLLOWER, repay);
    const owed = b.loans.find((l) => l.loanId === 'loan-1001-btc')?.borrowedE8;
    sped();
    w.assets.repay(FOLLOWER, repay);
    expect(b.loans.find((l) => l.loanId === 'loan-1001-btc')?.borrowedE8).toBe(owed);
  });

  it('are never forgotten because more arrived: a full table refuses new moves (10006), nothing moves', () => {
    const w = world();
    const first = w.move('retry-me');
    for (let i = 1; i < REQUEST_IDS_PER_USER; i++) {
      w.wall.advance(1);
      w.move(`other-${i}`);
    }
    const fund = w.fund();
    const newest = w.assets.transferList(FOLLOWER, { limit: 1 }).list[0]?.transferId;
    // The id given first is still answered, however many came after it ...
    expect(w.move('retry-me')).toEqual(first);
    // ... and a new one is refused, with the wait, until the oldest expires.
    const refused = refusal(() => w.move('one-too-many'));
    expect(refused.code).toBe(ERROR_CODES.RATE_LIMITED);
    expect(refused.message).toMatch(/please try again in 86400 s\. \(retry-after: 86400\)/);
    expect(w.fund()).toBe(fund);
    expect(w.assets.transferList(FOLLOWER, { limit: 1 }).list[0]?.transferId).toBe(newest);
    // Simulated time does not make room; wall time does, one id at a time.
    w.clock.advance(30 * HOUR);
    expect(refusal(() => w.move('one-too-many')).code).toBe(ERROR_CODES.RATE_LIMITED);
    w.wall.advance(REQUEST_ID_TTL_MS - REQUEST_IDS_PER_USER + 1);
    expect(w.move('one-too-many').status).toBe('SUCCESS');
    expect(refusal(() => w.move('and-another')).code).toBe(ERROR_CODES.RATE_LIMITED);
    // 'retry-me' expired with the first slot: only now may the id move money again.
    expect(w.assets.book(FOLLOWER).remembered('retry-me', w.wall.now())).toBeUndefined();
  });
});
