import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AssetOverview, TransferResult } from '@src/api/types';
import { earnOverview } from '../../../support/sample-answers';
import { apiError } from '../test-utils';
import TransferV2Dialog from '@src/ui/dialogs/TransferV2Dialog';
import { deferred, renderBody, renderMoney } from './harness';
import ar from '../../../../locales/ar-SA/user-assets.json';
import de from '../../../../locales/de-DE/user-assets.json';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Transfer v2 (FUND → UNIFIED; the fake overview: FUND 2500 USDT, UNIFIED 4000 USDT available). */
async function openV2(
  money: Parameters<typeof renderMoney>[0] = {},
  title = 'Transfer (unified account)',
) {
  const h = await renderMoney(money);
  const dialog = await h.open({ name: 'transferV2', props: { coin: 'USDT' } }, title);
  const names =
    money.lng === 'ar-SA'
      ? ar.dialogs.transfer
      : money.lng === 'de-DE'
        ? de.dialogs.transfer
        : { amount: 'Amount', confirm: 'Transfer' };
  const amount = await within(dialog).findByRole('textbox', { name: new RegExp(names.amount) });
  // both balances shown once the overview answered (German groups with a point)
  await within(dialog).findByText(money.lng === 'de-DE' ? /^2\.500(,0+)?$/ : /^2,500(\.0+)?$/);
  const submit = within(dialog).getByRole('button', { name: names.confirm });
  return { ...h, dialog, amount, submit };
}

describe('transfer dialog', () => {
  it('labels its fields, shows both accounts with their available balances, and traps focus', async () => {
    const { dialog } = await openV2();
    expect(within(dialog).getByRole('combobox', { name: 'From' })).toHaveValue('Funding account');
    expect(within(dialog).getByRole('combobox', { name: 'To' })).toHaveValue(
      'Unified trading account',
    );
    expect(within(dialog).getByText(/^2,500(\.0+)?$/)).toBeInTheDocument();
    expect(within(dialog).getByText(/^4,000(\.0+)?$/)).toBeInTheDocument();
    for (let i = 0; i < 8; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('validates with the default form messages and the coin precision, sending nothing', async () => {
    const { dialog, amount, submit, money } = await openV2();
    const check = async (typed: string, message: string) => {
      await userEvent.clear(amount);
      if (typed) await userEvent.type(amount, typed);
      await userEvent.click(submit);
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    };
    await check('', 'Please enter Amount');
    await check('abc', 'Amount is not a valid number');
    await check('1e3', 'Amount is not a valid number');
    // what the server refuses with a vague "Enter a valid amount." is refused here, saying why
    await check(
      '.5',
      'Write Amount with a digit on each side of the decimal point, such as 0.5 or 5',
    );
    await check(
      '5.',
      'Write Amount with a digit on each side of the decimal point, such as 0.5 or 5',
    );
    await check('05', 'Write Amount without leading zeros, such as 5 or 0.5');
    await check('0', 'Amount must be greater than 0');
    await check('-5', 'Amount must be greater than 0');
    await check('1.1234567', 'Amount can have at most 6 decimal places');
    // the limit written as the "Available: 2,500.0000" beside it (USDT: 4 decimals)
    await check('2500.000001', 'Amount cannot be greater than 2,500.0000');
    expect(money.transfer).not.toHaveBeenCalled();
  });

  it('Max fills the available balance; swap exchanges the accounts', async () => {
    const { dialog, amount } = await openV2();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(amount).toHaveValue('2500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Swap the accounts' }));
    expect(within(dialog).getByRole('combobox', { name: 'From' })).toHaveValue(
      'Unified trading account',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(amount).toHaveValue('4000');
  });

  it('submits POST transfer with a fresh uuid requestId, toasts, and closes', async () => {
    const { amount, submit, money } = await openV2();
    await userEvent.type(amount, '12.5');
    await userEvent.click(submit);
    await waitFor(() => expect(money.transfer).toHaveBeenCalledTimes(1));
    const body = money.transfer.mock.calls[0]![0];
    expect(body).toMatchObject({
      coin: 'USDT',
      amount: '12.5',
      fromAccountType: 'FUND',
      toAccountType: 'UNIFIED',
    });
    expect(body.requestId).toMatch(UUID);
    expect(
      await screen.findByText(
        'Transferred 12.5 USDT from Funding account to Unified trading account',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the requestId when retrying after a timeout, and takes a new one once answered', async () => {
    const { dialog, amount, submit, money } = await openV2({
      money: {},
    });
    money.transfer
      .mockRejectedValueOnce(apiError(9000001, 'Request timeout, please re-try!'))
      .mockRejectedValueOnce(apiError(131001))
      .mockResolvedValueOnce({ transferId: 'T-9', status: 'SUCCESS' });
    await userEvent.type(amount, '10');
    await userEvent.click(submit);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Request timeout, please re-try!');
    expect(alert).toHaveTextContent('the money does not move a second time');
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Insufficient available balance.')).toBeInTheDocument();
    await userEvent.click(submit);
    await waitFor(() => expect(money.transfer).toHaveBeenCalledTimes(3));
    const [first, second, third] = money.transfer.mock.calls.map((c) => c[0].requestId);
    expect(second).toBe(first); // the retry of an unknown outcome
    expect(third).not.toBe(first); // the server refused: a new submission
  });

  it('sends once on a double submit; while in flight the button keeps focus, marked disabled', async () => {
    const pending = deferred<TransferResult>();
    const { amount, submit, money } = await openV2();
    money.transfer.mockReturnValueOnce(pending.promise);
    await userEvent.type(amount, '1');
    // Enter in the amount: the field is disabled in flight, and focus waits on Transfer
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(submit).toHaveAttribute('aria-disabled', 'true'));
    expect(submit).toHaveFocus();
    await userEvent.click(submit);
    submit.closest('form')!.requestSubmit();
    await userEvent.keyboard('{Enter}');
    expect(money.transfer).toHaveBeenCalledTimes(1);
    pending.resolve({ transferId: 'T-1', status: 'SUCCESS' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(money.transfer).toHaveBeenCalledTimes(1);
  });

  it('never sends again once it went through: a slow double-click during the exit transition sends nothing', async () => {
    // The body as it stays on screen while the modal fades out after the success (review H1).
    const { money, close } = await renderBody((c) => (
      <TransferV2Dialog props={{ coin: 'USDT' }} {...c} />
    ));
    const amount = await screen.findByRole('textbox', { name: /^Amount/ });
    await screen.findByText(/^2,500(\.0+)?$/);
    await userEvent.type(amount, '1');
    const submit = screen.getByRole('button', { name: 'Transfer' });
    await userEvent.click(submit);
    await waitFor(() => expect(close).toHaveBeenCalledTimes(1));
    // the second click of the double-click, after the answer
    submit.closest('form')!.requestSubmit();
    await userEvent.keyboard('{Enter}');
    expect(money.transfer).toHaveBeenCalledTimes(1);
    expect(amount).toBeDisabled();
  });

  it('cannot be dismissed while in flight, with its fields and Cancel disabled, and shows the answer', async () => {
    const pending = deferred<TransferResult>();
    const { dialog, amount, submit, money } = await openV2();
    money.transfer.mockReturnValueOnce(pending.promise);
    await userEvent.type(amount, '5');
    await userEvent.click(submit);
    await waitFor(() => expect(amount).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: 'From' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Swap the accounts' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Max' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Transfer (unified account)' })).toBe(dialog);
    act(() => pending.reject(apiError(131001)));
    expect(await within(dialog).findByText('Insufficient available balance.')).toBeInTheDocument();
    // answered: the user may change the amount, cancel or close again
    expect(amount).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when the balances cannot be loaded, instead of "Available: …" for ever, and retries', async () => {
    const overview = earnOverview();
    const assetOverview = vi
      .fn<() => Promise<AssetOverview>>()
      .mockRejectedValueOnce(apiError(9000003))
      .mockResolvedValue(overview);
    const h = await renderMoney({ screen: { assetOverview } });
    const dialog = await h.open(
      { name: 'transferV2', props: { coin: 'USDT' } },
      'Transfer (unified account)',
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your balances could not be loaded.');
    expect(within(dialog).queryByRole('button', { name: 'Transfer' })).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText(/^2,500(\.0+)?$/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('follows the balance while it is open: "Available", Max and the limit are the latest read', async () => {
    const fund = (available: string) => {
      const overview = earnOverview();
      return {
        ...overview,
        accounts: overview.accounts.map((a) =>
          a.accountType === 'FUND'
            ? { ...a, coins: [{ coin: 'USDT', amount: available, available, usdValue: '0' }] }
            : a,
        ),
      };
    };
    const assetOverview = vi
      .fn<() => Promise<AssetOverview>>()
      .mockResolvedValueOnce(fund('2500'))
      .mockResolvedValue(fund('1800'));
    const { dialog, amount, submit, money } = await openV2({ screen: { assetOverview } });
    // money left the funding account elsewhere (another tab, a withdrawal): read again when the
    // window gets focus back (and every few seconds while the form is open)
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await within(dialog).findByText(/^1,800(\.0+)?$/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/^2,500(\.0+)?$/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(amount).toHaveValue('1800');
    await userEvent.clear(amount);
    await userEvent.type(amount, '2000');
    await userEvent.click(submit);
    expect(
      await within(dialog).findByText('Amount cannot be greater than 1,800.0000'),
    ).toBeInTheDocument();
    expect(money.transfer).not.toHaveBeenCalled();
  });

  it('does not read the balances again while a transfer is on its way', async () => {
    const pending = deferred<TransferResult>();
    const assetOverview = vi.fn(async () => earnOverview());
    const { amount, submit, money } = await openV2({
      money: { transfer: vi.fn(() => pending.promise) },
      screen: { assetOverview },
    });
    await userEvent.type(amount, '10');
    await userEvent.click(submit);
    await waitFor(() => expect(money.transfer).toHaveBeenCalledTimes(1));
    const reads = assetOverview.mock.calls.length;
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(assetOverview).toHaveBeenCalledTimes(reads);
    await act(async () => pending.resolve({ transferId: 'T-1', status: 'SUCCESS' }));
  });

  it.each([
    [131001, 'Amount', 'Insufficient available balance.'],
    [131005, 'Amount', 'Enter a valid amount.'],
    [131002, 'To', 'Choose two different accounts.'],
    [131004, 'From', 'This account cannot be used for this action.'],
    [131003, 'Coin', 'This coin is not supported here.'],
    [10016, null, 'Server error, please try again later.'],
    [10001, null, 'Invalid request parameter.'],
  ] as const)('shows error %i next to %s', async (code, field, text) => {
    const { dialog, amount, submit, money } = await openV2();
    money.transfer.mockRejectedValueOnce(apiError(code));
    await userEvent.type(amount, '1');
    await userEvent.click(submit);
    const shown = await within(dialog).findByText(text);
    if (field) {
      const input = within(dialog).getByRole(field === 'Amount' ? 'textbox' : 'combobox', {
        name: new RegExp(`^${field}`),
      });
      expect(input).toHaveAccessibleDescription(expect.stringContaining(text));
    } else {
      expect(shown.closest('[role="alert"]')).not.toBeNull();
    }
  });

  it('takes Arabic-Indic digits in Arabic, and sends ASCII digits', async () => {
    const { dialog, amount, submit, money } = await openV2(
      { lng: 'ar-SA' },
      ar.money.transfer.titleV2,
    );
    await userEvent.type(amount, '١٠٫٥');
    expect(amount).toHaveValue('10.5'); // written as every amount on screen is
    await userEvent.click(submit);
    await waitFor(() => expect(money.transfer).toHaveBeenCalledTimes(1));
    expect(money.transfer.mock.calls[0]![0]).toMatchObject({ amount: '10.5' });
    expect(within(dialog).queryByText(/ليس/)).toBeNull();
  });

  it('takes a decimal comma in German, sends a point, and toasts the amount as German figures are written', async () => {
    const { dialog, amount, submit, money } = await openV2(
      { lng: 'de-DE' },
      de.money.transfer.titleV2,
    );
    await userEvent.type(amount, '1234,123456');
    expect(amount).toHaveValue('1234.123456'); // the amount the server takes, shown as it is sent
    await userEvent.click(submit);
    await waitFor(() => expect(money.transfer).toHaveBeenCalledTimes(1));
    expect(money.transfer.mock.calls[0]![0]).toMatchObject({ amount: '1234.123456' });
    expect(within(dialog).queryByText(/keine gültige/)).toBeNull();
    // The toast writes it as German figures are written, with every decimal typed.
    expect(await screen.findByText(/ übertragen$/)).toHaveTextContent(/^1\.234,123456 USDT von /);
  });

  it('refuses thousands separators, saying how to write the amount, and sends nothing', async () => {
    const { amount, submit, money } = await openV2();
    await userEvent.type(amount, '1,000');
    expect(amount).toHaveValue('1,000'); // a comma is no decimal point in English: left as typed
    await userEvent.click(submit);
    expect(amount).toHaveAccessibleDescription(
      expect.stringContaining('Write Amount without thousands separators, such as 1234.5'),
    );
    expect(money.transfer).not.toHaveBeenCalled();
  });

  it('takes Persian digits too', async () => {
    const { amount, submit, money } = await openV2({ lng: 'ar-SA' }, ar.money.transfer.titleV2);
    await userEvent.type(amount, '۱۰');
    await userEvent.click(submit);
    await waitFor(() => expect(money.transfer).toHaveBeenCalledTimes(1));
    expect(money.transfer.mock.calls[0]![0]).toMatchObject({ amount: '10' });
  });

  it('classic transfer: leaves out derivatives and spot for an upgraded user', async () => {
    const h = await renderMoney();
    const dialog = await h.open({ name: 'transfer', props: {} }, 'Transfer');
    const from = await within(dialog).findByRole('combobox', { name: 'From' });
    await within(dialog).findByText(/^2,500(\.0+)?$/);
    await userEvent.click(from);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Unified trading account',
      'Funding account',
    ]);
  });

  /** A user before the unified upgrade whose derivatives account holds `derivatives` USDT. */
  function classicOverview(derivatives: string): AssetOverview {
    const base = earnOverview();
    const usdt = (available: string) => ({
      coin: 'USDT',
      amount: available,
      available,
      usdValue: `${available}.00`,
    });
    return {
      ...base,
      unified: { ...base.unified, upgraded: false },
      accounts: base.accounts.map((a) =>
        a.accountType === 'DERIVATIVES'
          ? { ...a, coins: derivatives === '0' ? [] : [usdt(derivatives)] }
          : a.accountType === 'SPOT'
            ? { ...a, coins: [usdt('20')] }
            : a.accountType === 'UNIFIED' || a.accountType === 'FUND'
              ? { ...a, coins: [] }
              : a,
      ),
    };
  }

  async function openClassic(derivatives: string) {
    const h = await renderMoney({
      screen: { assetOverview: vi.fn(async () => classicOverview(derivatives)) },
    });
    const dialog = await h.open({ name: 'transfer', props: {} }, 'Transfer');
    // the overview has answered: Spot's 20 USDT is shown
    await within(dialog).findByText(/^20(\.0+)?$/);
    return { ...h, dialog };
  }

  it('opens on an account that holds the coin when derivatives holds none (a newcomer)', async () => {
    const { dialog, money } = await openClassic('0');
    expect(within(dialog).getByRole('combobox', { name: 'From' })).toHaveValue('Spot account');
    expect(within(dialog).getByRole('combobox', { name: 'To' })).toHaveValue('Derivatives account');
    // the first attempt goes through instead of "The Derivatives account holds no USDT"
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(money.transfer).toHaveBeenCalledTimes(1));
    expect(money.transfer.mock.calls[0]![0]).toMatchObject({
      fromAccountType: 'SPOT',
      toAccountType: 'DERIVATIVES',
      amount: '5',
    });
  });

  it('keeps derivatives as From when it holds the coin', async () => {
    const { dialog } = await openClassic('3');
    expect(within(dialog).getByRole('combobox', { name: 'From' })).toHaveValue(
      'Derivatives account',
    );
    expect(within(dialog).getByRole('combobox', { name: 'To' })).toHaveValue('Spot account');
  });

  it('keeps the account the user picks, even one that holds none', async () => {
    const { dialog } = await openClassic('0');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'From' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Funding account' }));
    expect(within(dialog).getByRole('combobox', { name: 'From' })).toHaveValue('Funding account');
    expect(within(dialog).getByRole('combobox', { name: 'To' })).toHaveValue('Derivatives account');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(
      await within(dialog).findByText('The Funding account holds no USDT'),
    ).toBeInTheDocument();
  });
});
