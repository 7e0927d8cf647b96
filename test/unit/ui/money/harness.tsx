/**
 * Renders the dialog host (and whatever else) with a fake screen API whose money calls the test
 * controls, and opens a dialog by name.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { expect, vi } from 'vitest';
import type { ReactNode } from 'react';
import { ScreenApiProvider, type ScreenApi } from '@src/facade/screen-api';
import type { MoneyApi } from '@src/facade/money-api';
import type { SessionApi } from '@src/pipeline/session';
import { DialogHost } from '@src/ui/dialogs/DialogHost';
import { dialogAtom, type OpenDialogState } from '@src/ui/dialogs/dialog-state';
import { fakeScreenApi, renderWithProviders } from '../test-utils';
import { fakeMoneyApi } from '../money-fakes';

export interface MoneyHarnessOptions {
  money?: Partial<MoneyApi>;
  screen?: Partial<ScreenApi>;
  store?: ReturnType<typeof createStore>;
  lng?: string;
  /** The session API of the app's services (default: fakeApi(), nobody). */
  session?: SessionApi;
  children?: ReactNode;
}

export async function renderMoney(opts: MoneyHarnessOptions = {}) {
  const money = fakeMoneyApi(opts.money);
  const api = fakeScreenApi({ ...opts.screen, money });
  const store = opts.store ?? createStore();
  const view = await renderWithProviders(
    <ScreenApiProvider api={api}>
      {opts.children}
      <DialogHost />
    </ScreenApiProvider>,
    { store, lng: opts.lng, api: opts.session },
  );
  const open = async (dialog: OpenDialogState, name: string | RegExp) => {
    act(() => store.set(dialogAtom, dialog));
    return screen.findByRole('dialog', { name });
  };
  return { ...view, api, money, store, open };
}

/**
 * One dialog body on its own, without the host: what stays on screen, filled in and clickable,
 * while the host's modal runs its exit transition after the body called `close` (the tests'
 * Mantine has no transitions, so the host unmounts the body at once). `close` and `setBusy`
 * only record their calls.
 */
export async function renderBody(
  body: (controls: { close: () => void; setBusy: (busy: boolean) => void }) => ReactNode,
  opts: Omit<MoneyHarnessOptions, 'children'> = {},
) {
  const money = fakeMoneyApi(opts.money);
  const api = fakeScreenApi({ ...opts.screen, money });
  const store = opts.store ?? createStore();
  const close = vi.fn();
  const setBusy = vi.fn();
  const view = await renderWithProviders(
    <ScreenApiProvider api={api}>{body({ close, setBusy })}</ScreenApiProvider>,
    { store, lng: opts.lng },
  );
  return { ...view, api, money, store, close, setBusy };
}

/** A promise with its resolve and reject outside. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * In a form that says Funding holds too little `coin`: presses "Transfer to the Funding account"
 * and returns the transfer dialog, which has taken the form's place, with `coin` into Funding.
 */
export async function transferToFundingFrom(form: HTMLElement, coin: string) {
  await userEvent.click(
    within(form).getByRole('button', { name: 'Transfer to the Funding account' }),
  );
  const transfer = await screen.findByRole('dialog', { name: 'Transfer' });
  expect(screen.getAllByRole('dialog')).toHaveLength(1);
  expect(await within(transfer).findByRole('combobox', { name: 'To' })).toHaveValue(
    'Funding account',
  );
  expect(within(transfer).getByRole('combobox', { name: 'From' })).not.toHaveValue(
    'Funding account',
  );
  expect(within(transfer).getByRole('combobox', { name: 'Coin' })).toHaveValue(coin);
  return transfer;
}
