/**
 * One source of truth for the unified-account flags (docs/assets.md, Unified account): the member
 * info's `isUnifiedAccount` / `upgradeToUnifiedAvailable` are the overview's `unified.upgraded` /
 * `unified.upgradeEligible`, for every demo account, before and after the newbie's upgrade, on the
 * simulator and on the replay server (which used to offer the newbie an upgrade in the member
 * info while its overview refused it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetOverview, MemberInfo } from '@src/api/types';
import { parseSession } from '@src/wire/session-file';
import { ACCOUNTS } from '@server/accounts/demo';
import { startReplayServer } from '@server/replay/server';
import type { Simulator } from '@server/simulator';
import { Client, manualTimers, SESSIONS } from '../replay/support';
import type { Env } from './assets-support';
import { HttpClient, startTestSim } from './helpers';

interface Flags {
  member: { isUnifiedAccount: boolean; upgradeToUnifiedAvailable: boolean };
  overview: { upgraded: boolean; upgradeEligible: boolean };
}

const flagsOf = (m: MemberInfo, o: AssetOverview): Flags => ({
  member: {
    isUnifiedAccount: m.isUnifiedAccount,
    upgradeToUnifiedAvailable: m.upgradeToUnifiedAvailable,
  },
  overview: { upgraded: o.unified.upgraded, upgradeEligible: o.unified.upgradeEligible },
});

/** The member info says what the overview says. */
function expectAgree(f: Flags) {
  expect(f.member).toEqual({
    isUnifiedAccount: f.overview.upgraded,
    upgradeToUnifiedAvailable: f.overview.upgradeEligible,
  });
}

describe('the simulator', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startTestSim();
  });
  afterAll(() => sim.stop());

  async function flags(http: HttpClient): Promise<Flags> {
    const m = (await http.get<Env<MemberInfo>>('/user/private/member/info')).body.result;
    const o = (await http.get<Env<AssetOverview>>('/v3/private/asset/overview')).body.result;
    return flagsOf(m, o);
  }

  it('answers the same flags in the member info and the overview for every demo account', async () => {
    const seen: Record<string, Flags['overview']> = {};
    for (const a of ACCOUNTS) {
      if (!a.login) continue; // simulated accounts that never sign in
      const http = new HttpClient(sim.url);
      await http.login(a.login.username, a.login.password);
      const f = await flags(http);
      expectAgree(f);
      seen[a.login.username] = f.overview;
    }
    // Only the newbie may upgrade (docs/assets.md); nobody starts upgraded.
    expect(seen).toEqual({
      follower: { upgraded: false, upgradeEligible: false },
      leader: { upgraded: false, upgradeEligible: false },
      trader: { upgraded: false, upgradeEligible: false },
      newbie: { upgraded: false, upgradeEligible: true },
    });
  });

  it('keeps them together through the upgrade', async () => {
    const http = new HttpClient(sim.url);
    await http.login('newbie');
    const r = await http.post<Env>('/v3/private/asset/unified/upgrade', {});
    expect(r.body.ret_code).toBe(0);
    const f = await flags(http);
    expectAgree(f);
    expect(f.overview).toEqual({ upgraded: true, upgradeEligible: false });
  });
});

describe('the replay server', () => {
  for (const [name, username, password] of [
    ['assets_session', 'newbie', 'newbie123'],
    ['leader_session', 'leader', 'leader123'],
  ] as const) {
    it(`answers the same flags in the member info and the overview (${name})`, async () => {
      const session = parseSession(readFileSync(join(SESSIONS, `${name}.jsonl`), 'utf8'));
      const server = await startReplayServer({ session, name, timers: manualTimers() });
      try {
        const client = new Client(server.url);
        const login = await client.call('POST', '/api/login', { username, password });
        expect(login.body.ret_code).toBe(0);
        const m = await client.call<Env<MemberInfo>>('GET', '/api/user/private/member/info');
        const o = await client.call<Env<AssetOverview>>('GET', '/api/v3/private/asset/overview');
        const f = flagsOf(m.body.result, o.body.result);
        expectAgree(f);
        // A replay cannot move money: no upgrade is offered.
        expect(f.overview).toEqual({ upgraded: false, upgradeEligible: false });
      } finally {
        await server.stop();
      }
    });
  }
});
