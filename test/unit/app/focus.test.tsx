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
    const panel = screen.getByRole('region', { name: 'Support chat' });
    const close = within(panel).getByRole('button', { name: 'Close support chat' });
    await waitFor(() => expect(close).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Support chat' })).toBeNull();
    expect(launcher).toHaveFocus();
    // Open again from the launcher, and Escape with focus still on the launcher closes it too.
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: 'Support chat' })).toBeInTheDocument();
    launcher.focus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Support chat' })).toBeNull();
    expect(launcher).toHaveFocus();
  });

  it('keeps the chat panel in the tab order right after its launcher, inside the header (L4)', async () => {
    await renderApp({ path: '/copy-trade', api: fakeApi('follower') });
    const banner = await screen.findByRole('banner');
    const launcher = await within(banner).findByRole('button', { name: 'Open support chat' });
    launcher.focus();
    await userEvent.keyboard('{Enter}');
    const panel = within(banner).getByRole('region', { name: 'Support chat' });
    const close = within(panel).getByRole('button', { name: 'Close support chat' });
    await waitFor(() => expect(close).toHaveFocus());
    // Tab leaves the panel to the header's next control, not to the end of the page
    await userEvent.tab();
    expect(within(banner).getByRole('button', { name: /^Account menu for/ })).toHaveFocus();
    expect(panel).toBeInTheDocument();
    // and Shift+Tab comes back through it to the launcher
    await userEvent.tab({ shift: true });
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(launcher).toHaveFocus();
    // Escape in the panel still closes it, focus back on the launcher
    close.focus();
    await userEvent.keyboard('{Escape}');
    expect(within(banner).queryByRole('region', { name: 'Support chat' })).toBeNull();
    expect(launcher).toHaveFocus();
  });
});
