/**
 * SPEC.md section 7, the call table, held against the client: every row's endpoint function,
 * driven against a fake fetch, sends that method and path, with credentials and the platform
 * header, and puts its payload where the row says (query pairs, repeated parameters, a JSON
 * body). A row the app never sends (`NOT_SENT`, docs/spec-map.md) has no endpoint function; the
 * same HTTP client sends it by its path as the row says. The simulator half is
 * test/integration/server/spec-call-table.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { CALLS, type CallName } from '@src/api/calls';
import { createEndpoints, NOT_SENT, type Endpoints, type SentCallName } from '@src/api/endpoints';
import { HttpClient } from '@src/api/http';
import { callRoute } from '../../support/call-route';
import { sampleAnswerFor } from '../../support/sample-answers';
import {
  callsFor,
  fixtureTable,
  SHARED_SPEC_PATH,
  sharedSpecTable,
  SPEC_ROWS,
  type SpecRow,
} from '../../support/spec-call-table';

const BASE = 'http://spec.test/api';

interface Sent {
  method: string;
  path: string;
  query: [string, string][];
  body: string | undefined;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
}

interface Recorder {
  api: Endpoints;
  http: HttpClient;
  sent: Sent[];
}

/** Endpoints on a client whose fetch records each request and answers a well-formed success. */
function recorder(): Recorder {
  const sent: Sent[] = [];
  const fakeFetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    sent.push({
      method: init.method ?? 'GET',
      path: url.pathname,
      query: [...url.searchParams],
      body: typeof init.body === 'string' ? init.body : undefined,
      headers: Object.fromEntries(
        Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [
          k.toLowerCase(),
          v,
        ]),
      ),
      credentials: init.credentials,
    });
    return new Response(
      JSON.stringify({
        ret_code: 0,
        ret_msg: 'OK',
        result: sampleAnswerFor(url.pathname) ?? {},
        ext_code: '',
        ext_info: null,
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  }) as typeof fetch;
  const http = new HttpClient({ baseUrl: BASE, fetch: fakeFetch });
  return { api: createEndpoints(http), http, sent };
}

/**
 * How the app calls each function of a spec row (every way it is called); a row it never sends,
 * and the page-config save nothing in the app makes, by path through the same client.
 */
const DRIVE: Partial<Record<CallName, ((r: Recorder) => Promise<unknown>)[]>> = {
  profile: [({ api }) => api.profile()],
  memberInfo: [({ api }) => api.memberInfo()],
  userTags: [({ api }) => api.userTags()],
  exchangeRate: [({ api }) => api.exchangeRate()],
  registerPermission: [({ api }) => api.registerPermission()],
  preferences: [
    ({ api }) => api.preferences(),
    ({ api }) => api.savePreferences({ showAssets: 0 }),
  ],
  prefSetting: [
    ({ api }) => api.prefSetting(),
    ({ http }) => callRoute(http, 'prefSetting', { key: 'deposit_to', value: 'funding' }),
  ],
  logout: [({ api }) => api.logout()],
  google2faVerify: [({ http }) => callRoute(http, 'google2faVerify', { code: '123456' })],
  chainAddressIsExchange: [
    ({ api }) => api.chainAddressIsExchange({ coin: 'USDT', chain: 'ETH', address: '0xabc' }),
  ],
  sendEmailCode: [({ api }) => api.sendEmailCode({ scene: 'withdraw' })],
  sendMobileCode: [({ http }) => callRoute(http, 'sendMobileCode', { scene: 'withdraw' })],
  kycInfo: [({ http }) => callRoute(http, 'kycInfo', {})],
  withdrawMessage: [
    ({ api }) => api.withdrawMessage(),
    ({ api }) => api.withdrawMessage({ coin: 'BTC' }),
  ],
  webConfig: [({ http }) => callRoute(http, 'webConfig', {})],
  bannerConfig: [
    ({ api }) => api.bannerConfig(),
    ({ api }) => api.bannerConfig({ placement: 'assets-top' }),
  ],
  tradeSwitch: [({ http }) => callRoute(http, 'tradeSwitch', {})],
  oneTimeToken: [({ api }) => api.oneTimeToken()],
  defaultRiskIntercept: [({ api }) => api.defaultRiskIntercept()],
};

/** What the row's payload column asks of one request. */
function checkPayload(row: SpecRow, s: Sent): void {
  const keys = s.query.map(([k]) => k);
  switch (row.payload) {
    case 'repeated query params':
      expect(keys.some((k, i) => keys.indexOf(k) !== i)).toBe(true);
      break;
    case 'query: name':
      expect(keys).toContain('name');
      break;
    case 'query':
      expect(keys.length).toBeGreaterThan(0);
      break;
    case 'JSON body':
      expect(s.headers['content-type']).toBe('application/json');
      expect(typeof JSON.parse(s.body ?? 'null')).toBe('object');
      break;
    case 'optional caching':
    case 'none shown':
    case 'not shown':
      break;
    default:
      throw new Error(`a payload the test does not know: ${row.payload}`);
  }
  if (row.method === 'GET') expect(s.body).toBeUndefined();
  else expect(keys).toEqual([]);
}

describe('SPEC.md section 7: the call table', () => {
  it('the repository copy is the table of ../shared/SPEC.md when that file is there', () => {
    const shared = sharedSpecTable();
    if (shared === undefined) {
      // A clean clone without ../shared: the copy is all there is.
      expect(fixtureTable().length).toBeGreaterThan(2);
      return;
    }
    expect(shared, `${SHARED_SPEC_PATH} section 7 vs test/fixtures`).toEqual(fixtureTable());
  });

  it('lists 19 calls, each a row of CALLS at exactly its method and path', () => {
    expect(SPEC_ROWS).toHaveLength(19);
    for (const row of SPEC_ROWS) expect(callsFor(row), row.line).toHaveLength(1);
    // The test drives every row, and nothing else.
    expect(Object.keys(DRIVE).sort()).toEqual(SPEC_ROWS.map((r) => callsFor(r)[0]).sort());
  });

  it('the rows the app never sends have no endpoint function (docs/spec-map.md)', () => {
    const { api } = recorder();
    const names = SPEC_ROWS.map((r) => callsFor(r)[0]!);
    const notSent = names.filter((n) => (NOT_SENT as readonly CallName[]).includes(n));
    expect(notSent.sort()).toEqual(
      ['google2faVerify', 'kycInfo', 'sendMobileCode', 'tradeSwitch', 'webConfig'].sort(),
    );
    for (const name of names) expect(name in api, name).toBe(!notSent.includes(name));
  });

  it.each(SPEC_ROWS.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: the client sends it, with its payload where the row says',
    async (_title, row) => {
      const name = callsFor(row)[0]!;
      for (const drive of DRIVE[name] ?? []) {
        const r = recorder();
        const { sent } = r;
        await drive(r);
        expect(sent).toHaveLength(1);
        const s = sent[0]!;
        expect(s.method).toBe(row.method);
        expect(s.path).toBe(`/api${row.path}`);
        // "All calls send credentials and JSON, with a platform header."
        expect(s.credentials).toBe('include');
        expect(s.headers.platform).toBe('pc');
        checkPayload(row, s);
      }
    },
  );

  it.each(SPEC_ROWS.filter((r) => r.payload === 'optional caching').map((r) => [r.path, r]))(
    '%s: caching is the caller’s option',
    async (_path, row) => {
      const name = callsFor(row)[0] as SentCallName;
      const { api, sent } = recorder();
      const fn = api[name] as (opts?: { cache?: boolean }) => Promise<unknown>;
      await fn({ cache: true });
      await fn({ cache: true });
      expect(sent).toHaveLength(1);
      await fn();
      expect(sent).toHaveLength(2);
    },
  );

  it('the table has no second row at any spec method and path', () => {
    const seen = new Set<string>();
    for (const spec of Object.values(CALLS)) {
      const key = `${spec.method} ${spec.path}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });
});
