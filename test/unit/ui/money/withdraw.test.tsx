import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import amountClasses from '@src/ui/amount/amount.module.css';
import { Button } from '@mantine/core';
import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import type { AssetOverview, WithdrawMessage, WithdrawResult } from '@src/api/types';
import { applyLanguage } from '@src/i18n/language';
import { getCookie } from '@src/lib/cookie';
import { createStore as createKeyValueStore } from '@src/lib/storage';
import { preferencesAtom, registerPermissionAtom } from '@src/state/client';
import { ready } from '@src/state/loadable';
import { useDialogs } from '@src/ui/dialogs/dialog-state';
import { withdrawalsFollowedAtom } from '@src/ui/dialogs/money/events';
import { earnOverview } from '../../../support/sample-answers';
import { apiError, TEST_HOST } from '../test-utils';
import { fakeMoneyApi, withdrawRecord } from '../money-fakes';
import type { MoneyApi } from '@src/facade/money-api';
import { deferred, renderMoney, transferToFundingFrom } from './harness';
import de from '../../../../locales/de-DE/user-assets.json';

/** USDT on TRC20 (min 10, fee 1); the fake overview's funding account has 2500 USDT. */
async function openWithdraw(coin = 'USDT', money: Partial<MoneyApi> = {}) {
  const h = await renderMoney({ money });
  const dialog = await h.open({ name: 'withdraw', props: { coin } }, `Withdraw ${coin}`);
  const address = await within(dialog).findByRole('textbox', { name: /^Address/ });
  if (coin === 'USDT') await within(dialog).findByText(/^2,500(\.0+)?$/);
  else await waitFor(() => expect(h.api.assetOverview).toHaveBeenCalled());
  return { ...h, dialog, address };
}

async function fillDetails(dialog: HTMLElement, address: HTMLElement, amount = '100') {
  // addresses are pasted, as people do (typing 34 characters one event at a time costs ~0.5 s)
  await userEvent.click(address);
  await userEvent.paste('TXYZabcdefghijkmnopqrstuvwxyz12345');
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), amount);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
  return within(dialog).findByRole('textbox', { name: /Google Authenticator code/ });
}

async function verifyAndSubmit(dialog: HTMLElement, google = '123456', email = '246810') {
  await userEvent.type(
    within(dialog).getByRole('textbox', { name: /Google Authenticator code/ }),
    google,
  );
  await userEvent.type(
    within(dialog).getByRole('textbox', { name: /Email verification code/ }),
    email,
  );
  await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
}

/** registerPermission as the simulator answers a verified user (server/accounts/profiles.ts). */
const PERMITTED = {
  canDeposit: true,
  canWithdraw: true,
  canTrade: true,
  canTransfer: true,
  restrictedRegion: false,
};

describe('withdraw dialog', () => {
  it('says an unverified account may not withdraw, instead of a form it would refuse', async () => {
    const store = createStore();
    store.set(registerPermissionAtom, ready({ ...PERMITTED, canWithdraw: false }));
    const h = await renderMoney({ store });
    const dialog = await h.open({ name: 'withdraw', props: { coin: 'USDT' } }, 'Withdraw USDT');
    const alert = await within(dialog).findByRole('note', {
      name: 'Verify your identity to withdraw',
    });
    expect(alert).toHaveTextContent(
      'Withdrawals need a verified identity. You can still deposit and move money between your own accounts.',
    );
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(h.money.coinInfo).not.toHaveBeenCalled();
    // the action under the notice (the header's close button has the same name)
    const close = within(dialog).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement;
    expect(close).toHaveTextContent('Close');
    await userEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the form once the permission says the account may withdraw', async () => {
    const store = createStore();
    store.set(registerPermissionAtom, ready(PERMITTED));
    const h = await renderMoney({ store });
    const dialog = await h.open({ name: 'withdraw', props: { coin: 'USDT' } }, 'Withdraw USDT');
    expect(await within(dialog).findByRole('textbox', { name: /^Address/ })).toBeInTheDocument();
    expect(within(dialog).queryByText('Verify your identity to withdraw')).toBeNull();
  });

  it('checks the details with the default form messages before the verification step', async () => {
    const { dialog, address, money } = await openWithdraw();
    const amount = within(dialog).getByRole('textbox', { name: /^Amount/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Please enter Address')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter Amount')).toBeInTheDocument();
    await userEvent.type(address, 'Tsomething');
    await userEvent.type(amount, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(
      await within(dialog).findByText('Amount cannot be less than 10.0000'),
    ).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '2500'); // + fee 1 is over the 2500 available
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(
      await within(dialog).findByText('Amount cannot be greater than 2,499.0000'),
    ).toBeInTheDocument();
    expect(money.withdraw).not.toHaveBeenCalled();
  });

  it('shows fee, minimum, available, daily limit, the notices and the exchange behind the address', async () => {
    const { dialog, address, money } = await openWithdraw('USDT', {
      withdrawMessage: async () => ({
        messages: [{ coin: 'USDT', chain: 'TRX', text: 'TRC20 withdrawals take about 2 minutes.' }],
      }),
    });
    money.chainAddressIsExchange.mockResolvedValue({ isExchange: true, exchangeName: 'Binance' });
    expect(
      await within(dialog).findByText('TRC20 withdrawals take about 2 minutes.'),
    ).toBeInTheDocument();
    // The network's terms at the coin's decimals, as every USDT figure
    expect(within(dialog).getByText(/Network fee/)).toHaveTextContent('Network fee: 1.0000 USDT');
    expect(within(dialog).getByText(/Minimum withdrawal/)).toHaveTextContent('10.0000 USDT');
    expect(within(dialog).getByText(/Daily limit left/)).toHaveTextContent(/999,000/);
    await userEvent.type(address, 'TXYZabc');
    await userEvent.tab();
    expect(await within(dialog).findByText('This address belongs to Binance.')).toBeInTheDocument();
    expect(money.chainAddressIsExchange).toHaveBeenCalledWith({
      coin: 'USDT',
      chain: 'TRX',
      address: 'TXYZabc',
    });
  });

  it('stops at the details when the address is not one of the network, before any code is asked for', async () => {
    const { dialog, address, money } = await openWithdraw();
    money.chainAddressIsExchange.mockRejectedValue(apiError(131007));
    await userEvent.type(address, 'not-an-address');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '100');
    // Next straight from the field: the check runs then, and its answer stops the step.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(address).toHaveAccessibleDescription(
        'This address is not valid for the selected network.',
      ),
    );
    expect(within(dialog).queryByText(/does not belong to a known exchange/)).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: /Google Authenticator code/ })).toBeNull();
    // A new address clears the message; a good one goes on.
    money.chainAddressIsExchange.mockResolvedValue({ isExchange: false, exchangeName: '' });
    await userEvent.clear(address);
    expect(address).not.toHaveAccessibleDescription(/not valid/);
    await userEvent.paste('TXYZabcdefghijkmnopqrstuvwxyz12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(
      await within(dialog).findByRole('textbox', { name: /Google Authenticator code/ }),
    ).toBeInTheDocument();
  });

  it('says when the funding balance cannot be loaded, and retries', async () => {
    const assetOverview = vi
      .fn<() => Promise<AssetOverview>>()
      .mockRejectedValueOnce(apiError(9000003))
      .mockResolvedValue(earnOverview());
    const h = await renderMoney({ screen: { assetOverview } });
    const dialog = await h.open({ name: 'withdraw', props: { coin: 'USDT' } }, 'Withdraw USDT');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your balances could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText(/^2,500(\.0+)?$/)).toBeInTheDocument();
  });

  it('says the fee and the total again on the verification step', async () => {
    const { dialog, address } = await openWithdraw();
    await fillDetails(dialog, address, '20');
    expect(within(dialog).getByText(/Network fee/)).toHaveTextContent('Network fee: 1.0000 USDT');
    expect(within(dialog).getByText(/Deducted in total/)).toHaveTextContent('21.0000 USDT');
  });

  it('says the exact total that leaves the account, on both steps: never rounded down', async () => {
    const { dialog, address } = await openWithdraw();
    // USDT moves in 6 decimals and shows 4: rounded down as a balance the total read 11.1234,
    // less than what is deducted.
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '10.123456');
    expect(within(dialog).getByText(/Deducted in total/)).toHaveTextContent(
      'Deducted in total: 11.123456 USDT',
    );
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /^Amount/ }));
    await fillDetails(dialog, address, '10.123456');
    expect(within(dialog).getByText(/Deducted in total/)).toHaveTextContent(
      'Deducted in total: 11.123456 USDT',
    );
  });

  it('writes a fee with more decimals than USDT shows in full, and the total with it', async () => {
    const catalogue = await fakeMoneyApi().coinInfo();
    const coinInfo = async () => ({
      ...catalogue,
      list: catalogue.list.map((c) =>
        c.coin === 'USDT'
          ? { ...c, chains: c.chains.map((ch) => ({ ...ch, withdrawFee: '0.000123' })) }
          : c,
      ),
    });
    const { dialog, address } = await openWithdraw('USDT', { coinInfo });
    expect(within(dialog).getByText(/Network fee/)).toHaveTextContent('Network fee: 0.000123 USDT');
    await fillDetails(dialog, address, '10');
    expect(within(dialog).getByText(/Network fee/)).toHaveTextContent('Network fee: 0.000123 USDT');
    expect(within(dialog).getByText(/Deducted in total/)).toHaveTextContent(
      'Deducted in total: 10.000123 USDT',
    );
  });

  it('writes the amount in the confirmation sentence as German figures are written, exactly', async () => {
    const h = await renderMoney({ lng: 'de-DE' });
    const dialog = await h.open(
      { name: 'withdraw', props: { coin: 'USDT' } },
      de.money.withdraw.titleCoin.replace('{{coin}}', 'USDT'),
    );
    await within(dialog).findByText(/^2\.500(,0+)?$/);
    await userEvent.click(
      within(dialog).getByRole('textbox', { name: new RegExp(`^${de.money.withdraw.address}`) }),
    );
    await userEvent.paste('TXYZabcdefghijkmnopqrstuvwxyz12345');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: new RegExp(`^${de.money.withdraw.amount}`) }),
      '12,123456',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: de.money.common.next }));
    await within(dialog).findByRole('textbox', { name: new RegExp(de.money.withdraw.google2fa) });
    // The typed "12.123456" (what is sent) was put in the sentence as it is; the dialog's other
    // figures have a decimal comma.
    expect(within(dialog).getByText(/auszahlen an/)).toHaveTextContent(
      '12,123456 USDT über TRC20 auszahlen an TXYZabcdefghijkmnopqrstuvwxyz12345',
    );
    expect(within(dialog).getByText(new RegExp(de.money.withdraw.total))).toHaveTextContent(
      `${de.money.withdraw.total}: 13,123456 USDT`,
    );
  });

  it('closes its steps once the withdrawal is sent: no way back to the filled form', async () => {
    const { dialog, address, money } = await openWithdraw();
    money.withdrawList.mockResolvedValue({
      list: [withdrawRecord({ id: 'W-1', status: 'success', txId: '0xabc' })],
      nextCursor: '',
    });
    await fillDetails(dialog, address);
    await verifyAndSubmit(dialog);
    expect(await within(dialog).findByText('Your withdrawal is complete.')).toBeInTheDocument();
    const details = within(dialog).getByRole('button', { name: /Details/ });
    await userEvent.click(details);
    expect(within(dialog).queryByRole('textbox', { name: /^Amount/ })).toBeNull();
    expect(within(dialog).getByText('Your withdrawal is complete.')).toBeInTheDocument();
    expect(money.withdraw).toHaveBeenCalledTimes(1);
  });

  it('says once that the funding account holds none of the coin, and the amount what to do, whatever is typed', async () => {
    const { dialog, address } = await openWithdraw('XRP');
    await userEvent.type(address, 'rSomething');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    const amount = within(dialog).getByRole('textbox', { name: /^Amount/ });
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(
        'Transfer XRP to the Funding account first, then withdraw it',
      ),
    );
    // The notice under the form said why before Next; the field does not say it again.
    expect(within(dialog).getAllByText('The Funding account holds no XRP')).toHaveLength(1);
  });

  it('says at the amount that the funding account holds none of the coin while assets are hidden', async () => {
    const store = createStore();
    store.set(preferencesAtom, { showAssets: 0, homeTradingPageUserGuide: 'hide' });
    const h = await renderMoney({ store });
    const dialog = await h.open({ name: 'withdraw', props: { coin: 'XRP' } }, 'Withdraw XRP');
    await userEvent.type(await within(dialog).findByRole('textbox', { name: /^Address/ }), 'rX');
    await waitFor(() => expect(h.api.assetOverview).toHaveBeenCalled());
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    // No notice (a figure of the holdings), so the field says it.
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Amount/ })).toHaveAccessibleDescription(
        'The Funding account holds no XRP',
      ),
    );
    expect(
      within(dialog).queryByRole('button', { name: 'Transfer to the Funding account' }),
    ).toBeNull();
  });

  it('offers a transfer to Funding in its place when Funding holds none of the coin', async () => {
    function Opener() {
      const { openDialog } = useDialogs();
      return <Button onClick={() => openDialog('withdraw', { coin: 'XRP' })}>Withdraw XRP</Button>;
    }
    await renderMoney({ children: <Opener /> });
    const opener = screen.getByRole('button', { name: 'Withdraw XRP' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw XRP' });
    // Said before anything is typed; no deposit offered in a withdrawal.
    expect(await within(dialog).findByText('The Funding account holds no XRP')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Deposit XRP' })).toBeNull();
    const transfer = await transferToFundingFrom(dialog, 'XRP');
    // Focus went into the dialog that took the other's place, and back to the opener after.
    await waitFor(() => expect(transfer.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('needs the tag on a network that has one', async () => {
    const { dialog, address } = await openWithdraw('XRP');
    await userEvent.type(address, 'rSomething');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Please enter Tag (memo)')).toBeInTheDocument();
  });

  it('sends the email code for the withdraw scene with a resend countdown', async () => {
    const { dialog, address, money } = await openWithdraw();
    await fillDetails(dialog, address);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(money.sendEmailCode).toHaveBeenCalledWith({ scene: 'withdraw' });
    const resend = await within(dialog).findByRole('button', { name: /Resend in \d+ s/ });
    expect(resend).toBeDisabled();
    expect(within(dialog).getByText(/A code was sent to your email/)).toBeInTheDocument();
  });

  it('shows the rate limit of the email code at its field', async () => {
    const h2 = await openWithdraw();
    h2.money.sendEmailCode.mockRejectedValueOnce(apiError(10006));
    await fillDetails(h2.dialog, h2.address);
    await userEvent.click(within(h2.dialog).getByRole('button', { name: 'Send code' }));
    const email = within(h2.dialog).getByRole('textbox', { name: /Email verification code/ });
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(
        expect.stringContaining('Too many requests, please try again later.'),
      ),
    );
  });

  it('completes a withdrawal with the demo codes: pending, then done with its transaction id', async () => {
    const { dialog, address, money, store } = await openWithdraw();
    money.withdrawList
      .mockResolvedValueOnce({ list: [withdrawRecord({ id: 'W-1' })], nextCursor: '' })
      .mockResolvedValue({
        list: [withdrawRecord({ id: 'W-1', status: 'success', txId: '0xabc' })],
        nextCursor: '',
      });
    await fillDetails(dialog, address);
    await verifyAndSubmit(dialog);
    await waitFor(() => expect(money.withdraw).toHaveBeenCalledTimes(1));
    expect(money.withdraw.mock.calls[0]![0]).toMatchObject({
      coin: 'USDT',
      chain: 'TRX',
      address: 'TXYZabcdefghijkmnopqrstuvwxyz12345',
      amount: '100',
      google2faCode: '123456',
      emailCode: '246810',
    });
    expect(money.withdraw.mock.calls[0]![0].requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      await within(dialog).findByText('Your withdrawal is being processed.'),
    ).toBeInTheDocument();
    // the money watch's card waits: this dialog will say how it ends
    expect(store.get(withdrawalsFollowedAtom).get('W-1')).toBe('following');
    // The dialog re-reads the record every 3 s: the default ceiling (test/setup/dom.ts) waits for
    // it, far above what a loaded machine takes (a 10 s one here was a wall-clock bet).
    expect(await within(dialog).findByText('Your withdrawal is complete.')).toBeInTheDocument();
    expect(within(dialog).getByText('0xabc')).toBeInTheDocument();
    expect(store.get(withdrawalsFollowedAtom).get('W-1')).toBe('told');
  });

  it('takes its withdrawal back from the followed ones when closed before it ended', async () => {
    const { dialog, address, money, store } = await openWithdraw();
    money.withdrawList.mockResolvedValue({ list: [withdrawRecord({ id: 'W-1' })], nextCursor: '' });
    await fillDetails(dialog, address);
    await verifyAndSubmit(dialog);
    await within(dialog).findByText('Your withdrawal is being processed.');
    expect(store.get(withdrawalsFollowedAtom).get('W-1')).toBe('following');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Withdraw USDT' })).toBeNull());
    await waitFor(() => expect(store.get(withdrawalsFollowedAtom).has('W-1')).toBe(false));
  });

  it('cannot be dismissed while the withdrawal is on its way, and confirms it with its id in a toast too', async () => {
    const { dialog, address, money } = await openWithdraw();
    const pending = deferred<WithdrawResult>();
    money.withdraw.mockReturnValueOnce(pending.promise);
    await fillDetails(dialog, address);
    await verifyAndSubmit(dialog);
    const google = within(dialog).getByRole('textbox', { name: /Google Authenticator code/ });
    await waitFor(() => expect(google).toBeDisabled());
    expect(within(dialog).getByRole('textbox', { name: /Email verification code/ })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Withdraw USDT' })).toBe(dialog);
    act(() => pending.resolve({ withdrawId: 'W-7', status: 'pending' }));
    expect(await screen.findByText('Withdrawal W-7 submitted: 100 USDT.')).toBeInTheDocument();
    expect(
      await within(dialog).findByText('Your withdrawal is being processed.'),
    ).toBeInTheDocument();
    expect(money.withdraw).toHaveBeenCalledTimes(1);
  });

  it.each([
    [131011, /Google Authenticator code/, 'Incorrect Google Authenticator code.'],
    [131012, /Email verification code/, 'Incorrect or expired verification code.'],
    [131007, /^Address/, 'This address is not valid for the selected network.'],
    [131010, /^Amount/, 'This exceeds your daily withdrawal limit.'],
    [131001, /^Amount/, 'Insufficient available balance.'],
  ] as const)('shows refusal %i at its field', async (code, field, text) => {
    const { dialog, address, money } = await openWithdraw();
    money.withdraw.mockRejectedValueOnce(apiError(code));
    await fillDetails(dialog, address);
    await verifyAndSubmit(dialog);
    const input = await within(dialog).findByRole('textbox', { name: field });
    await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining(text)));
    // focus goes to the field named, on whichever step it is (accessibility review M3)
    expect(input).toHaveFocus();
  });

  it('keeps the requestId across a retry after a timeout', async () => {
    const { dialog, address, money } = await openWithdraw();
    money.withdraw.mockRejectedValueOnce(apiError(9000001));
    await fillDetails(dialog, address);
    await verifyAndSubmit(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Request timeout, please re-try!',
    );
    // a refusal of no field: focus stays on Withdraw, which it never left
    expect(within(dialog).getByRole('button', { name: 'Withdraw' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(money.withdraw).toHaveBeenCalledTimes(2));
    expect(money.withdraw.mock.calls[1]![0].requestId).toBe(
      money.withdraw.mock.calls[0]![0].requestId,
    );
    expect(await screen.findByText('Your withdrawal is being processed.')).toBeInTheDocument();
  });

  // Accessibility review H3: at 375 px the address in the confirmation overflowed the dialog (its
  // start hidden in RTL); it now breaks anywhere, left to right and isolated.
  it('writes the address to confirm as one left-to-right run that may break anywhere', async () => {
    const { dialog, address } = await openWithdraw();
    await fillDetails(dialog, address);
    const shown = within(dialog).getByText('TXYZabcdefghijkmnopqrstuvwxyz12345');
    expect(shown).toHaveAttribute('dir', 'ltr');
    expect(amountClasses.anywhere).toEqual(expect.any(String));
    expect(shown).toHaveClass(amountClasses.anywhere as string);
  });

  // Accessibility review M3: the Stepper swaps its step, so the focused Next, Send code and
  // Withdraw buttons went (or were disabled) and focus fell to the page.
  it('keeps focus in the dialog through its steps from the keyboard, and says the code was sent', async () => {
    const { dialog, address, money } = await openWithdraw();
    money.withdrawList.mockResolvedValue({ list: [withdrawRecord({ id: 'W-1' })], nextCursor: '' });
    const pending = deferred<WithdrawResult>();
    money.withdraw.mockReturnValueOnce(pending.promise);
    await userEvent.click(address);
    await userEvent.paste('TXYZabcdefghijkmnopqrstuvwxyz12345');
    await userEvent.tab();
    await userEvent.keyboard('100');
    const next = within(dialog).getByRole('button', { name: 'Next' });
    act(() => next.focus());
    await userEvent.keyboard('{Enter}');
    // Next: the verification's heading, what is confirmed
    const heading = await within(dialog).findByRole('heading', {
      name: 'Withdraw 100 USDT on TRC20 to TXYZabcdefghijkmnopqrstuvwxyz12345',
    });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await userEvent.tab();
    const google = within(dialog).getByRole('textbox', { name: /Google Authenticator code/ });
    expect(google).toHaveFocus();
    await userEvent.keyboard('123456');
    await userEvent.tab();
    const email = within(dialog).getByRole('textbox', { name: /Email verification code/ });
    expect(email).toHaveFocus();
    // The status that says the code was sent is on the page before it is filled: announced.
    const status = within(dialog).getByRole('status');
    expect(status).toBeEmptyDOMElement();
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Send code' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(status).toHaveTextContent('A code was sent to your email. It is valid for 5 minutes.'),
    );
    // the button counts down, disabled: focus is on the field the code goes into
    expect(within(dialog).getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
    await waitFor(() => expect(email).toHaveFocus());
    await userEvent.keyboard('246810{Enter}');
    // In flight the fields are disabled; focus waits on Withdraw, which stays focusable.
    const withdraw = within(dialog).getByRole('button', { name: 'Withdraw' });
    await waitFor(() => expect(email).toBeDisabled());
    expect(withdraw).toHaveFocus();
    expect(withdraw).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Enter}');
    expect(money.withdraw).toHaveBeenCalledTimes(1);
    act(() => pending.resolve({ withdrawId: 'W-1', status: 'pending' }));
    // Sent: the status step's heading
    const done = await within(dialog).findByRole('heading', {
      name: 'Your withdrawal is being processed.',
    });
    await waitFor(() => expect(done).toHaveFocus());
  });

  it('puts focus on the first field of the details when the verification goes back', async () => {
    const { dialog, address } = await openWithdraw();
    await fillDetails(dialog, address);
    await waitFor(() =>
      expect(within(dialog).getByRole('heading', { name: /^Withdraw 100 USDT/ })).toHaveFocus(),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    const coin = await within(dialog).findByRole('combobox', { name: 'Coin' });
    await waitFor(() => expect(coin).toHaveFocus());
  });

  // Accessibility review L7: "Send code" sat in the field's right section, 120 px wide whatever the
  // language: "Erneut senden in 59 s" needs 124 and was cut at 375 px.
  it('puts "Send code" after the field, in a row that wraps, not in the field\u2019s fixed right section', async () => {
    const h = await renderMoney({ lng: 'de-DE' });
    const dialog = await h.open(
      { name: 'withdraw', props: { coin: 'USDT' } },
      de.money.withdraw.titleCoin.replace('{{coin}}', 'USDT'),
    );
    await within(dialog).findByText(/^2\.500(,0+)?$/);
    await userEvent.click(
      within(dialog).getByRole('textbox', { name: new RegExp(`^${de.money.withdraw.address}`) }),
    );
    await userEvent.paste('TXYZabcdefghijkmnopqrstuvwxyz12345');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: new RegExp(`^${de.money.withdraw.amount}`) }),
      '100',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: de.money.common.next }));
    const email = await within(dialog).findByRole('textbox', {
      name: new RegExp(de.money.withdraw.emailCode),
    });
    await userEvent.click(within(dialog).getByRole('button', { name: de.money.withdraw.sendCode }));
    const resend = await within(dialog).findByRole('button', { name: /^Erneut senden in \d+ s$/ });
    const box = email.parentElement!;
    expect(box).not.toContainElement(resend);
    expect(box).not.toHaveAttribute('data-with-right-section');
    const row = resend.parentElement!;
    expect(row).toContainElement(email);
    expect(row.getAttribute('style')).toContain('--group-wrap: wrap');
  });

  it('reads the notices again in the new language, and drops a late answer in the old one', async () => {
    const NOTICE: Record<string, string> = {
      en: 'TRC20 withdrawals take about 2 minutes.',
      'de-DE': 'TRC20-Auszahlungen dauern etwa 2 Minuten.',
    };
    // As the server: in the language of the cookie the request carries. The English answers to
    // the readings of the dialog's opening are held until after the switch.
    const englishGate = deferred<void>();
    let holdEnglish = true;
    const withdrawMessage = vi.fn(async (): Promise<WithdrawMessage> => {
      const lng = getCookie('_by_l_g_d') ?? 'en';
      if (lng === 'en' && holdEnglish) await englishGate.promise;
      return { messages: [{ coin: 'USDT', chain: 'TRX', text: NOTICE[lng]! }] };
    });
    document.cookie = '_by_l_g_d=; Max-Age=0; Path=/';
    const root = document.documentElement;
    const before = { lang: root.lang, dir: root.dir };
    const { dialog, i18n, store } = await openWithdraw('USDT', { withdrawMessage });
    /** The language menu's switch: the cookie first, then i18next and currentLangAtom. */
    const switchTo = (lng: string) =>
      act(() =>
        applyLanguage(lng, {
          i18n,
          store,
          host: TEST_HOST,
          storage: createKeyValueStore(() => null),
        }),
      );
    try {
      await waitFor(() =>
        expect(withdrawMessage).toHaveBeenLastCalledWith({ coin: 'USDT', chain: 'TRX' }),
      );
      const readings = withdrawMessage.mock.calls.length;
      await switchTo('de-DE');
      expect(await within(dialog).findByText(NOTICE['de-DE']!)).toBeInTheDocument();
      expect(withdrawMessage.mock.calls.length).toBeGreaterThan(readings);
      // The English answers to the readings before the switch come now: they are not shown.
      holdEnglish = false;
      await act(async () => englishGate.resolve());
      expect(within(dialog).queryByText(NOTICE.en!)).toBeNull();
      expect(within(dialog).getByText(NOTICE['de-DE']!)).toBeInTheDocument();
      // and back
      await switchTo('en');
      expect(await within(dialog).findByText(NOTICE.en!)).toBeInTheDocument();
      expect(within(dialog).queryByText(NOTICE['de-DE']!)).toBeNull();
    } finally {
      document.cookie = '_by_l_g_d=; Max-Age=0; Path=/';
      root.lang = before.lang;
      root.dir = before.dir;
    }
  });

  it('shows "Deducted in total" while assets are hidden, as the amount and fee it adds up', async () => {
    const store = createStore();
    store.set(preferencesAtom, { showAssets: 0, homeTradingPageUserGuide: 'hide' });
    const h = await renderMoney({ store });
    const dialog = await h.open({ name: 'withdraw', props: { coin: 'USDT' } }, 'Withdraw USDT');
    const amount = await within(dialog).findByRole('textbox', { name: /^Amount/ });
    // the balance stays hidden
    const available = within(dialog).getByText(/^Available \(funding account\)/);
    expect(await within(available).findByRole('img', { name: 'Hidden' })).toBeInTheDocument();
    await userEvent.type(amount, '20');
    expect(within(dialog).getByText(/Network fee/)).toHaveTextContent('Network fee: 1.0000 USDT');
    expect(within(dialog).getByText(/Deducted in total/)).toHaveTextContent(
      'Deducted in total: 21.0000 USDT',
    );
    await userEvent.click(within(dialog).getByRole('textbox', { name: /^Address/ }));
    await userEvent.paste('TXYZabcdefghijkmnopqrstuvwxyz12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByRole('textbox', { name: /Google Authenticator code/ });
    expect(within(dialog).getByText(/Deducted in total/)).toHaveTextContent(
      'Deducted in total: 21.0000 USDT',
    );
  });
});
