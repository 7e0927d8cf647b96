/**
 * How connections end: a close asked for while frames wait on a delay fault happens right after
 * them (new frames do not keep it waiting), a 4401 happens at once and takes nothing more, a
 * private connection that never signs in is closed (4401), and shutdown is not held up either.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '@server/simulator';
import { HttpClient, privateSession, startTestSim, WsClient } from './helpers';

type Frame = Record<string, unknown>;

/** The close, or a failure after 30 s of wall time (the bug this guards against never closes). */
const closedSoon = (ws: WsClient) =>
  Promise.race([
    ws.closed,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the connection did not close')), 30_000).unref(),
    ),
  ]);

describe('closing under a delay fault', () => {
  let sim: Simulator;
  let admin: HttpClient;
  const fault = async (name: string, body: object = {}) => {
    const r = await admin.post<{ ok: boolean }>(`/__admin/faults/${name}`, body);
    expect(r.status).toBe(200);
  };
  // Every frame sent so far has arrived, or the socket is gone.
  const settle = (ws: WsClient) =>
    Promise.race([ws.sync().catch(() => undefined), ws.closed.then(() => undefined)]);

  beforeAll(async () => {
    sim = await startTestSim({ idleTimeoutMs: 3_600_000, authTimeoutMs: 3_600_000 });
    admin = new HttpClient(sim.url);
  });
  afterAll(() => sim.stop());
  afterEach(() => fault('clear'));

  it('a refused token closes with 4401 at once, and a good token after it is not taken', async () => {
    const http = new HttpClient(sim.url);
    await http.login('follower');
    const good = await http.ott();
    await fault('delay', { ms: 5_000, stream: 'private' });
    const ws = await WsClient.open(`${sim.wsUrl}/v5/private`);
    ws.send({ req_id: 'bad', op: 'auth', args: ['not-a-token'] });
    ws.send({ req_id: 'good', op: 'auth', args: [good] });
    ws.send({ req_id: 'sub', op: 'subscribe', args: ['wallet'] });
    // No time passes: the answer and the close must not wait for the 5 s delay.
    expect(await closedSoon(ws)).toMatchObject({ code: 4401 });
    expect(ws.json()).toEqual([
      expect.objectContaining({ req_id: 'bad', success: false, ret_msg: 'error:invalid token' }),
    ]);
    expect(sim.sim.hub.connections({ userId: 1001, stream: 'private' })).toEqual([]);
    // The good token was never used: it still signs in.
    const again = await WsClient.open(`${sim.wsUrl}/v5/private`);
    await fault('clear');
    expect((await again.op('auth', [good])).success).toBe(true);
    await again.close();
  });

  it('a restart closes right after the frames already delayed, however many come later', async () => {
    const { ws } = await privateSession(sim, 'follower', ['wallet', 'copytrade.position']);
    await fault('delay', { ms: 2_000, userId: 1001 });
    sim.advance(1_500);
    await fault('restart');
    const restartAt = sim.clock.now();
    // Frames keep coming from the engine; none of them may join the queue now. The simulator
    // runs in this process and decides synchronously in advance(); a turn of the event loop
    // lets its writes go out. (A ws ping cannot mark the point: a closing connection sends no
    // pong, and each try would wait out sync()'s 5 s.)
    for (let i = 0; i < 4; i++) {
      sim.advance(600);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    expect((await closedSoon(ws)).code).toBe(1012);
    const data = ws.json().filter((f: Frame) => typeof f.topic === 'string');
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((f) => (f.creationTime as number) <= restartAt)).toBe(true);
  });

  it('an idle timeout is not held up by a delay either', async () => {
    const { ws } = await privateSession(sim, 'follower', ['wallet']);
    const conn = sim.sim.hub.connections({ userId: 1001 })[0];
    expect(conn).toBeDefined();
    await fault('delay', { ms: 1_000, userId: 1001 });
    sim.advance(500);
    conn?.close(4408, 'idle timeout');
    for (let i = 0; i < 3; i++) {
      sim.advance(600);
      await settle(ws);
    }
    expect(await closedSoon(ws)).toEqual({ code: 4408, reason: 'idle timeout' });
  });
});

describe('signing in on the private stream', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startTestSim({ idleTimeoutMs: 3_600_000, authTimeoutMs: 2_000 });
  });
  afterAll(() => sim.stop());

  it('closes a connection that does not sign in in time with 4401; pings do not help', async () => {
    const ws = await WsClient.open(`${sim.wsUrl}/v5/private`);
    sim.advance(1_000);
    expect((await ws.op('ping')).op).toBe('pong');
    sim.advance(999);
    await ws.sync();
    expect(ws.socket.readyState).toBe(ws.socket.OPEN);
    sim.advance(1);
    expect(await closedSoon(ws)).toEqual({ code: 4401, reason: 'authentication timeout' });
  });

  it('keeps a connection that signed in in time', async () => {
    const { ws } = await privateSession(sim, 'trader', ['wallet']);
    sim.advance(5_000);
    expect((await ws.op('ping')).op).toBe('pong');
    await ws.close();
  });

  it('does not time out the public stream', async () => {
    const ws = await WsClient.open(`${sim.wsUrl}/v5/public/linear`);
    sim.advance(5_000);
    expect((await ws.op('ping')).ret_msg).toBe('pong');
    await ws.close();
  });
});

describe('shutdown under a delay fault', () => {
  it('closes with 1001 at once, not cut (1006) after waiting on the delay', async () => {
    const sim = await startTestSim({ idleTimeoutMs: 3_600_000 });
    try {
      const { ws } = await privateSession(sim, 'follower', ['wallet']);
      await new HttpClient(sim.url).post('/__admin/faults/delay', { ms: 60_000 });
      sim.advance(2_000);
      await sim.stop();
      expect((await closedSoon(ws)).code).toBe(1001);
    } finally {
      await sim.stop();
    }
  });
});
