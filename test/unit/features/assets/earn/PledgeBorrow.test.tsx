/**
 * Taking out a pledge loan on `/assets/pledge`: Borrow opens a dialog with the coin to borrow and
 * the collateral coin; either amount typed fills in the other at the collateral's initial LTV;
 * the initial LTV with its limits (initial, margin call, liquidation), the hourly and annual rate
 * and what is owed after an hour; validation that says why; the body sent; the toast and the
 * figures read again; a lost answer keeps the request id (and the loans are looked up for it); a
 * busy dialog cannot be dismissed; and one masking rule while assets are hidden: the user's
 * figures masked, the product's terms shown.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import PledgeScreen from '@src/features/assets/pledge/PledgeScreen';
import { DialogHost } from '@src/ui/dialogs/DialogHost';
import type { AssetOverview, PledgeBorrowBody, PledgeLoan } from '@src/api/types';
import { assetsRefreshRequestAtom } from '@src/state/assets';
import { preferencesAtom, userAtom } from '@src/state/client';
import { toastStore } from '@src/ui/notifications';
import { earnOverview } from '../../../../support/sample-answers';
import { apiError } from '../../../ui/test-utils';
import { fakeScreenApi } from '../../harness';
import { renderEarn } from './render';

/** HTTP 504 after the server may have carried the request out: the client cannot know. */
const LOST = () => apiError(9000003, 'Request failed with an unexpected HTTP status.');
const REPEAT_NOTE = 'it is sent again as that same request, so the money cannot move twice';
const RETRY_NOTE = 'sending exactly the same details again repeats this same request';

/** The fixture overview with 0.5 BTC and 2,500 USDT available in Funding. */
function withBtc(loans?: PledgeLoan[]): AssetOverview {
  const o = earnOverview();
  return {
    ...o,
    accounts: o.accounts.map((a) =>
      a.accountType === 'FUND'
        ? {
            ...a,
            coins: [
              { coin: 'USDT', amount: '2500', available: '2500', usdValue: '2500.00' },
              { coin: 'BTC', amount: '0.5', available: '0.5', usdValue: '32000.00' },
            ],
          }
        : a,
    ),
    pledge: { ...o.pledge, loans: loans ?? o.pledge.loans },
  };
}

const toastText = () => JSON.stringify(Object.values(toastStore.getState().notifications ?? []));
type Sent = PledgeBorrowBody;
const sent = (fn: { mock: { calls: unknown[][] } }) => fn.mock.calls.map((c) => c[0] as Sent);

async function openBorrow() {
  const section = await screen.findByRole('region', { name: 'Loans' });
  await userEvent.click(within(section).getByRole('button', { name: 'Borrow' }));
  const dialog = await screen.findByRole('dialog', { name: 'Borrow against collateral' });
  const loan = await within(dialog).findByRole('textbox', { name: /Amount to borrow \(USDT\)/ });
  const collateral = within(dialog).getByRole('textbox', { name: /Collateral \(BTC\)/ });
  const submit = within(dialog).getByRole('button', { name: 'Borrow' });
  return { dialog, loan, collateral, submit };
}

/** The value written beside a term of the form's summary. */
const line = (dialog: HTMLElement, term: string) =>
  within(dialog).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('borrowing against collateral', () => {
  it('fills in the collateral for the loan typed, and shows the LTV, its limits, the rates and what is owed after an hour', async () => {
    const api = fakeScreenApi({ assetOverview: vi.fn(async () => withBtc()) });
    const { store } = await renderEarn(<PledgeScreen />, { api });
    const { dialog, loan, collateral, submit } = await openBorrow();
    expect(within(dialog).getByRole('combobox', { name: 'Coin to borrow' })).toHaveValue('USDT');
    // The first collateral coin Funding holds.
    expect(within(dialog).getByRole('combobox', { name: 'Collateral coin' })).toHaveValue('BTC');
    expect(dialog).toHaveTextContent('Available in Funding: 0.50000000 BTC');
    // Terms of the product, before anything is typed.
    expect(line(dialog, 'Initial LTV limit')).toBe('65.00%');
    expect(line(dialog, 'Margin call LTV')).toBe('75.00%');
    expect(line(dialog, 'Liquidation LTV')).toBe('85.00%');
    expect(line(dialog, 'Hourly rate')).toBe('0.00057%');
    expect(line(dialog, 'Annual rate')).toBe('4.99%');
    expect(line(dialog, 'Initial LTV')).toBe('--');

    await userEvent.type(loan, '1000');
    // Just inside the limit (99.5 % of 65 %: a price move before the server checks is not a
    // refusal): 1000 USDT / (64000 × 0.64675) = 0.024159257…, rounded up to BTC's 8 decimals.
    expect(collateral).toHaveValue('0.02415926');
    expect(line(dialog, 'Initial LTV')).toBe('64.68%Safe');
    expect(line(dialog, 'Owed after 1 hour')).toBe('1,000.005700 USDT');

    // More collateral typed: kept, and the LTV falls.
    await userEvent.clear(collateral);
    await userEvent.type(collateral, '0.05');
    expect(loan).toHaveValue('1000');
    expect(line(dialog, 'Initial LTV')).toBe('31.25%Safe');

    const refreshes = store.get(assetsRefreshRequestAtom);
    await userEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.pledgeBorrow).toHaveBeenCalledTimes(1);
    expect(sent(api.pledgeBorrow)[0]).toEqual({
      loanCoin: 'USDT',
      loanAmount: '1000',
      collateralCoin: 'BTC',
      collateralAmount: '0.05',
      requestId: expect.any(String),
    });
    expect(toastText()).toContain(
      'Borrowed 1,000 USDT against 0.05 BTC. The loan is in your Funding account.',
    );
    // The loans and the balances are read again.
    expect(store.get(assetsRefreshRequestAtom)).toBeGreaterThan(refreshes);
  });

  it('fills in the most one may borrow for the collateral typed; Max is what Funding holds', async () => {
    const api = fakeScreenApi({ assetOverview: vi.fn(async () => withBtc()) });
    await renderEarn(<PledgeScreen />, { api });
    const { dialog, loan, collateral } = await openBorrow();
    await userEvent.type(collateral, '0.1');
    // 0.1 × 64000 × 0.64675 (just inside the limit), cut to USDT's 6 decimals; the most the
    // limit itself allows is written under the field.
    expect(loan).toHaveValue('4139.2');
    expect(line(dialog, 'Initial LTV')).toBe('64.68%Safe');
    expect(loan).toHaveAccessibleDescription(
      'Minimum: 10.0000 USDT · At most with this collateral: 4,160.000000 USDT',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(collateral).toHaveValue('0.5');
    expect(loan).toHaveValue('20696');
  });

  it('says why before sending: the smallest loan, the collateral Funding holds, the initial LTV', async () => {
    const api = fakeScreenApi({ assetOverview: vi.fn(async () => withBtc()) });
    await renderEarn(<PledgeScreen />, { api });
    const { dialog, loan, collateral, submit } = await openBorrow();
    await userEvent.type(loan, '5');
    await userEvent.click(submit);
    expect(loan).toHaveAccessibleDescription(
      expect.stringContaining('Amount to borrow (USDT) cannot be less than 10.0000'),
    );

    await userEvent.clear(collateral);
    await userEvent.type(collateral, '0.6');
    await userEvent.clear(loan);
    await userEvent.type(loan, '100');
    await userEvent.click(submit);
    expect(collateral).toHaveAccessibleDescription(
      expect.stringContaining('Collateral (BTC) cannot be greater than 0.50000000'),
    );

    await userEvent.clear(collateral);
    await userEvent.type(collateral, '0.5');
    await userEvent.clear(loan);
    await userEvent.type(loan, '30000');
    // 30000 / 32000: above the limit, said in words beside the figure.
    expect(line(dialog, 'Initial LTV')).toBe('93.75%Above the limit');
    await userEvent.click(submit);
    expect(loan).toHaveAccessibleDescription(
      expect.stringContaining(
        'The initial LTV would be 93.75%, above the limit of 65.00%: borrow at most 20,800.000000 USDT with this collateral, or pledge more.',
      ),
    );
    expect(api.pledgeBorrow).not.toHaveBeenCalled();
  });

  it('refuses to send without the prices to check the LTV with', async () => {
    // The fake rates have no USDC.
    const api = fakeScreenApi({ assetOverview: vi.fn(async () => withBtc()) });
    await renderEarn(<PledgeScreen />, { api });
    const { dialog, collateral, submit } = await openBorrow();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Coin to borrow' }));
    await userEvent.click(await screen.findByRole('option', { name: 'USDC' }));
    const loan = within(dialog).getByRole('textbox', { name: /Amount to borrow \(USDC\)/ });
    await userEvent.type(loan, '100');
    await userEvent.clear(collateral);
    await userEvent.type(collateral, '0.1');
    expect(line(dialog, 'Initial LTV')).toBe('--');
    await userEvent.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The prices of these coins could not be read, so the LTV cannot be checked.',
    );
    expect(api.pledgeBorrow).not.toHaveBeenCalled();
  });

  it("shows the server's refusal beside the field it is about, and keeps the form open", async () => {
    const api = fakeScreenApi({
      assetOverview: vi.fn(async () => withBtc()),
      pledgeBorrow: vi.fn().mockRejectedValue(apiError(131019)),
    });
    await renderEarn(<PledgeScreen />, { api });
    const { loan, submit } = await openBorrow();
    await userEvent.type(loan, '1000');
    await userEvent.click(submit);
    await waitFor(() =>
      expect(loan).toHaveAccessibleDescription(
        expect.stringContaining('The initial LTV would be above the limit for this collateral'),
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Borrow against collateral' })).toBeTruthy();
  });

  it('cannot be dismissed while its request is on its way, and sends once for a double click', async () => {
    let answer: (v: { loanId: string; status: 'SUCCESS' }) => void = () => undefined;
    const pledgeBorrow = vi.fn(
      () =>
        new Promise<{ loanId: string; status: 'SUCCESS' }>((resolve) => {
          answer = resolve;
        }),
    );
    const api = fakeScreenApi({ assetOverview: vi.fn(async () => withBtc()), pledgeBorrow });
    await renderEarn(<PledgeScreen />, { api });
    const { dialog, loan, submit } = await openBorrow();
    await userEvent.type(loan, '1000');
    // Enter in the amount: the fields are disabled in flight, and focus waits on Borrow
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(submit).toHaveAttribute('aria-disabled', 'true'));
    expect(submit).toHaveFocus();
    await userEvent.dblClick(submit);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Borrow against collateral' })).toBe(dialog);
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await act(async () => answer({ loanId: 'L-NEW', status: 'SUCCESS' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(pledgeBorrow).toHaveBeenCalledTimes(1);
  });
});

describe('a borrow whose answer was lost', () => {
  it('says so, with what the loans show and how to retry; the same details again are the same request', async () => {
    const pledgeBorrow = vi
      .fn()
      .mockRejectedValueOnce(LOST())
      .mockRejectedValueOnce(LOST())
      .mockResolvedValue({ loanId: 'L-NEW', status: 'SUCCESS' });
    let btc = '64000';
    const api = fakeScreenApi({
      assetOverview: vi.fn(async () => withBtc()),
      pledgeBorrow,
      exchangeRate: vi.fn(async () => ({
        list: [
          { coin: 'BTC', rate: btc },
          { coin: 'USDT', rate: '1' },
        ],
      })),
    });
    await renderEarn(<PledgeScreen />, { api });
    let form = await openBorrow();
    await userEvent.type(form.loan, '1000');
    await userEvent.click(form.submit);
    const alert = await within(form.dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Request failed with an unexpected HTTP status.');
    expect(alert).toHaveTextContent(
      'Your loans do not list it, so it has most likely not gone through.',
    );
    expect(alert).toHaveTextContent(RETRY_NOTE);
    // BTC rises and the prices are read again (the window gets focus back): the collateral filled
    // in was fixed when it was sent, so what is sent again is the same request, not 0.02208847.
    btc = '70000';
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(line(form.dialog, 'Initial LTV')).toBe('59.14%Safe'));
    expect(form.collateral).toHaveValue('0.02415926');

    await userEvent.click(form.submit);
    await waitFor(() => expect(pledgeBorrow).toHaveBeenCalledTimes(2));
    await within(form.dialog).findByRole('alert');
    await userEvent.click(within(form.dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Opened again: the same details are said to be a retry, and sent with the same id.
    btc = '64000';
    form = await openBorrow();
    await userEvent.type(form.collateral, '0.02415926');
    await userEvent.clear(form.loan);
    await userEvent.type(form.loan, '999');
    expect(form.dialog).not.toHaveTextContent(REPEAT_NOTE);
    await userEvent.clear(form.loan);
    await userEvent.type(form.loan, '1000');
    expect(form.dialog).toHaveTextContent(REPEAT_NOTE);
    await userEvent.click(form.submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [first, second, third] = sent(pledgeBorrow).map((b) => b.requestId);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(sent(pledgeBorrow)[2]).toMatchObject({
      loanAmount: '1000',
      collateralAmount: '0.02415926',
    });
  });

  it('reports it done when the loans, read again, list it', async () => {
    let lost = false;
    const taken: PledgeLoan = {
      loanId: 'loan-3001-9',
      loanCoin: 'USDT',
      borrowed: '1000',
      collateralCoin: 'BTC',
      collateralAmount: '0.05',
      ltv: '0.3125',
      liquidationLtv: '0.85',
      hourlyRate: '0.0000057',
      createdAtE3: String(Date.now()),
    };
    const pledgeBorrow = vi.fn(async () => {
      lost = true;
      throw LOST();
    });
    const api = fakeScreenApi({
      assetOverview: vi.fn(async () =>
        lost ? withBtc([...earnOverview().pledge.loans, taken]) : withBtc(),
      ),
      pledgeBorrow,
    });
    await renderEarn(<PledgeScreen />, { api });
    const { loan, collateral, submit } = await openBorrow();
    await userEvent.type(loan, '1000');
    await userEvent.clear(collateral);
    await userEvent.type(collateral, '0.05');
    await userEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toastText()).toContain(
      'Your loans show it went through: borrowed 1,000 USDT against 0.05 BTC.',
    );
    expect(pledgeBorrow).toHaveBeenCalledTimes(1);
  });

  it('sends nothing for a session that has ended since the form opened', async () => {
    const api = fakeScreenApi({ assetOverview: vi.fn(async () => withBtc()) });
    const { store } = await renderEarn(<PledgeScreen />, { api });
    const { loan, submit } = await openBorrow();
    await userEvent.type(loan, '1000');
    // Signed out and in again (a new session, as src/pipeline/session.ts begins one).
    act(() => store.set(userAtom, { userId: 0 }));
    act(() => store.set(userAtom, { userId: 3001 }));
    expect(screen.getByRole('dialog', { name: 'Borrow against collateral' })).toBeTruthy();
    await userEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.pledgeBorrow).not.toHaveBeenCalled();
  });
});

describe('the pledge screen while assets are hidden', () => {
  it("masks the user's figures (what a loan owes, its collateral, its LTV) and shows the product's terms", async () => {
    const api = fakeScreenApi({ assetOverview: vi.fn(async () => withBtc()) });
    const { store } = await renderEarn(<PledgeScreen />, { api });
    act(() => store.set(preferencesAtom, { showAssets: 0, homeTradingPageUserGuide: 'hide' }));
    const table = await screen.findByRole('table', { name: 'Pledge loans' });
    const row = within(table).getByRole('rowheader', { name: 'USDT' }).closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    const cellOf = (header: string) => {
      const headers = within(table).getAllByRole('columnheader');
      return cells[headers.findIndex((h) => h.textContent === header) - 1]!;
    };
    // The LTV read 50.00% while assets were hidden: a ratio of two hidden figures.
    expect(cellOf('LTV')).not.toHaveTextContent('50.00%');
    expect(within(cellOf('LTV')).getByRole('img', { name: 'Hidden' })).toBeTruthy();
    // Its level stays written: a warning, not a figure.
    expect(within(cellOf('LTV')).getByText('Safe')).toBeTruthy();
    expect(within(cellOf('Owed')).getByRole('img', { name: 'Hidden' })).toBeTruthy();
    expect(within(cellOf('Collateral')).getByRole('img', { name: 'Hidden' })).toBeTruthy();
    // Terms of the loan.
    expect(cellOf('Liquidation LTV')).toHaveTextContent('90.00%');
    expect(cellOf('Hourly rate')).toHaveTextContent('0.00061%');

    const { dialog, loan, collateral, submit } = await openBorrow();
    expect(dialog).toHaveTextContent('Available in Funding: **** BTC');
    expect(line(dialog, 'Initial LTV limit')).toBe('65.00%');
    expect(line(dialog, 'Margin call LTV')).toBe('75.00%');
    expect(line(dialog, 'Liquidation LTV')).toBe('85.00%');
    expect(line(dialog, 'Hourly rate')).toBe('0.00057%');
    expect(loan).toHaveAccessibleDescription(expect.stringContaining('Minimum: 10.0000 USDT'));
    // The limit Funding puts on the collateral is the user's money: masked in the message too.
    await userEvent.type(collateral, '0.6');
    await userEvent.click(submit);
    expect(collateral).toHaveAccessibleDescription(
      expect.stringContaining('Collateral (BTC) cannot be greater than ****'),
    );
  });
});

describe('borrowing with no collateral in Funding', () => {
  it('says Funding holds none of the collateral coin, and opens a deposit of it', async () => {
    // The fixture's Funding holds USDT only: the first collateral offered, BTC, is not there.
    await renderEarn(
      <>
        <PledgeScreen />
        <DialogHost />
      </>,
    );
    const { dialog } = await openBorrow();
    expect(within(dialog).getByText('The Funding account holds no BTC')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Transfer to the Funding account' }),
    ).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deposit BTC' }));
    expect(await screen.findByRole('dialog', { name: 'Deposit BTC' })).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('says nothing when Funding holds the collateral coin', async () => {
    const api = fakeScreenApi({ assetOverview: vi.fn(async () => withBtc()) });
    await renderEarn(<PledgeScreen />, { api });
    const { dialog } = await openBorrow();
    expect(dialog).toHaveTextContent('Available in Funding: 0.50000000 BTC');
    expect(dialog).not.toHaveTextContent('holds no');
    expect(within(dialog).queryByRole('button', { name: 'Deposit BTC' })).toBeNull();
  });
});
