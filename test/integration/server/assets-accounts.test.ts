/**
 * The unified account, savings and pledge loans against the simulator (docs/assets.md): the
 * upgrade moves derivatives and spot into UNIFIED and pushes the emptied wallets; the collateral
 * switch; subscribe, redeem (a fixed-term product only from its maturity) and auto-saving;
 * taking out a loan (once per requestId, refused without a session and from another origin) and
 * repaying one in part and in full (the collateral comes back); the compliance flags of each demo
 * account; interest and loan cost each hour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetOverview, MemberInfo } from '@src/api/types';
import type { Wallet } from '@src/wire/protocol';
import type { Simulator } from '@server/simulator';
import { HttpClient, privateSession, startTestSim } from './helpers';
import {
  accountOf,
  aggregate,
  coinTotal,
  e8,
  expectAddsUp,
  holdings,
  overview,
  stable,
  transfer,
  type Env,
} from './assets-support';

let sim: Simulator;
beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(() => sim.stop());

const amountIn = (
  o: AssetOverview,
  account: 'FUND' | 'SPOT' | 'UNIFIED' | 'PLEDGE',
  coin: string,
) => e8(accountOf(o, account).coins.find((c) => c.coin === coin)?.amount ?? '0');

async function login(user: string): Promise<HttpClient> {
  const http = new HttpClient(sim.url);
  await http.login(user);
  return http;
}

describe('the unified account', () => {
  it('upgrades an eligible user: derivatives and spot move into it, wallets pushed at 0', async () => {
    const { http, ws, userId } = await privateSession(sim, 'newbie', ['wallet']);
    const member = async () =>
      (await http.get<Env<MemberInfo>>('/user/private/member/info')).body.result;
    expect(await member()).toMatchObject({
      isUnifiedAccount: false,
      upgradeToUnifiedAvailable: true,
    });
    // Some USDT in the derivatives wallet first.
    expect(
      (
        await transfer(http, {
          coin: 'USDT',
          amount: '7.5',
          fromAccountType: 'SPOT',
          toAccountType: 'DERIVATIVES',
          requestId: 'pre-upgrade',
        })
      ).body.ret_code,
    ).toBe(0);
    const before = await holdings(sim, http, userId);
    expect(before.get('DERIVATIVES:USDT')).toBe(e8('7.5'));
    const o0 = await overview(http);
    expect(o0.unified).toMatchObject({ upgraded: false, upgradeEligible: true });

    const mark = ws.frames.length;
    const r = await http.post<Env>('/v3/private/asset/unified/upgrade', {});
    expect(r.body).toMatchObject({ ret_code: 0, result: { status: 'SUCCESS' } });
    await ws.waitFor((f) => {
      const m = JSON.parse(f) as { topic?: string; data?: Wallet[] };
      return (
        m.topic === 'wallet' &&
        (m.data ?? []).some((w) => w.coin === 'USDT' && w.walletBalanceE8 === '0')
      );
    }, mark);
    const o = await overview(http);
    expect(o.unified).toMatchObject({ upgraded: true, upgradeEligible: false });
    expect(accountOf(o, 'SPOT').coins).toEqual([]);
    expect(accountOf(o, 'DERIVATIVES').coins).toEqual([]);
    expect(amountIn(o, 'UNIFIED', 'USDT')).toBe(e8('20'));
    const after = await holdings(sim, http, userId);
    expect(coinTotal(after, 'USDT')).toBe(coinTotal(before, 'USDT'));
    expectAddsUp(o);
    expect(await member()).toMatchObject({
      isUnifiedAccount: true,
      upgradeToUnifiedAvailable: false,
    });
    expect((await http.post<Env>('/v3/private/asset/unified/upgrade', {})).body.ret_code).toBe(
      131013,
    );
    await ws.close();
  });

  it('credits deposits saved for Spot to the unified account once upgraded, and offers it instead', async () => {
    const http = await login('newbie');
    const save = (value: string) =>
      http.post<Env<Record<string, string>>>('/v3/private/user/member/pref-setting', {
        key: 'deposit_to',
        value,
      });
    const configs = async () =>
      (await http.post<Env<Record<string, string>>>('/v3/private/user/member/pref-setting')).body
        .result;
    const deposit = (amount: string) =>
      http.post<{ deposit?: { id: string; toAccountType: string } }>('/__admin/deposit', {
        userId: 4001,
        coin: 'XRP',
        chain: 'XRP',
        amount,
      });
    // newbie was upgraded by the test above; a fresh simulator gives a classic account.
    const fresh = await startTestSim();
    try {
      const classic = new HttpClient(fresh.url);
      await classic.login('newbie');
      const put = (value: string) =>
        classic.post<Env>('/v3/private/user/member/pref-setting', { key: 'deposit_to', value });
      expect((await put('SPOT')).body.ret_code).toBe(0);
      const made = await new HttpClient(fresh.url).post<{
        deposit?: { id: string; toAccountType: string };
      }>('/__admin/deposit', { userId: 4001, coin: 'XRP', chain: 'XRP', amount: '30' });
      expect(made.body.deposit?.toAccountType).toBe('SPOT');
      expect((await classic.post<Env>('/v3/private/asset/unified/upgrade', {})).body.ret_code).toBe(
        0,
      );
      // the saved choice follows Spot's coins into the unified account
      expect(
        (await classic.post<Env<Record<string, string>>>('/v3/private/user/member/pref-setting'))
          .body.result.deposit_to,
      ).toBe('UNIFIED');
      expect((await overview(classic)).depositTo).toBe('UNIFIED');
      for (let i = 0; i < 10; i++) fresh.advance(60_000);
      const o = await overview(classic);
      expect(accountOf(o, 'SPOT').coins).toEqual([]);
      expect(accountOf(o, 'UNIFIED').coins.find((c) => c.coin === 'XRP')?.amount).toBe('30');
      expectAddsUp(o);
    } finally {
      await fresh.stop();
    }

    // Upgraded: Funding or the unified account; Spot is refused with nothing saved.
    expect((await save('SPOT')).body).toMatchObject({
      ret_code: 10001,
      ret_msg: 'value: deposit_to: one of FUND, UNIFIED',
    });
    expect((await save('unified')).body.ret_code).toBe(0);
    expect((await configs()).deposit_to).toBe('UNIFIED');
    expect((await overview(http)).depositTo).toBe('UNIFIED');
    expect((await deposit('40')).body.deposit?.toAccountType).toBe('UNIFIED');
  });

  it('refuses the upgrade to accounts that trade or copy', async () => {
    for (const user of ['trader', 'follower', 'leader']) {
      const http = await login(user);
      const before = stable(await overview(http));
      expect(before.unified.upgradeEligible).toBe(false);
      expect((await http.post<Env>('/v3/private/asset/unified/upgrade', {})).body.ret_code).toBe(
        131013,
      );
      expect(
        (await http.post<Env>('/v3/private/asset/unified/upgrade', { x: 1 })).body.ret_code,
      ).toBe(10001);
      expect(stable(await overview(http))).toEqual(before);
    }
  });

  it('switches a coin as collateral on and off; refuses a coin that cannot be', async () => {
    const http = await login('trader');
    const coin = async (c: string) =>
      (await overview(http)).unified.coins.find((x) => x.coin === c);
    expect(await coin('BTC')).toMatchObject({ collateralable: true, collateralSwitch: false });
    expect(await coin('DOGE')).toMatchObject({ collateralable: false, collateralSwitch: false });
    expect(await coin('USDT')).toMatchObject({
      collateralSwitch: true,
      borrowed: '1000',
      amount: '5000',
    });
    const sw = (c: string, on: boolean) =>
      http.post<Env>('/v3/private/asset/unified/collateral-switch', {
        coin: c,
        collateralSwitch: on,
      });
    expect((await sw('BTC', true)).body.ret_code).toBe(0);
    expect(await coin('BTC')).toMatchObject({ collateralSwitch: true });
    expect((await sw('BTC', false)).body.ret_code).toBe(0);
    expect(await coin('BTC')).toMatchObject({ collateralSwitch: false });
    expect((await sw('DOGE', true)).body.ret_code).toBe(131014);
    expect((await sw('NOPE', true)).body.ret_code).toBe(131003);
    const o = await overview(http);
    expect(o.unified).toMatchObject({ loanUsd: '1000.00', marginUsd: '100.00' });
    expect(o.unified.equityUsd).toBe(accountOf(o, 'UNIFIED').usdValue);
  });
});

describe('savings', () => {
  it('subscribes from FUND and redeems back, once per requestId, within the product bounds', async () => {
    const http = await login('follower');
    const product = (o: AssetOverview, id: string) =>
      o.savings.products.find((p) => p.productId === id);
    const o0 = await overview(http);
    expect(o0.savings.products).toHaveLength(6);
    expect(product(o0, 'sav-usdt-flex')).toMatchObject({
      amount: '500',
      apy: '0.045',
      termDays: 0,
    });
    const body = { productId: 'sav-usdt-flex', amount: '100', requestId: 'sub-1' };
    const sub = (b: unknown) => http.post<Env>('/v3/private/asset/savings/subscribe', b);
    const red = (b: unknown) => http.post<Env>('/v3/private/asset/savings/redeem', b);
    expect((await sub(body)).body.ret_code).toBe(0);
    expect((await sub(body)).body.ret_code).toBe(0); // the same request: nothing more moves
    const o1 = await overview(http);
    expect(product(o1, 'sav-usdt-flex')?.amount).toBe('600');
    expect(amountIn(o1, 'FUND', 'USDT')).toBe(amountIn(o0, 'FUND', 'USDT') - e8('100'));
    expectAddsUp(o1);

    for (const [b, code] of [
      [{ productId: 'sav-usdt-30d', amount: '50', requestId: 'sub-min' }, 131016],
      [{ productId: 'sav-nope', amount: '50', requestId: 'sub-unknown' }, 131015],
      [{ productId: 'sav-usdt-flex', amount: '100000', requestId: 'sub-over' }, 131001],
      [{ productId: 'sav-usdt-flex', amount: '0', requestId: 'sub-zero' }, 131005],
    ] as const) {
      expect((await sub(b)).body.ret_code, JSON.stringify(b)).toBe(code);
    }
    expect(
      (await red({ productId: 'sav-usdt-flex', amount: '601', requestId: 'red-over' })).body
        .ret_code,
    ).toBe(131016);
    expect(stable(await overview(http))).toEqual(stable(o1));

    expect(
      (await red({ productId: 'sav-usdt-flex', amount: '100', requestId: 'red-1' })).body.ret_code,
    ).toBe(0);
    const o2 = await overview(http);
    expect(product(o2, 'sav-usdt-flex')?.amount).toBe('500');
    expect(amountIn(o2, 'FUND', 'USDT')).toBe(amountIn(o0, 'FUND', 'USDT'));
  });

  it('redeems a fixed-term product only from maturity: 131017 and nothing moved before, once per requestId', async () => {
    const http = await login('follower');
    const red = (b: unknown) => http.post<Env>('/v3/private/asset/savings/redeem', b);
    const term = (o: AssetOverview) =>
      o.savings.products.find((p) => p.productId === 'sav-usdt-30d')!;
    const o0 = await overview(http);
    // The demo subscriptions: 200 matured, 800 locked (docs/simulator.md).
    expect(term(o0)).toMatchObject({ termDays: 30, amount: '1000', redeemable: '200' });
    expect(term(o0).lots.map((l) => [l.amount, l.status])).toEqual([
      ['200', 'MATURED'],
      ['800', 'LOCKED'],
    ]);
    const locked = term(o0).lots[1]!;
    expect(Number(locked.maturesAtE3)).toBeGreaterThan(Number(o0.updatedAtE3));

    for (const [i, amount] of ['1000', '200.01', '800'].entries()) {
      const r = await red({ productId: 'sav-usdt-30d', amount, requestId: `early-${i}` });
      expect(r.body.ret_code, amount).toBe(131017);
      expect(r.body.ret_msg).toMatch(/locked/);
    }
    expect(stable(await overview(http))).toEqual(stable(o0));

    const body = { productId: 'sav-usdt-30d', amount: '200', requestId: 'matured-1' };
    expect((await red(body)).body.ret_code).toBe(0);
    expect((await red(body)).body.ret_code).toBe(0); // the same request: nothing more moves
    const o1 = await overview(http);
    expect(term(o1)).toMatchObject({ amount: '800', redeemable: '0' });
    expect(term(o1).lots).toEqual([locked]);
    expect(amountIn(o1, 'FUND', 'USDT')).toBe(amountIn(o0, 'FUND', 'USDT') + e8('200'));
    expectAddsUp(o1);
    expect(
      (await red({ productId: 'sav-usdt-30d', amount: '1', requestId: 'early-after' })).body
        .ret_code,
    ).toBe(131017);
  });

  it('selects auto-saving only for a supported coin', async () => {
    const http = await login('follower');
    const auto = async (c: string) =>
      (await overview(http)).savings.autoSaving.find((a) => a.coin === c);
    expect(await auto('USDT')).toEqual({ coin: 'USDT', isSupported: true, isSelected: true });
    expect(await auto('XRP')).toEqual({ coin: 'XRP', isSupported: false, isSelected: false });
    const set = (coin: string, isSelected: boolean) =>
      http.post<Env>('/v3/private/asset/savings/auto-saving', { coin, isSelected });
    expect((await set('BTC', true)).body.ret_code).toBe(0);
    expect(await auto('BTC')).toMatchObject({ isSelected: true });
    expect((await set('USDT', false)).body.ret_code).toBe(0);
    expect(await auto('USDT')).toMatchObject({ isSelected: false });
    expect((await set('XRP', true)).body.ret_code).toBe(131003);
  });
});

describe('a pledge loan', () => {
  it('is repaid in part, then in full, which returns the collateral to FUND', async () => {
    const http = await login('leader');
    const o0 = await overview(http);
    const loan = o0.pledge.loans[0];
    expect(loan).toMatchObject({
      loanId: 'loan-2001-eth',
      loanCoin: 'USDT',
      borrowed: '900',
      collateralCoin: 'ETH',
    });
    expect(loan?.ltv).toMatch(/^0\.\d{4}$/);
    expect(amountIn(o0, 'PLEDGE', 'ETH')).toBe(e8('0.5'));
    const repay = (amount: string, requestId: string, loanId = 'loan-2001-eth') =>
      http.post<Env>('/v3/private/asset/pledge/repay', { loanId, amount, requestId });

    expect((await repay('100', 'rp-1')).body.ret_code).toBe(0);
    expect((await repay('100', 'rp-1')).body.ret_code).toBe(0); // once
    const o1 = await overview(http);
    expect(o1.pledge.loans[0]?.borrowed).toBe('800');
    expect(amountIn(o1, 'FUND', 'USDT')).toBe(amountIn(o0, 'FUND', 'USDT') - e8('100'));
    expect((await repay('800.000001', 'rp-over')).body.ret_code).toBe(131016);
    expect((await repay('1', 'rp-unknown', 'loan-nope')).body.ret_code).toBe(131015);
    expect(stable(await overview(http))).toEqual(stable(o1));

    expect((await repay('800', 'rp-all')).body.ret_code).toBe(0);
    const o2 = await overview(http);
    expect(o2.pledge.loans).toEqual([]);
    expect(accountOf(o2, 'PLEDGE')).toMatchObject({ usdValue: '0.00', coins: [] });
    expect(amountIn(o2, 'FUND', 'ETH')).toBe(amountIn(o0, 'FUND', 'ETH') + e8('0.5'));
    expect(amountIn(o2, 'FUND', 'USDT')).toBe(amountIn(o0, 'FUND', 'USDT') - e8('900'));
    expectAddsUp(o2);
  });

  it('refuses a repayment FUND cannot pay', async () => {
    const http = await login('trader');
    // The trader owes 1000 USDT on SOL and holds 1000 USDT in FUND, less what others took.
    const o = await overview(http);
    const fund = amountIn(o, 'FUND', 'USDT');
    const owed = e8(o.pledge.loans[0]?.borrowed ?? '0');
    if (fund >= owed) {
      expect(
        (
          await transfer(http, {
            coin: 'USDT',
            amount: '600',
            fromAccountType: 'FUND',
            toAccountType: 'SPOT',
            requestId: 'drain-fund',
          })
        ).body.ret_code,
      ).toBe(0);
    }
    const r = await http.post<Env>('/v3/private/asset/pledge/repay', {
      loanId: 'loan-3001-sol',
      amount: '1000',
      requestId: 'rp-poor',
    });
    expect(r.body.ret_code).toBe(131001);
  });
});

describe('taking out a pledge loan', () => {
  it('moves the collateral from FUND into PLEDGE and credits the loan, once per requestId', async () => {
    const http = await login('leader');
    const o0 = await overview(http);
    const usdt = o0.pledge.loanCoins.find((c) => c.coin === 'USDT');
    const btc = o0.pledge.collateralCoins.find((c) => c.coin === 'BTC');
    expect(usdt).toMatchObject({ hourlyRate: expect.any(String), minAmount: '10' });
    expect(btc).toMatchObject({ initialLtv: '0.65', liquidationLtv: '0.85' });
    const body = {
      loanCoin: 'USDT',
      loanAmount: '300',
      collateralCoin: 'BTC',
      collateralAmount: '0.02',
      requestId: 'it-borrow-1',
    };
    const borrow = (b: Record<string, string>) =>
      http.post<Env<{ loanId: string; status: string } | null>>(
        '/v3/private/asset/pledge/borrow',
        b,
      );
    const r = await borrow(body);
    expect(r.body).toMatchObject({ ret_code: 0, result: { status: 'SUCCESS' } });
    const loanId = r.body.result?.loanId;
    // The answer lost and the request sent again: the same answer, nothing moves twice.
    expect((await borrow(body)).body.result).toEqual(r.body.result);

    const o1 = await overview(http);
    const loan = o1.pledge.loans.find((l) => l.loanId === loanId);
    expect(loan).toMatchObject({
      loanCoin: 'USDT',
      borrowed: '300',
      collateralCoin: 'BTC',
      collateralAmount: '0.02',
      liquidationLtv: '0.85',
      hourlyRate: usdt?.hourlyRate,
    });
    expect(loan?.ltv).toMatch(/^0\.\d{4}$/);
    expect(Number(loan?.createdAtE3)).toBeGreaterThan(0);
    expect(amountIn(o1, 'FUND', 'USDT')).toBe(amountIn(o0, 'FUND', 'USDT') + e8('300'));
    expect(amountIn(o1, 'FUND', 'BTC')).toBe(amountIn(o0, 'FUND', 'BTC') - e8('0.02'));
    expect(amountIn(o1, 'PLEDGE', 'BTC')).toBe(amountIn(o0, 'PLEDGE', 'BTC') + e8('0.02'));
    expectAddsUp(o1);

    // Refused, and nothing moved: a loan above the initial LTV, collateral FUND does not hold,
    // a malformed body (the schema: no unknown fields, every field there).
    const refused = async (b: Record<string, unknown>) =>
      (await http.post<Env>('/v3/private/asset/pledge/borrow', b)).body.ret_code;
    expect(await refused({ ...body, loanAmount: '5000', requestId: 'it-borrow-2' })).toBe(131019);
    expect(await refused({ ...body, collateralAmount: '1', requestId: 'it-borrow-3' })).toBe(
      131001,
    );
    expect(await refused({ ...body, requestId: 'it-borrow-4', extra: 1 })).toBe(10001);
    expect(await refused({ loanCoin: 'USDT', loanAmount: '300', requestId: 'it-borrow-5' })).toBe(
      10001,
    );
    expect(await refused({ ...body, loanAmount: 300, requestId: 'it-borrow-6' })).toBe(10001);
    expect(stable(await overview(http))).toEqual(stable(o1));
  });

  it('is refused without a session, and from another origin', async () => {
    const anon = new HttpClient(sim.url);
    const r = await anon.post<Env>('/v3/private/asset/pledge/borrow', {
      loanCoin: 'USDT',
      loanAmount: '100',
      collateralCoin: 'BTC',
      collateralAmount: '0.01',
      requestId: 'it-anon',
    });
    expect(r.body.ret_code).toBe(10007);

    const http = await login('leader');
    const before = stable(await overview(http));
    const forged = await http.request<Env>(
      'POST',
      '/v3/private/asset/pledge/borrow',
      JSON.stringify({
        loanCoin: 'USDT',
        loanAmount: '100',
        collateralCoin: 'BTC',
        collateralAmount: '0.01',
        requestId: 'it-forged',
      }),
      { 'content-type': 'application/json', origin: 'http://evil.example' },
    );
    expect(forged.status).toBe(403);
    expect(forged.body.ret_code).not.toBe(0);
    expect(stable(await overview(http))).toEqual(before);
  });
});

describe('interest and loan cost', () => {
  it('credit savings apy / 8760 and charge loans their hourly rate each hour, exactly', async () => {
    const http = await login('leader');
    const o0 = await overview(http);
    const eth = o0.savings.products.find((p) => p.productId === 'sav-eth-flex');
    sim.sim.assets.accrue();
    const o1 = await overview(http);
    const eth1 = o1.savings.products.find((p) => p.productId === 'sav-eth-flex');
    const held = e8(eth?.amount ?? '0');
    const interest = (held * 25_000n) / (8760n * 1_000_000n); // apy 0.025
    expect(e8(eth1?.amount ?? '0')).toBe(held + interest);
    expect(e8(eth1?.cumInterest ?? '0')).toBe(e8(eth?.cumInterest ?? '0') + interest);

    // The trader's loan: 1000 USDT at 0.0000062 an hour (the previous test left it unpaid).
    const trader = await login('trader');
    expect((await overview(trader)).pledge.loans[0]?.borrowed).toBe('1000.0062');
  });
});

describe('the aggregate info', () => {
  it("carries each demo account's compliance flags", async () => {
    const flags = async (user: string) => aggregate(await login(user));
    expect(await flags('follower')).toMatchObject({
      isNeedDoDepositAmlEdd: true,
      eddGroupId: 'EDD-1001',
      waitTravelRuleCount: 1,
      hasPendingAssets: true,
    });
    expect(await flags('leader')).toMatchObject({
      isExistDepositBatchRelease: true,
      isExistUnTokenDeposit: true,
    });
    expect(await flags('trader')).toMatchObject({
      isExistAmlClear: true,
      isDisplayClear: true,
      clearUserIdList: [3001],
      isExistDepositAml: true,
      waitTaxCount: 1,
      isExistDepositUnauthentication_address: true,
    });
    expect(await flags('newbie')).toMatchObject({
      isNeedDoDepositAmlEdd: false,
      isExistAmlClear: false,
      isExistDepositAml: false,
      waitTaxCount: 0,
      waitTravelRuleCount: 0,
      transferPendingCount: 0,
    });
  });
});
