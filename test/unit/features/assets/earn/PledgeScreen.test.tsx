/**
 * The pledge loans screen: owed, collateral, LTV with its level in words, liquidation LTV and
 * hourly rate; Repay in part (the collateral stays) or in full (it returns), with the form's
 * validation and the translated refusal; what is owed read again when the form opens and on
 * Max, and the toast decided from the loan read again after the repayment.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import PledgeScreen from '@src/features/assets/pledge/PledgeScreen';
import { DialogHost } from '@src/ui/dialogs/DialogHost';
import type { AssetOverview } from '@src/api/types';
import { assetsRefreshRequestAtom } from '@src/state/assets';
import { toastStore } from '@src/ui/notifications';
import { earnOverview } from '../../../../support/sample-answers';
import { apiError } from '../../../ui/test-utils';
import { fakeScreenApi } from '../../harness';
import { renderEarn } from './render';
import { transferToFundingFrom } from '../../../ui/money/harness';
import de from '../../../../../locales/de-DE/user-assets.json';

/** The fixture overview with `usdt` available in Funding (and the loan owing `owed`). */
function withFunding(usdt: string, owed?: string) {
  const o = earnOverview();
  return {
    ...o,
    pledge: {
      ...o.pledge,
      loans: o.pledge.loans.map((l) => (owed === undefined ? l : { ...l, borrowed: owed })),
    },
    accounts: o.accounts.map((a) =>
      a.accountType === 'FUND'
        ? { ...a, coins: [{ coin: 'USDT', amount: usdt, available: usdt, usdValue: `${usdt}.00` }] }
        : a,
    ),
  };
}

/** The same overview without its loans. */
const noLoans = (o: AssetOverview): AssetOverview => ({ ...o, pledge: { ...o.pledge, loans: [] } });

const toastText = () => JSON.stringify(Object.values(toastStore.getState().notifications ?? []));

/** The overview answers `before` until the loan is repaid, then `after`. */
function repaidTo(before: AssetOverview, after: AssetOverview) {
  let repaid = false;
  return fakeScreenApi({
    assetOverview: vi.fn(async () => (repaid ? after : before)),
    pledgeRepay: vi.fn(async () => {
      repaid = true;
      return { status: 'SUCCESS' as const };
    }),
  });
}

async function openRepay() {
  const table = await screen.findByRole('table', { name: 'Pledge loans' });
  await userEvent.click(within(table).getByRole('button', { name: 'Repay the USDT loan L-1' }));
  return screen.findByRole('dialog', { name: 'Repay USDT loan' });
}

describe('PledgeScreen', () => {
  it('shows each loan with owed, collateral, LTV and its level in words, liquidation LTV, hourly rate', async () => {
    await renderEarn(<PledgeScreen />);
    const table = await screen.findByRole('table', { name: 'Pledge loans' });
    const row = within(table).getByRole('rowheader', { name: 'USDT' }).closest('tr')!;
    // All the decimals USDT moves in (coin-info), once coin-info has answered.
    await waitFor(() => expect(row).toHaveTextContent('6,400.000000'));
    expect(row).toHaveTextContent('0.20000000 BTC');
    expect(row).toHaveTextContent('50.00%');
    expect(within(row).getByText('Safe')).toBeTruthy();
    expect(row).toHaveTextContent('90.00%');
    expect(row).toHaveTextContent('0.00061%');
  });

  it('says margin call and liquidation near in words as the LTV climbs', async () => {
    const o = earnOverview();
    const loan = o.pledge.loans[0]!;
    const api = fakeScreenApi({
      assetOverview: vi.fn(async () => ({
        ...o,
        pledge: {
          ...o.pledge,
          loans: [
            { ...loan, loanId: 'L-2', ltv: '0.82' },
            { ...loan, loanId: 'L-3', ltv: '0.86' },
          ],
        },
      })),
    });
    await renderEarn(<PledgeScreen />, { api });
    const table = await screen.findByRole('table', { name: 'Pledge loans' });
    const [, second, third] = within(table).getAllByRole('row');
    expect(within(second!).getByText('Margin call')).toBeTruthy();
    expect(within(third!).getByText('Liquidation near')).toBeTruthy();
  });

  it('repays part of a loan: at most what Funding has, the collateral stays', async () => {
    const api = fakeScreenApi();
    await renderEarn(<PledgeScreen />, { api });
    const dialog = await openRepay();
    expect(dialog).toHaveTextContent('Available in Funding: 2,500.0000 USDT');
    expect(dialog).toHaveTextContent('Owed: 6,400.000000 USDT');
    const input = within(dialog).getByRole('textbox', { name: /Amount \(USDT\)/ });
    // Max is what Funding holds when that is less than what is owed.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(input).toHaveValue('2500');
    await userEvent.clear(input);
    await userEvent.type(input, '2600');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Repay' }));
    expect(dialog).toHaveTextContent('Amount (USDT) cannot be greater than 2,500.0000');
    await userEvent.clear(input);
    await userEvent.type(input, '100');
    expect(dialog).toHaveTextContent(
      'A partial repayment lowers the LTV; the collateral stays pledged.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Repay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.pledgeRepay).toHaveBeenCalledWith(
      expect.objectContaining({ loanId: 'L-1', amount: '100' }),
    );
  });

  it('repays a loan in full: Max is what is owed, and the collateral is said to return', async () => {
    const api = repaidTo(withFunding('10000'), noLoans(withFunding('3600')));
    await renderEarn(<PledgeScreen />, { api });
    const dialog = await openRepay();
    const input = within(dialog).getByRole('textbox', { name: /Amount \(USDT\)/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(input).toHaveValue('6400');
    expect(dialog).toHaveTextContent(
      'This repays the loan in full: the collateral (BTC) returns to your Funding account.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Repay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.pledgeRepay).toHaveBeenCalledWith(
      expect.objectContaining({ loanId: 'L-1', amount: '6400' }),
    );
    // The loan, read again, is gone.
    await waitFor(() =>
      expect(toastText()).toContain(
        'Loan repaid in full. The collateral (BTC) is back in your Funding account.',
      ),
    );
  });

  it('reads what is owed again when the form opens and when Max is pressed', async () => {
    // Interest is added every hour: the page's copy of the debt may be up to 5 s old.
    const owed = ['6400', '6400.000123', '6400.000456'];
    let reads = 0;
    const api = fakeScreenApi({
      assetOverview: vi.fn(async () => withFunding('10000', owed[Math.min(reads++, 2)])),
    });
    const { store } = await renderEarn(<PledgeScreen />, { api });
    const table = await screen.findByRole('table', { name: 'Pledge loans' });
    await waitFor(() => expect(table).toHaveTextContent('6,400.000000'));
    const refreshes = store.get(assetsRefreshRequestAtom);
    const dialog = await openRepay();
    expect(store.get(assetsRefreshRequestAtom)).toBe(refreshes + 1);
    await waitFor(() => expect(dialog).toHaveTextContent('Owed: 6,400.000123 USDT'));
    const input = within(dialog).getByRole('textbox', { name: /Amount \(USDT\)/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(input).toHaveValue('6400.000123');
    expect(store.get(assetsRefreshRequestAtom)).toBe(refreshes + 2);
    // What was filled in is no longer all that is owed: the note says so.
    await waitFor(() => expect(dialog).toHaveTextContent('Owed: 6,400.000456 USDT'));
    expect(dialog).toHaveTextContent(
      'A partial repayment lowers the LTV; the collateral stays pledged.',
    );
  });

  it('does not say "in full" when the loan, read again, still owes something', async () => {
    // Max filled what the page knew; interest was added before the repayment ran.
    const api = repaidTo(withFunding('10000'), withFunding('3600', '0.000003'));
    await renderEarn(<PledgeScreen />, { api });
    const dialog = await openRepay();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(dialog).toHaveTextContent('This repays the loan in full');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Repay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(toastText()).toContain('Repaid 6,400 USDT. Still owed: 0.000003 USDT.'),
    );
    expect(toastText()).not.toContain('in full');
  });

  it('says only what was repaid when the loan cannot be read again', async () => {
    let repaid = false;
    const api = fakeScreenApi({
      assetOverview: vi.fn(async () => {
        if (repaid) throw apiError(10016);
        return withFunding('10000');
      }),
      pledgeRepay: vi.fn(async () => {
        repaid = true;
        return { status: 'SUCCESS' as const };
      }),
    });
    await renderEarn(<PledgeScreen />, { api });
    const dialog = await openRepay();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Repay' }));
    await waitFor(() => expect(toastText()).toContain('Repaid 6,400 USDT.'));
    expect(toastText()).not.toContain('in full');
  });

  it('shows a debt in full and repays exactly what is owed (USDT moves in 6 decimals)', async () => {
    // After a tiny partial repayment: 499.99999 owed. Rounded down to 4 decimals (a balance's
    // rule) it read 499.9999, and repaying that left part of the loan.
    const api = fakeScreenApi({
      assetOverview: vi.fn(async () => withFunding('10000', '499.99999')),
    });
    await renderEarn(<PledgeScreen />, { api });
    const table = await screen.findByRole('table', { name: 'Pledge loans' });
    const row = within(table).getByRole('rowheader', { name: 'USDT' }).closest('tr')!;
    expect(await within(row).findByText('499.999990')).toBeTruthy();
    const dialog = await openRepay();
    expect(dialog).toHaveTextContent('Owed: 499.999990 USDT');
    const input = within(dialog).getByRole('textbox', { name: /Amount \(USDT\)/ });
    await userEvent.type(input, '500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Repay' }));
    // The limit is written as "Owed" writes it.
    expect(dialog).toHaveTextContent('Amount (USDT) cannot be greater than 499.999990');
    await userEvent.clear(input);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(input).toHaveValue('499.99999');
    expect(dialog).toHaveTextContent('This repays the loan in full');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Repay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.pledgeRepay).toHaveBeenCalledWith(
      expect.objectContaining({ loanId: 'L-1', amount: '499.99999' }),
    );
  });

  it('toasts a partial repayment as German figures are written, every decimal typed', async () => {
    const api = fakeScreenApi();
    await renderEarn(<PledgeScreen />, { api, lng: 'de-DE' });
    const g = de.earn.pledge;
    const table = await screen.findByRole('table', { name: g.loansTable });
    await userEvent.click(
      within(table).getByRole('button', {
        name: g.repayLoan.replace('{{coin}}', 'USDT').replace('{{id}}', 'L-1'),
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: g.repayTitle.replace('{{coin}}', 'USDT'),
    });
    const input = await within(dialog).findByRole('textbox', { name: /USDT/ });
    await userEvent.type(input, '1234,000001');
    await userEvent.click(within(dialog).getByRole('button', { name: g.repay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.pledgeRepay).toHaveBeenCalledWith(
      expect.objectContaining({ amount: '1234.000001' }),
    );
    // It read "1234.000001 USDT zurückgezahlt.".
    expect(await screen.findByText(/zurückgezahlt\./)).toHaveTextContent(
      '1.234,000001 USDT zurückgezahlt. Noch geschuldet: 6.400,000000 USDT.',
    );
  });

  it('gives focus back to the Repay button when the form closes', async () => {
    await renderEarn(<PledgeScreen />);
    const table = await screen.findByRole('table', { name: 'Pledge loans' });
    const repay = within(table).getByRole('button', { name: 'Repay the USDT loan L-1' });
    await userEvent.click(repay);
    let dialog = await screen.findByRole('dialog', { name: 'Repay USDT loan' });
    await within(dialog).findByRole('textbox', { name: /Amount \(USDT\)/ });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(repay).toHaveFocus());

    // And after a repayment went through.
    await userEvent.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog', { name: 'Repay USDT loan' });
    await userEvent.type(
      await within(dialog).findByRole('textbox', { name: /Amount \(USDT\)/ }),
      '100{Enter}',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(repay).toHaveFocus());
  });

  it('gives focus to the section heading when the loan repaid in full leaves (its Repay button with it)', async () => {
    let repaid = false;
    const api = fakeScreenApi({
      assetOverview: vi.fn(async () =>
        repaid ? noLoans(withFunding('3600')) : withFunding('10000'),
      ),
      pledgeRepay: vi.fn(async () => {
        repaid = true;
        return { status: 'SUCCESS' as const };
      }),
    });
    await renderEarn(<PledgeScreen />, { api });
    const dialog = await openRepay();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Repay' }));
    expect(await screen.findByText('You have no pledge loans.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Loans' })).toHaveFocus());
  });

  it('shows the translated refusal and keeps the form open', async () => {
    const api = fakeScreenApi({ pledgeRepay: vi.fn().mockRejectedValue(apiError(131016)) });
    await renderEarn(<PledgeScreen />, { api });
    const dialog = await openRepay();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Amount \(USDT\)/ }), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Repay' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The amount is outside the allowed range.',
    );
  });

  it('says so when there are no loans', async () => {
    const api = fakeScreenApi({
      assetOverview: vi.fn(async () => noLoans(earnOverview())),
    });
    await renderEarn(<PledgeScreen />, { api });
    expect(await screen.findByText('You have no pledge loans.')).toBeTruthy();
  });
});

describe('PledgeScreen: repaying with nothing in Funding', () => {
  it('says Funding holds none of the loan coin, and opens a transfer of it to Funding', async () => {
    const api = fakeScreenApi({ assetOverview: vi.fn(async () => withFunding('0')) });
    await renderEarn(
      <>
        <PledgeScreen />
        <DialogHost />
      </>,
      { api },
    );
    const dialog = await openRepay();
    expect(
      await within(dialog).findByText('The Funding account holds no USDT'),
    ).toBeInTheDocument();
    await transferToFundingFrom(dialog, 'USDT');
  });
});
