/**
 * SPEC.md section 7, the call table, held against the simulator: signed in as a demo user, the
 * client's own endpoint functions call every row on a simulator in this process (the rows the app
 * never sends, by their path through the same client), and each is answered at the row's method
 * and path with a success envelope (not a 404); the other method at the same path is not served.
 * The client half is test/unit/api/spec-call-table.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallName } from '@src/api/calls';
import { createEndpoints, type Endpoints } from '@src/api/endpoints';
import { HttpClient as ApiClient } from '@src/api/http';
import type { Simulator } from '@server/simulator';
import { callRoute } from '../../support/call-route';
import { callsFor, SPEC_ROWS } from '../../support/spec-call-table';
import { HttpClient, startTestSim } from './helpers';

interface Answer {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

/** The app's endpoints against the simulator, keeping the session cookie as a browser would. */
function browserLike(base: string): { api: Endpoints; http: ApiClient; answers: Answer[] } {
  let cookie = '';
  const answers: Answer[] = [];
  const cookieFetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = { ...(init.headers as Record<string, string>) };
    if (cookie) headers.cookie = cookie;
    const res = await fetch(input, { ...init, headers });
    const set = res.headers.get('set-cookie');
    if (set) cookie = /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(set) ? '' : set.split(';')[0]!;
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    answers.push({
      method: init.method ?? 'GET',
      path: new URL(String(input)).pathname,
      status: res.status,
      body,
    });
    return new Response(text, { status: res.status, headers: res.headers });
  }) as typeof fetch;
  const http = new ApiClient({ baseUrl: base, fetch: cookieFetch });
  return { api: createEndpoints(http), http, answers };
}

type Client = ReturnType<typeof browserLike>;

/**
 * Each row's call as the app makes it, or by its path for a row the app never sends (the
 * session-ending logout is called last).
 */
const DRIVE: Partial<Record<CallName, (c: Client) => Promise<unknown>>> = {
  profile: ({ api }) => api.profile(),
  memberInfo: ({ api }) => api.memberInfo(),
  userTags: ({ api }) => api.userTags(),
  exchangeRate: ({ api }) => api.exchangeRate(),
  registerPermission: ({ api }) => api.registerPermission(),
  preferences: ({ api }) => api.savePreferences({ showAssets: 0 }),
  prefSetting: ({ http }) =>
    callRoute(http, 'prefSetting', { key: 'deposit_to', value: 'funding' }),
  google2faVerify: ({ http }) => callRoute(http, 'google2faVerify', { code: '123456' }),
  chainAddressIsExchange: ({ api }) =>
    api.chainAddressIsExchange({
      coin: 'USDT',
      chain: 'ETH',
      address: '0x28C6c06298d514Db089934071355E5743bf21d60',
    }),
  sendEmailCode: ({ api }) => api.sendEmailCode({ scene: 'withdraw' }),
  sendMobileCode: ({ http }) => callRoute(http, 'sendMobileCode', { scene: 'withdraw' }),
  kycInfo: ({ http }) => callRoute(http, 'kycInfo', {}),
  withdrawMessage: ({ api }) => api.withdrawMessage({ coin: 'USDT' }),
  webConfig: ({ http }) => callRoute(http, 'webConfig', {}),
  bannerConfig: ({ api }) => api.bannerConfig({ placement: 'assets-top' }),
  tradeSwitch: ({ http }) => callRoute(http, 'tradeSwitch', {}),
  oneTimeToken: ({ api }) => api.oneTimeToken(),
  defaultRiskIntercept: ({ api }) => api.defaultRiskIntercept(),
  logout: ({ api }) => api.logout(),
};

describe('SPEC.md section 7 on the simulator', () => {
  let sim: Simulator;
  let client: Client;
  beforeAll(async () => {
    sim = await startTestSim();
    client = browserLike(`${sim.url}/api`);
    await client.api.login({ username: 'follower', password: 'follower123' });
  });
  afterAll(() => sim.stop());

  // In the spec's order, but the sign-out last: every other row is asked with a live session.
  const rows = [...SPEC_ROWS].sort(
    (a, b) => Number(a.path === '/logout') - Number(b.path === '/logout'),
  );

  it.each(rows.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s is answered by the simulator, signed in as follower',
    async (_title, row) => {
      const [name] = callsFor(row);
      expect(name, row.line).toBeDefined();
      const drive = DRIVE[name!];
      expect(drive, `no driver for ${name}`).toBeDefined();
      const before = client.answers.length;
      await drive!(client); // rejects on any non-zero ret_code or a non-2xx status
      const got = client.answers.slice(before);
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({
        method: row.method,
        path: `/api${row.path}`,
        status: 200,
        body: { ret_code: 0, ret_msg: 'OK' },
      });
    },
  );

  it.each(SPEC_ROWS.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: the other method at that path is not served',
    async (_title, row) => {
      const other = row.method === 'GET' ? 'POST' : 'GET';
      const r = await new HttpClient(sim.url).request(
        other,
        row.path,
        other === 'POST' ? {} : undefined,
      );
      expect(r.status).toBe(404);
    },
  );
});
