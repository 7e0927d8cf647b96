/**
 * Property tests of the merge rules: any interleaving and duplication of the same versioned
 * updates, cut into frames anyhow, reaches the state of applying them once in version order.
 * Updates carry every field (a partial update's meaning depends on what it lands on).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyOrders, mergeOrders } from '@src/state/orders';
import { emptyPositions, mergePositions, positionKey } from '@src/state/positions';
import { mergeCopyAccount, mergeLeaderIncome, mergeRisk } from '@src/state/singles';
import { initialWallets, mergeWallets } from '@src/state/wallets';
import type { KeyedState } from '@src/state/keyed';
import { at, copyAccount, leaderIncome, order, position, risk, wallet } from './fixtures';

const RUNS = { numRuns: 150 };
const KEYS = ['o1', 'o2', 'o3', '__proto__', 'constructor'] as const;
const STATUSES = [
  'OpenOrderPartiallyFilled',
  'OpenOrderFilled',
  'OpenOrderClosing',
  'OpenOrderCancelled',
  'OpenOrderClosed',
];

/** Distinct versions (1..60) per key, with a payload seed for each. */
const versioned = fc.uniqueArray(
  fc.record({ key: fc.constantFrom(...KEYS), v: fc.integer({ min: 1, max: 60 }), n: fc.nat(9) }),
  { selector: (u) => `${u.key}:${u.v}`, minLength: 1, maxLength: 25 },
);

/** The updates in a random order, some duplicated, cut into random frames. */
function delivery<T>(updates: readonly T[]) {
  return fc
    .tuple(
      fc.array(fc.nat(updates.length - 1), { maxLength: updates.length }),
      fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 40 }),
    )
    .chain(([dupes, cuts]) => {
      const all = [...updates, ...dupes.map((i) => updates[i] as T)];
      return fc
        .shuffledSubarray(all, { minLength: all.length, maxLength: all.length })
        .map((shuffled) => {
          const frames: T[][] = [];
          let i = 0;
          for (let c = 0; i < shuffled.length; c++) {
            const size = cuts[c % cuts.length] as number;
            frames.push(shuffled.slice(i, i + size));
            i += size;
          }
          return frames;
        });
    });
}

const byVersion = <T extends { v: number }>(us: readonly T[]) => [...us].sort((a, b) => a.v - b.v);

const rowsOf = <T>(s: KeyedState<T>) =>
  [...s.rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** Runs one property: applying `frames` equals applying `ordered` one by one. */
function check<U extends { v: number }, S>(
  make: (u: U) => unknown,
  empty: () => S,
  merge: (s: S, items: never[]) => S,
  view: (s: S) => unknown,
  gen: fc.Arbitrary<U[]>,
) {
  fc.assert(
    fc.property(
      gen.chain((us) => fc.tuple(fc.constant(us), delivery(us))),
      ([updates, frames]) => {
        let expected = empty();
        for (const u of byVersion(updates)) expected = merge(expected, [make(u)] as never[]);
        let actual = empty();
        for (const f of frames) actual = merge(actual, f.map(make) as never[]);
        expect(view(actual)).toEqual(view(expected));
      },
    ),
    RUNS,
  );
}

describe('interleaving and duplication converge to the version order', () => {
  it('orders (as a keyed set)', () => {
    type U = { key: string; v: number; n: number };
    check<U, ReturnType<typeof emptyOrders>>(
      (u) =>
        order(u.key, u.v, {
          qty: String(u.n),
          copyTradeOrderStatus: STATUSES[u.n % STATUSES.length] as string,
        }),
      emptyOrders,
      mergeOrders,
      rowsOf,
      versioned,
    );
  });

  it('positions (as a keyed set), some closed by entryPrice 0', () => {
    type U = { key: string; v: number; n: number };
    check<U, ReturnType<typeof emptyPositions>>(
      (u) =>
        position(u.key, u.n % 2, 2001, u.v, {
          size: String(u.v),
          entryPrice: u.n % 3 === 0 ? '0.00000000' : `6400${u.n}`,
        }),
      emptyPositions,
      mergePositions,
      rowsOf,
      versioned.map((us) => us.map((u) => ({ ...u, key: `${u.key}USDT` }))),
    );
  });

  it('wallets (walletVersion decides)', () => {
    type U = { key: string; v: number; n: number };
    const coins = fc.constantFrom('BTC', 'USDT', 'SOL', '__proto__');
    const gen = fc.uniqueArray(
      fc.record({ key: coins, v: fc.integer({ min: 1, max: 60 }), n: fc.nat(9) }),
      { selector: (u) => `${u.key}:${u.v}`, minLength: 1, maxLength: 25 },
    );
    check<U, ReturnType<typeof initialWallets>>(
      (u) =>
        wallet(u.key, u.v, {
          equityE8: `${u.n}9007199254740993`,
          // The time is not what orders wallets: make it disagree with the version.
          updatedAtE3: at(100 - u.v),
        }),
      initialWallets,
      mergeWallets,
      rowsOf,
      gen,
    );
  });

  it.each([
    ['risk', mergeRisk, (v: number, n: number) => risk(v, { riskLevel: `r${n}` })],
    [
      'copy-trade account',
      mergeCopyAccount,
      (v: number, n: number) => copyAccount(v, { incomeE8: String(n) }),
    ],
    [
      'leader income',
      mergeLeaderIncome,
      (v: number, n: number) => leaderIncome(v, { followerCount: n }),
    ],
  ] as const)('%s (replaced unless older)', (_name, merge, make) => {
    type U = { v: number; n: number };
    const gen = fc.uniqueArray(fc.record({ v: fc.integer({ min: 1, max: 60 }), n: fc.nat(9) }), {
      selector: (u) => u.v,
      minLength: 1,
      maxLength: 20,
    });
    check<U, unknown>(
      (u) => make(u.v, u.n),
      () => null,
      merge as (s: unknown, items: never[]) => unknown,
      (s) => s,
      gen,
    );
  });
});

describe('cutting a stream into frames differently changes nothing', () => {
  it('positions: state and display order are the same, frame by frame or all at once', () => {
    const gen = fc.array(
      fc.record({
        sym: fc.constantFrom('A', 'B', 'C', 'D'),
        dt: fc.integer({ min: 0, max: 30 }),
        open: fc.boolean(),
      }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(gen, fc.integer({ min: 1, max: 7 }), (us, size) => {
        const items = us.map((u) =>
          position(u.sym, 0, 1, u.dt, { entryPrice: u.open ? '1' : '0' }),
        );
        const once = mergePositions(emptyPositions(), items);
        let cut = emptyPositions();
        for (let i = 0; i < items.length; i += size)
          cut = mergePositions(cut, items.slice(i, i + size));
        expect(cut.order).toEqual(once.order);
        expect(rowsOf(cut)).toEqual(rowsOf(once));
        expect([...cut.gone].sort()).toEqual([...once.gone].sort());
        expect(once.order.every((k) => once.rows.has(k))).toBe(true);
        expect(new Set(once.order).size).toBe(once.rows.size);
        expect(positionKey(items[0] ?? position('A', 0, 1, 0))).toContain('\u0000');
      }),
      RUNS,
    );
  });
});
