import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BusinessError } from '@src/api/errors';
import type { PrefSetting } from '@src/api/types';
import { configsAtom } from '@src/facade';
import type { ScreenApi } from '@src/facade/screen-api';
import { DEPOSIT_POLL_MS } from '@src/ui/dialogs/DepositDialog';
import { earnOverview } from '../../../support/sample-answers';
import { depositRecord, fakeMoneyApi } from '../money-fakes';
import { deferred, renderMoney } from './harness';
import de from '../../../../locales/de-DE/user-assets.json';

afterEach(() => {
  vi.useRealTimers();
});

describe('deposit dialog', () => {
  it('shows the address for the coin and network with copy, QR, minimum, confirmations and where it lands', async () => {
    const h = await renderMoney();
    const dialog = await h.open({ name: 'deposit', props: { coin: 'USDT' } }, 'Deposit USDT');
    expect(await within(dialog).findByText('addr-USDT-TRX')).toBeInTheDocument();
    expect(h.money.depositAddress).toHaveBeenCalledWith({ coin: 'USDT', chain: 'TRX' });
    expect(
      within(dialog).getByRole('img', { name: 'QR code of your USDT deposit address' }),
    ).toHaveAttribute('data-qr-value', 'addr-USDT-TRX');
    expect(within(dialog).getByRole('button', { name: 'Copy address' })).toBeInTheDocument();
    // a minimum: at the coin's decimals, rounded up, as the withdraw dialog writes its minimum
    expect(within(dialog).getByText(/Minimum deposit/)).toHaveTextContent(
      'Minimum deposit: 1.0000 USDT',
    );
    expect(within(dialog).getByText(/Confirmations needed/)).toHaveTextContent(
      'Confirmations needed: 2',
    );
    // where it lands: a choice, saved for every coin (Funding is the default)
    const depositTo = within(dialog).getByRole('radiogroup', { name: 'Deposit to' });
    expect(within(depositTo).getByRole('radio', { name: 'Funding account' })).toBeChecked();
    expect(
      within(depositTo).getByRole('radio', { name: 'Unified trading account' }),
    ).not.toBeChecked();
    expect(within(dialog).queryByText('Tag required')).toBeNull();
    // the network warning stands in its place; nothing is announced as an alert on opening
    expect(
      within(dialog)
        .getAllByRole('note')
        .some((n) => /Send only this coin on the network shown/.test(n.textContent ?? '')),
    ).toBe(true);
    expect(within(dialog).queryByRole('alert')).toBeNull();

    // another network: another address
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Network' }));
    await userEvent.click(await screen.findByRole('option', { name: 'ERC20' }));
    expect(await within(dialog).findByText('addr-USDT-ETH')).toBeInTheDocument();
  });

  it('writes the minimum as German figures are written, a minimum never shown smaller than it is', async () => {
    const catalogue = await fakeMoneyApi().coinInfo();
    const coinInfo = async () => ({
      ...catalogue,
      list: catalogue.list.map((c) =>
        c.coin === 'USDT'
          ? { ...c, chains: c.chains.map((ch) => ({ ...ch, minDeposit: '1.00001' })) }
          : c,
      ),
    });
    const h = await renderMoney({ lng: 'de-DE', money: { coinInfo } });
    const dialog = await h.open(
      { name: 'deposit', props: { coin: 'BTC' } },
      de.dialogs.deposit.titleCoin.replace('{{coin}}', 'BTC'),
    );
    expect(await within(dialog).findByText('addr-BTC-BTC')).toBeInTheDocument();
    const minimum = () => within(dialog).getByText(new RegExp(de.money.deposit.minimum));
    // It read "Mindesteinzahlung: 0.0001 BTC" (the coin-info string) beside localised figures.
    expect(minimum()).toHaveTextContent(`${de.money.deposit.minimum}: 0,00010000 BTC`);
    // More decimals than USDT shows: rounded up (1,0000 would be refused).
    await userEvent.click(within(dialog).getByRole('combobox', { name: de.money.common.coin }));
    await userEvent.click(await screen.findByRole('option', { name: 'USDT · Tether USDT' }));
    expect(await within(dialog).findByText('addr-USDT-TRX')).toBeInTheDocument();
    expect(minimum()).toHaveTextContent(`${de.money.deposit.minimum}: 1,0001 USDT`);
  });

  it('shows the tag with its warning where the network needs one', async () => {
    const h = await renderMoney();
    const dialog = await h.open({ name: 'deposit', props: { coin: 'XRP' } }, 'Deposit XRP');
    expect(await within(dialog).findByText('1234567')).toBeInTheDocument();
    expect(within(dialog).getByText('Tag required')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy tag' })).toBeInTheDocument();
  });

  it('lists the deposits on the way and follows their confirmations every 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const h = await renderMoney();
    h.money.depositList
      .mockResolvedValueOnce({ list: [], nextCursor: '' })
      .mockResolvedValueOnce({ list: [depositRecord({ confirmations: 0 })], nextCursor: '' })
      .mockResolvedValueOnce({ list: [depositRecord({ confirmations: 1 })], nextCursor: '' })
      .mockResolvedValue({
        list: [depositRecord({ confirmations: 2, status: 'success' })],
        nextCursor: '',
      });
    const dialog = await h.open({ name: 'deposit', props: { coin: 'USDT' } }, 'Deposit USDT');
    expect(await within(dialog).findByText('No deposits on the way.')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(DEPOSIT_POLL_MS));
    // at the coin's decimals, through the formatting module (it was 250.00000000, named 250)
    const item = await within(dialog).findByRole('listitem', {
      name: 'Deposit of 250.0000 USDT',
    });
    expect(within(item).getByText('250.0000')).toBeInTheDocument();
    expect(within(item).getByText('0/2 confirmations')).toBeInTheDocument();
    expect(within(item).getByText('To: Funding account')).toBeInTheDocument();
    expect(within(item).getByText('Pending')).toBeInTheDocument();
    expect(within(item).queryByText(/not been credited/)).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(DEPOSIT_POLL_MS));
    expect(await within(dialog).findByText('1/2 confirmations')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(DEPOSIT_POLL_MS));
    await waitFor(() =>
      expect(within(dialog).getByText('No deposits on the way.')).toBeInTheDocument(),
    );
    expect(h.money.depositList).toHaveBeenCalledWith({ coin: 'USDT', limit: 5 });
  });

  it('says a pending deposit with every confirmation in is awaiting credit, and why it may wait', async () => {
    const h = await renderMoney();
    h.money.depositList.mockResolvedValue({
      list: [depositRecord({ confirmations: 2, requiredConfirmations: 2 })],
      nextCursor: '',
    });
    const dialog = await h.open({ name: 'deposit', props: { coin: 'USDT' } }, 'Deposit USDT');
    const item = await within(dialog).findByRole('listitem', {
      name: 'Deposit of 250.0000 USDT',
    });
    expect(within(item).getByText('2/2 confirmations')).toBeInTheDocument();
    expect(within(item).getByText('Awaiting credit')).toBeInTheDocument();
    expect(within(item).queryByText('Pending')).toBeNull();
    expect(
      within(item).getByText(
        'All confirmations are in, but it has not been credited yet. A deposit can be held until more information is given: the assets overview says what is needed.',
      ),
    ).toBeInTheDocument();
  });

  it('saves the account deposits go to when one is chosen, for every coin', async () => {
    const h = await renderMoney();
    const dialog = await h.open({ name: 'deposit', props: { coin: 'USDT' } }, 'Deposit USDT');
    const depositTo = await within(dialog).findByRole('radiogroup', { name: 'Deposit to' });
    expect(depositTo).toHaveAccessibleDescription(
      'New deposits of every coin are credited to this account. Deposits already on the way keep the account they were made with.',
    );
    await userEvent.click(
      within(depositTo).getByRole('radio', { name: 'Unified trading account' }),
    );
    expect(within(depositTo).getByRole('radio', { name: 'Unified trading account' })).toBeChecked();
    await waitFor(() => expect(h.store.get(configsAtom).deposit_to).toBe('UNIFIED'));
    expect(h.api.savePrefSetting).toHaveBeenCalledExactlyOnceWith({
      key: 'deposit_to',
      value: 'UNIFIED',
    });
    // choosing the saved one again sends nothing
    await userEvent.click(
      within(depositTo).getByRole('radio', { name: 'Unified trading account' }),
    );
    expect(h.api.savePrefSetting).toHaveBeenCalledTimes(1);
  });

  it('offers Spot, not the unified trading account, to a classic account', async () => {
    const overview = earnOverview({ depositTo: 'SPOT' });
    const h = await renderMoney({
      screen: {
        assetOverview: vi.fn(async () => ({
          ...overview,
          unified: { ...overview.unified, upgraded: false },
        })),
      },
    });
    const dialog = await h.open({ name: 'deposit', props: { coin: 'USDT' } }, 'Deposit USDT');
    const depositTo = await within(dialog).findByRole('radiogroup', { name: 'Deposit to' });
    expect(
      within(depositTo)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['FUND', 'SPOT']);
    expect(within(depositTo).getByRole('radio', { name: 'Spot account' })).toBeChecked();
  });

  it('puts the saved account back and says why when the save is refused', async () => {
    const h = await renderMoney({
      screen: {
        savePrefSetting: vi.fn(async () => {
          throw new BusinessError(10016, 'busy', null);
        }),
      },
    });
    const dialog = await h.open({ name: 'deposit', props: { coin: 'USDT' } }, 'Deposit USDT');
    const depositTo = await within(dialog).findByRole('radiogroup', { name: 'Deposit to' });
    await userEvent.click(
      within(depositTo).getByRole('radio', { name: 'Unified trading account' }),
    );
    const alert = await within(dialog).findByRole('alert', {
      name: 'The deposit account was not changed',
    });
    expect(alert).toHaveTextContent('Server error, please try again later.');
    expect(within(depositTo).getByRole('radio', { name: 'Funding account' })).toBeChecked();
    expect(h.store.get(configsAtom).deposit_to).toBe('');
  });

  it('sends a choice made while a save is on its way after it, so the last one chosen is saved', async () => {
    const first = deferred<PrefSetting>();
    const savePrefSetting = vi
      .fn<ScreenApi['savePrefSetting']>()
      .mockReturnValueOnce(first.promise)
      .mockImplementation(async ({ value }) => ({ deposit_to: value }));
    const h = await renderMoney({ screen: { savePrefSetting } });
    const dialog = await h.open({ name: 'deposit', props: { coin: 'USDT' } }, 'Deposit USDT');
    const depositTo = await within(dialog).findByRole('radiogroup', { name: 'Deposit to' });
    await userEvent.click(
      within(depositTo).getByRole('radio', { name: 'Unified trading account' }),
    );
    // back to Funding, then Spot again, all while the first save is on its way
    await userEvent.click(within(depositTo).getByRole('radio', { name: 'Funding account' }));
    expect(savePrefSetting).toHaveBeenCalledTimes(1);
    await act(async () => first.resolve({ deposit_to: 'UNIFIED' }));
    await waitFor(() => expect(savePrefSetting).toHaveBeenCalledTimes(2));
    expect(savePrefSetting).toHaveBeenLastCalledWith({ key: 'deposit_to', value: 'FUND' });
    await waitFor(() => expect(h.store.get(configsAtom).deposit_to).toBe('FUND'));
    expect(within(depositTo).getByRole('radio', { name: 'Funding account' })).toBeChecked();
  });

  it('says when the address cannot be loaded and retries', async () => {
    const h = await renderMoney();
    h.money.depositAddress.mockRejectedValueOnce(new Error('down'));
    const dialog = await h.open({ name: 'deposit', props: { coin: 'BTC' } }, 'Deposit BTC');
    expect(
      await within(dialog).findByText(/The deposit address could not be loaded/),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('addr-BTC-BTC')).toBeInTheDocument();
  });
});
