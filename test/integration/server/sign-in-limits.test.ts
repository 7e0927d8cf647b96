/**
 * Security review L1 and L2 over HTTP, with peers on other loopback addresses (127.0.0.x):
 * sign-ins of the same public demo user from another address never end the developer's session,
 * and every sign-in attempt of an address takes one of its 30 (one more every 2 s of the clock),
 * refused beyond with 10006 and Retry-After, other addresses untouched.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_BURST, SIGN_IN_REFILL_MS } from '@server/accounts/auth';
import type { Simulator } from '@server/simulator';
import { HttpClient, startTestSim } from './helpers';

let sim: Simulator;
beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(() => sim.stop());

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: { ret_code: number; ret_msg: string };
}

/** POST /login from `localAddress` (a loopback address of this machine). */
function loginFrom(localAddress: string, username: string, password: string): Promise<Answer> {
  const payload = JSON.stringify({ username, password });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: sim.port,
        localAddress,
        method: 'POST',
        path: '/login',
        headers: { 'content-type': 'application/json', 'content-length': payload.length },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          const retry = res.headers['retry-after'];
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: Array.isArray(retry) ? retry[0] : retry,
            body: JSON.parse(text) as Answer['body'],
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('sign-in limits by address', () => {
  it('sign-ins of the same user from another address leave the developer signed in (L1)', async () => {
    const developer = new HttpClient(sim.url);
    await developer.login('leader');
    for (let i = 0; i < 12; i++) {
      const r = await loginFrom('127.0.0.2', 'leader', 'leader123');
      expect(r.body.ret_code).toBe(0);
    }
    const profile = await developer.get('/v2/private/user/profile');
    expect(profile.body).toMatchObject({ ret_code: 0 });
  });

  it('refuses an address past its attempts, right or wrong, with the wait (L2)', async () => {
    const from = '127.0.0.3';
    for (let i = 0; i < SIGN_IN_BURST; i++) {
      const r = await (i % 3 === 2
        ? loginFrom(from, `nobody${i}`, 'wrong')
        : loginFrom(from, 'trader', 'trader123'));
      expect(r.body.ret_code).toBe(i % 3 === 2 ? 20001 : 0);
    }
    const refused = await loginFrom(from, 'trader', 'trader123');
    expect(refused).toEqual({
      status: 200,
      retryAfter: '2',
      body: expect.objectContaining({
        ret_code: 10006,
        ret_msg: 'Too many sign-in attempts, please try again in 2 s. (retry-after: 2)',
      }),
    });
    // Other addresses sign in as before ...
    expect((await loginFrom('127.0.0.4', 'trader', 'trader123')).body.ret_code).toBe(0);
    // ... and this one again once its bucket has a token (wall time: the manual clock here).
    sim.advance(SIGN_IN_REFILL_MS);
    expect((await loginFrom(from, 'trader', 'trader123')).body.ret_code).toBe(0);
    expect((await loginFrom(from, 'trader', 'trader123')).body.ret_code).toBe(10006);
  });
});
