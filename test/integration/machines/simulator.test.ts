/**
 * Both connection actors against the real exchange simulator: live data, then the simulator's
 * faults (dropped connections, a half-open socket, a restart, a rejected token) and recovery.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSimulator, type Simulator } from '@server/simulator';
import { manualEnvironment } from '@machines/connection-environment';
import { createConnection, type ConnectionActor } from '@machines/connection.machine';
import type { UnauthorizedEvent } from '@machines/connection.types';
import { NodeWebSocket } from '@machines/node-websocket';
import { phaseOf } from '@src/pipeline/connection-status';
import { recordingSink, type SinkCall } from '../../unit/machines/harness';

const PRIVATE = ['wallet', 'risk', 'copytrade.account', 'copytrade.order', 'copytrade.position'];
// A pong may be late on a loaded machine: 1.5 s keeps a busy event loop from looking like a dead
// socket (an extra reconnect), yet the half-open test still sees the heartbeat fire soon.
const TIMINGS = { backoffBaseMs: 20, backoffMaxMs: 200, pingIntervalMs: 300, pongTimeoutMs: 1_500 };
const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 30_000, interval: 10 });

async function signIn(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { ret_code: number };
  expect(body.ret_code).toBe(0);
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

/** The app's token provider, over plain fetch with the session cookie. */
function tokenProvider(base: string, cookie: string): () => Promise<string> {
  return async () => {
    const res = await fetch(`${base}/user/private/ott`, { method: 'POST', headers: { cookie } });
    const env = (await res.json()) as {
      ret_code: number;
      ret_msg: string;
      result: { token: string };
    };
    if (env.ret_code !== 0) throw Object.assign(new Error(env.ret_msg), { code: env.ret_code });
    return env.result.token;
  };
}

async function fault(sim: Simulator, name: string, body: object = {}): Promise<void> {
  const res = await fetch(`${sim.url}/__admin/faults/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

describe('both streams against the simulator', () => {
  let sim: Simulator;
  let pub: ConnectionActor;
  let priv: ConnectionActor;
  let pubCalls: SinkCall[];
  let privCalls: SinkCall[];
  let tokens = 0;
  const unauthorized: UnauthorizedEvent[] = [];
  const live = (a: ConnectionActor) => () => expect(phaseOf(a.getSnapshot())).toBe('live');
  const count = (calls: SinkCall[], kind: SinkCall['kind']) =>
    calls.filter((c) => c.kind === kind).length;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 7, admin: true });
    const cookie = await signIn(sim.url, 'follower', 'follower123');
    const fetchToken = tokenProvider(sim.url, cookie);
    const pubSink = recordingSink();
    const privSink = recordingSink();
    pubCalls = pubSink.calls;
    privCalls = privSink.calls;
    const common = { WebSocketImpl: NodeWebSocket, env: manualEnvironment(), timings: TIMINGS };
    pub = createConnection({
      stream: 'public',
      url: `${sim.wsUrl}/v5/public/linear`,
      sink: pubSink.sink,
      topics: ['tickers.BTCUSDT', 'tickers.ETHUSDT'],
      ...common,
    });
    priv = createConnection({
      stream: 'private',
      url: `${sim.wsUrl}/v5/private`,
      sink: privSink.sink,
      topics: PRIVATE,
      getToken: () => {
        tokens += 1;
        return fetchToken();
      },
      ...common,
    });
    priv.on('unauthorized', (e) => unauthorized.push(e));
  });

  afterAll(async () => {
    pub?.stop();
    priv?.stop();
    await sim?.stop();
  });

  it('goes live on both streams; tickers flow, private topics are announced for seeding', async () => {
    await waitFor(live(pub));
    await waitFor(live(priv));
    await waitFor(() => {
      const topics = new Set(pubCalls.filter((c) => c.kind === 'data').map((c) => c.topic));
      expect(topics).toEqual(new Set(['tickers.BTCUSDT', 'tickers.ETHUSDT']));
    });
    expect(privCalls.find((c) => c.kind === 'subscribed')).toMatchObject({
      stream: 'private',
      topics: [...PRIVATE].sort(),
    });
    await waitFor(() => expect(priv.getSnapshot().context.rttMs).not.toBeNull());
    expect(count(pubCalls, 'invalid')).toBe(0);
  });

  it('recovers from dropped connections with a fresh token and a full resubscribe', async () => {
    const before = { pub: count(pubCalls, 'subscribed'), priv: count(privCalls, 'subscribed') };
    const tokensBefore = tokens;
    await fault(sim, 'drop');
    // At least one new connection each (a heartbeat on a loaded machine may add one).
    await waitFor(() => expect(count(privCalls, 'subscribed')).toBeGreaterThan(before.priv));
    await waitFor(() => expect(count(pubCalls, 'subscribed')).toBeGreaterThan(before.pub));
    await waitFor(live(pub));
    await waitFor(live(priv));
    // The new private connection signed in with a token of its own.
    expect(tokens).toBeGreaterThan(tokensBefore);
    expect(count(privCalls, 'disconnected')).toBeGreaterThanOrEqual(1);
    expect(pub.getSnapshot().context.lastErrorDetail).toContain('1006');
  });

  it('declares a half-open socket dead by its heartbeat', async () => {
    const sockets = pub.getSnapshot().context.socketId;
    await fault(sim, 'half-open', { stream: 'public' });
    await waitFor(() => expect(pub.getSnapshot().context.lastError).toBe('heartbeat-timeout'));
    await fault(sim, 'clear');
    await waitFor(live(pub));
    expect(pub.getSnapshot().context.socketId).toBeGreaterThan(sockets);
  });

  it('reconnects after a simulated restart (close 1012)', async () => {
    const before = count(pubCalls, 'subscribed');
    await fault(sim, 'restart');
    await waitFor(() => expect(count(pubCalls, 'subscribed')).toBeGreaterThan(before));
    await waitFor(live(pub));
    await waitFor(live(priv));
  });

  it('a rejected one-time token signs the private stream out; the public one stays', async () => {
    await fault(sim, 'reject-token', { count: 1 });
    await fault(sim, 'drop', { stream: 'private' });
    await waitFor(() => expect(phaseOf(priv.getSnapshot())).toBe('unauthorized'));
    expect(unauthorized).toEqual([
      expect.objectContaining({ type: 'unauthorized', stream: 'private', code: 'auth-rejected' }),
    ]);
    expect(phaseOf(pub.getSnapshot())).toBe('live');
  });
});
