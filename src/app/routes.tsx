/**
 * The route table. A screen is one entry in SCREENS: its path, its page key (title and
 * description in meta.<page>), its lazily loaded module under src/features/, and the roles it
 * is for when not everyone's.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout } from './shell/AppLayout';
import type { PageKey, RouteHandle } from './shell/RouteMeta';
import { RequireAuth, RequireRole, RequireSignedOut, RoleRedirect } from './guards';
import type { Role } from '../pipeline/session';

export interface ScreenRoute {
  path: string;
  page: PageKey;
  Component: LazyExoticComponent<ComponentType>;
  /** Only for these roles (others are sent to their home screen); default everyone. */
  roles?: readonly Role[];
}

/** Screens behind sign-in. */
export const SCREENS: readonly ScreenRoute[] = [
  {
    path: '/copy-trade',
    page: 'copyTrade',
    Component: lazy(() => import('../features/copytrade/FollowerScreen')),
  },
  {
    path: '/copy-trade/leader',
    page: 'leader',
    Component: lazy(() => import('../features/leader/LeaderScreen')),
    roles: ['leader'],
  },
  {
    path: '/assets/derivatives',
    page: 'derivatives',
    Component: lazy(() => import('../features/assets/DerivativesScreen')),
  },
];

const LoginPage = lazy(() => import('../features/login/LoginPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));

const handle = (page: PageKey): RouteHandle => ({ page });

/** All routes, for createBrowserRouter (app) or createMemoryRouter (tests). */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      children: [
        {
          element: <RequireSignedOut />,
          children: [{ path: '/login', element: <LoginPage />, handle: handle('login') }],
        },
        {
          element: <RequireAuth />,
          children: [
            { path: '/', element: <RoleRedirect /> },
            ...SCREENS.map(({ path, page, Component, roles }) => ({
              path,
              element: roles ? (
                <RequireRole roles={roles}>
                  <Component />
                </RequireRole>
              ) : (
                <Component />
              ),
              handle: handle(page),
            })),
          ],
        },
        { path: '*', element: <NotFoundPage />, handle: handle('notFound') },
      ],
    },
  ];
}
