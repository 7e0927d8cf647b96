/**
 * Security review M2: one-time stream tokens are bounded per session and rate-limited per session,
 * so another sign-in of the same public demo user cannot push out the token a dashboard is about
 * to use (before: 50 tokens per user, the oldest forgotten, and no limit on asking).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestEnvelope } from '@src/wire/protocol';
import type { Simulator } from '@server/simulator';
import { HttpClient, startTestSim, WsClient } from './helpers';

let sim: Simulator;
beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(() => sim.stop());

describe('one-time tokens of the simulator', () => {
  it('another session of the same user asking 50 tokens leaves the victim s token good', async () => {
    const victim = new HttpClient(sim.url);
    await victim.login('follower');
    const token = await victim.ott();

    const attacker = new HttpClient(sim.url);
    await attacker.login('follower');
    const answers: RestEnvelope<{ token: string } | null>[] = [];
    let refused: { retryAfter: string | null } | undefined;
    for (let i = 0; i < 50; i++) {
      const r = await attacker.post<RestEnvelope<{ token: string } | null>>('/user/private/ott');
      answers.push(r.body);
      if (r.body.ret_code !== 0) refused ??= { retryAfter: r.headers.get('retry-after') };
    }
    expect(answers.filter((a) => a.ret_code === 0)).toHaveLength(10);
    expect(answers[10]).toMatchObject({
      ret_code: 10006,
      ret_msg: 'Too many stream tokens asked, please try again in 6 s. (retry-after: 6)',
      result: null,
    });
    expect(refused).toEqual({ retryAfter: '6' });

    const ws = await WsClient.open(`${sim.wsUrl}/v5/private`);
    expect(await ws.op('auth', [token])).toMatchObject({ success: true });
    await ws.close();

    // The victim's own session was never limited by the attacker's asking.
    expect(await victim.ott()).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // The attacker's bucket refills one token every 6 s.
    sim.advance(6_000);
    expect(await attacker.ott()).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const again = await attacker.post('/user/private/ott');
    expect(again.body.ret_code).toBe(10006);
  });
});
