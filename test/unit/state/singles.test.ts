import { describe, expect, it } from 'vitest';
import {
  mergeCopyAccount,
  mergeLeaderIncome,
  mergeLeaderWallet,
  mergeRisk,
  replaceUnlessOlder,
} from '@src/state/singles';
import { at, copyAccount, leaderIncome, leaderWallet, risk, T0 } from './fixtures';

const micros = (dt: number) => `${T0 + dt}000`;

describe.each([
  ['risk', mergeRisk, risk],
  ['copy-trade account', mergeCopyAccount, copyAccount],
  ['leader income', mergeLeaderIncome, leaderIncome],
] as const)('%s: replaced whole unless older', (_name, merge, make) => {
  type Item = ReturnType<typeof make>;
  const m = merge as (s: Item | null, items: Item[], o?: { absentBefore?: string }) => Item | null;

  it('the first update creates it', () => {
    const item = make(1);
    expect(m(null, [item])).toBe(item);
  });

  it('a newer or equally old update replaces it whole; an older one is ignored', () => {
    const first = make(5);
    const partial = { updatedAtE3: at(5) } as Item;
    expect(m(first, [partial])).toBe(partial); // whole replacement: missing fields are gone
    expect(m(first, [make(4)])).toBe(first);
    const newer = make(6);
    expect(m(first, [newer])).toBe(newer);
  });

  it('several items in one frame: the newest wins whatever the order', () => {
    const a = make(3);
    const b = make(9);
    const c = make(7);
    expect(m(null, [a, b, c])).toBe(b);
  });

  it('absentBefore: a stale queued delta does not create it', () => {
    expect(m(null, [make(4)], { absentBefore: micros(5) })).toBeNull();
    const ok = make(5);
    expect(m(null, [ok], { absentBefore: micros(5) })).toBe(ok);
  });
});

describe('leader income', () => {
  it('keeps the follower list and integer fields as received', () => {
    const inc = leaderIncome(1, {
      followerCount: 2,
      followers: [
        { followerUserId: 1, investmentE8: '9007199254740993', incomeE8: '-1', yieldRateE4: '0' },
        { followerUserId: 2, investmentE8: '1', incomeE8: '2', yieldRateE4: '3' },
      ],
    });
    expect(mergeLeaderIncome(null, [inc])).toEqual(inc);
  });
});

describe('leader wallet: exactly the four balances', () => {
  it('the first update creates it with the balances it carries', () => {
    expect(mergeLeaderWallet(null, [leaderWallet(1)])).toEqual(leaderWallet(1));
    expect(mergeLeaderWallet(null, [{ walletBalanceE8: '7', updatedAtE3: at(1) }])).toEqual({
      walletBalanceE8: '7',
      updatedAtE3: at(1),
    });
  });

  it('overwrites the four balances and updatedAtE3, nothing else', () => {
    const cur = leaderWallet(1);
    const next = mergeLeaderWallet(cur, [
      {
        availableBalanceE8: '1',
        walletBalanceE8: '2',
        totalInvestmentE8: '3',
        totalRemovedInvestmentE8: '4',
        updatedAtE3: at(2),
        // An unexpected field (the validator never lets one through) is not copied.
        ...({ extra: 'x' } as object),
      },
    ]);
    expect(next).toEqual({
      availableBalanceE8: '1',
      walletBalanceE8: '2',
      totalInvestmentE8: '3',
      totalRemovedInvestmentE8: '4',
      updatedAtE3: at(2),
    });
    expect(cur).toEqual(leaderWallet(1)); // not mutated
  });

  it('a balance the update does not carry keeps its value', () => {
    const next = mergeLeaderWallet(leaderWallet(1), [{ walletBalanceE8: '9', updatedAtE3: at(2) }]);
    expect(next).toEqual({ ...leaderWallet(1), walletBalanceE8: '9', updatedAtE3: at(2) });
  });

  it('absentBefore: a stale queued delta does not create it', () => {
    expect(mergeLeaderWallet(null, [leaderWallet(4)], { absentBefore: micros(5) })).toBeNull();
  });

  it('returns the same state for no items', () => {
    const cur = leaderWallet(1);
    expect(mergeLeaderWallet(cur, [])).toBe(cur);
    expect(replaceUnlessOlder(cur, [])).toBe(cur);
  });
});
