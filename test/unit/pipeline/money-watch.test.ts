import { describe, expect, it, vi } from 'vitest';
import type { DepositRecord, Page, WithdrawRecord } from '@src/api/types';
import {
  startMoneyWatch,
  WATCH_IDLE_MS,
  WATCH_PENDING_MS,
  WATCH_START_MS,
  type MoneyEvent,
} from '@src/pipeline/money-watch';
import { depositRecord, withdrawRecord } from '../ui/money-fakes';

const deposit = (id: string, over: Partial<DepositRecord> = {}) => depositRecord({ id, ...over });
const withdrawal = (id: string, over: Partial<WithdrawRecord> = {}) =>
  withdrawRecord({ id, ...over });

/** A watch over lists the test sets, on a clock the test moves; what it told, in order. */
function harness(deposits: DepositRecord[] = [], withdrawals: WithdrawRecord[] = []) {
  const lists = { deposits, withdrawals };
  const page = <R>(list: R[]): Page<R> => ({ list: [...list], nextCursor: '' });
  const api = {
    depositList: vi.fn(async () => page(lists.deposits)),
    withdrawList: vi.fn(async () => page(lists.withdrawals)),
  };
  const told: MoneyEvent[] = [];
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let now = 0;
  let next = 1;
  const watch = startMoneyWatch(api, (e) => told.push(e), {
    setTimeout: (fn, ms) => {
      const id = next++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout: (id) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
  });
  /** Moves the clock by `ms`, running what comes due, and lets the reads answer. */
  const advance = async (ms: number) => {
    const end = now + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const t = timers[0];
      if (!t || t.at > end) break;
      timers.shift();
      now = t.at;
      t.fn();
      await watch.idle();
    }
    now = end;
  };
  const kinds = () => told.map((e) => `${e.kind} ${e.record.id}`);
  return { api, lists, told, kinds, watch, advance, pendingTimers: () => timers.length };
}

describe('money watch', () => {
  it('reads first after WATCH_START_MS and tells nothing already there', async () => {
    const h = harness([deposit('D-2'), deposit('D-1', { status: 'success' })], [withdrawal('W-1')]);
    await h.advance(WATCH_START_MS - 1);
    expect(h.api.depositList).not.toHaveBeenCalled();
    await h.advance(1);
    expect(h.api.depositList).toHaveBeenCalledWith({ limit: 20, cursor: '' });
    expect(h.api.withdrawList).toHaveBeenCalledWith({ limit: 20, cursor: '' });
    expect(h.told).toEqual([]);
  });

  it('tells a deposit seen on its chain, then credited; a withdrawal sent', async () => {
    const h = harness([deposit('D-1', { status: 'success' })], [withdrawal('W-1')]);
    await h.advance(WATCH_START_MS);
    h.lists.deposits = [deposit('D-2', { amount: '7.5' }), ...h.lists.deposits];
    await h.advance(WATCH_PENDING_MS); // W-1 is on its way: the pending pace
    expect(h.kinds()).toEqual(['depositDetected D-2']);
    expect(h.told[0]!.record.amount).toBe('7.5');
    h.lists.deposits = [deposit('D-2', { status: 'success', confirmations: 2 }), deposit('D-1')];
    h.lists.deposits[1]!.status = 'success';
    h.lists.withdrawals = [withdrawal('W-1', { status: 'success', txId: '0xw' })];
    await h.advance(WATCH_PENDING_MS);
    expect(h.kinds()).toEqual(['depositDetected D-2', 'depositCredited D-2', 'withdrawDone W-1']);
    // nothing changes: nothing more is told, at the idle pace now
    const reads = h.api.depositList.mock.calls.length;
    await h.advance(WATCH_PENDING_MS);
    expect(h.api.depositList.mock.calls.length).toBe(reads);
    await h.advance(WATCH_IDLE_MS - WATCH_PENDING_MS);
    expect(h.api.depositList.mock.calls.length).toBe(reads + 1);
    expect(h.told).toHaveLength(3);
  });

  it('tells a deposit made and credited between two reads as credited', async () => {
    const h = harness([deposit('D-1', { status: 'success' })]);
    await h.advance(WATCH_START_MS);
    h.lists.deposits = [deposit('D-2', { status: 'success' }), ...h.lists.deposits];
    await h.advance(WATCH_IDLE_MS);
    expect(h.kinds()).toEqual(['depositCredited D-2']);
  });

  it('tells failures; a new pending withdrawal is not told (its dialog said it)', async () => {
    const h = harness([deposit('D-1')], [withdrawal('W-1')]);
    await h.advance(WATCH_START_MS);
    h.lists.withdrawals = [withdrawal('W-2'), withdrawal('W-1', { status: 'failed' })];
    h.lists.deposits = [deposit('D-1', { status: 'failed' })];
    await h.advance(WATCH_PENDING_MS);
    expect(h.kinds()).toEqual(['depositFailed D-1', 'withdrawFailed W-1']);
  });

  it('never tells a record older than the ones it knew (a page that shows older rows)', async () => {
    const h = harness([deposit('D-3', { status: 'success' })]);
    await h.advance(WATCH_START_MS);
    // D-1 was not on the first page's view of the list, but is older than D-3
    h.lists.deposits = [deposit('D-3', { status: 'success' }), deposit('D-1')];
    await h.advance(WATCH_IDLE_MS);
    expect(h.told).toEqual([]);
  });

  it('takes an empty page after records for nothing: no old record is told as new after it', async () => {
    const h = harness([
      deposit('D-2', { status: 'success' }),
      deposit('D-1', { status: 'success' }),
    ]);
    await h.advance(WATCH_START_MS);
    const kept = h.lists.deposits;
    h.lists.deposits = [];
    await h.advance(WATCH_IDLE_MS);
    h.lists.deposits = [deposit('D-3', { status: 'success' }), ...kept];
    await h.advance(WATCH_IDLE_MS);
    expect(h.kinds()).toEqual(['depositCredited D-3']);
  });

  it('reads a held deposit (every confirmation in, not credited) at the idle pace', async () => {
    const h = harness([deposit('D-1', { confirmations: 2 })]);
    await h.advance(WATCH_START_MS);
    const reads = h.api.depositList.mock.calls.length;
    await h.advance(WATCH_PENDING_MS);
    expect(h.api.depositList.mock.calls.length).toBe(reads);
    await h.advance(WATCH_IDLE_MS - WATCH_PENDING_MS);
    expect(h.api.depositList.mock.calls.length).toBe(reads + 1);
  });

  it('check() reads now; one read at a time, one more after it if asked meanwhile', async () => {
    const h = harness();
    let release!: () => void;
    h.api.depositList.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          release = () => resolve({ list: [], nextCursor: '' });
        }),
    );
    h.watch.check();
    h.watch.check();
    h.watch.check();
    expect(h.api.depositList).toHaveBeenCalledTimes(1);
    release();
    await h.watch.idle();
    expect(h.api.depositList).toHaveBeenCalledTimes(2);
    // the start timer was replaced by the next read's
    expect(h.pendingTimers()).toBe(1);
  });

  it('keeps what it knew when a read fails, and tells the change at the next read', async () => {
    const h = harness([deposit('D-1')]);
    await h.advance(WATCH_START_MS);
    h.api.depositList.mockRejectedValueOnce(new Error('503'));
    h.lists.deposits = [deposit('D-1', { status: 'success' })];
    await h.advance(WATCH_PENDING_MS);
    expect(h.told).toEqual([]);
    await h.advance(WATCH_PENDING_MS);
    expect(h.kinds()).toEqual(['depositCredited D-1']);
  });

  it('stop() ends the reads, and an answer on its way tells nothing', async () => {
    const h = harness([deposit('D-1')]);
    await h.advance(WATCH_START_MS);
    let release!: () => void;
    h.api.depositList.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          release = () =>
            resolve({ list: [deposit('D-1', { status: 'success' })], nextCursor: '' });
        }),
    );
    h.watch.check();
    h.watch.stop();
    release();
    await h.watch.idle();
    expect(h.told).toEqual([]);
    expect(h.pendingTimers()).toBe(0);
  });
});
