import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT, userAtom } from '@src/state/client';
import { ChatWidget, Footer, Header } from '@src/app/shell/lazy-parts';
import { fakeApi, PROFILES, renderApp } from '../ui/test-utils';

describe('shell', () => {
  it('loads header, footer and chat lazily, each from its own module', async () => {
    // lazyPreloadable: a component whose module comes with its first render or with preload().
    for (const part of [Header, Footer, ChatWidget]) {
      expect(typeof part).toBe('function');
      await expect(part.preload()).resolves.toBeUndefined();
    }
  });

  it('hides header, footer and chat from a signed-out visitor', async () => {
    await renderApp({ path: '/login' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open support chat' })).toBeNull();
  });

  it('shows them, each named, to a signed-in user', async () => {
    await renderApp({ path: '/assets/derivatives', api: fakeApi('trader') });
    expect(await screen.findByRole('banner', { name: 'Site header' })).toBeInTheDocument();
    expect(await screen.findByRole('contentinfo', { name: 'Site footer' })).toBeInTheDocument();
    // the chat launcher is one of the header's controls; its panel a region right after it
    const banner = screen.getByRole('banner', { name: 'Site header' });
    await userEvent.click(await within(banner).findByRole('button', { name: 'Open support chat' }));
    expect(within(banner).getByRole('region', { name: 'Support chat' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('main', { name: 'Main content' })).toBeInTheDocument();
  });

  it('hides them again when the user becomes userId 0', async () => {
    const store = createStore();
    await renderApp({ path: '/assets/derivatives', api: fakeApi('trader'), store });
    await screen.findByRole('banner');
    act(() => store.set(userAtom, { ...SIGNED_OUT, profile: PROFILES.trader }));
    await waitFor(() => expect(screen.queryByRole('banner')).toBeNull());
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('offers a skip link to the main region, which takes focus', async () => {
    await renderApp({ path: '/login' });
    const skip = await screen.findByRole('link', { name: 'Skip to main content' });
    const main = screen.getByRole('main');
    expect(skip).toHaveAttribute('href', `#${main.id}`);
    expect(main).toHaveAttribute('tabindex', '-1');
    await userEvent.tab();
    expect(skip).toHaveFocus();
  });

  it('links the screens of the role: a leader sees the leader dashboard, not copy trading', async () => {
    await renderApp({ path: '/copy-trade/leader', api: fakeApi('leader') });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Leader dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).queryByRole('link', { name: 'Copy trading' })).toBeNull();
    // the assets area (derivatives among its screens) has one entry in the main navigation
    expect(within(nav).getByRole('link', { name: 'Assets' })).toBeInTheDocument();
  });

  it('opens the support panel, which says chat is not available on a local test host', async () => {
    await renderApp({ path: '/copy-trade', api: fakeApi('follower') });
    const open = await screen.findByRole('button', { name: 'Open support chat' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(open);
    const panel = screen.getByRole('region', { name: 'Support chat' });
    expect(within(panel).getByRole('heading', { name: 'Support' })).toBeInTheDocument();
    expect(within(panel).getByText(/not available on this test network/)).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Close support chat' }));
    expect(screen.queryByRole('region', { name: 'Support chat' })).toBeNull();
  });
});
