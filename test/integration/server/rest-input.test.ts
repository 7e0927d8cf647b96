/**
 * REST behaviour beyond the happy path: bad bodies (10001 naming the field), wrong credentials,
 * codes, rate limits, settings round trips, the collector, valuations that add up, and 404s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_TYPES,
  type AssetOverview,
  type AssetsAggregateInfo,
  type ExchangeRate,
} from '@src/api/types';
import type { RestEnvelope } from '@src/wire/protocol';
import type { Simulator } from '@server/simulator';
import { HttpClient, startTestSim } from './helpers';

type Env<T = unknown> = RestEnvelope<T>;
const cents = (usd: string) => BigInt(usd.replace('.', ''));

describe('REST input and consistency', () => {
  let sim: Simulator;
  let http: HttpClient;
  beforeAll(async () => {
    sim = await startTestSim();
    http = new HttpClient(sim.url);
    await http.login('follower');
  });
  afterAll(() => sim.stop());

  it.each([
    ['a missing password', { username: 'follower' }, 'password: is required'],
    ['a number for a username', { username: 42, password: 'x' }, 'username: must be string'],
    [
      'an empty username',
      { username: '', password: 'x' },
      'username: must NOT have fewer than 1 characters',
    ],
    ['a body that is not an object', [1, 2], 'body: must be object'],
  ])('login with %s answers 10001 naming the field', async (_n, body, msg) => {
    const r = await new HttpClient(sim.url).post<Env>('/login', body);
    expect(r.body).toMatchObject({ ret_code: 10001, ret_msg: msg });
  });

  it('answers 10001 to a body that is not JSON, and 20001 to wrong credentials', async () => {
    const c = new HttpClient(sim.url);
    const bad = await c.request<Env>('POST', '/login', '{"username":', {
      'content-type': 'application/json',
    });
    expect(bad.body.ret_code).toBe(10001);
    expect(bad.body.ret_msg).toMatch(/^body: /);
    for (const [u, p] of [
      ['follower', 'nope'],
      ['nobody', 'follower123'],
    ]) {
      expect((await c.post<Env>('/login', { username: u, password: p })).body).toMatchObject({
        ret_code: 20001,
        result: null,
      });
    }
    expect(c.cookie).toBe('');
  });

  it('refuses further sign-ins after five failures within a minute (10006)', async () => {
    const c = new HttpClient(sim.url);
    for (let i = 0; i < 5; i++)
      await c.post('/login', { username: 'newbie', password: `wrong${i}` });
    expect(
      (await c.post<Env>('/login', { username: 'newbie', password: 'newbie123' })).body.ret_code,
    ).toBe(10006);
    sim.manualClock.advance(60_000);
    expect(
      (await c.post<Env>('/login', { username: 'newbie', password: 'newbie123' })).body.ret_code,
    ).toBe(0);
  });

  it('counts concurrent wrong passwords too: 20 at once, only five are tried', async () => {
    const c = new HttpClient(sim.url);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        c.post<Env>('/login', { username: 'trader', password: `guess${i}` }),
      ),
    );
    const codes = answers.map((a) => a.body.ret_code);
    expect(codes.filter((x) => x === 20001)).toHaveLength(5);
    expect(codes.filter((x) => x === 10006)).toHaveLength(15);
    expect(
      (await c.post<Env>('/login', { username: 'trader', password: 'trader123' })).body.ret_code,
    ).toBe(10006);
    sim.manualClock.advance(60_000);
    expect(
      (await c.post<Env>('/login', { username: 'trader', password: 'trader123' })).body.ret_code,
    ).toBe(0);
  });

  it('answers 413 to a body over the limit, and keeps serving', async () => {
    const r = await http.post<Env>('/collect', { events: [{ name: 'x'.repeat(300_000) }] });
    expect(r.status).toBe(413);
    expect(r.body.ret_code).toBe(10001);
    expect((await http.post<Env>('/v3/private/user/member/preferences')).body.ret_code).toBe(0);
  });

  it('keeps preferences and page configs, and refuses bad values by name', async () => {
    await http.post('/v3/private/user/member/preferences', {
      showAssets: 1,
      theme: 'dark',
      fontScale: 1.1,
    });
    const r = await http.post<Env<Record<string, unknown>>>('/v3/private/user/member/preferences');
    expect(r.body.result).toEqual({
      showAssets: 1,
      homeTradingPageUserGuide: 'hide',
      theme: 'dark',
      fontScale: 1.1,
    });
    const bad = await http.post<Env>('/v3/private/user/member/preferences', { showAssets: 2 });
    expect(bad.body).toMatchObject({
      ret_code: 10001,
      ret_msg: 'showAssets: must be equal to one of the allowed values',
    });
    expect(
      (await http.post<Env>('/v3/private/user/member/preferences', { nested: { a: 1 } })).body
        .ret_msg,
    ).toMatch(/^nested: /);
    const proto = await http.request<Env>(
      'POST',
      '/v3/private/user/member/preferences',
      '{"__proto__":{"x":1}}',
    );
    expect(proto.body.ret_code).toBe(10001);
    await http.post('/v3/private/user/member/pref-setting', {
      key: 'deposit_to',
      value: 'funding',
    });
    // stored by its account name (src/api/deposit-to.ts)
    expect((await http.post<Env>('/v3/private/user/member/pref-setting')).body.result).toEqual({
      deposit_to: 'FUND',
    });
    expect(
      (await http.post<Env>('/v3/private/user/member/pref-setting', { key: 'a b', value: 'x' }))
        .body.ret_msg,
    ).toMatch(/^key: /);
    // A key without its value is neither a read nor a save.
    expect(
      (await http.post<Env>('/v3/private/user/member/pref-setting', { key: 'deposit_to' })).body
        .ret_code,
    ).toBe(10001);
  });

  it('holds at most 64 page configs, whatever their names, and no object machinery as a name', async () => {
    const newbie = new HttpClient(sim.url);
    await newbie.login('newbie');
    const save = (key: string) =>
      newbie.post<Env>('/v3/private/user/member/pref-setting', { key, value: 'v' });
    for (let i = 1; i < 64; i++) expect((await save(`k${i}`)).body.ret_code).toBe(0);
    // 64 with deposit_to: a new name is refused, an existing one is saved.
    for (const name of ['k64', 'isPrototypeOf', 'toString', 'hasOwnProperty']) {
      expect((await save(name)).body).toMatchObject({
        ret_code: 10001,
        ret_msg: 'key: at most 64 settings',
      });
    }
    expect((await save('k1')).body.ret_code).toBe(0);
    for (const name of ['__proto__', 'constructor', 'prototype']) {
      expect((await save(name)).body.ret_msg).toMatch(/^key: /);
    }
    const all = await newbie.post<Env<Record<string, string>>>(
      '/v3/private/user/member/pref-setting',
    );
    expect(Object.keys(all.body.result)).toHaveLength(64);
  });

  it('verifies the demo 2FA code 123456 only', async () => {
    expect((await http.post<Env>('/verify/google2fa', { code: '654321' })).body.ret_code).toBe(
      20002,
    );
    expect((await http.post<Env>('/verify/google2fa', { code: '12ab' })).body).toMatchObject({
      ret_code: 10001,
      ret_msg: expect.stringMatching(/^code: /),
    });
    expect((await http.post<Env>('/verify/google2fa', { code: '123456' })).body.result).toEqual({
      verified: true,
    });
  });

  it('sends at most one code a minute per channel (10006)', async () => {
    sim.manualClock.advance(60_000);
    expect((await http.post<Env>('/send/email', { scene: 'bind' })).body.ret_code).toBe(0);
    expect((await http.post<Env>('/send/email', { scene: 'bind' })).body.ret_code).toBe(10006);
    expect((await http.post<Env>('/send/mobile', { scene: 'bind' })).body.ret_code).toBe(0);
    sim.manualClock.advance(60_000);
    expect((await http.post<Env>('/send/email', { scene: 'bind' })).body.ret_code).toBe(0);
    expect((await http.post<Env>('/send/email', {})).body.ret_msg).toBe('scene: is required');
  });

  it('requires name=USD for exchange rates and quotes coins at their last price', async () => {
    expect((await http.get<Env>('/v3/private/cht/asset-common/exchange-rate')).body.ret_msg).toBe(
      'name: is required',
    );
    expect(
      (await http.get<Env>('/v3/private/cht/asset-common/exchange-rate?name=EUR')).body.ret_code,
    ).toBe(10001);
    const r = await http.get<Env<{ list: ExchangeRate[] }>>(
      '/v3/private/cht/asset-common/exchange-rate?name=USD',
    );
    const rates = new Map(r.body.result.list.map((x) => [x.coin, x.rate]));
    expect(rates.get('USDT')).toBe('1');
    expect(rates.get('BTC')).toBe(sim.truth(1001).quotes.BTCUSDT?.lastPrice);
  });

  it('values every account kind so that the parts add up to the total', async () => {
    for (const user of ['follower', 'leader', 'trader', 'newbie']) {
      const c = new HttpClient(sim.url);
      await c.login(user);
      const o = (await c.get<Env<AssetOverview>>('/v3/private/asset/overview')).body.result;
      const a = (await c.get<Env<AssetsAggregateInfo>>('/v3/private/asset/aggregate-info')).body
        .result;
      expect(o.accounts.map((x) => x.accountType)).toEqual([...ACCOUNT_TYPES]);
      expect(o.accounts.reduce((s, x) => s + cents(x.usdValue), 0n)).toBe(cents(o.totalUsd));
      for (const account of o.accounts) {
        expect(account.coins.reduce((s, x) => s + cents(x.usdValue), 0n)).toBe(
          cents(account.usdValue),
        );
      }
      expect(a.totalUsd).toBe(o.totalUsd);
      expect(a.accounts).toEqual(
        o.accounts.map((x) => ({ accountType: x.accountType, usdValue: x.usdValue })),
      );
      expect(a.totalBtc).toMatch(/^\d+\.\d{8}$/);
    }
  });

  it('stores monitoring events (JSON or a text/plain beacon) and refuses bad batches by field', async () => {
    const ev = {
      name: 'click',
      timestamp: 1,
      platform: 'pc',
      env: 'testnet',
      userAgent: 'ua',
      pageUrl: '/',
      userId: '',
      deviceId: '',
      sessionId: '',
    };
    expect((await http.post<Env>('/collect', { events: [ev, ev] })).body.result).toEqual({
      accepted: 2,
    });
    const beacon = await http.request<Env>(
      'POST',
      '/api/collect',
      JSON.stringify({ events: [ev] }),
      { 'content-type': 'text/plain;charset=UTF-8' },
    );
    expect(beacon.body.result).toEqual({ accepted: 1 });
    const bad = await http.post<Env>('/collect', { events: [{ ...ev, name: undefined }] });
    expect(bad.body).toMatchObject({ ret_code: 10001, ret_msg: 'events.0.name: is required' });
    expect((await http.post<Env>('/collect', { events: [] })).body.ret_code).toBe(10001);
    // Size: 8 KB per event (the field named), 160 KB per batch; nothing of a refused batch is kept.
    const big = { ...ev, data: { blob: 'x'.repeat(9_000) } };
    expect((await http.post<Env>('/collect', { events: [ev, big] })).body).toMatchObject({
      ret_code: 10001,
      ret_msg: 'events.1: is over 8192 bytes',
    });
    const nested = { ...ev, data: { a: [[[['y'.repeat(8_500)]]]] } };
    expect((await http.post<Env>('/collect', { events: [nested] })).body.ret_code).toBe(10001);
    // Depth: 32 levels of objects and arrays in an event at most. A batch nested 100 000 deep
    // (200 KB, under the body limit) parses, but overflowed the size check's JSON.stringify (500).
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const deepBatch = (n: number) =>
      `{"events":[${JSON.stringify({ ...ev, data: 0 }).replace('"data":0', `"data":{"x":${deep(n)}}`)}]}`;
    for (const n of [31, 100_000]) {
      const r = await http.request<Env>('POST', '/api/collect', deepBatch(n), {
        'content-type': 'application/json',
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        ret_code: 10001,
        ret_msg: 'events.0: is nested over 32 levels',
      });
    }
    const ok = await http.request<Env>('POST', '/api/collect', deepBatch(30), {
      'content-type': 'application/json',
    });
    expect(ok.body.result).toEqual({ accepted: 1 });
    const seven = { ...ev, data: { blob: 'z'.repeat(7_500) } };
    expect(
      (await http.post<Env>('/collect', { events: Array.from({ length: 25 }, () => seven) })).body,
    ).toMatchObject({ ret_code: 10001, ret_msg: 'events: are over 163840 bytes in all' });
    const stored = await http.get<{ events: unknown[] }>('/__admin/collect');
    expect(stored.body.events.length).toBe(4);
  });

  it('answers unknown paths with 404 and an envelope', async () => {
    for (const path of ['/v3/private/nope', '/api/v3/nope', '/nope']) {
      const r = await http.get<Env>(path);
      expect(r.status).toBe(404);
      expect(r.body.ret_code).toBe(10001);
    }
  });
});

describe('Bybit V5 market REST', () => {
  let sim: Simulator;
  let http: HttpClient;
  beforeAll(async () => {
    sim = await startTestSim();
    http = new HttpClient(sim.url);
  });
  afterAll(() => sim.stop());

  type V5 = {
    retCode: number;
    retMsg: string;
    result: Record<string, unknown>;
    retExtInfo: object;
    time: number;
  };

  it('tells the time', async () => {
    const r = await http.get<V5>('/v5/market/time');
    expect(r.body).toMatchObject({
      retCode: 0,
      retMsg: 'OK',
      retExtInfo: {},
      time: sim.clock.now(),
    });
    expect(r.body.result.timeSecond).toBe(String(Math.floor(sim.clock.now() / 1000)));
  });

  it('lists the linear instruments; other categories are empty; a bad category is refused', async () => {
    const r = await http.get<V5>('/v5/market/instruments-info?category=linear');
    const list = r.body.result.list as { symbol: string; priceFilter: { tickSize: string } }[];
    expect(list.length).toBe(20);
    expect(list.find((i) => i.symbol === 'BTCUSDT')?.priceFilter.tickSize).toBe('0.10');
    const one = await http.get<V5>(
      '/api/v5/market/instruments-info?category=linear&symbol=ETHUSDT',
    );
    expect((one.body.result.list as unknown[]).length).toBe(1);
    for (const c of ['spot', 'inverse', 'option']) {
      expect(
        (await http.get<V5>(`/v5/market/instruments-info?category=${c}`)).body.result,
      ).toMatchObject({ category: c, list: [] });
    }
    expect((await http.get<V5>('/v5/market/instruments-info?category=futures')).body).toMatchObject(
      { retCode: 10001, retMsg: 'Illegal category' },
    );
    expect((await http.get<V5>('/v5/market/instruments-info')).body.retCode).toBe(10001);
  });

  it('serves tickers equal to the stream state', async () => {
    const r = await http.get<V5>('/v5/market/tickers?category=linear&symbol=BTCUSDT');
    expect(r.body.result.list).toEqual([sim.truth(1001).quotes.BTCUSDT]);
    const all = await http.get<V5>('/v5/market/tickers?category=linear');
    expect((all.body.result.list as unknown[]).length).toBe(20);
    expect(
      (await http.get<V5>('/v5/market/tickers?category=linear&symbol=NOPE')).body.retCode,
    ).toBe(10001);
    expect((await http.get<V5>('/v5/market/tickers?category=spot')).body.result.list).toEqual([]);
  });
});
