/**
 * The not-found page (issue 15, item 11): signed out it offers language and theme (there is no
 * header) and leads to the sign-in; signed in, the header frames it and it leads home. While the
 * session is being checked it shows neither (no "Sign in" flashes before the dashboard link).
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderApp } from '../ui/test-utils';

describe('not-found page', () => {
  it('signed out: language, theme and a link to sign in', async () => {
    const { router } = await renderApp({ path: '/no/such/page' });
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(screen.queryByText('Go to your dashboard')).toBeNull();
    expect(screen.getByRole('button', { name: /language/i })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /theme|dark|light/i })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('signed in: a link to the dashboard, no second language menu', async () => {
    await renderApp({ path: '/no/such/page', api: fakeApi('trader') });
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/');
  });

  it('shows neither version while the session is being checked', async () => {
    const profile = await fakeApi('trader').profile();
    let answer: (p: typeof profile) => void = () => undefined;
    const api = fakeApi('trader', { profile: () => new Promise((resolve) => (answer = resolve)) });
    await renderApp({ path: '/no/such/page', api });
    expect(
      await screen.findByRole('status', { name: /Checking your session/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
    act(() => answer(profile));
    expect(await screen.findByRole('link', { name: 'Go to your dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });
});
