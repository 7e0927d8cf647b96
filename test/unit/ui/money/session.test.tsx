/**
 * A money dialog belongs to the session it was opened in (money-flow review, H2): signing out
 * for any reason closes it, and nothing of it is ever sent in another user's session.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { userAtom, type SessionUser } from '@src/state/client';
import { dialogAtom } from '@src/ui/dialogs/dialog-state';
import TransferDialog from '@src/ui/dialogs/TransferDialog';
import { apiError, fakeApi, PROFILES, renderApp } from '../test-utils';
import { renderBody, renderMoney } from './harness';

const session = (who: keyof typeof PROFILES): SessionUser => ({
  userId: PROFILES[who]!.userId,
  profile: PROFILES[who]!,
});

describe('money dialogs and the session', () => {
  it('closes the transfer dialog when the session expires, and shows it to nobody after', async () => {
    const { store, noPermission, router } = await renderApp({
      path: '/assets/derivatives',
      api: fakeApi('follower'),
    });
    await screen.findByRole('banner');
    act(() => store.set(dialogAtom, { name: 'transfer', props: { coin: 'USDT' } }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer' });
    await within(dialog).findByRole('textbox', { name: /^Amount/ });

    act(() => noPermission.fire(apiError(10007)));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.get(dialogAtom)).toBeNull();

    // Another user signs in (in another tab, say): the follower's dialog does not come back.
    act(() => store.set(userAtom, session('trader')));
    await screen.findByRole('banner');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.get(dialogAtom)).toBeNull();
  });

  it('does not bring a dialog back when the same user signs in again', async () => {
    const store = createStore();
    store.set(userAtom, session('follower'));
    const h = await renderMoney({ store });
    await h.open({ name: 'transfer', props: {} }, 'Transfer');
    act(() => store.set(userAtom, { userId: 0 }));
    act(() => store.set(userAtom, session('follower')));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.get(dialogAtom)).toBeNull();
  });

  it('a transfer form opened for one user sends nothing once another is signed in', async () => {
    const store = createStore();
    store.set(userAtom, session('follower'));
    const { money, close } = await renderBody(
      (c) => <TransferDialog props={{ coin: 'USDT' }} {...c} />,
      { store },
    );
    const amount = await screen.findByRole('textbox', { name: /^Amount/ });
    await screen.findByText(/^2,500(\.0+)?$/);
    await userEvent.type(amount, '5');
    act(() => store.set(userAtom, session('trader')));
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(money.transfer).not.toHaveBeenCalled();
  });
});
