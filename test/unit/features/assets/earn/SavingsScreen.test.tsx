/**
 * The savings screen: products with APY (one rounding rule), term, held and interest; the
 * subscribe and redeem forms (default form messages, Max, minimum, available in Funding, the
 * request id kept across a retry, in-flight disabled, translated business errors); auto-saving
 * per coin with the unsupported coin disabled and its reason.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import SavingsScreen from '@src/features/assets/savings/SavingsScreen';
import { assetsRefreshRequestAtom } from '@src/state/assets';
import { apiError } from '../../../ui/test-utils';
import { fakeScreenApi } from '../../harness';
import { renderEarn } from './render';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const productRow = (name: string) =>
  within(screen.getByRole('table', { name: 'Savings products' }))
    .getByRole('rowheader', { name })
    .closest('tr')!;

async function openSubscribe() {
  await screen.findByRole('table', { name: 'Savings products' });
  await userEvent.click(screen.getByRole('button', { name: 'Subscribe to USDT Flexible' }));
  return screen.findByRole('dialog', { name: 'Subscribe to USDT Flexible' });
}

describe('SavingsScreen', () => {
  it('lists the products with APY as a percentage, term, held amount and interest', async () => {
    await renderEarn(<SavingsScreen />);
    await screen.findByRole('table', { name: 'Savings products' });
    const flex = productRow('USDT · Flexible');
    expect(flex).toHaveTextContent('5.12%');
    expect(flex).toHaveTextContent('1,000.0000');
    expect(flex).toHaveTextContent('10.0000');
    const locked = productRow('BTC · 30 days');
    expect(locked).toHaveTextContent('2.10%');
    expect(locked).toHaveTextContent('30 days');
    // Nothing held: nothing to redeem.
    expect(screen.getByRole('button', { name: 'Redeem from BTC 30 days' })).toBeDisabled();
  });

  it('validates the amount with the default form messages, the minimum and Funding', async () => {
    const api = fakeScreenApi();
    await renderEarn(<SavingsScreen />, { api });
    const dialog = await openSubscribe();
    expect(dialog).toHaveTextContent('Available in Funding: 2,500.0000 USDT');
    expect(dialog).toHaveTextContent('Minimum: 10.0000 USDT');
    const input = within(dialog).getByRole('textbox', { name: /Amount \(USDT\)/ });
    const submit = within(dialog).getByRole('button', { name: 'Subscribe' });

    await userEvent.click(submit);
    expect(dialog).toHaveTextContent('Please enter Amount (USDT)');
    await userEvent.type(input, 'abc');
    await userEvent.click(submit);
    expect(dialog).toHaveTextContent('Amount (USDT) is not a valid number');
    await userEvent.clear(input);
    await userEvent.type(input, '1e3');
    await userEvent.click(submit);
    expect(dialog).toHaveTextContent('Amount (USDT) is not a valid number');
    await userEvent.clear(input);
    await userEvent.type(input, '0');
    await userEvent.click(submit);
    expect(dialog).toHaveTextContent('Amount (USDT) must be greater than 0');
    await userEvent.clear(input);
    await userEvent.type(input, '0.000000001');
    await userEvent.click(submit);
    expect(dialog).toHaveTextContent('Amount (USDT) can have at most 8 decimal places');
    await userEvent.clear(input);
    await userEvent.type(input, '5');
    await userEvent.click(submit);
    expect(dialog).toHaveTextContent('Amount (USDT) cannot be less than 10');
    await userEvent.clear(input);
    await userEvent.type(input, '2500.01');
    await userEvent.click(submit);
    expect(dialog).toHaveTextContent('Amount (USDT) cannot be greater than 2500');
    expect(api.savingsSubscribe).not.toHaveBeenCalled();

    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Fill in the largest amount of USDT' }),
    );
    expect(input).toHaveValue('2500');
  });

  it('keeps the request id across a retry, disables while in flight, shows the business error', async () => {
    const first = deferred<{ status: 'SUCCESS' }>();
    const savingsSubscribe = vi
      .fn()
      .mockImplementationOnce(() => first.promise)
      .mockResolvedValue({ status: 'SUCCESS' });
    const api = fakeScreenApi({ savingsSubscribe });
    await renderEarn(<SavingsScreen />, { api });
    const dialog = await openSubscribe();
    const input = within(dialog).getByRole('textbox', { name: /Amount \(USDT\)/ });
    await userEvent.type(input, '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(input).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    first.reject(apiError(131001));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Insufficient available balance.',
    );
    expect(input).toBeEnabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(savingsSubscribe).toHaveBeenCalledTimes(2);
    const [a, b] = savingsSubscribe.mock.calls.map((c) => c[0] as { requestId: string });
    expect(a).toMatchObject({ productId: 'USDT-FLEX', amount: '100' });
    expect(b!.requestId).toBe(a!.requestId);
    expect(a!.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('makes a new request id when the amount changes', async () => {
    const savingsSubscribe = vi
      .fn()
      .mockRejectedValueOnce(apiError(131016))
      .mockResolvedValue({ status: 'SUCCESS' });
    await renderEarn(<SavingsScreen />, { api: fakeScreenApi({ savingsSubscribe }) });
    const dialog = await openSubscribe();
    const input = within(dialog).getByRole('textbox', { name: /Amount \(USDT\)/ });
    await userEvent.type(input, '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The amount is outside the allowed range.',
    );
    await userEvent.type(input, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(savingsSubscribe).toHaveBeenCalledTimes(2));
    const [a, b] = savingsSubscribe.mock.calls.map(
      (c) => c[0] as { requestId: string; amount: string },
    );
    expect(b!.amount).toBe('1000');
    expect(b!.requestId).not.toBe(a!.requestId);
  });

  it('redeems up to the amount held', async () => {
    const api = fakeScreenApi();
    const { store } = await renderEarn(<SavingsScreen />, { api });
    await screen.findByRole('table', { name: 'Savings products' });
    const requests = store.get(assetsRefreshRequestAtom);
    await userEvent.click(screen.getByRole('button', { name: 'Redeem from USDT Flexible' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redeem from USDT Flexible' });
    const input = within(dialog).getByRole('textbox', { name: /Amount \(USDT\)/ });
    await userEvent.type(input, '1000.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(dialog).toHaveTextContent('Amount (USDT) cannot be greater than 1000');
    await userEvent.clear(input);
    await userEvent.type(input, '250.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.savingsRedeem).toHaveBeenCalledWith(
      expect.objectContaining({ productId: 'USDT-FLEX', amount: '250.5' }),
    );
    // The area is asked to refresh at once after the action (refreshAssets()).
    expect(store.get(assetsRefreshRequestAtom)).toBe(requests + 1);
  });

  it('switches auto-saving per supported coin; an unsupported coin is disabled with its reason', async () => {
    const api = fakeScreenApi();
    await renderEarn(<SavingsScreen />, { api });
    const usdt = await screen.findByRole('switch', { name: 'Auto-save USDT' });
    const doge = screen.getByRole('switch', { name: 'Auto-save DOGE' });
    expect(doge).toBeDisabled();
    expect(screen.getByText('Auto-saving is not available for this coin')).toBeTruthy();
    await userEvent.click(usdt);
    expect(usdt).toBeChecked();
    expect(api.autoSaving).toHaveBeenCalledWith({ coin: 'USDT', isSelected: true });
  });

  it('rolls auto-saving back with the reason when refused', async () => {
    const api = fakeScreenApi({ autoSaving: vi.fn().mockRejectedValue(apiError(131003)) });
    await renderEarn(<SavingsScreen />, { api });
    const usdt = await screen.findByRole('switch', { name: 'Auto-save USDT' });
    await userEvent.click(usdt);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Auto-saving of USDT was not changed: This coin is not supported here.',
    );
    expect(usdt).not.toBeChecked();
  });
});
