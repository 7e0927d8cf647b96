/**
 * Helpers of the asset-area tests: a signed-in user's holdings per account and coin in E8 (the
 * overview for every account but DERIVATIVES, whose wallet balance comes from the wallet stream or
 * the truth), and calls of the asset endpoints.
 */
import { expect } from 'vitest';
import type { AccountType, AssetOverview, AssetsAggregateInfo, TransferBody } from '@src/api/types';
import type { RestEnvelope, Wallet } from '@src/wire/protocol';
import { E8, parseFixed } from '@server/lib/fixed';
import type { Simulator } from '@server/simulator';
import type { HttpClient } from './helpers';

export type Env<T = unknown> = RestEnvelope<T>;

export const e8 = (s: string): bigint => parseFixed(s, E8);
const cents = (s: string): bigint => parseFixed(s, 2);

export async function overview(http: HttpClient): Promise<AssetOverview> {
  const r = await http.get<Env<AssetOverview>>('/v3/private/asset/overview');
  expect(r.body.ret_code).toBe(0);
  return r.body.result;
}

export async function aggregate(http: HttpClient): Promise<AssetsAggregateInfo> {
  const r = await http.get<Env<AssetsAggregateInfo>>('/v3/private/asset/aggregate-info');
  expect(r.body.ret_code).toBe(0);
  return r.body.result;
}

export function transfer(http: HttpClient, body: TransferBody) {
  return http.post<Env<{ transferId: string; status: string } | null>>(
    '/v3/private/asset/transfer',
    body,
  );
}

/** Holdings in E8 by "ACCOUNT:COIN": the overview's SPOT, FUND and UNIFIED amounts. */
function bookAmounts(o: AssetOverview): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const a of o.accounts) {
    if (a.accountType !== 'SPOT' && a.accountType !== 'FUND' && a.accountType !== 'UNIFIED')
      continue;
    for (const c of a.coins) out.set(`${a.accountType}:${c.coin}`, e8(c.amount));
  }
  return out;
}

/** The derivatives wallet balances (E8) of the simulator's truth. */
export function walletBalances(sim: Simulator, userId: number): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const [coin, w] of Object.entries(sim.truth(userId).wallets)) {
    out.set(`DERIVATIVES:${coin}`, BigInt((w as Wallet).walletBalanceE8 ?? '0'));
  }
  return out;
}

/** Sum of a coin over the transferable accounts (E8). */
export function coinTotal(holdings: Map<string, bigint>, coin: string): bigint {
  let s = 0n;
  for (const [k, v] of holdings) if (k.endsWith(`:${coin}`)) s += v;
  return s;
}

export async function holdings(
  sim: Simulator,
  http: HttpClient,
  userId: number,
): Promise<Map<string, bigint>> {
  return new Map([...bookAmounts(await overview(http)), ...walletBalances(sim, userId)]);
}

/** An account's value in cents and the parts of every account add up exactly. */
export function expectAddsUp(o: AssetOverview): void {
  expect(o.accounts.map((a) => a.accountType)).toHaveLength(12);
  let total = 0n;
  for (const a of o.accounts) {
    const sum = a.coins.reduce((s, c) => s + cents(c.usdValue), 0n);
    expect(sum, `${a.accountType} coins add up`).toBe(cents(a.usdValue));
    total += cents(a.usdValue);
  }
  expect(total).toBe(cents(o.totalUsd));
}

export function accountOf(o: AssetOverview, t: AccountType) {
  const a = o.accounts.find((x) => x.accountType === t);
  if (!a) throw new Error(`no ${t} account`);
  return a;
}

/** An overview without its time stamp (to compare two answers). */
export function stable(o: AssetOverview): Omit<AssetOverview, 'updatedAtE3'> {
  const { updatedAtE3: _u, ...rest } = o;
  return rest;
}
