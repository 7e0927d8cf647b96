/**
 * The savings screen: products with APY (one rounding rule), term, held and interest; the
 * subscribe and redeem forms (default form messages, Max, minimum, available in Funding, a new
 * request id after a refusal, in-flight disabled, translated business errors); auto-saving
 * per coin with the unsupported coin disabled and its reason.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SavingsLot, SavingsProduct } from '@src/api/types';
import SavingsScreen from '@src/features/assets/savings/SavingsScreen';
import { DialogHost } from '@src/ui/dialogs/DialogHost';
import { formatTime } from '@src/lib/time';
import { assetsRefreshRequestAtom } from '@src/state/assets';
import { preferencesAtom } from '@src/state/client';
import { earnOverview } from '../../../../support/sample-answers';
import { fakeMoneyApi } from '../../../ui/money-fakes';
import { apiError } from '../../../ui/test-utils';
import { fakeScreenApi } from '../../harness';
import { renderEarn } from './render';
import { transferToFundingFrom } from '../../../ui/money/harness';
import de from '../../../../../locales/de-DE/user-assets.json';

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
    await userEvent.type(input, '5');
    await userEvent.click(submit);
    expect(dialog).toHaveTextContent('Amount (USDT) cannot be less than 10.0000');
    await userEvent.clear(input);
    await userEvent.type(input, '2500.01');
    await userEvent.click(submit);
    expect(dialog).toHaveTextContent('Amount (USDT) cannot be greater than 2,500.0000');
    expect(api.savingsSubscribe).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(input).toHaveValue('2500');
  });

  it("shows the product's minimum while assets are hidden: a term of the product, not the user's money", async () => {
    const { store } = await renderEarn(<SavingsScreen />);
    act(() => store.set(preferencesAtom, { showAssets: 0, homeTradingPageUserGuide: 'hide' }));
    const dialog = await openSubscribe();
    // What the user holds is hidden; the minimum read "Minimum: **** USDT".
    expect(dialog).toHaveTextContent('Available in Funding: **** USDT');
    expect(dialog).toHaveTextContent('Minimum: 10.0000 USDT');
    const input = within(dialog).getByRole('textbox', { name: /Amount \(USDT\)/ });
    expect(input).toHaveAccessibleDescription('Minimum: 10.0000 USDT');
  });

  it("refuses what the server would, before sending: the coin's decimals, 5. and .5, 05", async () => {
    const api = fakeScreenApi();
    await renderEarn(<SavingsScreen />, { api });
    const dialog = await openSubscribe();
    const input = await within(dialog).findByRole('textbox', { name: /Amount \(USDT\)/ });
    const submit = within(dialog).getByRole('button', { name: 'Subscribe' });
    const refused = async (typed: string, message: string) => {
      await userEvent.clear(input);
      await userEvent.type(input, typed);
      await userEvent.click(submit);
      expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    };
    // USDT moves in 6 decimals (coin-info), not 8.
    await refused('10.1234567', 'Amount (USDT) can have at most 6 decimal places');
    await refused('10.00000001', 'Amount (USDT) can have at most 6 decimal places');
    const point =
      'Write Amount (USDT) with a digit on each side of the decimal point, such as 0.5 or 5';
    await refused('15.', point);
    await refused('.5', point);
    await refused('015', 'Write Amount (USDT) without leading zeros, such as 5 or 0.5');
    await refused('1,000', 'Write Amount (USDT) without thousands separators, such as 1234.5');
    expect(api.savingsSubscribe).not.toHaveBeenCalled();
    // Arabic-Indic digits and the Arabic decimal point are read (and sent) as ASCII.
    await userEvent.clear(input);
    await userEvent.type(input, '١٠٫١٢٣٤٥٦');
    expect(input).toHaveValue('10.123456');
    await userEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.savingsSubscribe).toHaveBeenCalledWith(
      expect.objectContaining({ productId: 'USDT-FLEX', amount: '10.123456' }),
    );
  });

  it('writes the limits in its messages as the figures beside them, never beyond what is allowed', async () => {
    const o = earnOverview();
    const overview = {
      ...o,
      accounts: o.accounts.map((a) =>
        a.accountType === 'FUND'
          ? {
              ...a,
              coins: [
                { coin: 'USDT', amount: '9500.75615383', available: '9500.75615383', usdValue: '' },
              ],
            }
          : a,
      ),
      savings: {
        ...o.savings,
        products: o.savings.products.map((p) =>
          p.productId === 'USDT-FLEX' ? { ...p, minAmount: '10.00001' } : p,
        ),
      },
    };
    const api = fakeScreenApi({ assetOverview: vi.fn(async () => overview) });
    await renderEarn(<SavingsScreen />, { api });
    const dialog = await openSubscribe();
    const input = await within(dialog).findByRole('textbox', { name: /Amount \(USDT\)/ });
    const submit = within(dialog).getByRole('button', { name: 'Subscribe' });
    expect(dialog).toHaveTextContent('Available in Funding: 9,500.7561 USDT');
    // A minimum is rounded up: 10.0000 would be refused.
    expect(dialog).toHaveTextContent('Minimum: 10.0001 USDT');
    await userEvent.type(input, '10');
    await userEvent.click(submit);
    expect(dialog).toHaveTextContent('Amount (USDT) cannot be less than 10.0001');
    // A maximum is rounded down: 9,500.7561 may be sent.
    await userEvent.clear(input);
    await userEvent.type(input, '9500.7562');
    await userEvent.click(submit);
    expect(dialog).toHaveTextContent('Amount (USDT) cannot be greater than 9,500.7561');
    expect(dialog).not.toHaveTextContent('9500.75615383');
    // Max fills in all that USDT can move: 6 decimals.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(input).toHaveValue('9500.756153');
    await userEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.savingsSubscribe).toHaveBeenCalledWith(
      expect.objectContaining({ amount: '9500.756153' }),
    );
  });

  it('waits for the coin details before the form, and offers to retry when they fail', async () => {
    const coinInfo = vi
      .fn()
      .mockRejectedValueOnce(apiError(10001))
      .mockImplementation(fakeMoneyApi().coinInfo);
    const api = fakeScreenApi({ money: fakeMoneyApi({ coinInfo }) });
    await renderEarn(<SavingsScreen />, { api });
    await screen.findByRole('table', { name: 'Savings products' });
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to USDT Flexible' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to USDT Flexible' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This could not be loaded.');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('textbox', { name: /Amount \(USDT\)/ })).toBeTruthy();
    expect(coinInfo).toHaveBeenCalledTimes(2);
  });

  it('names Max by what it shows, with what it does as its description', async () => {
    await renderEarn(<SavingsScreen />);
    const dialog = await openSubscribe();
    const max = await within(dialog).findByRole('button', { name: 'Max' });
    expect(max).toHaveTextContent('Max');
    expect(max).toHaveAccessibleDescription('Fill in the largest amount of USDT');
  });

  it('gives focus back to the button that opened a form when it closes', async () => {
    const api = fakeScreenApi();
    await renderEarn(<SavingsScreen />, { api });
    await screen.findByRole('table', { name: 'Savings products' });
    const subscribe = screen.getByRole('button', { name: 'Subscribe to USDT Flexible' });
    await userEvent.click(subscribe);
    let dialog = await screen.findByRole('dialog', { name: 'Subscribe to USDT Flexible' });
    await within(dialog).findByRole('textbox', { name: /Amount \(USDT\)/ });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(subscribe).toHaveFocus());

    const redeem = screen.getByRole('button', { name: 'Redeem from USDT Flexible' });
    act(() => redeem.focus());
    await userEvent.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog', { name: 'Redeem from USDT Flexible' });
    await userEvent.type(
      await within(dialog).findByRole('textbox', { name: /Amount \(USDT\)/ }),
      '100{Enter}',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.savingsRedeem).toHaveBeenCalledWith(expect.objectContaining({ amount: '100' }));
    await waitFor(() => expect(redeem).toHaveFocus());
  });

  it('disables while in flight, shows the business error, and takes a new request id after it', async () => {
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
    // The refusal was a definite answer: nothing moved, so the retry is a new submission (an
    // unknown outcome keeps the id: earn-submissions.test.tsx).
    expect(b!.requestId).not.toBe(a!.requestId);
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
    expect(dialog).toHaveTextContent('Amount (USDT) cannot be greater than 1,000.0000');
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

  it('toasts what was subscribed and redeemed as German figures are written, every decimal typed', async () => {
    const api = fakeScreenApi();
    await renderEarn(<SavingsScreen />, { api, lng: 'de-DE' });
    const g = de.earn.savings;
    const product = `USDT ${g.flexible}`;
    await screen.findByRole('table', { name: g.productsTable });
    // "Betrag (USDT)"
    const amountField = (dialog: HTMLElement) =>
      within(dialog).findByRole('textbox', { name: /USDT/ });

    await userEvent.click(
      screen.getByRole('button', { name: g.subscribeTo.replace('{{product}}', product) }),
    );
    let dialog = await screen.findByRole('dialog', {
      name: g.subscribeTitle.replace('{{product}}', product),
    });
    await userEvent.type(await amountField(dialog), '1234,123456');
    await userEvent.click(within(dialog).getByRole('button', { name: g.subscribe }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.savingsSubscribe).toHaveBeenCalledWith(
      expect.objectContaining({ amount: '1234.123456' }),
    );
    // It read "1234.123456 USDT gezeichnet." in a page whose figures have a decimal comma.
    expect(await screen.findByText(/gezeichnet\.$/)).toHaveTextContent(
      '1.234,123456 USDT gezeichnet.',
    );

    await userEvent.click(
      screen.getByRole('button', { name: g.redeemFrom.replace('{{product}}', product) }),
    );
    dialog = await screen.findByRole('dialog', {
      name: g.redeemTitle.replace('{{product}}', product),
    });
    await userEvent.type(await amountField(dialog), '250,5');
    await userEvent.click(within(dialog).getByRole('button', { name: g.redeem }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(/eingelöst\.$/)).toHaveTextContent(
      '250,5 USDT auf dein Funding-Konto eingelöst.',
    );
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
    expect(await screen.findByText('Auto-saving is on for USDT.')).toBeInTheDocument();
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

  it('says an auto-saving change whose answer was lost could not be confirmed, not that it was refused', async () => {
    const api = fakeScreenApi({
      autoSaving: vi.fn().mockRejectedValue(apiError(9000001, 'Request timeout, please re-try!')),
    });
    await renderEarn(<SavingsScreen />, { api });
    const usdt = await screen.findByRole('switch', { name: 'Auto-save USDT' });
    await userEvent.click(usdt);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The change to auto-saving of USDT could not be confirmed: Request timeout, please re-try!',
    );
    expect(alert).not.toHaveTextContent('was not changed');
  });
});

describe('SavingsScreen: a fixed-term product', () => {
  const DAY = 86_400_000;
  const T0 = Date.UTC(2026, 10, 1); // subscriptions' dates: only shown, never compared with now
  const lot = (over: Partial<SavingsLot>): SavingsLot => ({
    lotId: 'USDT-30D-1',
    amount: '800',
    interest: '2.13',
    subscribedAtE3: String(T0),
    maturesAtE3: String(T0 + 30 * DAY),
    status: 'LOCKED',
    ...over,
  });
  /** The sample overview with a USDT 30-day product holding `lots` (`redeemable`: the matured). */
  const withTerm = (lots: SavingsLot[], amount: string, redeemable: string) => {
    const o = earnOverview();
    const usdt30: SavingsProduct = {
      productId: 'USDT-30D',
      coin: 'USDT',
      apy: '0.081',
      termDays: 30,
      amount,
      redeemable,
      cumInterest: '6.65',
      minAmount: '100',
      lots,
    };
    return { ...o, savings: { ...o.savings, products: [...o.savings.products, usdt30] } };
  };
  /** As the screen writes a time in a sentence: isolated left to right. */
  const inText = (e3: number) => `\u2066${formatTime(e3, 'YYYY-MM-DD HH:mm')}\u2069`;

  it('disables Redeem while every subscription is locked, the unlock date as its description', async () => {
    const overview = withTerm([lot({})], '800', '0');
    const api = fakeScreenApi({ assetOverview: vi.fn().mockResolvedValue(overview) });
    await renderEarn(<SavingsScreen />, { api });
    await screen.findByRole('table', { name: 'Savings products' });
    const redeem = screen.getByRole('button', { name: 'Redeem from USDT 30 days' });
    expect(redeem).toBeDisabled();
    expect(redeem).toHaveAccessibleDescription(`Locked until ${inText(T0 + 30 * DAY)}`);
    // The reason is on screen too, in the row, as readable text (not only the button's grey).
    expect(
      within(productRow('USDT · 30 days')).getByText(`Locked until ${inText(T0 + 30 * DAY)}`),
    ).toBeVisible();
    // A flexible product stays redeemable, without a lock.
    const flex = screen.getByRole('button', { name: 'Redeem from USDT Flexible' });
    expect(flex).toBeEnabled();
    expect(flex).not.toHaveAccessibleDescription();
    const row = productRow('USDT · 30 days');
    expect(within(row).getAllByRole('cell')[3]).toHaveTextContent('0.0000'); // redeemable now

    // The subscriptions, with their dates and their state in words.
    const lots = screen.getByRole('table', { name: 'Fixed-term subscriptions' });
    const lotRow = within(lots).getByRole('rowheader', { name: 'USDT · 30 days' }).closest('tr')!;
    expect(lotRow).toHaveTextContent('800.0000');
    expect(lotRow).toHaveTextContent('2.1300');
    expect(lotRow).toHaveTextContent(formatTime(T0, 'YYYY-MM-DD HH:mm'));
    expect(lotRow).toHaveTextContent(formatTime(T0 + 30 * DAY, 'YYYY-MM-DD HH:mm'));
    expect(lotRow).toHaveTextContent('Locked');
    expect(api.savingsRedeem).not.toHaveBeenCalled();
  });

  it('offers only what has matured, says what stays locked, and shows a refusal in words', async () => {
    const matured = lot({
      lotId: 'USDT-30D-0',
      amount: '200',
      interest: '1.33',
      subscribedAtE3: String(T0 - 40 * DAY),
      maturesAtE3: String(T0 - 10 * DAY),
      status: 'MATURED',
    });
    const savingsRedeem = vi
      .fn()
      .mockRejectedValueOnce(apiError(131017))
      .mockResolvedValue({ status: 'SUCCESS' });
    const api = fakeScreenApi({
      assetOverview: vi.fn().mockResolvedValue(withTerm([matured, lot({})], '1000', '200')),
      savingsRedeem,
    });
    await renderEarn(<SavingsScreen />, { api });
    await screen.findByRole('table', { name: 'Savings products' });
    const lots = screen.getByRole('table', { name: 'Fixed-term subscriptions' });
    expect(within(lots).getAllByRole('row')).toHaveLength(3); // the header row and two
    expect(lots).toHaveTextContent('Matured');
    const redeem = screen.getByRole('button', { name: 'Redeem from USDT 30 days' });
    expect(redeem).toBeEnabled();
    await userEvent.click(redeem);
    const dialog = await screen.findByRole('dialog', { name: 'Redeem from USDT 30 days' });
    expect(dialog).toHaveTextContent('Matured, can be redeemed: 200.0000 USDT');
    expect(dialog).toHaveTextContent(
      'A fixed-term subscription can be redeemed only from its maturity date.',
    );
    expect(dialog).toHaveTextContent(
      `Still locked: 800.0000 USDT · Locked until ${inText(T0 + 30 * DAY)}`,
    );
    const input = within(dialog).getByRole('textbox', { name: /Amount \(USDT\)/ });
    await userEvent.type(input, '250');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(dialog).toHaveTextContent('Amount (USDT) cannot be greater than 200.0000');
    expect(savingsRedeem).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(input).toHaveValue('200');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This amount is still locked: a fixed-term subscription can be redeemed only from its maturity date.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(savingsRedeem).toHaveBeenLastCalledWith(
      expect.objectContaining({ productId: 'USDT-30D', amount: '200' }),
    );
  });

  it('says before a subscription that it is locked for the term', async () => {
    const api = fakeScreenApi({
      assetOverview: vi.fn().mockResolvedValue(withTerm([], '0', '0')),
    });
    await renderEarn(<SavingsScreen />, { api });
    await screen.findByRole('table', { name: 'Savings products' });
    expect(screen.getByText('You have no fixed-term subscriptions.')).toBeTruthy();
    // Nothing held: nothing to redeem, and no lock to explain.
    const redeem = screen.getByRole('button', { name: 'Redeem from USDT 30 days' });
    expect(redeem).toBeDisabled();
    expect(redeem).not.toHaveAccessibleDescription();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to USDT 30 days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to USDT 30 days' });
    expect(dialog).toHaveTextContent(
      'Locked for 30 days: this subscription cannot be redeemed before it matures.',
    );
  });
});

describe('SavingsScreen: too little in Funding', () => {
  /** The screen with the app's dialog host beside it, as the assets area has it. */
  const render = (opts?: Parameters<typeof renderEarn>[1]) =>
    renderEarn(
      <>
        <SavingsScreen />
        <DialogHost />
      </>,
      opts,
    );

  it('says Funding holds none of the coin, and opens a transfer to Funding with the coin chosen', async () => {
    await render();
    await screen.findByRole('table', { name: 'Savings products' });
    // Funding holds 2 500 USDT, more than the flexible product's minimum: nothing to say.
    let dialog = await openSubscribe();
    await within(dialog).findByRole('textbox', { name: /Amount \(USDT\)/ });
    expect(dialog).not.toHaveTextContent('holds no');
    expect(within(dialog).queryByRole('button', { name: /Transfer/ })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const subscribe = screen.getByRole('button', { name: 'Subscribe to BTC 30 days' });
    await userEvent.click(subscribe);
    dialog = await screen.findByRole('dialog', { name: 'Subscribe to BTC 30 days' });
    expect(await within(dialog).findByText('The Funding account holds no BTC')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Deposit BTC' })).toBeEnabled();
    // The subscription form is gone: one dialog, the transfer, BTC into Funding.
    await transferToFundingFrom(dialog, 'BTC');
    // Closed, it gives focus back to the button that opened the subscription.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(subscribe).toHaveFocus());
  });

  it("says Funding holds less than the product's minimum, and opens a deposit of the coin", async () => {
    const o = earnOverview();
    const big: SavingsProduct = {
      productId: 'USDT-90D',
      coin: 'USDT',
      apy: '0.09',
      termDays: 90,
      amount: '0',
      redeemable: '0',
      cumInterest: '0',
      minAmount: '5000',
      lots: [],
    };
    const overview = { ...o, savings: { ...o.savings, products: [...o.savings.products, big] } };
    await render({ api: fakeScreenApi({ assetOverview: vi.fn().mockResolvedValue(overview) }) });
    await screen.findByRole('table', { name: 'Savings products' });
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to USDT 90 days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to USDT 90 days' });
    expect(
      await within(dialog).findByText('The Funding account holds less USDT than the minimum'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deposit USDT' }));
    expect(await screen.findByRole('dialog', { name: 'Deposit USDT' })).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('says nothing of what Funding holds while assets are hidden', async () => {
    const { store } = await render();
    act(() => store.set(preferencesAtom, { showAssets: 0, homeTradingPageUserGuide: 'hide' }));
    await screen.findByRole('table', { name: 'Savings products' });
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to BTC 30 days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to BTC 30 days' });
    await within(dialog).findByRole('textbox', { name: /Amount \(BTC\)/ });
    expect(dialog).toHaveTextContent('Available in Funding: **** BTC');
    expect(dialog).not.toHaveTextContent('holds no');
    expect(within(dialog).queryByRole('button', { name: 'Deposit BTC' })).toBeNull();
  });
});
