/**
 * The earn forms (subscribe, redeem, repay) never move money twice: a form that has succeeded
 * sends nothing more while its modal closes; after an unknown outcome (the answer lost, the
 * money may have moved) the same amount is the same request id, typed again, in the same form
 * or in one opened again, for as long as the session lasts; the user is told the outcome is
 * unknown and the figures are read again. A form opened in a session that has ended sends
 * nothing. And in a language with a decimal comma, "1.000" is not sent as 1.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import PledgeScreen from '@src/features/assets/pledge/PledgeScreen';
import SavingsScreen from '@src/features/assets/savings/SavingsScreen';
import { AmountFormModal } from '@src/features/assets/earn/AmountFormModal';
import { assetsRefreshRequestAtom } from '@src/state/assets';
import { userAtom } from '@src/state/client';
import { apiError } from '../../../ui/test-utils';
import { fakeScreenApi } from '../../harness';
import { renderEarn } from './render';
import de from '../../../../../locales/de-DE/user-assets.json';

/** HTTP 504 after the server carried the request out: the client cannot know. */
const LOST = () => apiError(9000003, 'Request failed with an unexpected HTTP status.');
/** Under the error of an unknown outcome (money.transfer.retryNote, as the transfer form's). */
const RETRY_NOTE =
  'Until you sign out or reload the page, and for at most 30 minutes, sending exactly the same details again repeats this same request';
/** Under the amount when it is that of an unknown outcome (money.common.repeatNote). */
const REPEAT_NOTE = 'it is sent again as that same request, so the money cannot move twice';

type Call = { requestId: string; amount: string };
const ids = (fn: ReturnType<typeof vi.fn>) => fn.mock.calls.map((c) => (c[0] as Call).requestId);

async function openSubscribe() {
  await screen.findByRole('table', { name: 'Savings products' });
  await userEvent.click(screen.getByRole('button', { name: 'Subscribe to USDT Flexible' }));
  const dialog = await screen.findByRole('dialog', { name: 'Subscribe to USDT Flexible' });
  const input = await within(dialog).findByRole('textbox', { name: /Amount \(USDT\)/ });
  const submit = within(dialog).getByRole('button', { name: 'Subscribe' });
  return { dialog, input, submit };
}

describe('an earn form that has succeeded', () => {
  it('sends nothing more, though its modal still shows it (a slow double-click)', async () => {
    const onSubmit = vi.fn(async () => ({ status: 'SUCCESS' }));
    const onDone = vi.fn();
    // The modal keeps its content while it closes: here it is never told to close at all.
    const onClose = vi.fn();
    await renderEarn(
      <AmountFormModal
        opened
        openings={1}
        onClose={onClose}
        content={{
          scope: 'savings.subscribe:USDT-FLEX',
          title: 'Subscribe to USDT Flexible',
          coin: 'USDT',
          sourceLabel: 'Available in Funding',
          source: '2500',
          max: '2500',
          precisions: { of: () => 6, failed: false, reload: () => undefined },
          confirmLabel: 'Subscribe',
          onSubmit,
          onDone,
        }}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to USDT Flexible' });
    const input = within(dialog).getByRole('textbox', { name: /Amount \(USDT\)/ });
    const submit = within(dialog).getByRole('button', { name: 'Subscribe' });
    await userEvent.type(input, '1');
    await userEvent.click(submit);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onDone).toHaveBeenCalledTimes(1);

    // The second click of the double-click, and Enter in the field.
    await userEvent.click(submit);
    act(() => submit.closest('form')!.requestSubmit());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(submit).toBeDisabled();
    expect(input).toBeDisabled();
  });
});

describe('an earn form on its way', () => {
  it('keeps focus on its button (marked disabled) after Enter in the amount, and sends once', async () => {
    let answer: (v: { status: 'SUCCESS' }) => void = () => undefined;
    const savingsSubscribe = vi.fn(
      () =>
        new Promise<{ status: 'SUCCESS' }>((resolve) => {
          answer = resolve;
        }),
    );
    await renderEarn(<SavingsScreen />, { api: fakeScreenApi({ savingsSubscribe }) });
    const { input, submit } = await openSubscribe();
    await userEvent.type(input, '20{Enter}');
    await waitFor(() => expect(submit).toHaveAttribute('aria-disabled', 'true'));
    // the field is disabled in flight: focus waits on the button, not on the page
    expect(input).toBeDisabled();
    expect(submit).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(savingsSubscribe).toHaveBeenCalledTimes(1);
    await act(async () => answer({ status: 'SUCCESS' }));
  });
});

describe('an earn form and the session', () => {
  it('sends nothing for a session that has ended since the form opened, and closes', async () => {
    const savingsSubscribe = vi.fn().mockResolvedValue({ status: 'SUCCESS' });
    const { store } = await renderEarn(<SavingsScreen />, {
      api: fakeScreenApi({ savingsSubscribe }),
    });
    const { dialog, input, submit } = await openSubscribe();
    await userEvent.type(input, '20');
    // Signed out and in again (a new session, as src/pipeline/session.ts begins one).
    act(() => store.set(userAtom, { userId: 0 }));
    act(() => store.set(userAtom, { userId: 3001 }));
    expect(screen.getByRole('dialog', { name: 'Subscribe to USDT Flexible' })).toBe(dialog);
    await userEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(savingsSubscribe).not.toHaveBeenCalled();
  });
});

describe('an earn form after an unknown outcome', () => {
  it('says so with how to retry, reads the figures again, and sends the same amount with the same id', async () => {
    const savingsSubscribe = vi
      .fn()
      .mockRejectedValueOnce(LOST())
      .mockResolvedValue({ status: 'SUCCESS' });
    const { store } = await renderEarn(<SavingsScreen />, {
      api: fakeScreenApi({ savingsSubscribe }),
    });
    const { dialog, input, submit } = await openSubscribe();
    await userEvent.type(input, '20');
    const refreshes = store.get(assetsRefreshRequestAtom);
    await userEvent.click(submit);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Request failed with an unexpected HTTP status.');
    expect(alert).toHaveTextContent(RETRY_NOTE);
    // The money may have moved: Funding and the product are read again.
    expect(store.get(assetsRefreshRequestAtom)).toBe(refreshes + 1);

    // Cleared and typed again, as in the review: the same order, not a second one.
    await userEvent.clear(input);
    await userEvent.type(input, '20');
    await userEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(savingsSubscribe).toHaveBeenCalledTimes(2);
    const [first, second] = ids(savingsSubscribe);
    expect(second).toBe(first);
  });

  it('keeps the id when the form is closed and opened again with the same amount', async () => {
    const savingsSubscribe = vi
      .fn()
      .mockRejectedValueOnce(LOST())
      .mockResolvedValue({ status: 'SUCCESS' });
    await renderEarn(<SavingsScreen />, { api: fakeScreenApi({ savingsSubscribe }) });
    let form = await openSubscribe();
    await userEvent.type(form.input, '20');
    await userEvent.click(form.submit);
    await within(form.dialog).findByRole('alert');
    await userEvent.click(within(form.dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    form = await openSubscribe();
    // Another amount is another order; the one whose outcome is unknown is said to be a retry.
    await userEvent.type(form.input, '2');
    expect(form.dialog).not.toHaveTextContent(REPEAT_NOTE);
    await userEvent.type(form.input, '0');
    expect(form.dialog).toHaveTextContent(REPEAT_NOTE);
    await userEvent.click(form.submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [first, second] = ids(savingsSubscribe);
    expect(second).toBe(first);

    // Answered: the next subscription of the same amount is a new one.
    form = await openSubscribe();
    await userEvent.type(form.input, '20');
    expect(form.dialog).not.toHaveTextContent(REPEAT_NOTE);
    await userEvent.click(form.submit);
    await waitFor(() => expect(savingsSubscribe).toHaveBeenCalledTimes(3));
    expect(ids(savingsSubscribe)[2]).not.toBe(first);
  });

  it('forgets the id at sign-out: the next session never sends it', async () => {
    const savingsSubscribe = vi
      .fn()
      .mockRejectedValueOnce(LOST())
      .mockResolvedValue({ status: 'SUCCESS' });
    const { store } = await renderEarn(<SavingsScreen />, {
      api: fakeScreenApi({ savingsSubscribe }),
    });
    let form = await openSubscribe();
    await userEvent.type(form.input, '20');
    await userEvent.click(form.submit);
    await within(form.dialog).findByRole('alert');
    await userEvent.click(within(form.dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Signed out and in again (a new session, as src/pipeline/session.ts begins one).
    act(() => store.set(userAtom, { userId: 0 }));
    act(() => store.set(userAtom, { userId: 3001 }));
    form = await openSubscribe();
    await userEvent.type(form.input, '20');
    expect(form.dialog).not.toHaveTextContent(REPEAT_NOTE);
    await userEvent.click(form.submit);
    await waitFor(() => expect(savingsSubscribe).toHaveBeenCalledTimes(2));
    const [first, second] = ids(savingsSubscribe);
    expect(second).not.toBe(first);
  });

  it('keeps a repayment apart from a subscription of the same amount', async () => {
    const savingsSubscribe = vi.fn().mockRejectedValue(LOST());
    const pledgeRepay = vi.fn().mockRejectedValue(LOST());
    const api = fakeScreenApi({ savingsSubscribe, pledgeRepay });
    // Both screens in one session.
    await renderEarn(
      <>
        <SavingsScreen />
        <PledgeScreen />
      </>,
      { api },
    );
    const form = await openSubscribe();
    await userEvent.type(form.input, '20');
    await userEvent.click(form.submit);
    await within(form.dialog).findByRole('alert');
    await userEvent.click(within(form.dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const table = await screen.findByRole('table', { name: 'Pledge loans' });
    await userEvent.click(within(table).getByRole('button', { name: 'Repay the USDT loan L-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Repay USDT loan' });
    const input = within(dialog).getByRole('textbox', { name: /Amount \(USDT\)/ });
    await userEvent.type(input, '20');
    expect(dialog).not.toHaveTextContent(REPEAT_NOTE);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Repay' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(RETRY_NOTE);
    // Typed again: the repayment's own id, never the subscription's.
    await userEvent.clear(input);
    await userEvent.type(input, '20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Repay' }));
    await waitFor(() => expect(pledgeRepay).toHaveBeenCalledTimes(2));
    const [repay1, repay2] = ids(pledgeRepay);
    expect(repay2).toBe(repay1);
    expect(repay1).not.toBe(ids(savingsSubscribe)[0]);
  });

  it('takes a new id after a refusal (a definite answer), without the retry note', async () => {
    const savingsSubscribe = vi
      .fn()
      .mockRejectedValueOnce(apiError(131001))
      .mockResolvedValue({ status: 'SUCCESS' });
    await renderEarn(<SavingsScreen />, { api: fakeScreenApi({ savingsSubscribe }) });
    const { dialog, input, submit } = await openSubscribe();
    await userEvent.type(input, '20');
    await userEvent.click(submit);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Insufficient available balance.');
    expect(alert).not.toHaveTextContent(RETRY_NOTE);
    await userEvent.click(submit);
    await waitFor(() => expect(savingsSubscribe).toHaveBeenCalledTimes(2));
    const [first, second] = ids(savingsSubscribe);
    expect(second).not.toBe(first);
  });
});

describe('an earn form in a language with a decimal comma', () => {
  it('refuses "1.000" (one thousand as written there) and sends nothing', async () => {
    const api = fakeScreenApi();
    await renderEarn(<SavingsScreen />, { api, lng: 'de-DE' });
    const g = de.earn.savings;
    const product = `USDT ${g.flexible}`;
    await screen.findByRole('table', { name: g.productsTable });
    await userEvent.click(
      screen.getByRole('button', { name: g.subscribeTo.replace('{{product}}', product) }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: g.subscribeTitle.replace('{{product}}', product),
    });
    // Beside "Verfügbar im Funding: 2.500,0000 USDT".
    const input = await within(dialog).findByRole('textbox', { name: /USDT/ });
    await userEvent.type(input, '1.000');
    await userEvent.click(within(dialog).getByRole('button', { name: g.subscribe }));
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('ohne Tausendertrennzeichen, z. B. 1234,5'),
    );
    expect(api.savingsSubscribe).not.toHaveBeenCalled();
    // Written as that language writes an amount, it goes.
    await userEvent.clear(input);
    await userEvent.type(input, '1000');
    await userEvent.click(within(dialog).getByRole('button', { name: g.subscribe }));
    await waitFor(() => expect(api.savingsSubscribe).toHaveBeenCalledTimes(1));
    expect(api.savingsSubscribe).toHaveBeenCalledWith(expect.objectContaining({ amount: '1000' }));
  });
});
