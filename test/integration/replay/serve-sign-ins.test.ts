/**
 * `replay --serve` ends a sign-in after an hour without use (security review M5), and a dashboard
 * that is only watching is using it: the frames of a private stream signed in with its tokens keep
 * it, as requests with its cookie do.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '@server/replay/server';
import { SESSION_IDLE_MS } from '@server/replay/world';
import { Client, loadSession, manualTimers, Socket } from './support';

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const PROFILE = '/api/v2/private/user/profile';

async function signIn(s: ReplayServer) {
  const client = new Client(s.url);
  await client.call('POST', '/api/login', { username: 'follower', password: 'follower123' });
  expect((await client.call('GET', PROFILE)).body.ret_code).toBe(0);
  return client;
}

describe('replay --serve sign-ins in use', () => {
  it('a private stream’s frames keep its sign-in; one without use ends after an hour', async () => {
    const timers = manualTimers();
    // Connections are not closed for idleness here: the manual clock jumps in large steps.
    server = await startReplayServer({
      session: loadSession('follower_session'),
      timers,
      streams: { idleTimeoutMs: 4 * SESSION_IDLE_MS },
    });
    const s = server;
    const watching = await signIn(s);
    const away = await signIn(s);
    const { body } = await watching.call<{ result: { token: string } }>(
      'POST',
      '/api/user/private/ott',
      {},
    );
    const priv = await Socket.open(`${s.wsUrl}/v5/private`);
    expect(await priv.op('auth', [body.result.token])).toMatchObject({ success: true });
    for (let i = 0; i < 3; i++) {
      timers.advance((SESSION_IDLE_MS * 2) / 3);
      expect(await priv.op('ping', undefined, `p${i}`)).toMatchObject({ op: 'pong' });
    }
    // Two hours on: the watching dashboard is still signed in, the other one is not.
    expect((await watching.call('GET', PROFILE)).body.ret_code).toBe(0);
    expect((await away.call('GET', PROFILE)).body.ret_code).toBe(10007);
    expect(await priv.op('ping', undefined, 'last')).toMatchObject({ op: 'pong' });
    await priv.close();
  });
});
