/** Every fault control of the admin endpoint, observed by real clients. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodePrivate } from '@src/wire/decode';
import type { Simulator } from '@server/simulator';
import { HttpClient, privateSession, startTestSim, WsClient, type Closed } from './helpers';

type Frame = Record<string, unknown>;

describe('fault controls', () => {
  let sim: Simulator;
  let admin: HttpClient;
  const fault = async (name: string, body: object = {}) => {
    const r = await admin.post<{ ok: boolean; affected: number }>(`/__admin/faults/${name}`, body);
    expect(r.status).toBe(200);
    return r.body;
  };
  const dataOf = (ws: WsClient, from = 0): Frame[] =>
    ws
      .json()
      .slice(from)
      .filter((f) => typeof f.topic === 'string');
  const step = async (ws: WsClient, ms: number) => {
    sim.manualClock.advance(ms);
    await ws.sync();
  };

  beforeAll(async () => {
    sim = await startTestSim({ idleTimeoutMs: 3_600_000 });
    admin = new HttpClient(sim.url);
  });
  afterAll(() => sim.stop());
  // Each test starts with no connection left on the server, so `affected` counts only its own.
  afterEach(async () => {
    await fault('clear');
    sim.sim.hub.drop();
    await vi.waitFor(() => expect(sim.sim.hub.connections()).toEqual([]));
  });

  it('drop: terminates connections without a close frame (1006)', async () => {
    const { ws } = await privateSession(sim, 'follower', ['wallet']);
    const pub = await WsClient.open(`${sim.wsUrl}/v5/public/linear`);
    expect((await fault('drop')).affected).toBe(2);
    const closes: Closed[] = await Promise.all([ws.closed, pub.closed]);
    expect(closes.map((c) => c.code)).toEqual([1006, 1006]);
  });

  it('drop: can target one user', async () => {
    const a = await privateSession(sim, 'follower', ['wallet']);
    const b = await privateSession(sim, 'leader', ['wallet']);
    expect((await fault('drop', { userId: 2001 })).affected).toBe(1);
    expect((await b.ws.closed).code).toBe(1006);
    expect((await a.ws.op('ping')).op).toBe('pong');
    await a.ws.close();
  });

  it('block: new connections of the stream close at once with 4000, open ones stay, until clear', async () => {
    const { ws: open } = await privateSession(sim, 'follower', ['wallet']);
    expect((await fault('block', { stream: 'private' })).affected).toBe(1);
    const blocked = await WsClient.open(`${sim.wsUrl}/v5/private`);
    expect(await blocked.closed).toEqual({ code: 4000, reason: 'blocked by proxy' });
    // the public stream is not blocked, nor is the private connection that was already open
    const pub = await WsClient.open(`${sim.wsUrl}/v5/public/linear`);
    expect((await pub.op('ping')).ret_msg).toBe('pong');
    expect((await open.op('ping')).op).toBe('pong');
    await fault('clear');
    const again = await privateSession(sim, 'follower', ['wallet']);
    expect(again.ws.socket.readyState).toBe(again.ws.socket.OPEN);
    await Promise.all([pub.close(), open.close(), again.ws.close()]);
  });

  it('half-open: the socket stays open but nothing answers, not even pings', async () => {
    const { ws } = await privateSession(sim, 'follower', ['wallet', 'copytrade.position']);
    expect((await fault('half-open', { stream: 'private' })).affected).toBe(1);
    const n = ws.frames.length;
    ws.send({ req_id: 'p', op: 'ping' });
    let pongs = 0;
    ws.socket.on('pong', () => pongs++);
    ws.socket.ping();
    sim.manualClock.advance(5_000);
    // A healthy connection on the same server answers: the silent one had its chance.
    const witness = await WsClient.open(`${sim.wsUrl}/v5/public/linear`);
    expect((await witness.op('ping')).ret_msg).toBe('pong');
    expect(ws.frames.length).toBe(n);
    expect(pongs).toBe(0);
    await witness.close();
    expect(ws.socket.readyState).toBe(ws.socket.OPEN);
    ws.socket.terminate();
  });

  it('pause (hold): frames of the topic wait and then arrive in order, seq unbroken', async () => {
    const { ws } = await privateSession(sim, 'follower', ['copytrade.position', 'wallet']);
    await step(ws, 2_000);
    await fault('pause', { topic: 'copytrade.position', userId: 1001 });
    const from = ws.frames.length;
    await step(ws, 3_000);
    expect(dataOf(ws, from).some((f) => f.topic === 'copytrade.position')).toBe(false);
    expect(dataOf(ws, from).some((f) => f.topic === 'wallet')).toBe(true);
    expect((await fault('resume', { topic: 'copytrade.position' })).affected).toBe(1);
    await ws.sync();
    const seqs = dataOf(ws)
      .filter((f) => f.topic === 'copytrade.position')
      .map((f) => f.seq);
    expect(seqs.length).toBeGreaterThan(3);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    await ws.close();
  });

  it('pause (drop, with a duration): private frames are lost and seq shows the gap', async () => {
    const { ws } = await privateSession(sim, 'follower', ['copytrade.position']);
    await step(ws, 2_000);
    await fault('pause', { topic: 'copytrade.position', mode: 'drop', durationMs: 3_000 });
    await step(ws, 2_000);
    const during = dataOf(ws).length;
    await step(ws, 3_000);
    const seqs = dataOf(ws).map((f) => f.seq as number);
    expect(seqs.length).toBeGreaterThan(during);
    const gap = seqs.findIndex((s, i) => i > 0 && s !== (seqs[i - 1] as number) + 1);
    expect(gap).toBe(during);
    await ws.close();
  });

  it('pause (drop) on the public stream: a fresh snapshot when it resumes', async () => {
    const ws = await WsClient.open(`${sim.wsUrl}/v5/public/linear`);
    await ws.op('subscribe', ['tickers.ETHUSDT']);
    await fault('pause', { topic: 'tickers.ETHUSDT', mode: 'drop', stream: 'public' });
    const from = ws.frames.length;
    await step(ws, 1_000);
    expect(ws.frames.length).toBe(from);
    await fault('resume', { topic: 'tickers.ETHUSDT' });
    expect(JSON.parse(await ws.waitFor(() => true, from))).toMatchObject({
      type: 'snapshot',
      topic: 'tickers.ETHUSDT',
    });
    await ws.close();
  });

  it('skip-seq: the next frame of a topic jumps by count', async () => {
    const { ws } = await privateSession(sim, 'follower', ['copytrade.position']);
    await step(ws, 2_000);
    const before = dataOf(ws).at(-1)?.seq as number;
    await fault('skip-seq', { topic: 'copytrade.position', count: 5, userId: 1001 });
    await step(ws, 2_000);
    const after = dataOf(ws)
      .map((f) => f.seq as number)
      .filter((s) => s > before);
    expect(after[0]).toBe(before + 6);
    expect(after[1]).toBe(before + 7);
    await ws.close();
  });

  it.each(['truncated', 'not-json', 'bad-shape'])(
    'malformed (%s): the client rejects it and the stream goes on',
    async (kind) => {
      const { ws } = await privateSession(sim, 'follower', ['wallet']);
      const from = ws.frames.length;
      expect((await fault('malformed', { kind, stream: 'private', userId: 1001 })).affected).toBe(
        1,
      );
      const text = await ws.waitFor(() => true, from);
      expect(decodePrivate(text).kind).toBe('invalid');
      expect((await ws.op('ping')).op).toBe('pong');
      await ws.close();
    },
  );

  it('delay: frames arrive late, in order', async () => {
    const { ws } = await privateSession(sim, 'follower', ['wallet', 'copytrade.position']);
    await fault('delay', { ms: 2_000, userId: 1001 });
    const from = ws.frames.length;
    sim.manualClock.advance(1_500);
    await ws.sync(); // pongs are not delayed: every frame not held back has arrived
    expect(ws.frames.length).toBe(from);
    await step(ws, 2_000);
    const got = dataOf(ws, from);
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((f) => (f.creationTime as number) <= sim.clock.now() - 2_000)).toBe(true);
    await fault('delay', { ms: 0 });
    await ws.close();
  });

  it('reject-token: the next good token is refused (4401), the one after works', async () => {
    const http = new HttpClient(sim.url);
    await http.login('leader');
    await fault('reject-token', { count: 1 });
    const ws = await WsClient.open(`${sim.wsUrl}/v5/private`);
    expect(await ws.op('auth', [await http.ott()])).toMatchObject({
      success: false,
      ret_msg: 'error:token rejected',
    });
    expect((await ws.closed).code).toBe(4401);
    const ok = await WsClient.open(`${sim.wsUrl}/v5/private`);
    expect((await ok.op('auth', [await http.ott()])).success).toBe(true);
    await ok.close();
  });

  it('restart: every connection closes with 1012; new ids; walletVersion goes on', async () => {
    const first = await privateSession(sim, 'follower', ['wallet']);
    await step(first.ws, 3_000);
    const versions = dataOf(first.ws).flatMap((f) =>
      (f.data as { walletVersion: number }[]).map((w) => w.walletVersion),
    );
    const oldConn = (first.ws.json()[0] as Frame).conn_id as string;
    expect((await fault('restart')).affected).toBe(1);
    expect((await first.ws.closed).code).toBe(1012);
    const again = await privateSession(sim, 'follower', ['wallet']);
    const newConn = (again.ws.json()[0] as Frame).conn_id as string;
    expect(newConn.split('-')[0]).not.toBe(oldConn.split('-')[0]);
    await step(again.ws, 3_000);
    const later = dataOf(again.ws).flatMap((f) =>
      (f.data as { walletVersion: number }[]).map((w) => w.walletVersion),
    );
    expect(Math.min(...later)).toBeGreaterThan(Math.max(...versions));
    expect(dataOf(again.ws)[0]?.seq).toBe(1);
    await again.ws.close();
  });

  it('rest (error): the next N requests to a path answer 5xx, then normal again', async () => {
    const http = new HttpClient(sim.url);
    await http.login('follower');
    await fault('rest', { path: '/api/v3/private/asset/wallets', count: 2, status: 502 });
    for (let i = 0; i < 2; i++) {
      const r = await http.get('/v3/private/asset/wallets');
      expect(r.status).toBe(502);
      expect(r.body).toMatchObject({ ret_code: 10016 });
    }
    expect((await http.get('/api/v3/private/asset/wallets')).body).toMatchObject({ ret_code: 0 });
  });

  it('rest (hang): the request is never answered', async () => {
    const http = new HttpClient(sim.url);
    await fault('rest', { path: '/v3/config/banner', mode: 'hang' });
    const ac = new AbortController();
    let settled = 'pending';
    const hung = fetch(`${sim.url}/v3/config/banner`, { method: 'POST', signal: ac.signal }).then(
      () => (settled = 'answered'),
      (e: Error) => (settled = e.name),
    );
    // The fault is taken when the request arrives: wait for that.
    await vi.waitFor(() => expect(sim.sim.restFaults.list()).toEqual([]), { timeout: 30_000 });
    sim.manualClock.advance(120_000); // well past any delay fault or client timeout
    // A later request to the same path is answered; the first still is not.
    expect((await http.post('/v3/config/banner')).body).toMatchObject({ ret_code: 0 });
    expect(settled).toBe('pending');
    ac.abort();
    await hung;
    expect(settled).toBe('AbortError');
  });

  it('rest (delay): answered once the clock has moved on', async () => {
    const http = new HttpClient(sim.url);
    await fault('rest', { path: '/v5/market/time', mode: 'delay', delayMs: 1_000 });
    const sentAt = sim.clock.now();
    const pending = http.get<{ result: { timeSecond: string } }>('/v5/market/time');
    // The fault is taken when the request arrives, and its delay starts then: wait for that.
    await vi.waitFor(() => expect(sim.sim.restFaults.list()).toEqual([]));
    sim.manualClock.advance(1_000);
    const r = await pending;
    expect(Number(r.body.result.timeSecond) * 1000).toBeGreaterThanOrEqual(sentAt + 1_000 - 999);
  });

  it('snapshot: sends a type:"snapshot" frame of the whole topic', async () => {
    const { ws } = await privateSession(sim, 'follower', ['wallet', 'copytrade.position']);
    expect((await fault('snapshot', { userId: 1001, topic: 'wallet' })).affected).toBe(1);
    const f = JSON.parse(await ws.waitFor((t) => t.includes('"type":"snapshot"'))) as Frame;
    expect(f.topic).toBe('wallet');
    expect((f.data as { coin: string }[]).map((w) => w.coin).sort()).toEqual(
      Object.keys(sim.truth(1001).wallets).sort(),
    );
    await ws.close();
  });

  it('clear: ends every fault', async () => {
    const { ws } = await privateSession(sim, 'follower', ['wallet']);
    await fault('pause', { topic: 'wallet' });
    await fault('reject-token', { count: 3 });
    await fault('rest', { path: '/v3/private/account/risk', count: 5 });
    await fault('clear');
    const status = await admin.get<{ restFaults: unknown[]; rejectNextTokens: number }>(
      '/__admin/status',
    );
    expect(status.body.restFaults).toEqual([]);
    expect(status.body.rejectNextTokens).toBe(0);
    const from = ws.frames.length;
    await step(ws, 2_000);
    expect(dataOf(ws, from).length).toBeGreaterThan(0);
    await ws.close();
  });

  it('refuses bad fault bodies and unknown users', async () => {
    expect((await admin.post('/__admin/faults/pause', {})).status).toBe(400);
    expect((await admin.post('/__admin/faults/delay', { ms: 10, bogus: 1 })).status).toBe(400);
    expect((await admin.get('/__admin/truth/9999')).status).toBe(404);
    expect((await admin.get('/__admin/truth/abc')).status).toBe(400);
  });

  it('advances a manual clock over HTTP', async () => {
    const before = sim.clock.now();
    const r = await admin.post<{ now: number }>('/__admin/clock/advance', { ms: 250 });
    expect(r.body.now).toBe(before + 250);
    // At most a day per request (it runs in steps, serving other requests in between).
    const tooFar = await admin.post('/__admin/clock/advance', { ms: 86_400_001 });
    expect(tooFar.status).toBe(400);
    expect(sim.clock.now()).toBe(before + 250);
  });
});

describe('admin endpoint availability', () => {
  it('does not exist without --admin', async () => {
    const sim = await startTestSim({ admin: false });
    try {
      const http = new HttpClient(sim.url);
      expect((await http.get('/__admin/truth/1001')).status).toBe(404);
      expect((await http.post('/__admin/faults/drop', {})).status).toBe(404);
    } finally {
      await sim.stop();
    }
  });
});
