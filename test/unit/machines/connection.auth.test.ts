/** Private stream auth: a fresh one-time token per connection, first frame, never queued; unauthorized. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConnection } from '@machines/connection.machine';
import { advance, MockWebSocketImpl, recordingSink, rig, type Rig } from './harness';

const authTokens = (r: Rig) =>
  r.exchange.ops
    .flat()
    .filter((o) => o.op === 'auth')
    .map((o) => o.args?.[0]);

describe('private stream auth', () => {
  let r: Rig;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    r.stop();
    vi.useRealTimers();
  });

  it('sends a fresh one-time token as the first frame of every connection', async () => {
    r = rig('private', { random: () => 0 });
    await advance(50);
    expect(r.phase()).toBe('live');
    r.exchange.last.close({ code: 1000, reason: 'restart', wasClean: true });
    await advance(50);
    expect(r.phase()).toBe('live');
    expect(r.getToken).toHaveBeenCalledTimes(2);
    expect(r.exchange.ops.map((ops) => ops[0])).toEqual([
      { req_id: expect.any(String), op: 'auth', args: ['ott-1'] },
      { req_id: expect.any(String), op: 'auth', args: ['ott-2'] },
    ]);
    // subscribe only after the auth answer; the first ping as soon as the connection is live
    expect(r.exchange.ops.map((ops) => ops.map((o) => o.op))).toEqual([
      ['auth', 'subscribe', 'ping'],
      ['auth', 'subscribe', 'ping'],
    ]);
    expect(r.ctx().connId).toBe('conn-2');
  });

  it('never queues a token: one that arrives after its socket closed is dropped', async () => {
    const pending: ((token: string) => void)[] = [];
    const getToken = vi.fn(() => new Promise<string>((resolve) => pending.push(resolve)));
    r = rig('private', { getToken, random: () => 0 });
    await advance(10);
    expect(r.phase()).toBe('authenticating');
    expect(getToken).toHaveBeenCalledTimes(1);

    r.exchange.last.close({ code: 1000, reason: 'restart', wasClean: true });
    await advance(10);
    // the second connection is open and fetching its own token
    expect(r.exchange.sockets).toHaveLength(2);
    expect(getToken).toHaveBeenCalledTimes(2);
    pending[0]?.('late-token-of-socket-1');
    await advance(10);
    pending[1]?.('token-of-socket-2');
    await advance(10);
    expect(r.phase()).toBe('live');
    expect(authTokens(r)).toEqual(['token-of-socket-2']);
    expect(r.exchange.ops[0]).toEqual([]);
    expect(r.exchange.ops[1]?.[0]?.args).toEqual(['token-of-socket-2']);
  });

  it('success:false on auth: unauthorized, the app is told, no retry', async () => {
    r = rig('private', { random: () => 0 });
    r.exchange.auth = 'reject';
    await advance(50);
    expect(r.phase()).toBe('unauthorized');
    expect(r.unauthorized).toEqual([
      { type: 'unauthorized', stream: 'private', code: 'auth-rejected', detail: 'invalid token' },
    ]);
    await advance(10 * 60_000);
    expect(r.exchange.sockets).toHaveLength(1);
    expect(r.getToken).toHaveBeenCalledTimes(1);
    expect(r.of('subscribed')).toHaveLength(0);
  });

  it('close code 4401 without an answer: unauthorized', async () => {
    r = rig('private');
    r.exchange.auth = 'close-4401';
    await advance(50);
    expect(r.phase()).toBe('unauthorized');
    expect(r.unauthorized[0]).toMatchObject({
      code: 'auth-rejected',
      detail: 'close 4401 unauthorized',
    });
    await advance(60_000);
    expect(r.exchange.sockets).toHaveLength(1);
  });

  it('close code 4401 while live (session revoked): unauthorized', async () => {
    r = rig('private');
    await advance(50);
    r.exchange.last.close({ code: 4401, reason: 'session revoked', wasClean: true });
    await advance(10);
    expect(r.phase()).toBe('unauthorized');
    expect(r.of('disconnected')).toHaveLength(1);
    expect(r.unauthorized).toHaveLength(1);
  });

  it('a token refused for lack of permission (10007/33003/10009): unauthorized, nothing sent', async () => {
    for (const code of [10007, 33003, 10009]) {
      const getToken = vi.fn(() =>
        Promise.reject(Object.assign(new Error('Your session has expired'), { code })),
      );
      r = rig('private', { getToken });
      await advance(50);
      expect(r.phase()).toBe('unauthorized');
      expect(r.unauthorized).toEqual([
        {
          type: 'unauthorized',
          stream: 'private',
          code: 'token-rejected',
          detail: 'Your session has expired',
        },
      ]);
      expect(r.exchange.ops[0]).toEqual([]);
      await advance(60_000);
      expect(getToken).toHaveBeenCalledTimes(1);
      r.stop();
    }
  });

  it('any other token failure: back off and try again with a new connection', async () => {
    let calls = 0;
    const getToken = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw Object.assign(new Error('Request timeout'), { code: 9000001 });
      if (calls === 2) throw new TypeError('Failed to fetch');
      return 'good-token';
    });
    r = rig('private', { getToken, random: () => 0.5 });
    await advance(10);
    expect(r.phase()).toBe('reconnecting');
    expect(r.ctx().lastError).toBe('token-failed');
    expect(r.ctx().lastErrorDetail).toBe('Request timeout');
    await advance(500 + 10);
    expect(r.ctx().lastErrorDetail).toBe('Failed to fetch');
    await advance(1_000 + 50);
    expect(r.phase()).toBe('live');
    expect(authTokens(r)).toEqual(['good-token']);
    expect(r.exchange.sockets).toHaveLength(3);
    expect(r.unauthorized).toEqual([]);
  });

  it('no auth answer within 10 s: reconnect with a new token', async () => {
    r = rig('private', { random: () => 0 });
    r.exchange.auth = 'silent';
    await advance(9_990);
    expect(r.phase()).toBe('authenticating');
    r.exchange.auth = 'accept';
    await advance(20);
    expect(r.ctx().lastError).toBe('auth-timeout');
    await advance(50);
    expect(r.phase()).toBe('live');
    expect(authTokens(r)).toEqual(['ott-1', 'ott-2']);
  });

  it('connects again on CONNECT after the app signed in again', async () => {
    r = rig('private');
    r.exchange.auth = 'reject';
    await advance(50);
    expect(r.phase()).toBe('unauthorized');
    r.exchange.auth = 'accept';
    r.actor.send({ type: 'CONNECT' });
    await advance(50);
    expect(r.phase()).toBe('live');
    expect(r.ctx().attempt).toBe(0);
  });

  it('refuses to start a private stream without a token provider, or without WebSocket', () => {
    const { sink } = recordingSink();
    expect(() =>
      createConnection({
        stream: 'private',
        url: 'ws://x.test',
        sink,
        topics: [],
        WebSocketImpl: MockWebSocketImpl,
      }),
    ).toThrow(/getToken/);
    // No WebSocket at all: another file's mock-socket server may have installed a global one.
    vi.stubGlobal('WebSocket', undefined);
    expect(() =>
      createConnection({ stream: 'public', url: 'ws://x.test', sink, topics: [] }),
    ).toThrow(/WebSocket/);
    vi.unstubAllGlobals();
    r = rig('public');
  });
});
