import { act, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WATCH_IDLE_MS, WATCH_PENDING_MS, WATCH_START_MS } from '@src/pipeline/money-watch';
import { preferencesAtom, preferencesSourceAtom } from '@src/state/client';
import {
  followWithdrawal,
  moneyMovedAtom,
  withdrawalsFollowedAtom,
} from '@src/ui/dialogs/money/events';
import { MoneyArrivals } from '@src/ui/dialogs/money/MoneyArrivals';
import { depositRecord, withdrawRecord } from '../money-fakes';
import { renderMoney } from './harness';

const page = <R,>(...list: R[]) => ({ list, nextCursor: '' });
const wait = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

/** The notification card titled `title`. */
const card = (title: string) =>
  screen.findByText(title).then((t) => t.closest('[role="status"], [role="alert"]') as HTMLElement);

/** The watch on a page of its own, on fake timers that also move with the clock. */
async function renderWatch(opts: Omit<Parameters<typeof renderMoney>[0], 'children'> = {}) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return renderMoney({ store: createStore(), ...opts, children: <MoneyArrivals /> });
}

describe('deposits and withdrawals as they happen (MoneyArrivals)', () => {
  afterEach(() => vi.useRealTimers());

  it('tells a deposit on its way and credited, and a withdrawal sent, on any page', async () => {
    const { store, ...h } = await renderWatch({
      money: {
        depositList: vi.fn(async () => page(depositRecord({ id: 'D-1', status: 'success' }))),
        withdrawList: vi.fn(async () => page(withdrawRecord({ id: 'W-1' }))),
      },
    });
    await wait(WATCH_START_MS);
    expect(h.money.depositList).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).toBeNull();

    h.money.depositList.mockResolvedValue(
      page(
        depositRecord({ id: 'D-2', amount: '1200.5', confirmations: 1 }),
        depositRecord({ id: 'D-1', status: 'success' }),
      ),
    );
    await wait(WATCH_PENDING_MS);
    const onItsWay = await card('Deposit on its way');
    expect(onItsWay).toHaveAttribute('role', 'status');
    expect(
      within(onItsWay).getByText('1,200.5000 USDT on TRX, 1/2 confirmations. To: Funding account.'),
    ).toBeInTheDocument();
    expect(store.get(moneyMovedAtom)).toBe(0);

    h.money.depositList.mockResolvedValue(
      page(
        depositRecord({ id: 'D-2', amount: '1200.5', status: 'success', confirmations: 2 }),
        depositRecord({ id: 'D-1', status: 'success' }),
      ),
    );
    h.money.withdrawList.mockResolvedValue(page(withdrawRecord({ id: 'W-1', status: 'success' })));
    await wait(WATCH_PENDING_MS);
    const credited = await card('Deposit credited');
    expect(
      within(credited).getByText('1,200.5000 USDT on TRX. To: Funding account.'),
    ).toBeInTheDocument();
    const sent = await card('Withdrawal complete');
    expect(within(sent).getByText('100.0000 USDT sent on TRX.')).toBeInTheDocument();
    // the records lists and the balances are read again
    expect(store.get(moneyMovedAtom)).toBeGreaterThan(0);
  });

  it('a failure is an alert; amounts are masked while hidden; the page language', async () => {
    const store = createStore();
    store.set(preferencesSourceAtom, 'user');
    store.set(preferencesAtom, (p) => ({ ...p, showAssets: 0 }));
    const h = await renderWatch({
      store,
      lng: 'de-DE',
      money: {
        depositList: vi.fn(async () => page<ReturnType<typeof depositRecord>>()),
        withdrawList: vi.fn(async () => page(withdrawRecord({ id: 'W-1' }))),
      },
    });
    await wait(WATCH_START_MS);
    h.money.withdrawList.mockResolvedValue(page(withdrawRecord({ id: 'W-1', status: 'failed' })));
    await wait(WATCH_PENDING_MS);
    const failed = await card('Auszahlung fehlgeschlagen');
    expect(failed).toHaveAttribute('role', 'alert');
    expect(
      within(failed).getByText('**** USDT über TRX wurden nicht gesendet.'),
    ).toBeInTheDocument();
  });

  it('no second message for a withdrawal a dialog follows: none once it said the end, one if it closed before', async () => {
    const { store, ...h } = await renderWatch({
      money: {
        depositList: vi.fn(async () => page<ReturnType<typeof depositRecord>>()),
        withdrawList: vi.fn(async () =>
          page(withdrawRecord({ id: 'W-2' }), withdrawRecord({ id: 'W-1' })),
        ),
      },
    });
    const follow = (id: string, state: 'following' | 'told' | undefined) =>
      act(() => store.set(withdrawalsFollowedAtom, (f) => followWithdrawal(f, id, state)));
    await wait(WATCH_START_MS);
    follow('W-1', 'following');
    follow('W-2', 'following');
    h.money.withdrawList.mockResolvedValue(
      page(
        withdrawRecord({ id: 'W-2', status: 'success' }),
        withdrawRecord({ id: 'W-1', status: 'success' }),
      ),
    );
    await wait(WATCH_PENDING_MS);
    // the balances are read again at once; the cards wait for the dialogs
    expect(store.get(moneyMovedAtom)).toBeGreaterThan(0);
    expect(screen.queryByText('Withdrawal complete')).toBeNull();
    follow('W-1', 'told'); // its dialog showed it complete
    await wait(0);
    expect(screen.queryByText('Withdrawal complete')).toBeNull();
    follow('W-2', undefined); // its dialog closed before it saw the end
    expect(await card('Withdrawal complete')).toBeInTheDocument();
    expect(screen.getAllByText('Withdrawal complete')).toHaveLength(1);
    await wait(6_000); // the card closes on its own (4.5 s)
    await waitFor(() => expect(screen.queryByText('Withdrawal complete')).toBeNull());
    // one told by a dialog before the watch saw it: no card either
    follow('W-3', 'told');
    const reads = h.money.withdrawList.mock.calls.length;
    h.money.withdrawList.mockResolvedValue(
      page(
        withdrawRecord({ id: 'W-3', status: 'success' }),
        withdrawRecord({ id: 'W-2', status: 'success' }),
        withdrawRecord({ id: 'W-1', status: 'success' }),
      ),
    );
    act(() => store.set(moneyMovedAtom, (n) => n + 1)); // look now
    await wait(0);
    await waitFor(() => expect(h.money.withdrawList.mock.calls.length).toBeGreaterThan(reads));
    await wait(0);
    expect(screen.queryByText('Withdrawal complete')).toBeNull();
  });

  it('reads once per change it saw: the balances it refreshes do not make it look again', async () => {
    const { store, ...h } = await renderWatch({
      money: {
        depositList: vi.fn(async () => page(depositRecord({ id: 'D-1' }))),
      },
    });
    await wait(WATCH_START_MS);
    h.money.depositList.mockResolvedValue(page(depositRecord({ id: 'D-1', status: 'success' })));
    await wait(WATCH_PENDING_MS);
    await card('Deposit credited');
    expect(store.get(moneyMovedAtom)).toBe(1);
    await wait(100);
    expect(h.money.depositList).toHaveBeenCalledTimes(2);
  });

  it('looks at once when money moved in this tab, and stops with the session', async () => {
    const { store, ...h } = await renderWatch({});
    await wait(WATCH_START_MS);
    expect(h.money.withdrawList).toHaveBeenCalledTimes(1);
    act(() => store.set(moneyMovedAtom, (n) => n + 1));
    await wait(0);
    expect(h.money.withdrawList).toHaveBeenCalledTimes(2);
    h.unmount();
    await wait(WATCH_IDLE_MS * 2);
    expect(h.money.withdrawList).toHaveBeenCalledTimes(2);
  });
});
