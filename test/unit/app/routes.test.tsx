import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SCREENS } from '../../../src/app/routes';
import { fakeApi, renderApp } from '../ui/test-utils';

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

  it('renders every screen of the table at its path with its heading', async () => {
    for (const screenRoute of SCREENS) {
      const { unmount } = await renderApp({ path: screenRoute.path, api: fakeApi('trader') });
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
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
