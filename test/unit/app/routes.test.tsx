import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CopyProfile } from '@src/api/types';
import { SCREENS } from '@src/app/routes';
import { COPY_PROFILES, fakeApi, renderApp } from '../ui/test-utils';

describe('routes', () => {
  it('sends a signed-out visitor of a guarded route to /login', async () => {
    const { router } = await renderApp({ path: '/copy-trade' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each([
    ['follower', '/copy-trade', 'Copy trading'],
    ['leader', '/copy-trade/leader', 'Leader dashboard'],
    ['trader', '/assets/derivatives', 'Derivatives assets'],
    ['newbie', '/assets/derivatives', 'Derivatives assets'],
  ] as const)('redirects / for a %s to %s', async (who, path, heading) => {
    const { router } = await renderApp({ path: '/', api: fakeApi(who) });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getByRole('region', { name: heading })).toBeInTheDocument();
  });

  it.each([
    ['trader', '/assets/derivatives', 'Derivatives assets'],
    ['newbie', '/assets/derivatives', 'Derivatives assets'],
    ['follower', '/copy-trade', 'Copy trading'],
  ] as const)(
    'sends a %s who opens the leader screen to their own screen',
    async (who, path, heading) => {
      const { router } = await renderApp({ path: '/copy-trade/leader', api: fakeApi(who) });
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      expect(screen.queryByRole('heading', { name: 'Leader dashboard' })).toBeNull();
    },
  );

  it('shows the loading state on the leader screen until the role is known', async () => {
    let answer: (cp: CopyProfile) => void = () => {};
    const api = fakeApi('leader', {
      copyProfile: vi.fn(() => new Promise<CopyProfile>((resolve) => (answer = resolve))),
    });
    const { router } = await renderApp({ path: '/copy-trade/leader', api });
    // signed in (the profile answered), the copy profile not yet: the role is unknown
    await waitFor(() => expect(api.copyProfile).toHaveBeenCalled());
    await act(async () => {});
    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    await act(async () => answer(COPY_PROFILES.leader!));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Leader dashboard' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/copy-trade/leader');
  });

  it('renders every screen of the table at its path with its heading', async () => {
    for (const screenRoute of SCREENS) {
      const who = screenRoute.roles?.[0] ?? 'trader';
      const { unmount, router } = await renderApp({ path: screenRoute.path, api: fakeApi(who) });
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(screenRoute.path);
      unmount();
    }
  });

  it('shows the not-found page for unknown addresses', async () => {
    await renderApp({ path: '/no/such/page' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
  });

  it('sends a signed-in user away from /login to their screen', async () => {
    const { router } = await renderApp({ path: '/login', api: fakeApi('leader') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/copy-trade/leader'));
  });
});
