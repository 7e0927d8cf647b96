/**
 * A screen that fails to render, or whose code is gone from the server (a tab opened before a new
 * build asks for a lazy chunk under its old name), shows an error page inside the shell with a
 * reload, not a blank page: the header and the navigation stay usable.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '@src/app/routes';
import { isStaleChunkError } from '@src/app/RouteError';
import { fakeApi, renderApp } from '../ui/test-utils';

/** The app's routes with the screen at `path` replaced by `element`. */
function routesWith(path: string, element: RouteObject['element']): RouteObject[] {
  const routes = buildRoutes();
  const replace = (list: RouteObject[]): boolean =>
    list.some((r) => {
      if (r.path === path) {
        r.element = element;
        return true;
      }
      return r.children ? replace(r.children) : false;
    });
  expect(replace(routes)).toBe(true);
  return routes;
}

function Broken(): never {
  throw new Error('a bug in the screen');
}

describe('a screen that fails', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('to render: an error page in the shell, with a reload; the header stays', async () => {
    // React reports the caught error on the console; expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    await renderApp({
      path: '/copy-trade',
      api: fakeApi('follower'),
      routes: routesWith('/copy-trade', <Broken />),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page could not be shown' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/your balances and orders are not changed/);
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('to load its code (an older build): says a new version is available', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Gone = lazy(() =>
      Promise.reject(
        new TypeError(
          'Failed to fetch dynamically imported module: http://127.0.0.1/assets/Screen-1a2b3c4d.js',
        ),
      ),
    );
    await renderApp({
      path: '/copy-trade',
      api: fakeApi('follower'),
      routes: routesWith('/copy-trade', <Gone />),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'A new version is available' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(await screen.findByRole('banner')).toBeInTheDocument();
  });

  it('recognises the stale-chunk error of each browser, and nothing else', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://x/assets/a-12345678.js',
      'error loading dynamically imported module: https://x/assets/a-12345678.js',
      'Importing a module script failed.',
    ]) {
      expect(isStaleChunkError(new TypeError(message)), message).toBe(true);
    }
    expect(isStaleChunkError(new Error('a bug in the screen'))).toBe(false);
    expect(isStaleChunkError(undefined)).toBe(false);
  });
});
