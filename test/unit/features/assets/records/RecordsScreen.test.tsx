import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { RecordQuery, TransferRecord } from '@src/api/types';
import RecordsScreen from '@src/features/assets/records/RecordsScreen';
import { depositRecord, withdrawRecord } from '../../../ui/money-fakes';
import { deferred, renderMoney } from '../../../ui/money/harness';
import { apiError } from '../../../ui/test-utils';

/** A transfer of 3.5 USDT from funding to spot, made now. */
const TRANSFER: TransferRecord = {
  transferId: 'TR-77',
  coin: 'USDT',
  amount: '3.5',
  fromAccountType: 'FUND',
  toAccountType: 'SPOT',
  status: 'SUCCESS',
  createdAtE3: String(Date.now()),
};

/** The screen at its address (it keeps its tab in `?tab=`). */
function records(path = '/assets/records') {
  const router = createMemoryRouter([{ path: '/assets/records', element: <RecordsScreen /> }], {
    initialEntries: [path],
  });
  return { router, children: <RouterProvider router={router} /> };
}

describe('records screen', () => {
  // Accessibility review M2: Mantine's loading state disabled the focused button, and focus fell to
  // the page on every "Load more"; on the last page the button went and focus with it.
  it('keeps focus on "Load more" while it loads, and gives it to the table after the last page', async () => {
    const page2 = deferred<{ list: ReturnType<typeof depositRecord>[]; nextCursor: string }>();
    await renderMoney({
      children: records().children,
      money: {
        depositList: vi.fn(async (q: RecordQuery = {}) =>
          q.cursor === 'c2'
            ? page2.promise
            : { list: [depositRecord({ id: 'D-1' })], nextCursor: 'c2' },
        ),
      },
    });
    const table = await screen.findByRole('table', { name: 'Deposit records' });
    const more = screen.getByRole('button', { name: 'Load more' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(more).toHaveAttribute('aria-disabled', 'true'));
    expect(more).not.toBeDisabled();
    expect(more).toHaveFocus();
    await act(async () => {
      page2.resolve({ list: [depositRecord({ id: 'D-2', status: 'success' })], nextCursor: '' });
      await page2.promise;
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
    await waitFor(() => expect(table).toHaveFocus());
  });

  // Left by the reviews of 2026-11-28: a list grown with "Load more" went back to its newest 50
  // rows whenever it was read again (after money moved, and at every return to the tab).
  it('a re-read keeps the rows loaded with "Load more", the focus, and the rows themselves', async () => {
    // 70 deposits, newest first, paged as the simulator pages them (cursor: the last one's number)
    const all = Array.from({ length: 70 }, (_, i) =>
      depositRecord({ id: `D-${70 - i}`, amount: String(70 - i), status: 'success' }),
    );
    const depositList = vi.fn(async (q: RecordQuery = {}) => {
      const start = q.cursor ? all.findIndex((r) => r.id === `D-${q.cursor}`) + 1 : 0;
      const list = all.slice(start, start + (q.limit ?? 20));
      const more = start + list.length < all.length;
      return { list, nextCursor: more ? list[list.length - 1]!.id.slice(2) : '' };
    });
    await renderMoney({ children: records().children, money: { depositList } });
    const table = await screen.findByRole('table', { name: 'Deposit records' });
    const more = screen.getByRole('button', { name: 'Load more' });
    for (const shown of [40, 60]) {
      await userEvent.click(more);
      await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(shown + 1));
    }
    more.focus();
    const rows = within(table).getAllByRole('row');
    const calls = depositList.mock.calls.length;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    // read again from the top: 50 rows, then the 10 more that were shown
    await waitFor(() => expect(depositList.mock.calls.length).toBe(calls + 2));
    expect(depositList.mock.calls.slice(calls).map(([q]) => [q?.cursor, q?.limit])).toEqual([
      ['', 50],
      ['21', 10],
    ]);
    await act(async () => {
      for (let i = 0; i < 10; i++) await Promise.resolve();
    });
    // the same 60 rows, the same elements (nothing re-created: the page keeps its scroll), and
    // focus where it was
    expect(within(table).getAllByRole('row')).toHaveLength(61);
    within(table)
      .getAllByRole('row')
      .forEach((row, i) => expect(row).toBe(rows[i]));
    expect(more).toHaveFocus();
    // "Load more" goes on after the 60th
    await userEvent.click(more);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(71));
    // every deposit once, in order: no hole, none twice (each cell's value, without its label)
    expect(
      within(table)
        .getAllByRole('cell', { name: /^\d+\.0000$/ })
        .map((c) => c.lastElementChild?.textContent),
    ).toEqual(all.map((r) => `${r.amount}.0000`));
  });

  // Accessibility review L8: below 768 px each row is a card, and its labels (::before content)
  // were read out as well as the column headers.
  it('names each cell by its value alone; the card label is hidden from assistive technology', async () => {
    await renderMoney({
      children: records().children,
      money: {
        depositList: vi.fn(async () => ({ list: [depositRecord({ id: 'D-1' })], nextCursor: '' })),
      },
    });
    const table = await screen.findByRole('table', { name: 'Deposit records' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toContain('Time');
    const [row] = within(table).getAllByRole('row').slice(1);
    const cells = within(row!).getAllByRole('cell');
    expect(cells).toHaveLength(headers.length);
    cells.forEach((cell, i) => {
      // the card's label: the column's name, for the eye only
      const label = cell.querySelector('[aria-hidden="true"]');
      expect(label).toHaveTextContent(headers[i]!);
      expect(cell).toHaveAttribute('role', 'cell');
      expect(cell).not.toHaveAttribute('data-label');
    });
    expect(within(row!).getByRole('cell', { name: '250.0000' })).toBeInTheDocument();
    expect(within(row!).getByRole('cell', { name: 'Pending' })).toBeInTheDocument();
    // explicit table roles: a card layout (display: block) keeps the table for screen readers
    expect(table).toHaveAttribute('role', 'table');
    expect(row).toHaveAttribute('role', 'row');
  });

  it('re-reads every 3 s while a deposit confirms, every 30 s while the only one pending is held', async () => {
    // The poll's interval in the test's hands; the answers come at once (a few microtask turns).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const answered = () =>
      act(async () => {
        for (let i = 0; i < 20; i++) await Promise.resolve();
      });
    let confirmations = 1;
    const depositList = vi.fn(async () => ({
      list: [depositRecord({ id: 'D-1', confirmations })],
      nextCursor: '',
    }));
    await renderMoney({ children: records().children, money: { depositList } });
    await answered();
    const table = screen.getByRole('table', { name: 'Deposit records' });
    expect(within(table).getByText('Pending')).toBeInTheDocument();
    let reads = depositList.mock.calls.length;
    const after = async (ms: number) => {
      act(() => {
        vi.advanceTimersByTime(ms);
      });
      await answered();
      const n = depositList.mock.calls.length - reads;
      reads = depositList.mock.calls.length;
      return n;
    };
    expect(await after(3000)).toBe(1);
    // Its last confirmation in, not credited: held until someone acts, no block will move it.
    confirmations = 2;
    expect(await after(3000)).toBe(1);
    expect(within(table).getByText('Awaiting credit')).toBeInTheDocument();
    expect(await after(27_000)).toBe(0);
    expect(await after(3000)).toBe(1);
  });

  it('lists deposits with status and confirmations, pages by cursor, and filters by coin', async () => {
    const h = await renderMoney({
      children: records().children,
      money: {
        depositList: vi.fn(async (q: RecordQuery = {}) =>
          q.cursor === 'c2'
            ? {
                list: [
                  depositRecord({ id: 'D-2', amount: '7', status: 'success', confirmations: 2 }),
                  // every confirmation in, still pending: held (awaiting credit)
                  depositRecord({ id: 'D-3', amount: '9', confirmations: 2 }),
                ],
                nextCursor: '',
              }
            : { list: [depositRecord({ id: 'D-1' })], nextCursor: 'c2' },
        ),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Records' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Deposit records' });
    expect(within(table).getByText('0/2')).toBeInTheDocument();
    expect(within(table).getByText('Pending')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Completed')).toBeInTheDocument();
    expect(within(table).getByText('Awaiting credit')).toBeInTheDocument();
    expect(within(table).getAllByText('Pending')).toHaveLength(1);
    expect(h.money.depositList).toHaveBeenCalledWith(expect.objectContaining({ cursor: 'c2' }));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    // the time-range controls carry the SPEC's placeholders
    expect(screen.getByPlaceholderText('Select time')).toBeInTheDocument();
    // the pickers are buttons: the placeholder is their text, beside the label of the same words
    expect(screen.getAllByText('Start time')).toHaveLength(2);
    expect(screen.getAllByText('End time')).toHaveLength(2);

    await userEvent.click(screen.getByRole('combobox', { name: 'Coin' }));
    await userEvent.click(await screen.findByRole('option', { name: 'BTC' }));
    await waitFor(() =>
      expect(h.money.depositList).toHaveBeenLastCalledWith(
        expect.objectContaining({ coin: 'BTC', cursor: '' }),
      ),
    );
  });

  // Accessibility review M1: the pickers were English in every language, their ✓ button and
  // dropdown unnamed (the picker itself: test/unit/ui/dates/DateTimeField.test.tsx).
  it.each([
    ['de-DE', 'Startzeit', 'Mo', 'Datum und Uhrzeit bestätigen', 'Startzeit löschen'],
    ['ar-SA', 'وقت البدء', 'ن', 'تأكيد التاريخ والوقت', 'مسح وقت البدء'],
  ])(
    'the time pickers speak %s: names, weekdays, the ✓ button, the dialog and the clear button',
    async (lng, start, monday, confirm, clear) => {
      await renderMoney({ lng, children: records().children });
      await userEvent.click(await screen.findByRole('button', { name: start }));
      const dialog = await screen.findByRole('dialog', { name: start });
      await waitFor(() =>
        expect(within(dialog).getAllByRole('columnheader')[0]).toHaveTextContent(monday),
      );
      // a day of the month shown, by its full date in the language
      const days = within(dialog)
        .getAllByRole('button')
        .filter((b) => b.closest('table') && !b.hasAttribute('data-outside'));
      expect(days.length).toBeGreaterThanOrEqual(28);
      expect(days[0]!.getAttribute('aria-label')).not.toMatch(/[A-Z][a-z]+ 1, \d{4}/);
      await userEvent.click(days[0]!);
      await userEvent.click(within(dialog).getByRole('button', { name: confirm }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: start })).toBeNull());
      expect(screen.getByRole('button', { name: clear })).toBeInTheDocument();
    },
  );

  it('picks a time range from the presets as a start time', async () => {
    const h = await renderMoney({ children: records().children });
    // the first page has loaded (an empty one: the fakes' default)
    expect(await screen.findByText('No records for these filters.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Time range' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    await waitFor(() =>
      expect(h.money.depositList).toHaveBeenLastCalledWith(
        expect.objectContaining({ startTimeE3: expect.stringMatching(/^\d{13}$/) }),
      ),
    );
  });

  it('shows the empty, error and retry states, and the transfers tab', async () => {
    const h = await renderMoney({ children: records().children });
    h.money.withdrawList.mockRejectedValueOnce(new Error('down'));
    expect(await screen.findByText('No records for these filters.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Withdrawals' }));
    expect(await screen.findByText('The records could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No records for these filters.')).toBeInTheDocument();
    h.money.transferList.mockResolvedValueOnce({
      list: [
        {
          transferId: 'T-1',
          coin: 'USDT',
          amount: '5',
          fromAccountType: 'FUND',
          toAccountType: 'DERIVATIVES',
          status: 'SUCCESS',
          createdAtE3: '1700000000000',
        },
      ],
      nextCursor: '',
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Transfers' }));
    const table = await screen.findByRole('table', { name: 'Transfer records' });
    expect(within(table).getByText('Funding account')).toBeInTheDocument();
    expect(within(table).getByText('Derivatives account')).toBeInTheDocument();
    expect(within(table).getByText('Completed')).toBeInTheDocument();
  });

  it('opens the tab the address names (the pending links of the overview), and keeps the tab there', async () => {
    const r = records('/assets/records?tab=withdrawals');
    const h = await renderMoney({ children: r.children });
    expect(
      await screen.findByRole('tab', { name: 'Withdrawals', selected: true }),
    ).toBeInTheDocument();
    await waitFor(() => expect(h.money.withdrawList).toHaveBeenCalled());
    expect(h.money.depositList).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('tab', { name: 'Transfers' }));
    await waitFor(() => expect(r.router.state.location.search).toBe('?tab=transfers'));
    expect(screen.getByRole('tab', { name: 'Transfers', selected: true })).toBeInTheDocument();
  });

  it('falls back to deposits for an unknown tab in the address', async () => {
    await renderMoney({ children: records('/assets/records?tab=nonsense').children });
    expect(
      await screen.findByRole('tab', { name: 'Deposits', selected: true }),
    ).toBeInTheDocument();
  });

  it('opens the money dialogs from its actions', async () => {
    await renderMoney({ children: records().children });
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('dialog', { name: 'Withdraw' })).toBeInTheDocument();
  });

  it("writes amounts and fees at the coin's decimals, at the end of their cells", async () => {
    await renderMoney({
      children: records('/assets/records?tab=withdrawals').children,
      money: {
        withdrawList: vi.fn(async () => ({
          list: [
            withdrawRecord({ id: 'W-1', amount: '10', fee: '1' }),
            withdrawRecord({ id: 'W-2', coin: 'BTC', chain: 'BTC', amount: '0.5', fee: '0.0002' }),
          ],
          nextCursor: '',
        })),
      },
    });
    const table = await screen.findByRole('table', { name: 'Withdrawal records' });
    // USDT at 4 decimals as on every other screen (it was 10.00000000), BTC at 8
    const [usdt, btc] = within(table).getAllByRole('row').slice(1);
    expect(within(usdt!).getByRole('cell', { name: '10.0000' })).toBeInTheDocument();
    expect(within(usdt!).getByRole('cell', { name: '1.0000' })).toBeInTheDocument();
    expect(within(btc!).getByRole('cell', { name: '0.50000000' })).toBeInTheDocument();
    expect(within(btc!).getByRole('cell', { name: '0.00020000' })).toBeInTheDocument();
    // numbers at the inline end, as in every table (records.module.css: text-align: end)
    for (const name of ['Amount', 'Fee']) {
      expect(within(table).getByRole('columnheader', { name })).toHaveAttribute(
        'data-align',
        'end',
      );
    }
    expect(within(usdt!).getByRole('cell', { name: '10.0000' })).toHaveAttribute(
      'data-align',
      'end',
    );
    expect(within(usdt!).getByRole('cell', { name: 'USDT' })).not.toHaveAttribute('data-align');
  });

  it("writes record amounts and fees exactly: every digit they have, at least the coin's decimals", async () => {
    const h = await renderMoney({
      children: records().children,
      money: {
        depositList: vi.fn(async () => ({
          list: [depositRecord({ id: 'D-1', amount: '1.000009' })],
          nextCursor: '',
        })),
        withdrawList: vi.fn(async () => ({
          list: [
            withdrawRecord({ id: 'W-1', amount: '10.123456', fee: '0.000001' }),
            withdrawRecord({ id: 'W-2', coin: 'XRP', amount: '2.500000', fee: '0.25' }),
          ],
          nextCursor: '',
        })),
      },
    });
    // USDT moves in 6 decimals: 1.000009 was written 1.0000 (the balance rule at 4)
    const deposits = await screen.findByRole('table', { name: 'Deposit records' });
    expect(within(deposits).getByRole('cell', { name: '1.000009' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Withdrawals' }));
    const withdrawals = await screen.findByRole('table', { name: 'Withdrawal records' });
    const [usdt, xrp] = within(withdrawals).getAllByRole('row').slice(1);
    // 10.1234 and 0.0000 before
    expect(within(usdt!).getByRole('cell', { name: '10.123456' })).toBeInTheDocument();
    expect(within(usdt!).getByRole('cell', { name: '0.000001' })).toBeInTheDocument();
    // trailing zeros beyond the coin's decimals add nothing
    expect(within(xrp!).getByRole('cell', { name: '2.5000' })).toBeInTheDocument();
    expect(within(xrp!).getByRole('cell', { name: '0.2500' })).toBeInTheDocument();

    h.money.transferList.mockResolvedValueOnce({
      list: [
        {
          transferId: 'T-1',
          coin: 'USDT',
          amount: '0.00005',
          fromAccountType: 'FUND',
          toAccountType: 'DERIVATIVES',
          status: 'SUCCESS',
          createdAtE3: '1700000000000',
        },
      ],
      nextCursor: '',
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Transfers' }));
    const transfers = await screen.findByRole('table', { name: 'Transfer records' });
    // was 0.0000: a transfer that seemed to move nothing
    expect(within(transfers).getByRole('cell', { name: '0.00005' })).toBeInTheDocument();
  });

  it('writes record amounts in the page language', async () => {
    await renderMoney({
      lng: 'de-DE',
      children: records('/assets/records?tab=withdrawals').children,
      money: {
        withdrawList: vi.fn(async () => ({
          list: [withdrawRecord({ id: 'W-1', amount: '1234.123456', fee: '0.000001' })],
          nextCursor: '',
        })),
      },
    });
    const table = await screen.findByRole('table', { name: /.+/ });
    expect(within(table).getByRole('cell', { name: '1.234,123456' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '0,000001' })).toBeInTheDocument();
  });

  it.each([
    ['the window gets focus again', () => window.dispatchEvent(new Event('focus'))],
    ['the tab is shown again', () => document.dispatchEvent(new Event('visibilitychange'))],
  ])('shows a transfer made elsewhere when %s', async (_, comeBack) => {
    const h = await renderMoney({ children: records('/assets/records?tab=transfers').children });
    expect(await screen.findByText('No transfers yet.')).toBeInTheDocument();
    // made in another tab: nothing here moved money
    h.money.transferList.mockResolvedValue({ list: [TRANSFER], nextCursor: '' });
    act(() => {
      comeBack();
    });
    const table = await screen.findByRole('table', { name: 'Transfer records' });
    expect(await within(table).findByRole('cell', { name: '3.5000' })).toBeInTheDocument();
  });

  it('shows a transfer whose answer was lost, once the dialog has looked it up', async () => {
    const h = await renderMoney({ children: records('/assets/records?tab=transfers').children });
    expect(await screen.findByText('No transfers yet.')).toBeInTheDocument();
    h.money.transfer.mockRejectedValueOnce(apiError(9000003));
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer' });
    await within(dialog).findByText(/^2,500(\.0+)?$/);
    // the dialog's defaults for an upgraded user: from the unified trading account to funding
    const before = h.money.transferList.mock.calls.length;
    // the server carried it out: the list has it from now on
    h.money.transferList.mockResolvedValue({
      list: [{ ...TRANSFER, fromAccountType: 'UNIFIED', toAccountType: 'FUND', amount: '7' }],
      nextCursor: '',
    });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(
      await screen.findByText(/Your transfer records show it went through/),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Transfer records' });
    expect(await within(table).findByRole('cell', { name: '7.0000' })).toBeInTheDocument();
    // the dialog's look-up and the screen's own re-read
    expect(h.money.transferList.mock.calls.length).toBeGreaterThanOrEqual(before + 2);
  });

  it("shows each record's transaction id shortened, copies it whole, and says when there is none yet", async () => {
    const txId = '0x3f9a2c71d0e5b8a4c6f1e2d3b4a59687be41d';
    const writeText = vi.fn(async () => undefined);
    const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    onTestFinished(() => {
      if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
      else delete (navigator as { clipboard?: unknown }).clipboard;
    });
    await renderMoney({
      children: records('/assets/records?tab=withdrawals').children,
      money: {
        withdrawList: vi.fn(async () => ({
          list: [
            withdrawRecord({ id: 'W-2' }),
            withdrawRecord({ id: 'W-1', status: 'success', txId }),
          ],
          nextCursor: '',
        })),
      },
    });
    const table = await screen.findByRole('table', { name: 'Withdrawal records' });
    expect(within(table).getByRole('columnheader', { name: 'TxID' })).toBeInTheDocument();
    // the pending one is not on its chain yet
    expect(within(table).getByText('Not on chain yet')).toBeInTheDocument();
    const short = within(table).getByText('0x3f9a2c…7be41d');
    expect(short).toHaveAttribute('title', txId);
    const copy = within(table).getByRole('button', { name: 'Copy transaction ID 0x3f9a2c…7be41d' });
    await userEvent.click(copy);
    expect(writeText).toHaveBeenCalledWith(txId);
    expect(await within(table).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  describe('export', () => {
    // Files share one jsdom here (no isolation): the URL functions and the anchor's click go back.
    const { createObjectURL, revokeObjectURL } = URL;
    afterEach(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      vi.restoreAllMocks();
    });

    /** The files the page saved, as text, by name. */
    function captureDownloads() {
      const files: { name: string; type: string; text: Promise<string> }[] = [];
      const blobs: Blob[] = [];
      Object.assign(URL, {
        createObjectURL: vi.fn((b: Blob) => {
          blobs.push(b);
          return `blob:${blobs.length}`;
        }),
        revokeObjectURL: vi.fn(),
      });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        const blob = blobs[Number(this.href.split(':').pop()) - 1]!;
        files.push({ name: this.download, type: blob.type, text: blob.text() });
      });
      return files;
    }

    it('saves every record under the filters as CSV, page after page, written exactly', async () => {
      const files = captureDownloads();
      const first = Array.from({ length: 50 }, (_, i) =>
        depositRecord({ id: `D-${60 - i}`, coin: 'BTC', status: 'success', confirmations: 2 }),
      );
      const depositList = vi.fn(async (q: RecordQuery = {}) => {
        if (q.limit !== 50) return { list: first.slice(0, 20), nextCursor: '41' };
        return q.cursor === '11'
          ? {
              list: [
                depositRecord({
                  id: 'D-10',
                  coin: 'BTC',
                  amount: '0.123456789',
                  txId: '=cmd|calc',
                  confirmations: 2,
                }),
              ],
              nextCursor: '',
            }
          : { list: first, nextCursor: '11' };
      });
      await renderMoney({ children: records().children, money: { depositList } });
      await screen.findByRole('table', { name: 'Deposit records' });
      await userEvent.click(screen.getByRole('combobox', { name: 'Coin' }));
      await userEvent.click(await screen.findByRole('option', { name: 'BTC' }));
      await waitFor(() =>
        expect(depositList).toHaveBeenLastCalledWith(expect.objectContaining({ coin: 'BTC' })),
      );
      depositList.mockClear();
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(files).toHaveLength(1));
      // the filter shown, every page, 50 at a time
      expect(depositList.mock.calls.map(([q]) => [q?.coin, q?.cursor, q?.limit])).toEqual([
        ['BTC', '', 50],
        ['BTC', '11', 50],
      ]);
      const file = files[0]!;
      expect(file.name).toMatch(/^assetdeck-deposits-\d{8}-\d{6}\.csv$/);
      expect(file.type).toBe('text/csv;charset=utf-8');
      const lines = (await file.text).split('\r\n');
      expect(lines[0]).toBe(
        '\uFEFF"Time","Coin","Network","Amount","Credited to","Confirmations","Address","TxID","Status","Record ID"',
      );
      expect(lines).toHaveLength(1 + 51 + 1);
      // the held one: every digit of its amount, its id as text, not a formula
      expect(lines[51]).toMatch(
        /^"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d","BTC","TRX","0\.123456789","Funding account","2\/2","TXYZfakeaddress0000000000000000000","'=cmd\|calc","Awaiting credit","D-10"$/,
      );
      expect(lines[52]).toBe('');
      // the button is back for another export
      expect(screen.getByRole('button', { name: 'Export CSV' })).not.toHaveAttribute(
        'aria-disabled',
      );
    });

    it('says so when a page fails, and saves nothing; a list longer than a file holds is said', async () => {
      const files = captureDownloads();
      const transferList = vi
        .fn()
        .mockResolvedValueOnce({ list: [TRANSFER], nextCursor: '' })
        .mockResolvedValueOnce({ list: [TRANSFER], nextCursor: 'c2' })
        .mockRejectedValueOnce(apiError(10016));
      await renderMoney({
        children: records('/assets/records?tab=transfers').children,
        money: { transferList },
      });
      await screen.findByRole('table', { name: 'Transfer records' });
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The records could not be exported. Try again.',
      );
      expect(files).toHaveLength(0);
    });

    it('tells the user the file holds only the newest records when the list goes on past the cap', async () => {
      const files = captureDownloads();
      let n = 0;
      const withdrawList = vi.fn(async (q: RecordQuery = {}) => ({
        list: Array.from({ length: q.limit ?? 20 }, () => withdrawRecord({ id: `W-${++n}` })),
        nextCursor: String(n),
      }));
      await renderMoney({
        children: records('/assets/records?tab=withdrawals').children,
        money: { withdrawList },
      });
      await screen.findByRole('table', { name: 'Withdrawal records' });
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(
        await screen.findByText('The file holds only the newest records: 1000.'),
      ).toBeInTheDocument();
      expect(files).toHaveLength(1);
      expect((await files[0]!.text).split('\r\n')).toHaveLength(1 + 1000 + 1);
    });
  });
});
