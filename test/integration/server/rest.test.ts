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
  prefSetting: (r) => expect(r).toMatchObject({ deposit_to: 'spot' }),
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
    'derivatives',
    'spot',
    'unified',
    'fiat',
    'cards',
    'mt4',
    'mt5',
    'bots',
    'options',
    'savings',
    'pledge',
    'lending',
  ),
  aggregateInfo: keys('totalUsd', 'totalBtc', 'accounts', 'updatedAtE3'),
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
      expect(r.body).toMatchObject({ ret_code: 0, ret_msg: 'OK', ext_code: '', ext_info: null });
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
          expect(r.copyPositions?.result).toEqual({ list: [] });
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
          expect((r.assetOverview?.result as { totalUsd: string }).totalUsd).toBe('0.00');
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
