/**
 * `replay --serve` as a server (startReplayServer, manual playback timers): REST for the session's
 * user, recorded snapshot answers by playback time, both websockets with auth/subscribe/ping, the
 * recorded frames in order on the playback clock (acks not replayed), recorded closes, and the
 * operator's controls.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OP_ABUSE_LIMIT, OP_BURST } from '@server/ws/conn';
import { MAX_ANONYMOUS_PER_ADDRESS } from '@server/ws/slots';
import { startReplayServer, type ReplayServer } from '@server/replay/server';
import { parseSession, type SessionEvent } from '@src/wire/session-file';
import { Client, manualTimers, SESSIONS, Socket } from './support';

const load = (name: string) => parseSession(readFileSync(join(SESSIONS, `${name}.jsonl`), 'utf8'));

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function serve(name: string, opts: { speed?: number } = {}) {
  const timers = manualTimers();
  server = await startReplayServer({ session: load(name), name, timers, ...opts });
  return { server, timers, client: new Client(server.url) };
}

/** Recorded data frames of a stream with t <= until (acks left out), in order. */
function recordedFrames(events: SessionEvent[], stream: string, from: number, until: number) {
  return events
    .filter(
      (e): e is Extract<SessionEvent, { kind: 'recv' }> =>
        e.kind === 'recv' && e.stream === stream && e.t >= from && e.t <= until,
    )
    .map((e) => e.frame)
    .filter((f) => !/^\{"(success|req_id)"/.test(f));
}

async function signIn(client: Client, username = 'leader', password = 'leader123') {
  return client.call<{ ret_code: number; result: { userId: number } }>('POST', '/api/login', {
    username,
    password,
  });
}

describe('replay server REST', () => {
  it('signs in any demo account as the session user, and refuses others', async () => {
    const { client } = await serve('reconnect_session');
    expect((await client.call('GET', '/api/v2/private/user/profile')).body.ret_code).toBe(10007);
    const bad = await signIn(client, 'leader', 'nope');
    expect(bad.body.ret_code).toBe(20001);
    const ok = await signIn(client);
    expect(ok.body).toMatchObject({ ret_code: 0, result: { userId: 1001 } });
    const profile = await client.call('GET', '/v2/private/user/profile'); // root paths too
    expect(profile.body.result).toMatchObject({ userId: 1001, nickName: 'Follower' });
    const copy = await client.call('GET', '/api/v3/private/copytrade/profile');
    expect(copy.body.result).toEqual({ isLeader: false, subMemberIdList: [], userId: 1001 });
    const tags = await client.call('GET', '/api/user/private/user-tag?tagNames=copytrade_follower');
    expect(tags.body.result).toEqual({ tags: ['copytrade_follower'] });
    const ott = await client.call<{ result: { token: string; expiresAtE3: string } }>(
      'POST',
      '/api/user/private/ott',
      {},
    );
    expect(ott.body.result.token.length).toBeGreaterThan(20);
    const prefs = await client.call('POST', '/api/v3/private/user/member/preferences', {
      showAssets: 0,
    });
    expect(prefs.body.result).toMatchObject({ showAssets: 0 });
    const badPrefs = await client.call<{ ret_code: number; ret_msg: string }>(
      'POST',
      '/api/v3/private/user/member/preferences',
      { showAssets: 'yes' },
    );
    expect(badPrefs.body.ret_code).toBe(10001);
    expect((await client.call('GET', '/api/nothing/here')).status).toBe(404);
    await client.call('POST', '/api/logout', {});
    expect((await client.call('GET', '/api/v2/private/user/profile')).body.ret_code).toBe(10007);
  });

  it('holds at most 64 preferences and 64 page configs a user, as the simulator does', async () => {
    const { client } = await serve('reconnect_session');
    await signIn(client);
    type Answer = { ret_code: number; ret_msg: string; result: Record<string, unknown> };
    const prefs = (patch: Record<string, number>) =>
      client.call<Answer>('POST', '/api/v3/private/user/member/preferences', patch);
    // Two defaults, then 62 more in two calls: 64. A call adding one more is refused whole.
    const batch = (from: number, n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${from + i}`, i]));
    expect((await prefs(batch(0, 31))).body.ret_code).toBe(0);
    expect((await prefs(batch(31, 31))).body.ret_code).toBe(0);
    expect((await prefs(batch(62, 1))).body).toMatchObject({
      ret_code: 10001,
      ret_msg: 'body: at most 64 preferences',
    });
    expect((await prefs({ p0: 7 })).body.result).toMatchObject({ p0: 7 });
    expect(Object.keys((await prefs({})).body.result)).toHaveLength(64);

    const config = (key: string) =>
      client.call<Answer>('POST', '/api/v3/private/user/member/pref-setting', { key, value: 'v' });
    for (let i = 1; i < 64; i++) expect((await config(`k${i}`)).body.ret_code).toBe(0);
    for (const key of ['k64', 'isPrototypeOf']) {
      expect((await config(key)).body.ret_msg).toBe('key: at most 64 settings');
    }
  });

  it('answers the recorded snapshot at or before the playback time, else the first', async () => {
    const { server: s, timers, client } = await serve('reconnect_session');
    await signIn(client);
    const walletRests = load('reconnect_session').events.filter(
      (e): e is Extract<SessionEvent, { kind: 'rest' }> =>
        e.kind === 'rest' && e.path === '/v3/private/asset/wallets',
    );
    expect(walletRests.length).toBe(3); // at start, after the lost frame, after the restart
    const wallets = () => client.call('GET', '/api/v3/private/asset/wallets').then((r) => r.text);
    expect(await wallets()).toBe(walletRests[0]!.body);
    s.playback.resume();
    timers.advance(walletRests[1]!.t);
    expect(await wallets()).toBe(walletRests[1]!.body);
    timers.advance(walletRests[2]!.t - walletRests[1]!.t + 1);
    expect(await wallets()).toBe(walletRests[2]!.body);
  });

  it('says leader for a leader session, and values the wallets at the recorded prices', async () => {
    const { client } = await serve('leader_session');
    const ok = await signIn(client, 'follower', 'follower123');
    expect(ok.body.result.userId).toBe(2001);
    const copy = await client.call('GET', '/api/v3/private/copytrade/profile');
    expect(copy.body.result).toMatchObject({ isLeader: true, userId: 2001 });
    const rates = await client.call<{ result: { list: { coin: string; rate: string }[] } }>(
      'GET',
      '/api/v3/private/cht/asset-common/exchange-rate?name=USD',
    );
    const events = load('leader_session').events;
    const btc = JSON.parse(
      (
        events.find(
          (e) => e.kind === 'recv' && e.frame.includes('"tickers.BTCUSDT","type":"snapshot"'),
        ) as {
          frame: string;
        }
      ).frame,
    ) as { data: { lastPrice: string } };
    expect(rates.body.result.list.find((r) => r.coin === 'BTC')?.rate).toBe(btc.data.lastPrice);
    const agg = await client.call<{ result: { totalUsd: string } }>(
      'GET',
      '/api/v3/private/asset/aggregate-info',
    );
    expect(Number(agg.body.result.totalUsd)).toBeGreaterThan(1000);
    const history = await client.call<{ result: { list: unknown[] } }>(
      'GET',
      '/api/v3/private/copytrade/leader/income-history',
    );
    expect(history.body.result.list).toHaveLength(30);
    const instruments = await client.call<{ retCode: number; result: { list: unknown[] } }>(
      'GET',
      '/api/v5/market/instruments-info?category=linear',
    );
    expect(instruments.body.result.list).toHaveLength(20);
    const tickers = await client.call<{ result: { list: { lastPrice: string }[] } }>(
      'GET',
      '/api/v5/market/tickers?category=linear&symbol=BTCUSDT',
    );
    expect(tickers.body.result.list[0]?.lastPrice).toBe(btc.data.lastPrice);
    const badCat = await client.call<{ retCode: number }>('GET', '/api/v5/market/tickers');
    expect(badCat.body.retCode).toBe(10001);
  });
});

describe('replay server streams', () => {
  it('authenticates with its own one-time tokens only', async () => {
    const { server: s, client } = await serve('reconnect_session');
    const priv = await Socket.open(`${s.wsUrl}/ws/v5/private`);
    expect(await priv.op('subscribe', ['wallet'])).toMatchObject({
      success: false,
      ret_msg: 'error:not authenticated',
    });
    expect(await priv.op('auth', ['made-up'])).toMatchObject({ success: false, op: 'auth' });
    expect((await priv.closed).code).toBe(4401);
    await signIn(client);
    const { body } = await client.call<{ result: { token: string } }>(
      'POST',
      '/api/user/private/ott',
      {},
    );
    const again = await Socket.open(`${s.wsUrl}/v5/private`);
    expect(await again.op('auth', [body.result.token])).toMatchObject({ success: true });
    const pong = await again.op('ping');
    expect(pong).toMatchObject({ op: 'pong', req_id: 'ping' });
    const third = await Socket.open(`${s.wsUrl}/v5/private`);
    expect(await third.op('auth', [body.result.token])).toMatchObject({ success: false }); // used
    await again.close();
  });

  it('waits for the dashboard, then plays the recorded frames in order and replays the close', async () => {
    const { server: s, timers, client } = await serve('reconnect_session', { speed: 2 });
    const events = load('reconnect_session').events;
    await signIn(client);
    const { body } = await client.call<{ result: { token: string } }>(
      'POST',
      '/api/user/private/ott',
      {},
    );
    const pub = await Socket.open(`${s.wsUrl}/ws/v5/public/linear`);
    const priv = await Socket.open(`${s.wsUrl}/ws/v5/private`);
    await priv.op('auth', [body.result.token]);
    const topics = ['wallet', 'risk', 'copytrade.account', 'copytrade.order', 'copytrade.position'];
    await priv.op('subscribe', topics);
    expect(s.playback.state).toBe('waiting'); // the public stream is not subscribed yet
    const symbols = ['BTCUSDT', 'ETHUSDT', 'XRPUSDT', 'EOSUSDT', 'SOLUSDT'];
    const before = { pub: pub.frames.length + 1, priv: priv.frames.length }; // + the answer
    const sub = await pub.op(
      'subscribe',
      symbols.map((x) => `tickers.${x}`),
    );
    expect(sub).toMatchObject({ success: true, op: 'subscribe' });
    expect(s.playback.state).toBe('playing');

    timers.advance(10_000); // 20 s of the session at 2x
    await Promise.all([pub.sync(), priv.sync()]);
    const got = (sock: Socket, from: number) => sock.frames.slice(from);
    expect(got(pub, before.pub)).toEqual(recordedFrames(events, 'public', 0, 20_000));
    const privExpected = recordedFrames(events, 'private', 0, 20_000).filter((f) =>
      topics.includes((JSON.parse(f) as { topic: string }).topic),
    );
    expect(privExpected.length).toBeGreaterThan(50);
    expect(got(priv, before.priv)).toEqual(privExpected);
    expect(s.status()).toMatchObject({
      state: 'playing',
      positionMs: 20_000,
      clients: { public: 1, private: 1 },
    });

    timers.advance(5_001); // past the recorded restart at 30 s
    expect(await priv.closed).toEqual({ code: 1012, reason: 'service restart' });
    expect((await pub.closed).code).toBe(1012);
  });

  it('sends the quote built so far when a ticker is subscribed mid-way', async () => {
    const { server: s, timers } = await serve('follower_session', { speed: 1 });
    s.playback.resume();
    timers.advance(5_000);
    const pub = await Socket.open(`${s.wsUrl}/v5/public/linear`);
    await pub
      .op('subscribe', ['tickers.BTCUSDT', 'tickers.NOPE!'])
      .then((a) => expect(a).toMatchObject({ success: false, ret_msg: 'error:handler not found' }));
    await pub.sync();
    const snap = JSON.parse(pub.frames[1]!) as {
      topic: string;
      type: string;
      data: { symbol: string };
    };
    expect(snap).toMatchObject({
      topic: 'tickers.BTCUSDT',
      type: 'snapshot',
      data: { symbol: 'BTCUSDT' },
    });
    expect(await pub.op('ping')).toMatchObject({ success: true, ret_msg: 'pong', op: 'ping' });
    await pub.close();
  });
});

describe('operator controls', () => {
  it('pause, step one visible event, speed, and a state that says where the playback is', async () => {
    const { timers, client } = await serve('seq_gap_reseed');
    const control = (body: unknown) =>
      client.call<Record<string, unknown>>('POST', '/__replay/control', body);
    let st = (await client.call<Record<string, unknown>>('GET', '/__replay/state')).body;
    expect(st).toMatchObject({
      state: 'waiting',
      played: 0,
      total: 19,
      file: 'seq_gap_reseed',
      userId: 1001,
    });
    st = (await control({ action: 'step' })).body;
    // Open, auth, answers and subscribe are not visible: the first step plays the first REST answer.
    expect(st).toMatchObject({
      state: 'paused',
      played: 6,
      positionMs: 6,
      last: { line: 7, kind: 'rest' },
    });
    st = (await control({ action: 'step' })).body;
    expect(st).toMatchObject({
      played: 7,
      last: { line: 8, kind: 'recv', stream: 'private', topic: 'wallet' },
    });
    expect((await control({ action: 'speed', speed: 0 })).status).toBe(400);
    expect((await control({ action: 'speed' })).status).toBe(400);
    expect((await control({ action: 'jump' })).status).toBe(400);
    expect((await control({ action: 'speed', speed: 4 })).body).toMatchObject({ speed: 4 });
    await control({ action: 'resume' });
    timers.advance(5); // 20 ms of the session at 4x
    st = (await client.call<Record<string, unknown>>('GET', '/__replay/state')).body;
    expect(st).toMatchObject({ state: 'playing', positionMs: 30 });
    await control({ action: 'pause' });
    timers.advance(1_000);
    expect((await client.call('GET', '/__replay/state')).body).toMatchObject({
      state: 'paused',
      positionMs: 30,
    });
    await control({ action: 'toggle' });
    timers.advance(1_000);
    expect((await client.call('GET', '/__replay/state')).body).toMatchObject({
      state: 'ended',
      played: 19,
      positionMs: 55,
    });
  });

  it('serves an accessible operator page with its script', async () => {
    const { client } = await serve('race_snapshot');
    const page = await client.call('GET', '/__replay');
    expect(page.text).toContain('<label for="speed">Speed</label>');
    expect(page.text).toContain('<label for="scrubber">Position in the session</label>');
    expect(page.text).toContain('role="status"');
    expect(page.text).not.toContain('<script>'); // no inline script
    const js = await client.call('GET', '/__replay/operator.js');
    expect(js.text).toContain("fetch(base + '/state')");
    expect(js.text).not.toMatch(/innerHTML/);
  });
});

describe('replay server streams: the simulator answers and limits', () => {
  const HEADER = {
    kind: 'header',
    version: 1,
    recordedAt: '2026-11-21T00:00:00.000Z',
    userId: 1001,
  };
  const ticker = (t: number) => ({
    t,
    kind: 'recv',
    stream: 'public',
    frame: JSON.stringify({
      topic: 'tickers.BTCUSDT',
      type: 'snapshot',
      ts: t,
      cs: t,
      data: { symbol: 'BTCUSDT', lastPrice: '1', markPrice: '1' },
    }),
  });
  /** A public session closed mid-way by the server with `reason` (then a normal end). */
  const closing = (reason: string) =>
    parseSession(
      [
        HEADER,
        { t: 0, kind: 'open', stream: 'public' },
        ticker(1),
        { t: 2, kind: 'close', stream: 'public', code: 4000, reason },
        { t: 3, kind: 'open', stream: 'public' },
        ticker(4),
        { t: 5, kind: 'close', stream: 'public', code: 1000, reason: '' },
      ]
        .map((e) => JSON.stringify(e))
        .join('\n'),
    );

  async function start(session = closing('bye'), streams = {}) {
    const timers = manualTimers();
    server = await startReplayServer({ session, timers, streams });
    return { s: server, timers, client: new Client(server.url) };
  }

  it('cuts a long non-ASCII close reason of the file to 123 bytes and keeps serving', async () => {
    const { s, timers, client } = await start(closing('€'.repeat(60)));
    const pub = await Socket.open(`${s.wsUrl}/v5/public/linear`);
    await pub.op('subscribe', ['tickers.BTCUSDT']);
    timers.advance(2);
    expect(await pub.closed).toEqual({ code: 4000, reason: '€'.repeat(41) });
    expect((await client.call('GET', '/__replay/state')).body).toMatchObject({ played: 3 });
    const again = await Socket.open(`${s.wsUrl}/v5/public/linear`);
    expect(await again.op('ping')).toMatchObject({ success: true, ret_msg: 'pong' });
    await again.close();
  });

  it('refuses a second auth, a used token and a repeated ticker, as the simulator does', async () => {
    const { s, client } = await start();
    await signIn(client);
    const token = async () =>
      (await client.call<{ result: { token: string } }>('POST', '/api/user/private/ott', {})).body
        .result.token;
    const priv = await Socket.open(`${s.wsUrl}/v5/private`);
    const first = await token();
    expect(await priv.op('auth', [first], 'a1')).toMatchObject({ success: true });
    expect(await priv.op('auth', [await token()], 'a2')).toMatchObject({
      success: false,
      ret_msg: 'error:already authenticated',
    });
    expect(await priv.op('subscribe', [], 's0')).toMatchObject({
      success: false,
      ret_msg: 'error:args must name at least one topic',
    });
    const other = await Socket.open(`${s.wsUrl}/v5/private`);
    expect(await other.op('auth', [first])).toMatchObject({
      success: false,
      ret_msg: 'error:token already used',
    });
    expect((await other.closed).code).toBe(4401);
    const pub = await Socket.open(`${s.wsUrl}/v5/public/linear`);
    await pub.op('subscribe', ['tickers.BTCUSDT'], 's1');
    expect(await pub.op('subscribe', ['tickers.BTCUSDT'], 's2')).toMatchObject({
      success: false,
      ret_msg: 'error:already subscribed,topic:tickers.BTCUSDT',
    });
    expect(await pub.op('order.create', undefined, 'o')).toMatchObject({
      success: false,
      ret_msg: 'error:unknown op "order.create"',
    });
    await Promise.all([priv.close(), pub.close()]);
  });

  it('caps connections (1013), closes idle (4408) and unsigned (4401) ones, limits floods', async () => {
    const { s, timers } = await start(closing('bye'), {
      maxConnections: 2,
      idleTimeoutMs: 30_000,
      authTimeoutMs: 5_000,
    });
    const pub = await Socket.open(`${s.wsUrl}/v5/public/linear`);
    const priv = await Socket.open(`${s.wsUrl}/v5/private`);
    const third = await Socket.open(`${s.wsUrl}/v5/public/linear`);
    expect((await third.closed).code).toBe(1013);
    timers.advance(5_000);
    expect(await priv.closed).toEqual({ code: 4401, reason: 'authentication timeout' });
    for (let i = 0; i < 120; i++) pub.send('junk');
    // Every frame is answered (the allowance is used up, so no ws-level ping: it would count too).
    await vi.waitFor(() => expect(pub.frames.length).toBe(120), { timeout: 30_000 });
    expect(pub.frames.filter((f) => f.includes('too many requests')).length).toBe(120 - OP_BURST);
    timers.advance(30_000);
    expect((await pub.closed).code).toBe(4408);
  });

  it('counts websocket-level pings against the op allowance: a ping flood is closed 1008', async () => {
    const { s } = await start();
    const pub = await Socket.open(`${s.wsUrl}/v5/public/linear`);
    let pongs = 0;
    pub.ws.on('pong', () => pongs++);
    for (let i = 0; i < OP_BURST + OP_ABUSE_LIMIT; i++) pub.ws.ping();
    expect((await pub.closed).code).toBe(1008);
    expect(pongs).toBeLessThanOrEqual(OP_BURST);
  });

  it('keeps connection slots per address, as the simulator does (1013 beyond them)', async () => {
    const { s } = await start();
    const open: Socket[] = [];
    for (let i = 0; i < MAX_ANONYMOUS_PER_ADDRESS; i++) {
      open.push(await Socket.open(`${s.wsUrl}/v5/public/linear`));
    }
    const over = await Socket.open(`${s.wsUrl}/v5/public/linear`);
    expect(await over.closed).toEqual({
      code: 1013,
      reason: 'too many connections from this address',
    });
    await open.pop()?.close();
    const again = await Socket.open(`${s.wsUrl}/v5/public/linear`);
    expect(await again.op('ping')).toMatchObject({ success: true, ret_msg: 'pong' });
    await Promise.all([...open, again].map((o) => o.close()));
  });

  it('signing out closes the private stream (4401) and revokes unused one-time tokens', async () => {
    const { s, client } = await start();
    await signIn(client);
    const token = async () =>
      (await client.call<{ result: { token: string } }>('POST', '/api/user/private/ott', {})).body
        .result.token;
    const priv = await Socket.open(`${s.wsUrl}/v5/private`);
    expect(await priv.op('auth', [await token()])).toMatchObject({ success: true });
    const unused = await token();
    await client.call('POST', '/api/logout', {});
    expect(await priv.closed).toEqual({ code: 4401, reason: 'session ended' });
    const other = await Socket.open(`${s.wsUrl}/v5/private`);
    expect(await other.op('auth', [unused])).toMatchObject({
      success: false,
      ret_msg: 'error:invalid token',
    });
    expect((await other.closed).code).toBe(4401);
  });
});
