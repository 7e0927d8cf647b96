/**
 * The demo accounts' history (server/accounts/holdings.ts, server/assets/book.ts): deposits,
 * withdrawals and transfers dated before the simulation's start, listed as live records are, and
 * the follower's deposit held for travel-rule information, which is both the aggregate info's
 * `waitTravelRuleCount` and one of its pending deposits, and never confirms.
 */
import { describe, expect, it } from 'vitest';
import { Assets } from '@server/assets/assets';
import { chainSpec, depositAddressOf, txIdOf } from '@server/assets/catalogue';
import { ManualClock } from '@server/clock';
import { Engine } from '@server/engine/engine';
import { Rng } from '@server/lib/rng';
import { Market } from '@server/market/market';
import { aggregateInfo } from '@server/rest/overview';

const START = Date.UTC(2026, 10, 25, 10, 1, 32);
const START_DAY = Date.UTC(2026, 10, 25);
const DAY = 86_400_000;
const [FOLLOWER, LEADER, TRADER, NEWBIE] = [1001, 2001, 3001, 4001];

function world() {
  const clock = new ManualClock(START);
  const market = new Market(new Rng(7, 1), clock.now(), 100);
  const engine = new Engine(clock, market, () => undefined, { seed: 7, markMs: 1000 });
  const assets = new Assets(engine, market, clock, new ManualClock(START));
  const aggregate = (userId: number) => aggregateInfo(assets, userId, market, clock.now());
  return { clock, assets, aggregate };
}

describe('the demo accounts’ history', () => {
  it('lists the follower’s deposits newest first, the newest held for travel-rule information', () => {
    const { assets } = world();
    const list = assets.depositList(FOLLOWER, {}).list;
    expect(list.map((d) => [d.coin, d.chain, d.amount, d.status])).toEqual([
      ['USDT', 'TRX', '1200', 'pending'],
      ['USDC', 'ETH', '300', 'success'],
      ['BTC', 'BTC', '0.02', 'success'],
      ['USDT', 'TRX', '2500', 'success'],
    ]);
    const held = list[0];
    // on the chain with every confirmation: waiting for the sender, not for blocks
    expect(held?.confirmations).toBe(chainSpec('USDT', 'TRX')?.confirmations);
    expect(held?.requiredConfirmations).toBe(held?.confirmations);
    expect(held?.createdAtE3).toBe(String(START_DAY - DAY + 11 * 3_600_000));
    expect(held?.address).toBe(depositAddressOf(FOLLOWER, 'USDT', 'TRX').address);
    expect(held?.txId).toBe(txIdOf('deposit', FOLLOWER, held?.id ?? ''));
    expect(held?.toAccountType).toBe('FUND');
    // the wire shape of a live record: nothing of the book's own fields
    for (const d of list) {
      expect(Object.keys(d).sort()).toEqual(
        [
          'id',
          'coin',
          'chain',
          'amount',
          'address',
          'txId',
          'status',
          'confirmations',
          'requiredConfirmations',
          'toAccountType',
          'createdAtE3',
        ].sort(),
      );
      expect(Number(d.createdAtE3)).toBeLessThan(START_DAY);
    }
  });

  it('counts the held deposit as waiting for travel-rule information and as pending, until the end', () => {
    const { clock, assets, aggregate } = world();
    assets.start();
    try {
      for (let hour = 0; hour < 3; hour++) {
        const info = aggregate(FOLLOWER);
        expect(info.waitTravelRuleCount).toBe(1);
        expect(info.depositPendingCount).toBe(1);
        expect(info.hasPendingAssets).toBe(true);
        clock.advance(3_600_000); // a few hundred blocks: it never confirms
      }
      expect(assets.depositList(FOLLOWER, {}).list[0]?.status).toBe('pending');
      expect(assets.book(FOLLOWER).balance('FUND', 'USDT')).toBe(800n * 100_000_000n);
    } finally {
      assets.stop();
    }
    for (const userId of [LEADER, TRADER, NEWBIE]) {
      const info = aggregate(userId);
      expect(info.waitTravelRuleCount, String(userId)).toBe(0);
      expect(info.depositPendingCount, String(userId)).toBe(0);
    }
  });

  it('lists withdrawals sent to someone else’s address, a refused one without a transaction', () => {
    const { assets } = world();
    const list = assets.withdrawList(TRADER, {}).list;
    expect(list.map((w) => [w.coin, w.amount, w.fee, w.status])).toEqual([
      ['DOGE', '3000', '4', 'success'],
      ['DOGE', '3000', '4', 'failed'],
    ]);
    const [sent, refused] = list;
    expect(sent?.txId).toBe(txIdOf('withdraw', TRADER, sent?.id ?? ''));
    expect(refused?.txId).toBe('');
    expect(sent?.address).not.toBe(depositAddressOf(TRADER, 'DOGE', 'DOGE').address);
    expect(sent?.address).toMatch(chainSpec('DOGE', 'DOGE')?.address as RegExp);
    for (const w of list) expect(Object.keys(w)).not.toContain('usdCents');
    // days before the start: nothing of the day's withdrawal limit is used
    expect(assets.withdrawLimits(TRADER).usedCents).toBe(0n);
  });

  it('lists transfers between the user’s accounts, and gives the newbie no history', () => {
    const { assets } = world();
    expect(
      assets.transferList(LEADER, {}).list.map((t) => [t.coin, t.fromAccountType, t.toAccountType]),
    ).toEqual([
      ['ETH', 'FUND', 'SPOT'],
      ['USDT', 'FUND', 'SPOT'],
      ['USDT', 'FUND', 'UNIFIED'],
    ]);
    expect(assets.transferList(LEADER, {}).list.every((t) => t.status === 'SUCCESS')).toBe(true);
    expect(assets.depositList(NEWBIE, {}).list).toEqual([]);
    expect(assets.withdrawList(NEWBIE, {}).list).toEqual([]);
    expect(assets.transferList(NEWBIE, {}).list).toEqual([]);
  });

  it('pages the history as a live list: the next page holds the older records', () => {
    const { assets } = world();
    const first = assets.depositList(FOLLOWER, { limit: 3 });
    expect(first.list).toHaveLength(3);
    const rest = assets.depositList(FOLLOWER, { limit: 3, cursor: first.nextCursor });
    expect(rest.list.map((d) => d.amount)).toEqual(['2500']);
    expect(rest.nextCursor).toBe('');
  });
});
