/**
 * The replay server answers the asset area's calls: the overview of all twelve account kinds (the
 * derivatives wallets it played, the other accounts empty) adding up to its total, aggregate info
 * with SPEC's 15 fields, empty record lists, the simulator's coin info and deposit addresses; and
 * every call that would move money is refused with a business error, since a replay cannot.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES, type AssetOverview, type AssetsAggregateInfo } from '@src/api/types';
import { depositAddressOf, pledgeTerms } from '@server/assets/catalogue';
import { REPLAY_CANNOT_MOVE } from '@server/replay/rest';
import { startReplayServer, type ReplayServer } from '@server/replay/server';
import { parseFixed } from '@server/lib/fixed';
import { parseSession } from '@src/wire/session-file';
import { Client, manualTimers, SESSIONS } from './support';

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const cents = (s: string) => parseFixed(s, 2);

async function serve(name: string): Promise<Client> {
  const session = parseSession(readFileSync(join(SESSIONS, `${name}.jsonl`), 'utf8'));
  server = await startReplayServer({ session, name, timers: manualTimers() });
  const client = new Client(server.url);
  const r = await client.call('POST', '/api/login', { username: 'newbie', password: 'newbie123' });
  expect(r.body.ret_code).toBe(0);
  return client;
}

describe('replay server: the asset area', () => {
  it('answers the reads with shapes the client takes, derived from what it played', async () => {
    const client = await serve('assets_session');
    const o = (
      await client.call<{ ret_code: number; result: AssetOverview }>(
        'GET',
        '/api/v3/private/asset/overview',
      )
    ).body;
    expect(o.ret_code).toBe(0);
    expect(o.result.accounts.map((a) => a.accountType)).toEqual([...ACCOUNT_TYPES]);
    expect(o.result.accounts.reduce((s, a) => s + cents(a.usdValue), 0n)).toBe(
      cents(o.result.totalUsd),
    );
    for (const a of o.result.accounts) {
      expect(a.coins.reduce((s, c) => s + cents(c.usdValue), 0n)).toBe(cents(a.usdValue));
    }
    expect(o.result.depositTo).toBe('FUND');
    // The deposit account is a setting, not money: saved as the simulator saves it (a replay's
    // account is classic: Funding or Spot), and the overview follows it.
    const save = (value: string) =>
      client.call<{ ret_code: number; ret_msg: string }>(
        'POST',
        '/api/v3/private/user/member/pref-setting',
        { key: 'deposit_to', value },
      );
    expect((await save('UNIFIED')).body).toMatchObject({
      ret_code: 10001,
      ret_msg: 'value: deposit_to: one of FUND, SPOT',
    });
    expect((await save('spot')).body.ret_code).toBe(0);
    expect(
      (await client.call<{ result: AssetOverview }>('GET', '/api/v3/private/asset/overview')).body
        .result.depositTo,
    ).toBe('SPOT');
    // The pledge terms are the simulator's, so the borrow form reads them there too; no loans.
    expect(o.result.pledge).toEqual({ loans: [], ...pledgeTerms() });

    const agg = (
      await client.call<{ result: AssetsAggregateInfo }>(
        'GET',
        '/api/v3/private/asset/aggregate-info',
      )
    ).body.result;
    expect(agg).toMatchObject({
      depositPendingCount: 0,
      withdrawPendingCount: 0,
      hasPendingAssets: false,
    });
    expect(agg.totalUsd).toBe(o.result.totalUsd);
    expect(Object.keys(agg)).toHaveLength(19);

    for (const path of ['transfer/list', 'deposit/list?coin=USDT', 'withdraw/list?limit=5']) {
      const r = await client.call('GET', `/api/v3/private/asset/${path}`);
      expect(r.body).toMatchObject({ ret_code: 0, result: { list: [], nextCursor: '' } });
    }
    const addr = await client.call(
      'GET',
      '/api/v3/private/asset/deposit/address?coin=USDT&chain=TRX',
    );
    expect(addr.body.result).toEqual({
      coin: 'USDT',
      chain: 'TRX',
      tag: '',
      address: depositAddressOf(4001, 'USDT', 'TRX').address,
    });
    const info = await client.call<{
      result: { list: { coin: string }[]; withdrawLimitUsd: string };
    }>('GET', '/api/v3/private/asset/coin-info');
    expect(info.body.result.list.map((c) => c.coin)).toContain('BTC');
    expect(info.body.result.withdrawLimitUsd).toBe('0.00'); // newbie: unverified, may not withdraw
  });

  it('refuses every call that would move money or change an account', async () => {
    const client = await serve('assets_session');
    const calls: [string, unknown][] = [
      [
        'transfer',
        {
          coin: 'USDT',
          amount: '1',
          fromAccountType: 'FUND',
          toAccountType: 'SPOT',
          requestId: 'r1',
        },
      ],
      [
        'withdraw',
        {
          coin: 'USDT',
          chain: 'TRX',
          address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
          amount: '20',
          requestId: 'r2',
          google2faCode: '123456',
          emailCode: '246810',
        },
      ],
      ['unified/collateral-switch', { coin: 'BTC', collateralSwitch: true }],
      ['unified/upgrade', {}],
      ['savings/subscribe', { productId: 'sav-usdt-flex', amount: '10', requestId: 'r3' }],
      ['savings/redeem', { productId: 'sav-usdt-flex', amount: '10', requestId: 'r4' }],
      ['savings/auto-saving', { coin: 'USDT', isSelected: true }],
      ['pledge/repay', { loanId: 'loan-1', amount: '1', requestId: 'r5' }],
      [
        'pledge/borrow',
        {
          loanCoin: 'USDT',
          loanAmount: '100',
          collateralCoin: 'BTC',
          collateralAmount: '0.01',
          requestId: 'r6',
        },
      ],
    ];
    for (const [path, body] of calls) {
      const r = await client.call<{ ret_code: number; ret_msg: string }>(
        'POST',
        `/api/v3/private/asset/${path}`,
        body,
      );
      expect(r.body, path).toMatchObject({ ret_code: 33003, ret_msg: REPLAY_CANNOT_MOVE });
    }
    // Schemas as the simulator's: a malformed body is a parameter error first.
    const bad = await client.call('POST', '/api/v3/private/asset/transfer', { coin: 'USDT' });
    expect(bad.body.ret_code).toBe(10001);
    const badBorrow = await client.call('POST', '/api/v3/private/asset/pledge/borrow', {
      loanCoin: 'USDT',
      loanAmount: '100',
    });
    expect(badBorrow.body.ret_code).toBe(10001);
  });
});
