/** The copy-trade engine on its own: lifecycles, money that adds up, and what it publishes. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, Position, PrivateTopic, Wallet } from '@src/wire/protocol';
import { every, ManualClock } from '@server/clock';
import { Engine } from '@server/engine/engine';
import { E8, parseFixed } from '@server/lib/fixed';
import { Rng } from '@server/lib/rng';
import { Market } from '@server/market/market';

interface Emitted {
  userId: number;
  topic: PrivateTopic;
  items: unknown[];
}

const ALLOWED: Record<string, string[]> = {
  PendingNew: ['New', 'Cancelled', 'OpenOrderFilled'],
  New: ['OpenOrderPartiallyFilled', 'OpenOrderFilled', 'Cancelled'],
  OpenOrderPartiallyFilled: ['OpenOrderFilled', 'OpenOrderClosing'],
  OpenOrderFilled: ['OpenOrderClosing'],
  OpenOrderClosing: ['OpenOrderClosedFilled'],
};

describe('Engine', () => {
  const clock = new ManualClock(1_732_150_000_000);
  const market = new Market(new Rng(21, 1), clock.now(), 100);
  const emitted: Emitted[] = [];
  const engine = new Engine(
    clock,
    market,
    (userId, topic, items) => emitted.push({ userId, topic, items }),
    {
      seed: 21,
      markMs: 1000,
      timing: { leaderActionMs: [500, 1500] },
    },
  );

  beforeAll(() => {
    every(clock, 100, (t) => market.step(t, (e) => engine.onFunding(e)));
    engine.start();
    clock.advance(10 * 60_000); // ten minutes, before the first funding time
  });

  const of = (userId: number, topic: PrivateTopic) =>
    emitted.filter((e) => e.userId === userId && e.topic === topic).flatMap((e) => e.items);

  it('moves every order along the copy-trade lifecycle', () => {
    const seq = new Map<string, string[]>();
    for (const e of emitted) {
      if (e.topic !== 'copytrade.order') continue;
      for (const o of e.items as Order[]) {
        const list = seq.get(o.orderId) ?? [];
        list.push(o.copyTradeOrderStatus as string);
        seq.set(o.orderId, list);
      }
    }
    expect(seq.size).toBeGreaterThan(100);
    let cancelled = 0;
    for (const statuses of seq.values()) {
      for (let i = 1; i < statuses.length; i++) {
        expect(ALLOWED[statuses[i - 1] as string]).toContain(statuses[i]);
      }
      if (statuses.includes('Cancelled')) cancelled++;
    }
    expect(cancelled).toBeGreaterThan(0);
  });

  it('bumps walletVersion on every wallet change, with strictly rising versions', () => {
    for (const userId of [1001, 2001, 3001]) {
      const versions = of(userId, 'wallet').map((w) => (w as Wallet).walletVersion as number);
      expect(versions.length).toBeGreaterThan(10);
      versions.forEach((v, i) => i > 0 && expect(v).toBeGreaterThan(versions[i - 1] as number));
    }
    expect(of(4001, 'wallet')).toEqual([]);
  });

  it('closes positions with entry price 0 and never sends a position older than the last', () => {
    const last = new Map<string, number>();
    let closes = 0;
    for (const p of of(1001, 'copytrade.position') as Position[]) {
      const key = `${p.symbol}/${p.positionIdx}/${p.userId}`;
      expect(Number(p.updatedAtE3)).toBeGreaterThanOrEqual(last.get(key) ?? 0);
      last.set(key, Number(p.updatedAtE3));
      if (p.entryPrice === '0') closes++;
    }
    expect(closes).toBeGreaterThan(5);
  });

  it('keeps the books balanced: cash = start + realised - share paid + share received', () => {
    let paid = 0n;
    let received = 0n;
    for (const id of [1001, 1002, 1003, 1004, 1005, 2001, 2002, 2003, 3001]) {
      const l = engine.ledger(id);
      const start = parseFixed(l.spec.balances.USDT ?? '0', E8);
      const share = l.leader?.shareReceivedE8 ?? 0n;
      expect(l.cashE8).toBe(start + l.cumRealisedE8 - l.sharePaidE8 + share);
      paid += l.sharePaidE8;
      received += share;
      const usdt = l.wallets.get('USDT') as Wallet;
      expect(BigInt(usdt.equityE8 as string)).toBe(
        BigInt(usdt.walletBalanceE8 as string) + BigInt(usdt.totalUnrealisedPnlE8 as string),
      );
    }
    expect(paid).toBe(received);
    expect(paid > 0n).toBe(true);
  });

  it("states a follower's copy account as principal + income, and per-leader income from closes", () => {
    const l = engine.ledger(1001);
    const a = l.account;
    expect(BigInt(a?.assetsE8 as string)).toBe(l.principalE8 + BigInt(a?.incomeE8 as string));
    let openFees = 0n;
    for (const p of l.positions.values()) openFees += p.openFeesE8;
    const perLeader = l.follows.reduce((s, f) => s + f.incomeE8, 0n);
    const past = l.pastRealisedE8 - l.pastSharePaidE8;
    expect(perLeader).toBe(past + l.cumRealisedE8 - l.sharePaidE8 + openFees);
    const income = engine.ledger(2001).leaderIncome;
    expect(income?.followers?.find((f) => f.followerUserId === 1001)?.incomeE8).toBe(
      l.followOf(2001)?.incomeE8.toString(),
    );
  });

  it('publishes leader wallet and income only to leaders, copy accounts only to followers', () => {
    expect(of(2001, 'copytrade.leaderWallet').length).toBeGreaterThan(0);
    expect(of(2001, 'copytrade.leaderIncome').length).toBeGreaterThan(0);
    expect(of(1001, 'copytrade.leaderWallet')).toEqual([]);
    expect(of(2001, 'copytrade.account')).toEqual([]);
    expect(of(3001, 'risk').length).toBeGreaterThan(0);
  });

  it("publishes a trader's own positions (keyed by its own id), but no copy-trade orders", () => {
    const positions = of(3001, 'copytrade.position') as Position[];
    expect(positions.length).toBeGreaterThan(0);
    expect(new Set(positions.map((p) => p.userId))).toEqual(new Set([3001]));
    // Opened and closed over ten minutes: a close is sent with entry price 0.
    expect(positions.some((p) => p.entryPrice === '0')).toBe(true);
    expect(of(3001, 'copytrade.order')).toEqual([]);
    // The REST snapshot is the book's open positions, newest first, as last published.
    const l = engine.ledger(3001);
    const list = l.positionList();
    expect(list.map((p) => `${p.symbol}/${p.positionIdx}`)).toEqual(
      l.positionOrder.map((k) => {
        const p = l.positions.get(k);
        return `${p?.symbol}/${p?.positionIdx}`;
      }),
    );
    for (const p of list) {
      const last = positions
        .filter((q) => q.symbol === p.symbol && q.positionIdx === p.positionIdx)
        .at(-1);
      expect(last).toEqual(p);
    }
    expect(l.keptOrders()).toEqual([]);
  });
});

describe('Engine at its start', () => {
  it("carries each follow's income from before the start: the leader's list, and the follower's all-time figures", () => {
    const clock = new ManualClock(1_732_150_000_000);
    const engine = new Engine(clock, new Market(new Rng(5, 1), clock.now(), 100), () => {}, {
      seed: 5,
      markMs: 1000,
    });
    engine.start();
    // server/accounts/demo.ts: 1001 made 412.50 copying 2001 (5 000), 1004 lost 22.40 (800).
    const followers = engine.ledger(2001).leaderIncome?.followers ?? [];
    expect(followers.find((f) => f.followerUserId === 1001)).toMatchObject({
      incomeE8: '41250000000',
      yieldRateE4: '825',
    });
    expect(followers.find((f) => f.followerUserId === 1004)).toMatchObject({
      incomeE8: '-2240000000',
      yieldRateE4: '-280',
    });
    const l = engine.ledger(1001);
    // The share of each profit: 412.50 x 10 / 90 to 2001, 133.10 x 12 / 88 to 2003, none on
    // the loss copying 2002.
    expect(l.account?.shareProfitE8).toBe(String(4583333333n + 1815000000n));
    // Realised before the start (the profits before the share), then since (the copies' fees).
    expect(l.pastRealisedE8).toBe(
      41250000000n + 4583333333n - 8520000000n + 13310000000n + 1815000000n,
    );
    expect(l.account?.cumRealisedPnlE8).toBe(String(l.pastRealisedE8 + l.cumRealisedE8));
    // Income = what those closes left (460.40), what happened since (the copies' fees) and the
    // open copies' unrealised PnL; the starting USDT holds it: assets = principal + income.
    const usdt = l.wallets.get('USDT') as Wallet;
    expect(BigInt(l.account?.incomeE8 as string)).toBe(
      46040000000n + l.cumRealisedE8 - l.sharePaidE8 + BigInt(usdt.totalUnrealisedPnlE8 as string),
    );
    expect(l.spec.balances.USDT).toBe('10460.4');
    expect(BigInt(l.account?.assetsE8 as string)).toBe(
      l.principalE8 + BigInt(l.account?.incomeE8 as string),
    );
  });
});
