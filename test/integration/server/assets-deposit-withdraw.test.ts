/**
 * Deposits and withdrawals against the simulator (docs/assets.md): the operator's deposit is
 * pending with 0 confirmations, gains one per 3 s block of the manual clock and is credited to
 * `depositTo` at the chain's count; the aggregate info counts what is pending; a withdrawal is
 * refused for each failed check with nothing moved, and the right one is pending, then done after
 * 2 blocks; the admin deposit route is closed to other machines, other Hosts and foreign pages.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DepositAddress,
  DepositRecord,
  Page,
  WithdrawBody,
  WithdrawRecord,
  CoinInfoResult,
} from '@src/api/types';
import { DEMO_EMAIL_CODE } from '@src/config/demo';
import { BLOCK_MS } from '@server/assets/assets';
import type { Simulator } from '@server/simulator';
import { HttpClient, startTestSim } from './helpers';
import {
  accountOf,
  aggregate,
  e8,
  expectAddsUp,
  overview,
  stable,
  type Env,
} from './assets-support';

let sim: Simulator;
beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(() => sim.stop());

const admin = (body: unknown) =>
  new HttpClient(sim.url).post<{ ok?: boolean; deposit?: DepositRecord; error?: string }>(
    '/__admin/deposit',
    body,
  );

const fundOf = async (http: HttpClient, coin: string): Promise<bigint> =>
  e8(accountOf(await overview(http), 'FUND').coins.find((c) => c.coin === coin)?.amount ?? '0');

async function deposits(http: HttpClient): Promise<DepositRecord[]> {
  const r = await http.get<Env<Page<DepositRecord>>>('/v3/private/asset/deposit/list');
  expect(r.body.ret_code).toBe(0);
  return r.body.result.list;
}

describe('a deposit', () => {
  it('is pending, confirmed block by block, then credited to depositTo', async () => {
    const http = new HttpClient(sim.url);
    await http.login('newbie');
    const o = await overview(http);
    expect(o.depositTo).toBe('FUND');
    expect(await fundOf(http, 'USDT')).toBe(0n);

    const r = await admin({ userId: 4001, coin: 'USDT', chain: 'TRX', amount: '250.5' });
    expect(r.status).toBe(200);
    expect(r.body.deposit).toMatchObject({
      coin: 'USDT',
      chain: 'TRX',
      amount: '250.5',
      status: 'pending',
      confirmations: 0,
      requiredConfirmations: 2,
      toAccountType: 'FUND',
    });
    const addr = await http.get<Env<DepositAddress>>(
      '/v3/private/asset/deposit/address?coin=USDT&chain=TRX',
    );
    expect(r.body.deposit?.address).toBe(addr.body.result.address);

    let agg = await aggregate(http);
    expect(agg.depositPendingCount).toBe(1);
    expect(agg.hasPendingAssets).toBe(true);
    expect((await deposits(http))[0]).toMatchObject({ status: 'pending', confirmations: 0 });

    sim.advance(BLOCK_MS);
    expect((await deposits(http))[0]).toMatchObject({ status: 'pending', confirmations: 1 });
    expect(await fundOf(http, 'USDT')).toBe(0n);

    sim.advance(BLOCK_MS);
    expect((await deposits(http))[0]).toMatchObject({ status: 'success', confirmations: 2 });
    expect(await fundOf(http, 'USDT')).toBe(e8('250.5'));
    agg = await aggregate(http);
    expect(agg.depositPendingCount).toBe(0);
    expect(agg.hasPendingAssets).toBe(false);
    expectAddsUp(await overview(http));
  });

  it("is credited to the account saved as deposit_to, one of the user's own, from then on", async () => {
    const http = new HttpClient(sim.url);
    await http.login('trader');
    const save = (value: string) =>
      http.post<Env<Record<string, string>>>('/v3/private/user/member/pref-setting', {
        key: 'deposit_to',
        value,
      });
    const spotOf = async (coin: string) =>
      e8(accountOf(await overview(http), 'SPOT').coins.find((c) => c.coin === coin)?.amount ?? '0');
    // A classic account: Funding or Spot; the unified account, or a made-up one, is refused
    // with nothing saved.
    for (const bad of ['UNIFIED', 'DERIVATIVES', 'savings', ' spot']) {
      expect((await save(bad)).body).toMatchObject({
        ret_code: 10001,
        ret_msg: 'value: deposit_to: one of FUND, SPOT',
      });
    }
    expect((await overview(http)).depositTo).toBe('FUND');
    const pendingToFund = await admin({ userId: 3001, coin: 'ETH', chain: 'ETH', amount: '0.25' });
    expect(pendingToFund.body.deposit?.toAccountType).toBe('FUND');

    // Any case is taken, and stored by its account name.
    expect((await save('spot')).body).toMatchObject({
      ret_code: 0,
      result: { deposit_to: 'SPOT' },
    });
    expect((await overview(http)).depositTo).toBe('SPOT');
    const spotBefore = await spotOf('ETH');
    const r = await admin({ userId: 3001, coin: 'ETH', chain: 'ETH', amount: '0.5' });
    expect(r.body.deposit?.toAccountType).toBe('SPOT');
    const info = (await http.get<Env<CoinInfoResult>>('/v3/private/asset/coin-info')).body.result;
    const eth = info.list.find((c) => c.coin === 'ETH')?.chains;
    const blocks = eth?.find((c) => c.chain === 'ETH')?.confirmations ?? 0;
    expect(blocks).toBeGreaterThan(0);
    for (let i = 0; i < blocks; i++) sim.advance(BLOCK_MS);
    // Each where it was made to: the one on its way before the change still lands in Funding.
    const list = await deposits(http);
    expect(list.find((d) => d.id === r.body.deposit?.id)).toMatchObject({
      status: 'success',
      toAccountType: 'SPOT',
    });
    expect(list.find((d) => d.id === pendingToFund.body.deposit?.id)).toMatchObject({
      status: 'success',
      toAccountType: 'FUND',
    });
    expect(await spotOf('ETH')).toBe(spotBefore + e8('0.5'));
    expectAddsUp(await overview(http));

    expect((await save('')).body).toMatchObject({ ret_code: 0, result: { deposit_to: '' } });
    expect((await overview(http)).depositTo).toBe('FUND');
  });

  it('counts several pending deposits and filters the list by coin and time', async () => {
    const http = new HttpClient(sim.url);
    await http.login('follower');
    const t0 = sim.clock.now();
    // the follower's deposit held for travel-rule information stays pending throughout
    expect((await aggregate(http)).depositPendingCount).toBe(1);
    const made: string[] = [];
    for (const body of [
      { userId: 1001, coin: 'ETH', chain: 'ETH', amount: '0.5' },
      { userId: 1001, coin: 'BTC', chain: 'BTC', amount: '0.01' },
    ]) {
      const r = await admin(body);
      expect(r.status).toBe(200);
      made.push(r.body.deposit?.id ?? '');
    }
    expect((await aggregate(http)).depositPendingCount).toBe(3);
    sim.advance(2 * BLOCK_MS); // BTC needs 2, ETH 6
    expect((await aggregate(http)).depositPendingCount).toBe(2);
    sim.advance(4 * BLOCK_MS);
    expect((await aggregate(http)).depositPendingCount).toBe(1);
    const eth = await http.get<Env<Page<DepositRecord>>>(
      `/v3/private/asset/deposit/list?coin=ETH&startTimeE3=${t0}`,
    );
    expect(eth.body.result.list.map((d) => [d.coin, d.status])).toEqual([['ETH', 'success']]);
    // before t0: the history alone, none of this test's deposits
    const before = await http.get<Env<Page<DepositRecord>>>(
      `/v3/private/asset/deposit/list?endTimeE3=${t0 - 1}`,
    );
    expect(before.body.result.list.length).toBeGreaterThan(0);
    expect(before.body.result.list.every((d) => Number(d.createdAtE3) < t0)).toBe(true);
    expect(before.body.result.list.filter((d) => made.includes(d.id))).toEqual([]);
  });

  it('has a per-user, per-coin, per-chain address, with a tag where the chain needs one', async () => {
    const a = new HttpClient(sim.url);
    await a.login('follower');
    const b = new HttpClient(sim.url);
    await b.login('trader');
    const get = async (http: HttpClient, coin: string, chain: string) =>
      (
        await http.get<Env<DepositAddress>>(
          `/v3/private/asset/deposit/address?coin=${coin}&chain=${chain}`,
        )
      ).body;
    const one = await get(a, 'USDT', 'ETH');
    expect(one.result.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect((await get(a, 'USDT', 'ETH')).result).toEqual(one.result);
    expect((await get(b, 'USDT', 'ETH')).result.address).not.toBe(one.result.address);
    expect((await get(a, 'USDT', 'TRX')).result.address).not.toBe(one.result.address);
    expect((await get(a, 'XRP', 'XRP')).result.tag).toMatch(/^\d+$/);
    expect((await get(a, 'BTC', 'BTC')).result).toMatchObject({ tag: '' });
    expect((await get(a, 'NOPE', 'ETH')).ret_code).toBe(131003);
    expect((await get(a, 'BTC', 'ETH')).ret_code).toBe(131006);
    expect((await get(a, 'USDT', 'eth')).ret_code).toBe(10001);
  });

  it('is refused by the operator route when it cannot be delivered', async () => {
    expect((await admin({ userId: 9999, coin: 'USDT', chain: 'TRX', amount: '5' })).status).toBe(
      404,
    );
    for (const body of [
      { userId: 4001, coin: 'USDT', chain: 'BTC', amount: '5' },
      { userId: 4001, coin: 'USDT', chain: 'TRX', amount: '0.5' }, // below the minimum
      { userId: 4001, coin: 'USDT', chain: 'TRX', amount: '-5' },
      { userId: 4001, coin: 'USDT', chain: 'TRX', amount: '5', extra: true },
      { userId: 4001, coin: 'USDT', chain: 'TRX', amount: 5 },
    ]) {
      const r = await admin(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toEqual(expect.any(String));
    }
  });
});

describe('the admin deposit route', () => {
  const raw = (
    headers: Record<string, string>,
    body = '{"userId":4001,"coin":"USDT","chain":"TRX","amount":"5"}',
  ): Promise<number> =>
    new Promise((resolve, reject) => {
      const url = new URL(sim.url);
      const req = request(
        { host: url.hostname, port: url.port, method: 'POST', path: '/__admin/deposit', headers },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  it('is refused to a foreign page, another Host, a form body and through /api', async () => {
    const host = new URL(sim.url).host;
    const json = { 'content-type': 'application/json' };
    const pending = async () => (await sim.sim.assets.depositList(4001, { limit: 50 })).list.length;
    const before = await pending();
    expect(await raw({ ...json, host, origin: 'https://evil.example' })).toBe(403);
    expect(await raw({ ...json, host: 'evil.example' })).toBe(403);
    expect(await raw({ host, 'content-type': 'text/plain' })).toBe(415);
    // A page of the simulator's own origin (the dashboard served with --app) is a browser too.
    expect(await raw({ ...json, host, origin: `http://${host}` })).toBe(403);
    expect(await pending()).toBe(before);
    expect(await raw({ ...json, host })).toBe(200);
    expect(await pending()).toBe(before + 1);
    const viaApi = await new HttpClient(sim.url).post('/api/__admin/deposit', {
      userId: 4001,
      coin: 'USDT',
      chain: 'TRX',
      amount: '5',
    });
    expect(viaApi.status).toBe(404);
    expect(await pending()).toBe(before + 1);
  });

  it('does not exist without --admin', async () => {
    const s = await startTestSim({ admin: false });
    try {
      const r = await new HttpClient(s.url).post('/__admin/deposit', {
        userId: 4001,
        coin: 'USDT',
        chain: 'TRX',
        amount: '5',
      });
      expect(r.status).toBe(404);
    } finally {
      await s.stop();
    }
  });
});

describe('a withdrawal', () => {
  const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
  const good = (requestId: string, patch: Partial<WithdrawBody> = {}): WithdrawBody => ({
    coin: 'USDT',
    chain: 'TRX',
    address: ADDRESS,
    amount: '100',
    requestId,
    google2faCode: '123456',
    emailCode: DEMO_EMAIL_CODE,
    ...patch,
  });

  async function session(user: string): Promise<HttpClient> {
    const http = new HttpClient(sim.url);
    await http.login(user);
    return http;
  }

  const withdraw = (http: HttpClient, body: unknown) =>
    http.post<Env<{ withdrawId: string; status: string } | null>>(
      '/v3/private/asset/withdraw',
      body,
    );

  async function expectRefused(http: HttpClient, body: unknown, code: number): Promise<void> {
    const before = stable(await overview(http));
    const list = (await http.get<Env<Page<WithdrawRecord>>>('/v3/private/asset/withdraw/list')).body
      .result;
    const r = await withdraw(http, body);
    expect(r.body.ret_code, JSON.stringify(body)).toBe(code);
    expect(stable(await overview(http))).toEqual(before);
    expect(
      (await http.get<Env<Page<WithdrawRecord>>>('/v3/private/asset/withdraw/list')).body.result,
    ).toEqual(list);
  }

  it('has its address checked before any code: not one of the network is 131007 at is-exchange', async () => {
    const http = await session('follower');
    const ask = (query: string) =>
      http.get<Env<{ isExchange: boolean; exchangeName: string } | null>>(
        `/chain/address/is-exchange?${query}`,
      );
    for (const address of [
      'not-an-address',
      ADDRESS.slice(0, -1),
      '0x28c6c06298d514db089934071355e5743bf21d60',
    ]) {
      const r = await ask(`coin=USDT&chain=TRX&address=${encodeURIComponent(address)}`);
      expect(r.body.ret_code, address).toBe(131007);
    }
    expect((await ask(`coin=USDT&chain=TRX&address=${ADDRESS}`)).body.result).toEqual({
      isExchange: false,
      exchangeName: '',
    });
    expect(
      (await ask('coin=USDT&chain=ETH&address=0x28c6c06298d514db089934071355e5743bf21d60')).body
        .result,
    ).toEqual({ isExchange: true, exchangeName: 'Binance' });
  });

  it('is refused without a code sent, then for each failed check, with nothing moved', async () => {
    const http = await session('trader');
    await expectRefused(http, good('w-nocode'), 131012);
    sim.advance(60_000); // a code may be asked once a minute
    expect((await http.post<Env>('/send/email', { scene: 'withdraw' })).body.ret_code).toBe(0);
    await expectRefused(http, good('w-2fa', { google2faCode: '654321' }), 131011);
    await expectRefused(http, good('w-no2fa', { google2faCode: '' }), 131011);
    await expectRefused(http, good('w-email', { emailCode: '000000' }), 131012);
    await expectRefused(
      http,
      good('w-addr', { address: '0x28c6c06298d514db089934071355e5743bf21d60' }),
      131007,
    );
    await expectRefused(
      http,
      good('w-addr2', { chain: 'ETH', address: ADDRESS, amount: '30' }),
      131007,
    );
    await expectRefused(
      http,
      good('w-tag', {
        coin: 'XRP',
        chain: 'XRP',
        address: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh',
        amount: '50',
      }),
      131008,
    );
    await expectRefused(
      http,
      good('w-eos', { coin: 'EOS', chain: 'EOS', address: 'someaccount1', tag: '1', amount: '5' }),
      131006,
    );
    await expectRefused(http, good('w-chain', { chain: 'BTC' }), 131006);
    await expectRefused(http, good('w-coin', { coin: 'NOPE' }), 131003);
    await expectRefused(http, good('w-min', { amount: '5' }), 131009);
    await expectRefused(http, good('w-over', { amount: '1000' }), 131001); // 1000 + fee > 1000
    await expectRefused(http, good('w-amount', { amount: '1.0000001' }), 131005);
    await expectRefused(http, { ...good('w-field'), extra: 1 }, 10001);
    // The code lapses 300 s after it was sent.
    sim.advance(301_000);
    await expectRefused(http, good('w-late'), 131012);
  });

  it('is refused to an unverified user (registerPermission), whatever it holds', async () => {
    const http = await session('newbie');
    const permission = (
      await http.get<Env<{ canWithdraw: boolean; canTransfer: boolean }>>('/register/permission_v2')
    ).body.result;
    expect(permission).toMatchObject({ canWithdraw: false, canTransfer: true });
    expect((await admin({ userId: 4001, coin: 'USDT', chain: 'TRX', amount: '500' })).status).toBe(
      200,
    );
    sim.advance(3 * BLOCK_MS);
    const info = (await http.get<Env<CoinInfoResult>>('/v3/private/asset/coin-info')).body.result;
    expect(info.withdrawLimitUsd).toBe('0.00'); // KYC level 0
    sim.advance(60_000);
    expect((await http.post<Env>('/send/email', { scene: 'withdraw' })).body.ret_code).toBe(0);
    await expectRefused(http, good('w-unverified'), 131020);
  });

  it('is refused over the daily limit', async () => {
    const http = await session('follower');
    const info = (await http.get<Env<CoinInfoResult>>('/v3/private/asset/coin-info')).body.result;
    expect(info.withdrawLimitUsd).toBe('1000000.00'); // KYC level 2
    expect(
      (await admin({ userId: 1001, coin: 'USDT', chain: 'TRX', amount: '1100000' })).status,
    ).toBe(200);
    sim.advance(3 * BLOCK_MS);
    sim.advance(60_000);
    expect((await http.post<Env>('/send/email', { scene: 'withdraw' })).body.ret_code).toBe(0);
    await expectRefused(http, good('w-limit', { amount: '1050000' }), 131010);
  });

  it('with the right codes is pending, then done after 2 blocks; once per requestId', async () => {
    const http = await session('follower');
    sim.advance(60_000);
    expect((await http.post<Env>('/send/email', { scene: 'withdraw' })).body.ret_code).toBe(0);
    const before = await fundOf(http, 'USDT');
    const body = good('w-ok');
    const r = await withdraw(http, body);
    expect(r.body).toMatchObject({ ret_code: 0, result: { status: 'pending' } });
    expect((await withdraw(http, body)).body.result).toEqual(r.body.result);
    expect(await fundOf(http, 'USDT')).toBe(before - e8('100') - e8('1')); // amount + fee
    expect((await aggregate(http)).withdrawPendingCount).toBe(1);
    const list = async () =>
      (await http.get<Env<Page<WithdrawRecord>>>('/v3/private/asset/withdraw/list')).body.result
        .list;
    expect((await list())[0]).toMatchObject({
      id: r.body.result?.withdrawId,
      status: 'pending',
      txId: '',
      fee: '1',
    });
    sim.advance(BLOCK_MS);
    expect((await list())[0]?.status).toBe('pending');
    sim.advance(BLOCK_MS);
    const done = (await list())[0];
    expect(done).toMatchObject({ status: 'success', amount: '100', address: ADDRESS });
    expect(done?.txId).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await aggregate(http)).withdrawPendingCount).toBe(0);
    expect((await list()).filter((w) => w.id === r.body.result?.withdrawId)).toHaveLength(1);
    // The code was used: another withdrawal needs a new one.
    expect((await withdraw(http, good('w-ok-2'))).body.ret_code).toBe(131012);
    const info = (await http.get<Env<CoinInfoResult>>('/v3/private/asset/coin-info')).body.result;
    expect(info.withdrawLimitLeftUsd).toBe('999900.00');
  });

  it('takes the mobile code instead of the email code', async () => {
    const http = await session('follower');
    sim.advance(60_000);
    expect((await http.post<Env>('/send/mobile', { scene: 'withdraw' })).body.ret_code).toBe(0);
    const { emailCode: _e, ...body } = good('w-mobile', { amount: '20' });
    expect((await withdraw(http, { ...body, mobileCode: DEMO_EMAIL_CODE })).body.ret_code).toBe(0);
  });
});
