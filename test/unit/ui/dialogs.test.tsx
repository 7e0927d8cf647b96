import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@mantine/core';
import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
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
    expect(await within(dialog).findByText('addr-USDT-TRX')).toBeInTheDocument();
    expect(within(dialog).getByText('Funding account')).toBeInTheDocument();
  });

  it('traps focus inside the dialog and closes with Escape, returning focus', async () => {
    await setup();
    const opener = screen.getByRole('button', { name: 'Open deposit' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('addr-USDT-TRX');
    for (let i = 0; i < 6; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    // Escape from a plain control (a select's Escape closes its own list first)
    act(() => within(dialog).getAllByRole('button', { name: 'Close' })[0]!.focus());
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
      const dialog = await screen.findByRole('dialog', { name: /^Transfer/ });
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
