/**
 * Private stream authentication with one-time tokens: good, bad, reused, expired; ops before
 * auth; pong shape; subscriptions and unknown topics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '@server/simulator';
import { HttpClient, startTestSim, WsClient } from './helpers';

describe('private stream auth', () => {
  let sim: Simulator;
  let http: HttpClient;
  const privateUrl = () => `${sim.wsUrl}/v5/private`;

  beforeAll(async () => {
    sim = await startTestSim();
    http = new HttpClient(sim.url);
    await http.login('follower');
  });
  afterAll(() => sim.stop());

  it('accepts a fresh token as the first frame and answers in the protocol shape', async () => {
    const token = await http.ott();
    const ws = await WsClient.open(privateUrl());
    const auth = await ws.op('auth', [token]);
    expect(auth).toEqual({
      success: true,
      ret_msg: '',
      op: 'auth',
      conn_id: expect.any(String),
      req_id: 'r1',
    });
    expect(Object.keys(auth)).toEqual(['success', 'ret_msg', 'op', 'conn_id', 'req_id']);
    const sub = await ws.op('subscribe', ['wallet', 'risk']);
    expect(sub).toMatchObject({
      success: true,
      ret_msg: '',
      op: 'subscribe',
      conn_id: auth.conn_id,
    });
    await ws.close();
  });

  it('issues tokens that expire in 60 s', async () => {
    const r = await http.post<{ result: { token: string; expiresAtE3: string } }>(
      '/user/private/ott',
    );
    expect(Number(r.body.result.expiresAtE3) - sim.clock.now()).toBe(60_000);
    expect(r.body.result.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it.each([
    ['an unknown token', async () => 'not-a-token', 'error:invalid token'],
    ['no token at all', async () => undefined, 'error:invalid token'],
  ])('rejects %s with success:false and close 4401', async (_name, token, msg) => {
    const ws = await WsClient.open(privateUrl());
    const t = await token();
    const auth = await ws.op('auth', t === undefined ? [] : [t]);
    expect(auth).toMatchObject({ success: false, ret_msg: msg, op: 'auth' });
    expect(await ws.closed).toEqual({ code: 4401, reason: 'unauthorized' });
  });

  it('rejects a reused token', async () => {
    const token = await http.ott();
    const first = await WsClient.open(privateUrl());
    expect((await first.op('auth', [token])).success).toBe(true);
    const second = await WsClient.open(privateUrl());
    expect(await second.op('auth', [token])).toMatchObject({
      success: false,
      ret_msg: 'error:token already used',
    });
    expect((await second.closed).code).toBe(4401);
    expect(first.socket.readyState).toBe(first.socket.OPEN);
    await first.close();
  });

  it('rejects an expired token (60 s later)', async () => {
    const token = await http.ott();
    sim.manualClock.advance(60_000);
    const ws = await WsClient.open(privateUrl());
    expect(await ws.op('auth', [token])).toMatchObject({
      success: false,
      ret_msg: 'error:token expired',
    });
    expect((await ws.closed).code).toBe(4401);
  });

  it('refuses the token of a signed-out session', async () => {
    const other = new HttpClient(sim.url);
    await other.login('trader');
    await other.post('/logout');
    const r = await other.post('/user/private/ott');
    expect(r.body).toMatchObject({ ret_code: 10007 });
  });

  it('answers subscribe before auth with "not authenticated" and keeps the connection', async () => {
    const ws = await WsClient.open(privateUrl());
    expect(await ws.op('subscribe', ['wallet'])).toMatchObject({
      success: false,
      ret_msg: 'error:not authenticated',
      op: 'subscribe',
    });
    const pong = await ws.op('ping');
    expect(pong).toEqual({
      req_id: 'r2',
      op: 'pong',
      args: [String(sim.clock.now())],
      conn_id: expect.any(String),
    });
    expect(Object.keys(pong)).toEqual(['req_id', 'op', 'args', 'conn_id']);
    expect((await ws.op('auth', [await http.ott()])).success).toBe(true);
    expect((await ws.op('subscribe', ['wallet'])).success).toBe(true);
    await ws.close();
  });

  it('refuses a second auth, unknown topics and unknown ops, and stays open', async () => {
    const ws = await WsClient.open(privateUrl());
    await ws.op('auth', [await http.ott()]);
    expect(await ws.op('auth', [await http.ott()])).toMatchObject({
      success: false,
      ret_msg: 'error:already authenticated',
    });
    expect(await ws.op('subscribe', ['tickers.BTCUSDT'])).toMatchObject({
      success: false,
      ret_msg: 'error:handler not found',
    });
    expect(await ws.op('subscribe', [])).toMatchObject({ success: false });
    expect(await ws.op('order.create')).toMatchObject({ success: false, op: 'order.create' });
    expect((await ws.op('ping')).op).toBe('pong');
    await ws.close();
  });

  it('delivers only subscribed topics, and stops after unsubscribe', async () => {
    const ws = await WsClient.open(privateUrl());
    await ws.op('auth', [await http.ott()]);
    await ws.op('subscribe', ['copytrade.position']);
    sim.manualClock.advance(3_000);
    await ws.sync();
    const topics = new Set(
      ws
        .json()
        .map((f) => f.topic)
        .filter(Boolean),
    );
    expect([...topics]).toEqual(['copytrade.position']);
    await ws.op('unsubscribe', ['copytrade.position']);
    const n = ws.frames.length;
    sim.manualClock.advance(3_000);
    await ws.sync();
    expect(ws.frames.length).toBe(n);
    await ws.close();
  });

  it("names frames by the connection's own topic and seq, whatever other users do", async () => {
    const other = new HttpClient(sim.url);
    await other.login('leader');
    const ws = await WsClient.open(privateUrl());
    const auth = await ws.op('auth', [await http.ott()]);
    const leader = await WsClient.open(privateUrl());
    await leader.op('auth', [await other.ott()]);
    await leader.op('subscribe', ['wallet', 'copytrade.position']);
    await ws.op('subscribe', ['wallet', 'copytrade.position']);
    sim.manualClock.advance(3_000);
    await Promise.all([ws.sync(), leader.sync()]);
    const data = ws.json().filter((f) => typeof f.topic === 'string');
    expect(data.length).toBeGreaterThan(2);
    for (const f of data)
      expect(f.id).toBe(`${String(auth.conn_id)}-${String(f.topic)}-${String(f.seq)}`);
    await Promise.all([ws.close(), leader.close()]);
  });
});
