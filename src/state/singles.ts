/**
 * One-per-user entities (PROTOCOL.md section 5): risk, copy-trade account and leader income are
 * replaced whole when the update is not older; the leader wallet has its four balances (and
 * updatedAtE3) overwritten by every update.
 */
import { compareIntStr, e3ToMicros } from '../lib/intstr';
import type { CopyAccount, LeaderIncome, LeaderWallet, Risk } from '../wire/protocol';
import { isOlder, type MergeOptions } from './keyed';

interface Stamped {
  updatedAtE3: string;
}

function staleForAbsent(item: Stamped, opts: MergeOptions | undefined): boolean {
  return (
    opts?.absentBefore !== undefined &&
    compareIntStr(e3ToMicros(item.updatedAtE3), opts.absentBefore) < 0
  );
}

/** Whole-object replacement unless older: risk, copy-trade account, leader income. */
export function replaceUnlessOlder<T extends Stamped>(
  state: T | null,
  items: readonly T[],
  opts?: MergeOptions,
): T | null {
  let cur = state;
  for (const item of items) {
    if (cur === null ? staleForAbsent(item, opts) : isOlder(item.updatedAtE3, cur.updatedAtE3))
      continue;
    cur = item;
  }
  return cur;
}

export const mergeRisk = replaceUnlessOlder<Risk>;
export const mergeCopyAccount = replaceUnlessOlder<CopyAccount>;
export const mergeLeaderIncome = replaceUnlessOlder<LeaderIncome>;

const LEADER_BALANCES = [
  'availableBalanceE8',
  'walletBalanceE8',
  'totalInvestmentE8',
  'totalRemovedInvestmentE8',
] as const;

/** Each update overwrites exactly the four balances it carries, and updatedAtE3. */
export function mergeLeaderWallet(
  state: LeaderWallet | null,
  items: readonly LeaderWallet[],
  opts?: MergeOptions,
): LeaderWallet | null {
  let cur = state;
  for (const item of items) {
    if (cur === null && staleForAbsent(item, opts)) continue;
    const next: LeaderWallet = cur ? { ...cur } : { updatedAtE3: item.updatedAtE3 };
    for (const k of LEADER_BALANCES) {
      const v = item[k];
      if (v !== undefined) next[k] = v;
    }
    next.updatedAtE3 = item.updatedAtE3;
    cur = next;
  }
  return cur;
}
