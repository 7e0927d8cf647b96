/**
 * An unknown outcome (the answer was lost after the server may have applied it) is not
 * forgotten when the dialog closes (money-flow review, H3): the records are looked up, the
 * balances and records re-read, and a dialog opened later with exactly the same details sends
 * the same requestId, for this session only and for a bounded time.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TransferRecord } from '@src/api/types';
import { userAtom, type SessionUser } from '@src/state/client';
import { moneyMovedAtom } from '@src/ui/dialogs/money/events';
import { withdrawRecord } from '../money-fakes';
import { apiError, PROFILES } from '../test-utils';
import { renderMoney } from './harness';

const LOST = () => apiError(9000003); // "Request failed with an unexpected HTTP status."
const FOLLOWER: SessionUser = { userId: PROFILES.follower!.userId, profile: PROFILES.follower! };

function transferRecord(over: Partial<TransferRecord> = {}): TransferRecord {
  return {
    transferId: 'TR-5',
    coin: 'USDT',
    amount: '10',
    fromAccountType: 'FUND',
    toAccountType: 'UNIFIED',
    status: 'SUCCESS',
    createdAtE3: String(Date.now()),
    ...over,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

/** Opens transfer v2 (FUND → UNIFIED), types `amount` and presses Transfer. */
async function transfer(h: Awaited<ReturnType<typeof renderMoney>>, amount = '10') {
  const dialog = await h.open(
    { name: 'transferV2', props: { coin: 'USDT' } },
    'Transfer (unified account)',
  );
  const field = await within(dialog).findByRole('textbox', { name: /^Amount/ });
  await within(dialog).findByText(/^2,500(\.0+)?$/);
  await userEvent.type(field, amount);
  return {
    dialog,
    submit: () => userEvent.click(within(dialog).getByRole('button', { name: 'Transfer' })),
  };
}

const ids = (calls: { 0: { requestId: string } }[]) => calls.map((c) => c[0].requestId);

describe('transfer: unknown outcome', () => {
  it('looks the transfer up, re-reads the records, and says it is not listed and what a retry does', async () => {
    const h = await renderMoney();
    h.money.transfer.mockRejectedValueOnce(LOST());
    const moved = h.store.get(moneyMovedAtom);
    const { dialog, submit } = await transfer(h);
    await submit();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Request failed with an unexpected HTTP status.');
    expect(alert).toHaveTextContent(
      'Your latest transfers do not list it, so it has most likely not gone through.',
    );
    expect(alert).toHaveTextContent(
      'Until you sign out or reload the page, and for at most 30 minutes, sending exactly the same details again repeats this same request',
    );
    expect(h.money.transferList).toHaveBeenCalledWith({ limit: 50 });
    // the overview, the aggregate info and the records are told money may have moved
    expect(h.store.get(moneyMovedAtom)).toBeGreaterThan(moved);
  });

  it('a dialog opened again with the same details sends the same requestId, and says so', async () => {
    const h = await renderMoney();
    h.money.transfer.mockRejectedValueOnce(LOST());
    const first = await transfer(h);
    await first.submit();
    await within(first.dialog).findByRole('alert');
    await userEvent.click(within(first.dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const again = await transfer(h);
    expect(
      within(again.dialog).getByText(/These are the details of a request whose outcome is unknown/),
    ).toBeInTheDocument();
    await again.submit();
    await waitFor(() => expect(h.money.transfer).toHaveBeenCalledTimes(2));
    const [a, b] = ids(h.money.transfer.mock.calls);
    expect(b).toBe(a);
    expect(await screen.findByText(/^Transferred 10 USDT/)).toBeInTheDocument();

    // answered: the next transfer of the same details is a new one
    const third = await transfer(h);
    expect(within(third.dialog).queryByText(/outcome is unknown/)).toBeNull();
    await third.submit();
    await waitFor(() => expect(h.money.transfer).toHaveBeenCalledTimes(3));
    expect(ids(h.money.transfer.mock.calls)[2]).not.toBe(a);
  });

  it('other details are another transfer, with a new requestId', async () => {
    const h = await renderMoney();
    h.money.transfer.mockRejectedValueOnce(LOST());
    const first = await transfer(h, '10');
    await first.submit();
    await within(first.dialog).findByRole('alert');
    await userEvent.click(within(first.dialog).getByRole('button', { name: 'Cancel' }));
    const other = await transfer(h, '11');
    expect(within(other.dialog).queryByText(/outcome is unknown/)).toBeNull();
    await other.submit();
    await waitFor(() => expect(h.money.transfer).toHaveBeenCalledTimes(2));
    const [a, b] = ids(h.money.transfer.mock.calls);
    expect(b).not.toBe(a);
  });

  it('says it went through when the transfer records list it, and closes', async () => {
    const h = await renderMoney();
    h.money.transfer.mockRejectedValueOnce(LOST());
    h.money.transferList.mockResolvedValue({
      list: [transferRecord({ transferId: 'TR-5' })],
      nextCursor: '',
    });
    const { submit } = await transfer(h);
    await submit();
    expect(
      await screen.findByText(
        'Your transfer records show it went through: 10 USDT from Funding account to Unified trading account',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // resolved: the same details later are a new transfer
    const again = await transfer(h);
    await again.submit();
    await waitFor(() => expect(h.money.transfer).toHaveBeenCalledTimes(2));
    const [a, b] = ids(h.money.transfer.mock.calls);
    expect(b).not.toBe(a);
  });

  it('does not take for it a transfer made before it, or one this session already had answered', async () => {
    const h = await renderMoney();
    // the first transfer of 10 goes through (the fake answers T-1); the second one's answer is lost
    h.money.transfer.mockResolvedValueOnce({ transferId: 'T-1', status: 'SUCCESS' });
    h.money.transfer.mockRejectedValueOnce(LOST());
    h.money.transferList.mockResolvedValue({
      list: [
        transferRecord({ transferId: 'T-1' }),
        transferRecord({ transferId: 'T-0', createdAtE3: String(Date.now() - 3_600_000) }),
      ],
      nextCursor: '',
    });
    const first = await transfer(h);
    await first.submit();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const second = await transfer(h);
    await second.submit();
    expect(await within(second.dialog).findByRole('alert')).toHaveTextContent(
      'Your latest transfers do not list it',
    );
  });

  it('says so when the records cannot be read', async () => {
    const h = await renderMoney();
    h.money.transfer.mockRejectedValueOnce(LOST());
    h.money.transferList.mockRejectedValueOnce(LOST());
    const { dialog, submit } = await transfer(h);
    await submit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your transfer records could not be read to check whether it went through.',
    );
  });

  it('keeps the requestId for this session only: signed out and in again, it is a new transfer', async () => {
    const store = createStore();
    store.set(userAtom, FOLLOWER);
    const h = await renderMoney({ store });
    h.money.transfer.mockRejectedValueOnce(LOST());
    const first = await transfer(h);
    await first.submit();
    await within(first.dialog).findByRole('alert');
    act(() => store.set(userAtom, { userId: 0 }));
    act(() => store.set(userAtom, { ...FOLLOWER }));
    const again = await transfer(h);
    expect(within(again.dialog).queryByText(/outcome is unknown/)).toBeNull();
    await again.submit();
    await waitFor(() => expect(h.money.transfer).toHaveBeenCalledTimes(2));
    const [a, b] = ids(h.money.transfer.mock.calls);
    expect(b).not.toBe(a);
  });

  it('keeps the requestId for 30 minutes, then the same details are a new transfer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const h = await renderMoney();
    h.money.transfer.mockRejectedValueOnce(LOST()).mockRejectedValueOnce(LOST());
    const first = await transfer(h);
    await first.submit();
    await within(first.dialog).findByRole('alert');
    await userEvent.click(within(first.dialog).getByRole('button', { name: 'Cancel' }));

    vi.setSystemTime(Date.now() + 29 * 60_000);
    const second = await transfer(h);
    await second.submit();
    await within(second.dialog).findByRole('alert');
    await userEvent.click(within(second.dialog).getByRole('button', { name: 'Cancel' }));

    // 30 minutes after the first attempt with that id
    vi.setSystemTime(Date.now() + 2 * 60_000);
    const third = await transfer(h);
    expect(within(third.dialog).queryByText(/outcome is unknown/)).toBeNull();
    await third.submit();
    await waitFor(() => expect(h.money.transfer).toHaveBeenCalledTimes(3));
    const [a, b, c] = ids(h.money.transfer.mock.calls);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
  });
});

describe('withdrawal: unknown outcome', () => {
  async function withdraw(h: Awaited<ReturnType<typeof renderMoney>>) {
    const dialog = await h.open({ name: 'withdraw', props: { coin: 'USDT' } }, 'Withdraw USDT');
    await within(dialog).findByText(/^2,500(\.0+)?$/);
    await userEvent.click(within(dialog).getByRole('textbox', { name: /^Address/ }));
    await userEvent.paste('TXYZabcdefghijkmnopqrstuvwxyz12345');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await userEvent.type(
      await within(dialog).findByRole('textbox', { name: /Google Authenticator code/ }),
      '123456',
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Email verification code/ }),
      '246810',
    );
    return {
      dialog,
      submit: () => userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' })),
    };
  }

  it('shows the withdrawal the records list, with a toast of its id', async () => {
    const h = await renderMoney();
    h.money.withdraw.mockRejectedValueOnce(LOST());
    h.money.withdrawList.mockResolvedValue({
      list: [
        withdrawRecord({
          id: 'W-9',
          amount: '100',
          address: 'TXYZabcdefghijkmnopqrstuvwxyz12345',
          createdAtE3: String(Date.now()),
        }),
      ],
      nextCursor: '',
    });
    const { dialog, submit } = await withdraw(h);
    await submit();
    expect(await screen.findByText('Withdrawal W-9 submitted: 100 USDT.')).toBeInTheDocument();
    expect(
      await within(dialog).findByText('Your withdrawal is being processed.'),
    ).toBeInTheDocument();
    expect(h.money.withdrawList).toHaveBeenCalledWith({ coin: 'USDT', limit: 50 });
  });

  it('says it is not listed, and a dialog opened again with the same details sends the same requestId', async () => {
    const h = await renderMoney();
    h.money.withdraw.mockRejectedValueOnce(LOST());
    const first = await withdraw(h);
    await first.submit();
    const alert = await within(first.dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your latest withdrawals do not list it, so it has most likely not gone through.',
    );
    expect(alert).toHaveTextContent('for at most 30 minutes');
    // closed (Back, then Cancel) and opened again
    await userEvent.click(within(first.dialog).getByRole('button', { name: 'Back' }));
    await userEvent.click(within(first.dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const again = await withdraw(h);
    expect(
      within(again.dialog).getByText(/These are the details of a request whose outcome is unknown/),
    ).toBeInTheDocument();
    await again.submit();
    await waitFor(() => expect(h.money.withdraw).toHaveBeenCalledTimes(2));
    const [a, b] = ids(h.money.withdraw.mock.calls);
    expect(b).toBe(a);
  });
});
