/**
 * `replay --serve`'s websocket slots are counted by address, never per user (security review M1):
 * every demo sign-in is the session's one user, so a client that signs in and opens 50 sockets
 * used to close the operator's dashboard out of both streams (1013).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '@server/replay/server';
import { Client, loadSession, manualTimers, Socket } from './support';

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function signedIn(s: ReplayServer, username: string) {
  const client = new Client(s.url);
  const r = await client.call('POST', '/api/login', { username, password: `${username}123` });
  expect(r.body.ret_code).toBe(0);
  const token = async () =>
    (await client.call<{ result: { token: string } }>('POST', '/api/user/private/ott', {})).body
      .result.token;
  return { cookie: client.cookie, token };
}

/** The answer to an op, or how the socket closed before one came (1013 before the fix). */
const answer = (socket: Socket, op: string, args: unknown[]) =>
  socket.op(op, args).catch(async () => ({ closed: await socket.closed }));

describe('replay --serve connection slots', () => {
  it('another client signed in with 50 sockets does not close the dashboard out', async () => {
    server = await startReplayServer({
      session: loadSession('follower_session'),
      timers: manualTimers(),
    });
    const s = server;
    const attacker = await signedIn(s, 'newbie');
    // Its own sign-in's private streams and public ones with its cookie: 50 in all, what the
    // session's one user was allowed.
    const crowd: Socket[] = [];
    for (let i = 0; i < 5; i++) {
      const priv = await Socket.open(`${s.wsUrl}/v5/private`, { localAddress: '127.0.0.2' });
      expect(await priv.op('auth', [await attacker.token()])).toMatchObject({ success: true });
      crowd.push(priv);
    }
    for (let i = 0; i < 45; i++) {
      crowd.push(
        await Socket.open(`${s.wsUrl}/v5/public/linear`, {
          cookie: attacker.cookie,
          localAddress: '127.0.0.2',
        }),
      );
    }
    // The crowd's sockets are open (a ping answered on the last one).
    expect(await crowd[49]?.op('ping')).toMatchObject({ success: true, ret_msg: 'pong' });

    const dashboard = await signedIn(s, 'follower');
    const pub = await Socket.open(`${s.wsUrl}/v5/public/linear`, { cookie: dashboard.cookie });
    expect(await answer(pub, 'subscribe', ['tickers.BTCUSDT'])).toMatchObject({ success: true });
    const priv = await Socket.open(`${s.wsUrl}/v5/private`, { cookie: dashboard.cookie });
    expect(await answer(priv, 'auth', [await dashboard.token()])).toMatchObject({ success: true });
    expect(await priv.op('subscribe', ['wallet'])).toMatchObject({ success: true });
    await Promise.all([...crowd, pub, priv].map((c) => c.close()));
  });
});
