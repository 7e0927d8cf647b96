/**
 * Issue 14, items 6 and 10 over HTTP and websockets. Signing out ends the session for real: its
 * open private streams close at once with 4401 and its one-time tokens not yet used are refused
 * (another session of the same user goes on). A throttled sign-in says how long to wait, in the
 * message and in a Retry-After header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestEnvelope } from '@src/wire/protocol';
import type { Simulator } from '@server/simulator';
import { HttpClient, privateSession, startTestSim, WsClient } from './helpers';

describe('sign-out and sign-in limits', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startTestSim();
  });
  afterAll(() => sim.stop());

  it('closes the session s private streams with 4401 and revokes its unused tokens', async () => {
    const mine = await privateSession(sim, 'follower', ['wallet']);
    const other = await privateSession(sim, 'follower', ['wallet']); // another device
    const unused = await mine.http.ott();
    expect((await mine.http.post<RestEnvelope<unknown>>('/logout')).body.ret_code).toBe(0);
    // Closed by the server, not merely quiet: a ping is never answered first.
    const outcome = await Promise.race([
      mine.ws.closed,
      mine.ws.op('ping').then(() => 'still answering'),
    ]);
    expect(outcome).toEqual({ code: 4401, reason: 'session ended' });
    const late = await WsClient.open(`${sim.wsUrl}/v5/private`);
    expect(await late.op('auth', [unused])).toMatchObject({
      success: false,
      ret_msg: 'error:invalid token',
    });
    expect((await late.closed).code).toBe(4401);
    // The same user's other session, and its stream, go on.
    expect((await other.ws.op('ping')).op).toBe('pong');
    expect(
      (await other.http.get<RestEnvelope<unknown>>('/v3/private/asset/wallets')).body.ret_code,
    ).toBe(0);
    await other.ws.close();
  });

  it('a throttled sign-in says how long to wait (message and Retry-After)', async () => {
    const c = new HttpClient(sim.url);
    for (let i = 0; i < 5; i++) await c.post('/login', { username: 'leader', password: `no${i}` });
    sim.advance(15_000);
    const r = await c.post<RestEnvelope<null>>('/login', {
      username: 'leader',
      password: 'leader123',
    });
    expect(r.body.ret_code).toBe(10006);
    expect(r.headers.get('retry-after')).toBe('45');
    expect(r.body.ret_msg).toMatch(/try again in 45 s/);
    sim.advance(45_000);
    expect(
      (await c.post<RestEnvelope<null>>('/login', { username: 'leader', password: 'leader123' }))
        .body.ret_code,
    ).toBe(0);
  });
});
