import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@mantine/core';
import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { configsAtom } from '@src/state/client';
import { DialogHost } from '@src/ui/dialogs/DialogHost';
import {
  DIALOG_NAMES,
  dialogAtom,
  useDialogs,
  type DialogName,
} from '@src/ui/dialogs/dialog-state';
import { DIALOGS } from '@src/ui/dialogs/registry';
import { renderWithProviders } from './test-utils';

function Opener() {
  const { openDialog } = useDialogs();
  return <Button onClick={() => openDialog('deposit', { coin: 'USDT' })}>Open deposit</Button>;
}

async function setup(store = createStore()) {
  const view = await renderWithProviders(
    <>
      <Opener />
      <DialogHost />
    </>,
    { store },
  );
  return view;
}

describe('dialog host', () => {
  it('has a registry entry with a lazy body for every dialog name', () => {
    for (const name of DIALOG_NAMES) {
      expect(DIALOGS[name].Body.$$typeof).toBe(Symbol.for('react.lazy'));
    }
  });

  it('opens a dialog by name with an accessible title and its lazily loaded body', async () => {
    await setup();
    await userEvent.click(screen.getByRole('button', { name: 'Open deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit USDT' });
    expect(
      await within(dialog).findByText(
        'Your deposit address will appear here once it has been generated.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Deposits are credited to: Funding account'),
    ).toBeInTheDocument();
  });

  it('shows the configured deposit account from configs.deposit_to', async () => {
    const store = createStore();
    store.set(configsAtom, { deposit_to: 'unified' });
    await setup(store);
    act(() => store.set(dialogAtom, { name: 'deposit', props: {} }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit' });
    expect(
      await within(dialog).findByText('Deposits are credited to: Unified trading account'),
    ).toBeInTheDocument();
  });

  it('traps focus inside the dialog and closes with Escape, returning focus', async () => {
    await setup();
    const opener = screen.getByRole('button', { name: 'Open deposit' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/Deposits are credited to/);
    for (let i = 0; i < 6; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('warning: shows the message, confirm and cancel call back and close', async () => {
    const store = createStore();
    await setup(store);
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    act(() =>
      store.set(dialogAtom, {
        name: 'warning',
        props: { message: 'Close all positions?', onConfirm, onCancel },
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Warning' });
    expect(await within(dialog).findByText('Close all positions?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    act(() =>
      store.set(dialogAtom, { name: 'warning', props: { message: 'Again?', onConfirm, onCancel } }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(store.get(dialogAtom)).toBeNull();
  });

  it.each<[DialogName]>([['transfer'], ['transferV2']])(
    'opens %s with its Amount field and Transfer button',
    async (name) => {
      const store = createStore();
      await setup(store);
      act(() => store.set(dialogAtom, { name, props: {} } as never));
      const dialog = await screen.findByRole('dialog', { name: 'Transfer' });
      expect(await within(dialog).findByRole('textbox', { name: /Amount/ })).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Transfer' })).toBeInTheDocument();
    },
  );

  it('vipWelcome: shows the level and closes with its OK button', async () => {
    const store = createStore();
    await setup(store);
    act(() => store.set(dialogAtom, { name: 'vipWelcome', props: { level: '2' } }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to VIP' });
    expect(
      await within(dialog).findByText('Your account has reached VIP level 2.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.get(dialogAtom)).toBeNull();
  });

  it('globalPopup: shows the announcement text', async () => {
    const store = createStore();
    await setup(store);
    act(() =>
      store.set(dialogAtom, {
        name: 'globalPopup',
        props: { message: 'Maintenance at 02:00 UTC' },
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Announcement' });
    expect(await within(dialog).findByText('Maintenance at 02:00 UTC')).toBeInTheDocument();
  });

  it('upgradeUnified: confirm calls onUpgrade, shows the failure when it rejects, closes when it succeeds', async () => {
    const store = createStore();
    await setup(store);
    const onUpgrade = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error('refused'))
      .mockResolvedValueOnce(undefined);
    act(() => store.set(dialogAtom, { name: 'upgradeUnified', props: { onUpgrade } }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Upgrade to the unified trading account',
    });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Upgrade now' }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The upgrade did not go through. Please try again.',
    );
    expect(store.get(dialogAtom)).not.toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade now' }));
    expect(onUpgrade).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('transfer: validates the amount with the form messages and hands a string amount over', async () => {
    const store = createStore();
    await setup(store);
    const onSubmit = vi.fn();
    act(() => store.set(dialogAtom, { name: 'transfer', props: { coin: 'BTC', onSubmit } }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer' });
    const submit = await within(dialog).findByRole('button', { name: 'Transfer' });
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Please enter Amount')).toBeInTheDocument();
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    await userEvent.type(amount, 'abc');
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Amount is not a valid number')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '1e3'); // a number to the form rules, not an amount
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Amount is not a valid number')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Amount must be greater than 0')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '0.12345678');
    await userEvent.click(submit);
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        coin: 'BTC',
        from: 'derivatives',
        to: 'spot',
        amount: '0.12345678',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('replaces an open dialog when another is opened by name', async () => {
    const store = createStore();
    await setup(store);
    act(() => store.set(dialogAtom, { name: 'vipWelcome', props: {} }));
    await screen.findByRole('dialog', { name: 'Welcome to VIP' });
    act(() => store.set(dialogAtom, { name: 'warning', props: { message: 'Second' } }));
    await screen.findByRole('dialog', { name: 'Warning' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});
