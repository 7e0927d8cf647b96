import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEPOSIT_POLL_MS } from '@src/ui/dialogs/DepositDialog';
import { depositRecord, fakeMoneyApi } from '../money-fakes';
import { renderMoney } from './harness';
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
    expect(within(dialog).getByText(/Credited to/)).toHaveTextContent(
      'Credited to: Funding account',
    );
    expect(within(dialog).queryByText('Tag required')).toBeNull();

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
