/**
 * Every endpoint function against a real server: exactly its method and path from the table. The
 * rows the app never sends (`NOT_SENT`) have no function; the simulator's tests call them by path.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, V5_MARKET } from '@src/api/calls';
import { createEndpoints, NOT_SENT, type Endpoints, type SentCallName } from '@src/api/endpoints';
import { HttpClient } from '@src/api/http';
import { USER_TAG_NAMES } from '@src/api/types';
import { PRIVATE_TOPICS, SNAPSHOT_PATHS } from '@src/wire/protocol';
import { envelope, sendJson, startTestServer, type TestServer } from './test-server';

let server: TestServer;
let client: HttpClient;
let api: Endpoints;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => server.reset());

function fresh(): void {
  client = new HttpClient({ baseUrl: `${server.origin}/api` });
  api = createEndpoints(client);
}

/** How each endpoint is called in the table test: its arguments and the body/query it sends. */
const CASES: Record<SentCallName, { run: (a: Endpoints) => Promise<unknown>; sends?: unknown }> = {
  login: {
    run: (a) => a.login({ username: 'follower', password: 'follower123' }),
    sends: { username: 'follower', password: 'follower123' },
  },
  logout: { run: (a) => a.logout() },
  oneTimeToken: { run: (a) => a.oneTimeToken() },
  profile: { run: (a) => a.profile() },
  memberInfo: { run: (a) => a.memberInfo() },
  userTags: {
    run: (a) => a.userTags({ tagNames: ['vip_welcome', 'new_user'] }),
    sends: [
      ['tagNames', 'vip_welcome'],
      ['tagNames', 'new_user'],
    ],
  },
  registerPermission: { run: (a) => a.registerPermission() },
  preferences: { run: (a) => a.preferences(), sends: {} },
  prefSetting: { run: (a) => a.prefSetting(), sends: {} },
  sendEmailCode: {
    run: (a) => a.sendEmailCode({ scene: 'withdraw' }),
    sends: { scene: 'withdraw' },
  },
  defaultRiskIntercept: { run: (a) => a.defaultRiskIntercept(), sends: {} },
  cardPotential: { run: (a) => a.cardPotential() },
  wallets: { run: (a) => a.wallets() },
  risk: { run: (a) => a.risk() },
  exchangeRate: { run: (a) => a.exchangeRate(), sends: { name: 'USD' } },
  assetOverview: { run: (a) => a.assetOverview() },
  aggregateInfo: { run: (a) => a.aggregateInfo() },
  chainAddressIsExchange: {
    run: (a) => a.chainAddressIsExchange({ coin: 'USDT', chain: 'TRX', address: 'T9yD&x=1' }),
    sends: { coin: 'USDT', chain: 'TRX', address: 'T9yD&x=1' },
  },
  withdrawMessage: {
    run: (a) => a.withdrawMessage({ coin: 'BTC' }),
    sends: { coin: 'BTC' },
  },
  transfer: {
    run: (a) =>
      a.transfer({
        coin: 'USDT',
        amount: '10.5',
        fromAccountType: 'FUND',
        toAccountType: 'DERIVATIVES',
        requestId: 'r-1',
      }),
    sends: {
      coin: 'USDT',
      amount: '10.5',
      fromAccountType: 'FUND',
      toAccountType: 'DERIVATIVES',
      requestId: 'r-1',
    },
  },
  transferList: { run: (a) => a.transferList({ limit: 20 }), sends: { limit: '20' } },
  depositAddress: {
    run: (a) => a.depositAddress({ coin: 'USDT', chain: 'TRX' }),
    sends: { coin: 'USDT', chain: 'TRX' },
  },
  depositList: { run: (a) => a.depositList({ coin: 'BTC' }), sends: { coin: 'BTC' } },
  withdrawList: { run: (a) => a.withdrawList({ cursor: 'c2' }), sends: { cursor: 'c2' } },
  withdraw: {
    run: (a) =>
      a.withdraw({
        coin: 'USDT',
        chain: 'TRX',
        address: 'TXYZabc',
        amount: '20',
        requestId: 'w-1',
        google2faCode: '123456',
        emailCode: '246810',
      }),
    sends: {
      coin: 'USDT',
      chain: 'TRX',
      address: 'TXYZabc',
      amount: '20',
      requestId: 'w-1',
      google2faCode: '123456',
      emailCode: '246810',
    },
  },
  coinInfo: { run: (a) => a.coinInfo() },
  collateralSwitch: {
    run: (a) => a.collateralSwitch({ coin: 'BTC', collateralSwitch: false }),
    sends: { coin: 'BTC', collateralSwitch: false },
  },
  unifiedUpgrade: { run: (a) => a.unifiedUpgrade(), sends: {} },
  savingsSubscribe: {
    run: (a) => a.savingsSubscribe({ productId: 'p1', amount: '5', requestId: 's-1' }),
    sends: { productId: 'p1', amount: '5', requestId: 's-1' },
  },
  savingsRedeem: {
    run: (a) => a.savingsRedeem({ productId: 'p1', amount: '5', requestId: 's-2' }),
    sends: { productId: 'p1', amount: '5', requestId: 's-2' },
  },
  autoSaving: {
    run: (a) => a.autoSaving({ coin: 'USDT', isSelected: true }),
    sends: { coin: 'USDT', isSelected: true },
  },
  pledgeRepay: {
    run: (a) => a.pledgeRepay({ loanId: 'l1', amount: '1', requestId: 'p-1' }),
    sends: { loanId: 'l1', amount: '1', requestId: 'p-1' },
  },
  pledgeBorrow: {
    run: (a) =>
      a.pledgeBorrow({
        loanCoin: 'USDT',
        loanAmount: '100',
        collateralCoin: 'BTC',
        collateralAmount: '0.01',
        requestId: 'b-1',
      }),
    sends: {
      loanCoin: 'USDT',
      loanAmount: '100',
      collateralCoin: 'BTC',
      collateralAmount: '0.01',
      requestId: 'b-1',
    },
  },
  copyProfile: { run: (a) => a.copyProfile() },
  leaderWallet: { run: (a) => a.leaderWallet() },
  leaderIncome: { run: (a) => a.leaderIncome() },
  leaderIncomeHistory: { run: (a) => a.leaderIncomeHistory({ days: 30 }), sends: { days: '30' } },
  leaderBots: { run: (a) => a.leaderBots() },
  bannerConfig: {
    run: (a) => a.bannerConfig({ placement: 'assets' }),
    sends: { placement: 'assets' },
  },
  collect: {
    run: (a) =>
      a.collect({
        events: [
          {
            name: 'e',
            timestamp: 1,
            platform: 'pc',
            env: 'testnet',
            userAgent: 'ua',
            pageUrl: 'http://127.0.0.1/',
            userId: '',
            deviceId: '',
            sessionId: '',
          },
        ],
      }),
  },
};

describe('call table endpoints', () => {
  it('there is one endpoint function per table row the app sends, none for the others', () => {
    fresh();
    for (const name of Object.keys(CASES))
      expect(typeof api[name as SentCallName]).toBe('function');
    for (const name of NOT_SENT) expect(name in api, name).toBe(false);
    expect([...Object.keys(CASES), ...NOT_SENT].sort()).toEqual(Object.keys(CALLS).sort());
  });

  it.each(
    (Object.keys(CASES) as SentCallName[]).map(
      (name) => [name, CALLS[name].method, CALLS[name].path] as const,
    ),
  )('%s sends %s %s', async (name, method, path) => {
    fresh();
    const c = CASES[name];
    await c.run(api);
    expect(server.requests).toHaveLength(1);
    const r = server.requests[0];
    expect(r?.method).toBe(method);
    expect(r?.path).toBe(`/api${path}`);
    if (method === 'GET') {
      if (Array.isArray(c.sends)) expect([...(r?.query ?? [])]).toEqual(c.sends);
      else expect(Object.fromEntries(r?.query ?? [])).toEqual(c.sends ?? {});
      expect(r?.body).toBe('');
    } else {
      expect(r?.query.size).toBe(0);
      if (c.sends !== undefined) expect(JSON.parse(r?.body ?? '')).toEqual(c.sends);
    }
  });

  it('resolves with the result of the envelope', async () => {
    fresh();
    server.route('POST', `/api${CALLS.oneTimeToken.path}`, (_req, res) =>
      sendJson(res, 200, envelope({ token: 'ott-1', expiresAtE3: '1732150060000' })),
    );
    await expect(api.oneTimeToken()).resolves.toEqual({
      token: 'ott-1',
      expiresAtE3: '1732150060000',
    });
  });

  it('login and logout clear the caches (a new user never sees old answers)', async () => {
    fresh();
    await api.exchangeRate();
    expect(client.requestCache.size).toBe(1);
    await api.login({ username: 'leader', password: 'leader123' });
    expect(client.requestCache.size).toBe(0);
    await api.exchangeRate();
    await api.logout();
    expect(client.requestCache.size).toBe(0);
  });

  it('a failed logout keeps the caches and rejects with the error', async () => {
    fresh();
    await api.exchangeRate();
    server.route('POST', '/api/logout', (_req, res) => {
      res.writeHead(502, 'Bad Gateway');
      res.end();
    });
    await expect(api.logout()).rejects.toMatchObject({ code: 9000003, status: 502 });
    expect(client.requestCache.size).toBe(1);
  });

  it('exchangeRate is shared for 60 s; bannerConfig (a POST) is asked each time', async () => {
    fresh();
    await Promise.all([api.exchangeRate(), api.exchangeRate()]);
    await api.bannerConfig();
    await api.bannerConfig();
    expect(server.requests).toHaveLength(3);
    await api.exchangeRate({ cache: false });
    expect(server.requests).toHaveLength(4);
  });

  it('savePreferences is the read call with a body', async () => {
    fresh();
    await api.savePreferences({ showAssets: 0 });
    expect(server.requests.map((r) => [r.method, r.path, JSON.parse(r.body)])).toEqual([
      ['POST', `/api${CALLS.preferences.path}`, { showAssets: 0 }],
    ]);
  });

  it('userTags asks about every tag the app knows by default', async () => {
    fresh();
    await api.userTags();
    expect(server.requests[0]?.query.getAll('tagNames')).toEqual([...USER_TAG_NAMES]);
  });
});

describe('fetchSnapshot', () => {
  it.each(PRIVATE_TOPICS.map((t) => [t, SNAPSHOT_PATHS[t]] as const))(
    '%s: GET %s resolving with the whole envelope',
    async (topic, path) => {
      fresh();
      server.route('GET', `/api${path}`, (_req, res) =>
        sendJson(res, 200, envelope({ list: [] }, { time_now: '1732150001.000001' })),
      );
      const env = await api.fetchSnapshot(topic);
      expect(server.requests[0]).toMatchObject({ method: 'GET', path: `/api${path}` });
      expect(env.ret_code).toBe(0);
      expect(env.time_now).toBe('1732150001.000001');
      expect(env.result).toEqual({ list: [] });
    },
  );

  it('a non-zero ret_code rejects (the pipeline retries)', async () => {
    fresh();
    server.route('GET', `/api${SNAPSHOT_PATHS.wallet}`, (_req, res) =>
      sendJson(res, 200, envelope(null, { ret_code: 10016, ret_msg: 'busy' })),
    );
    await expect(api.fetchSnapshot('wallet')).rejects.toMatchObject({ code: 10016 });
  });
});

describe('Bybit V5 market', () => {
  const v5 = (result: unknown): string =>
    JSON.stringify({ retCode: 0, retMsg: 'OK', result, retExtInfo: {}, time: 1732150000000 });

  it('instrumentsInfo(category): GET /v5/market/instruments-info?category=…', async () => {
    fresh();
    server.route('GET', `/api${V5_MARKET.instrumentsInfo}`, (_req, res) =>
      sendJson(res, 200, v5({ category: 'linear', list: [], nextPageCursor: '' })),
    );
    await expect(api.instrumentsInfo('linear', { limit: 500 })).resolves.toMatchObject({
      category: 'linear',
    });
    expect(Object.fromEntries(server.requests[0]?.query ?? [])).toEqual({
      category: 'linear',
      limit: '500',
    });
  });

  it('instrumentsInfo: retCode ≠ 0 rejects with the code and message', async () => {
    fresh();
    server.route('GET', `/api${V5_MARKET.instrumentsInfo}`, (_req, res) =>
      sendJson(res, 200, JSON.stringify({ retCode: 10001, retMsg: 'bad category' })),
    );
    await expect(api.instrumentsInfo('spot', {}, { persist: false })).rejects.toMatchObject({
      code: 10001,
      retMsg: 'bad category',
    });
  });
});
