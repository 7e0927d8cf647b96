/**
 * Where keyboard focus goes (issue 18): after every route change, on the new page's heading (after
 * sign-in: test/unit/features/login/LoginPage.test.tsx); menus open on an item; Escape closes the support chat and returns to its launcher.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderApp } from '../ui/test-utils';

describe('focus', () => {
  it('leaves focus alone on the first page load', async () => {
    await renderApp({ path: '/login' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(document.body).toHaveFocus();
  });

  it('moves to the new page heading after a route change', async () => {
    const { router } = await renderApp({ path: '/copy-trade/leader', api: fakeApi('leader') });
    await screen.findByRole('heading', { level: 1, name: 'Leader dashboard' });
    await act(() => router.navigate('/no/such/page'));
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: (name) => name !== 'Leader dashboard',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('opens the language menu on the current language, and the account menu on its item', async () => {
    await renderApp({ path: '/copy-trade', api: fakeApi('follower') });
    await userEvent.click(await screen.findByRole('button', { name: 'Language: English' }));
    const current = await screen.findByRole('menuitem', { name: 'English' });
    await waitFor(() => expect(current).toHaveFocus());
    expect(current).toHaveAttribute('aria-current', 'true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    const banner = screen.getByRole('banner');
    await userEvent.click(within(banner).getByRole('button', { name: /^Account/ }));
    const signOut = await screen.findByRole('menuitem', { name: 'Sign out' });
    await waitFor(() => expect(signOut).toHaveFocus());
  });

  it('moves into the chat panel when it opens; Escape closes it and returns to the launcher', async () => {
    await renderApp({ path: '/copy-trade', api: fakeApi('follower') });
    const launcher = await screen.findByRole('button', { name: 'Open support chat' });
    launcher.focus();
    await userEvent.keyboard('{Enter}');
    const panel = screen.getByRole('region', { name: 'Support' });
    const close = within(panel).getByRole('button', { name: 'Close support chat' });
    await waitFor(() => expect(close).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Support' })).toBeNull();
    expect(launcher).toHaveFocus();
    // Open again from the launcher, and Escape with focus still on the launcher closes it too.
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: 'Support' })).toBeInTheDocument();
    launcher.focus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Support' })).toBeNull();
    expect(launcher).toHaveFocus();
  });
});
