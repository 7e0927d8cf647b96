/**
 * REST: every call of the call table at its method and path (at the root and under /api), the
 * session cookie, 10007 without a session, and each call's result shape for a signed-in user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, type CallName } from '@src/api/calls';
import type { RestEnvelope } from '@src/wire/protocol';
import type { Simulator } from '@server/simulator';
import { HttpClient, startTestSim } from './helpers';

const EVENT = {
  name: 'page_view',
  timestamp: 1732150000000,
  platform: 'pc',
  env: 'testnet',
  userAgent: 'vitest',
  pageUrl: 'http://127.0.0.1/assets',
  userId: '',
  deviceId: '',
  sessionId: '',
};

/** A valid request of each call: [query string, body]. */
const SAMPLE: Partial<Record<CallName, [string, unknown?]>> = {
  login: ['', { username: 'follower', password: 'follower123' }],
  preferences: ['', { showAssets: 0 }],
  prefSetting: ['', { key: 'deposit_to', value: 'spot' }],
  userTags: ['?tagNames=copytrade_follower&tagNames=copytrade_leader&tagNames=vip_welcome'],
  google2faVerify: ['', { code: '123456' }],
  sendEmailCode: ['', { scene: 'withdraw' }],
  sendMobileCode: ['', { scene: 'withdraw' }],
  exchangeRate: ['?name=USD'],
  chainAddressIsExchange: ['?address=0x28C6c06298d514Db089934071355E5743bf21d60&chain=ETH'],
  withdrawMessage: ['?coin=USDT'],
  leaderIncomeHistory: ['?days=7'],
  collect: ['', { events: [EVENT] }],
  transfer: [
    '',
    {
      coin: 'USDT',
      amount: '10',
      fromAccountType: 'FUND',
      toAccountType: 'SPOT',
      requestId: 'rt-1',
    },
  ],
  transferList: ['?limit=5'],
  depositAddress: ['?coin=USDT&chain=TRX'],
  depositList: ['?limit=5&coin=USDT'],
  withdrawList: ['?limit=5'],
  withdraw: [
    '',
    {
      coin: 'USDT',
      chain: 'TRX',
      address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      amount: '20',
      requestId: 'rt-w-1',
      google2faCode: '123456',
      emailCode: '246810',
    },
  ],
  collateralSwitch: ['', { coin: 'USDC', collateralSwitch: true }],
  savingsSubscribe: ['', { productId: 'sav-usdt-flex', amount: '10', requestId: 'rt-s-1' }],
  savingsRedeem: ['', { productId: 'sav-usdt-flex', amount: '5', requestId: 'rt-r-1' }],
  autoSaving: ['', { coin: 'USDT', isSelected: true }],
  pledgeRepay: ['', { loanId: 'loan-1001-btc', amount: '1', requestId: 'rt-p-1' }],
  pledgeBorrow: [
    '',
    {
      loanCoin: 'USDT',
      loanAmount: '10',
      collateralCoin: 'ETH',
      collateralAmount: '0.1',
      requestId: 'rt-b-1',
    },
  ],
};

/** Calls the follower may not make: the business code they answer instead of 0. */
const REFUSED: Partial<Record<CallName, number>> = {
  // Copy trading keeps the follower's funds in the derivatives wallet: no unified upgrade.
  unifiedUpgrade: 131013,
};

const keys =
  (...k: string[]) =>
  (r: unknown) =>
    expect(Object.keys(r as object).sort()).toEqual([...k].sort());
const list = (check?: (item: unknown) => void) => (r: unknown) => {
  const l = (r as { list: unknown[] }).list;
  expect(Array.isArray(l)).toBe(true);
  if (check) for (const item of l) check(item);
};

/** What each call's result looks like for the follower. */
const SHAPE: Record<CallName, (r: unknown) => void> = {
  login: (r) => expect(r).toEqual({ userId: 1001 }),
  logout: (r) => expect(r).toEqual({}),
  oneTimeToken: keys('token', 'expiresAtE3'),
  profile: (r) =>
    expect(r).toMatchObject({
      userId: 1001,
      nickName: 'Follower',
      email: 'f***@assetdeck.test',
      kycLevel: 2,
    }),
  memberInfo: keys(
    'memberId',
    'memberType',
    'isUnifiedAccount',
    'upgradeToUnifiedAvailable',
    'google2faBound',
    'emailVerified',
    'mobileVerified',
  ),
  userTags: (r) => expect(r).toEqual({ tags: ['copytrade_follower'] }),
  registerPermission: keys(
    'canDeposit',
    'canWithdraw',
    'canTrade',
    'canTransfer',
    'restrictedRegion',
  ),
  preferences: (r) => expect(r).toMatchObject({ showAssets: 0, homeTradingPageUserGuide: 'hide' }),
  prefSetting: (r) => expect(r).toMatchObject({ deposit_to: 'SPOT' }),
  google2faVerify: (r) => expect(r).toEqual({ verified: true }),
  sendEmailCode: (r) => expect(r).toEqual({ expireSeconds: 300, resendAfterSeconds: 60 }),
  sendMobileCode: (r) => expect(r).toEqual({ expireSeconds: 300, resendAfterSeconds: 60 }),
  kycInfo: (r) => expect(r).toMatchObject({ level: 2, status: 'VERIFIED' }),
  tradeSwitch: keys('spot', 'derivatives', 'copyTrade', 'options'),
  defaultRiskIntercept: (r) => expect(r).toEqual({ intercept: false, riskType: '', message: '' }),
  cardPotential: (r) => expect(r).toEqual({ eligible: true, cardType: 'VIRTUAL' }),
  wallets: list((w) =>
    expect(w).toMatchObject({
      coin: expect.any(String),
      walletVersion: expect.any(Number),
      userId: 1001,
    }),
  ),
  risk: keys(
    'accountIMRateE4',
    'accountMMRateE4',
    'totalEquityE8',
    'totalInitialMarginE8',
    'totalMaintenanceMarginE8',
    'riskLevel',
    'updatedAtE3',
  ),
  exchangeRate: list((x) =>
    expect(x).toEqual({ coin: expect.any(String), rate: expect.stringMatching(/^\d+(\.\d+)?$/) }),
  ),
  assetOverview: keys(
    'totalUsd',
    'totalBtc',
    'accounts',
    'unified',
    'savings',
    'pledge',
    'bots',
    'depositTo',
    'updatedAtE3',
  ),
  aggregateInfo: keys(
    'hasPendingAssets',
    'isDisplayClear',
    'clearUserIdList',
    'eddGroupId',
    'isNeedDoDepositAmlEdd',
    'isExistAmlClear',
    'isExistDepositAml',
    'isExistDepositBatchRelease',
    'isExistUnTokenDeposit',
    'withdrawPendingCount',
    'depositPendingCount',
    'transferPendingCount',
    'waitTaxCount',
    'waitTravelRuleCount',
    'isExistDepositUnauthentication_address',
    'totalUsd',
    'totalBtc',
    'accounts',
    'updatedAtE3',
  ),
  transfer: (r) => expect(r).toEqual({ transferId: expect.any(String), status: 'SUCCESS' }),
  transferList: keys('list', 'nextCursor'),
  depositAddress: (r) =>
    expect(r).toEqual({
      coin: 'USDT',
      chain: 'TRX',
      address: expect.stringMatching(/^T[1-9A-HJ-NP-Za-km-z]{33}$/),
      tag: '',
    }),
  depositList: keys('list', 'nextCursor'),
  withdrawList: keys('list', 'nextCursor'),
  withdraw: (r) => expect(r).toEqual({ withdrawId: expect.any(String), status: 'pending' }),
  coinInfo: keys('list', 'withdrawLimitUsd', 'withdrawLimitLeftUsd'),
  collateralSwitch: (r) => expect(r).toEqual({ status: 'SUCCESS' }),
  unifiedUpgrade: (r) => expect(r).toBeNull(),
  savingsSubscribe: (r) => expect(r).toEqual({ status: 'SUCCESS' }),
  savingsRedeem: (r) => expect(r).toEqual({ status: 'SUCCESS' }),
  autoSaving: (r) => expect(r).toEqual({ status: 'SUCCESS' }),
  pledgeRepay: (r) => expect(r).toEqual({ status: 'SUCCESS' }),
  pledgeBorrow: (r) =>
    expect(r).toEqual({ loanId: expect.stringMatching(/^loan-1001-\d+$/), status: 'SUCCESS' }),
  chainAddressIsExchange: (r) => expect(r).toEqual({ isExchange: true, exchangeName: 'Binance' }),
  withdrawMessage: (r) =>
    expect((r as { messages: { coin: string }[] }).messages.every((m) => m.coin === 'USDT')).toBe(
      true,
    ),
  copyProfile: (r) => expect(r).toEqual({ isLeader: false, subMemberIdList: [], userId: 1001 }),
  copyAccount: keys(
    'assetsE8',
    'incomeE8',
    'yieldRateE4',
    'availableE8',
    'walletE8',
    'shareProfitE8',
    'cumRealisedPnlE8',
    'updatedAtE3',
  ),
  copyOrders: list((o) =>
    expect(o).toMatchObject({
      orderId: expect.any(String),
      copyTradeOrderStatus: expect.stringMatching(/^OpenOrder/),
    }),
  ),
  copyPositions: list((p) =>
    expect(p).toMatchObject({
      symbol: expect.any(String),
      positionIdx: expect.any(Number),
      userId: expect.any(Number),
    }),
  ),
  leaderWallet: (r) => expect(r).toBeNull(),
  leaderIncome: (r) => expect(r).toBeNull(),
  leaderIncomeHistory: (r) => expect(r).toEqual({ list: [] }),
  leaderBots: (r) => expect(r).toEqual({ list: [] }),
  webConfig: (r) => expect(r).toMatchObject({ maintenance: false, deadpool: { copyTrade: true } }),
  bannerConfig: list(keys('id', 'title', 'link', 'placement')),
  collect: (r) => expect(r).toEqual({ accepted: 1 }),
};

describe('REST call table', () => {
  let sim: Simulator;
  let follower: HttpClient;
  beforeAll(async () => {
    sim = await startTestSim();
    follower = new HttpClient(sim.url);
    await follower.login('follower');
  });
  afterAll(() => sim.stop());

  const names = (Object.keys(CALLS) as CallName[]).filter((n) => n !== 'logout');
  const RATE_LIMITED: CallName[] = ['sendEmailCode', 'sendMobileCode'];

  it.each(names)('%s answers at its method and path, at the root and under /api', async (name) => {
    const spec = CALLS[name];
    const [qs, body] = SAMPLE[name] ?? [''];
    for (const prefix of ['', '/api']) {
      const http = name === 'login' ? new HttpClient(sim.url) : follower;
      // Verification codes may be sent once a minute: let a minute pass between the two.
      if (RATE_LIMITED.includes(name)) sim.manualClock.advance(60_000);
      const r = await http.request<RestEnvelope<unknown>>(
        spec.method,
        prefix + spec.path + qs,
        body ?? (spec.method === 'GET' ? undefined : {}),
      );
      expect(r.status).toBe(200);
      const code = REFUSED[name] ?? 0;
      expect(r.body).toMatchObject({ ret_code: code, ext_code: '', ext_info: null });
      if (code === 0) expect(r.body.ret_msg).toBe('OK');
      expect(r.body.time_now).toMatch(/^\d{10}\.\d{6}$/);
      SHAPE[name](r.body.result);
    }
  });

  it.each((Object.keys(CALLS) as CallName[]).filter((n) => CALLS[n].auth))(
    '%s answers 10007 without a session',
    async (name) => {
      const spec = CALLS[name];
      const [qs, body] = SAMPLE[name] ?? [''];
      const r = await new HttpClient(sim.url).request<RestEnvelope<null>>(
        spec.method,
        spec.path + qs,
        body ?? (spec.method === 'GET' ? undefined : {}),
      );
      expect(r.body).toMatchObject({ ret_code: 10007, result: null });
    },
  );

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/ and ends it on logout', async () => {
    const http = new HttpClient(sim.url);
    const r = await http.post('/login', { username: 'leader', password: 'leader123' });
    const cookie = r.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^secure-token-testnet=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    const session = http.cookie;
    expect((await http.get('/v2/private/user/profile')).body).toMatchObject({ ret_code: 0 });
    const out = await http.post('/logout');
    expect(out.body).toMatchObject({ ret_code: 0 });
    http.cookie = session; // the old cookie must not work any more
    expect((await http.get('/v2/private/user/profile')).body).toMatchObject({ ret_code: 10007 });
  });

  it('serves each demo account its own data', async () => {
    const expectations: [string, number, (r: Record<string, RestEnvelope<unknown>>) => void][] = [
      [
        'leader',
        2001,
        (r) => {
          expect(r.profile?.result).toMatchObject({ userId: 2001 });
          expect(r.copyProfile?.result).toMatchObject({ isLeader: true });
          expect(r.leaderIncome?.result).toMatchObject({ followerCount: 5 });
          expect((r.leaderBots?.result as { list: unknown[] }).list.length).toBe(3);
          expect(r.copyAccount?.result).toBeNull();
        },
      ],
      [
        'trader',
        3001,
        (r) => {
          // Its own positions (docs/assets.md, Positions), keyed by its own id; no copy orders.
          // The trader opens and closes on its own schedule, and the rate-limited calls above
          // moved the clock: the list is the truth's now (trader-positions.test.ts shows the
          // two it starts with), whatever its length.
          const own = (r.copyPositions?.result as { list: { userId: number }[] }).list;
          expect(own).toEqual(sim.truth(3001).copytrade.positions);
          expect(own.every((p) => p.userId === 3001)).toBe(true);
          expect(r.copyOrders?.result).toEqual({ list: [] });
          expect(r.copyAccount?.result).toBeNull();
          expect(r.leaderWallet?.result).toBeNull();
        },
      ],
      [
        'newbie',
        4001,
        (r) => {
          const wallets = (
            r.wallets?.result as { list: { coin: string; walletBalanceE8: string }[] }
          ).list;
          expect(wallets.map((w) => w.coin).sort()).toEqual(['BTC', 'EOS', 'ETH', 'USDT', 'XRP']);
          expect(wallets.every((w) => w.walletBalanceE8 === '0')).toBe(true);
          // The newbie's only holding: a 20 USDT sign-up bonus in spot.
          expect((r.assetOverview?.result as { totalUsd: string }).totalUsd).toBe('20.00');
          expect(r.defaultRiskIntercept?.result).toMatchObject({ intercept: true });
        },
      ],
    ];
    for (const [user, id, check] of expectations) {
      const http = new HttpClient(sim.url);
      expect(await http.login(user)).toBe(id);
      const got: Record<string, RestEnvelope<unknown>> = {};
      for (const name of [
        'profile',
        'copyProfile',
        'leaderIncome',
        'leaderBots',
        'copyAccount',
        'copyOrders',
        'copyPositions',
        'leaderWallet',
        'wallets',
        'assetOverview',
        'defaultRiskIntercept',
      ] as CallName[]) {
        const { method, path } = CALLS[name];
        got[name] = (await http.request(method, path, method === 'GET' ? undefined : {}))
          .body as RestEnvelope<unknown>;
      }
      check(got);
    }
  });
});
