import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cleanNotifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userAtom } from '@src/state/client';
import { notificationStore, toastStore } from '@src/ui/notifications';
import { apiError, fakeApi, renderApp } from '../ui/test-utils';

afterEach(() => {
  act(() => {
    cleanNotifications(toastStore);
    cleanNotifications(notificationStore);
  });
  vi.useRealTimers();
});

async function openAccountMenu() {
  await userEvent.click(await screen.findByRole('button', { name: /Account menu for trader/ }));
  return screen.findByRole('menuitem', { name: 'Sign out' });
}

describe('sign out', () => {
  it('posts /logout, forgets the user and goes to /login', async () => {
    const api = fakeApi('trader');
    const { router, store } = await renderApp({ path: '/assets/derivatives', api });
    await userEvent.click(await openAccountMenu());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(store.get(userAtom).userId).toBe(0);
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('on failure stays signed in and shows the 50016 text in a toast for 2 s', async () => {
    const api = fakeApi('trader', { logout: vi.fn(() => Promise.reject(apiError(9000005))) });
    const { router, store } = await renderApp({ path: '/assets/derivatives', api });
    const item = await openAccountMenu();
    vi.useFakeTimers({ shouldAdvanceTime: false });
    await act(async () => {
      item.click();
      await Promise.resolve();
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent('Sign-out failed, please try again.');
    expect(router.state.location.pathname).toBe('/assets/derivatives');
    expect(store.get(userAtom).userId).toBe(3001);
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(screen.getByText('Sign-out failed, please try again.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText('Sign-out failed, please try again.')).toBeNull();
  });
});

describe('no-permission sign-out', () => {
  it('signs the user out with the code message when a call answers no permission', async () => {
    const { router, store, noPermission } = await renderApp({
      path: '/copy-trade',
      api: fakeApi('follower'),
    });
    await screen.findByRole('banner');
    act(() => noPermission.fire(apiError(10007)));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.get(userAtom).userId).toBe(0);
    expect(await screen.findByText('You have been signed out')).toBeInTheDocument();
    expect(screen.getByText('Your session has expired, please sign in again.')).toBeInTheDocument();
  });

  it.each([33003, 10009])('handles %i the same way', async (code) => {
    const { router, noPermission } = await renderApp({
      path: '/copy-trade',
      api: fakeApi('follower'),
    });
    await screen.findByRole('banner');
    act(() => noPermission.fire(apiError(code)));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('ignores the signal while nobody is signed in (the bootstrap 10007 is no event)', async () => {
    const { router, noPermission } = await renderApp({ path: '/login' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(noPermission.size).toBe(1);
    act(() => noPermission.fire(apiError(10007)));
    expect(screen.queryByText('You have been signed out')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });
});
