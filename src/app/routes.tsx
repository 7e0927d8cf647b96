/**
 * The route table. A screen is one entry in SCREENS: its path, its page key (title and
 * description in meta.<page>), its lazily loaded module under src/features/, and the roles it
 * is for when not everyone's.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout } from './shell/AppLayout';
import { AssetsArea } from './AssetsArea';
import { RouteError } from './RouteError';
import type { PageKey, RouteHandle } from './shell/RouteMeta';
import {
  RequireAuth,
  RequireKnownSession,
  RequireRole,
  RequireSignedOut,
  RoleRedirect,
} from './guards';
import type { Role } from '../pipeline/session';
import { lazyPreloadable, type PreloadableComponent } from './lazy-preloadable';

export interface ScreenRoute {
  path: string;
  page: PageKey;
  Component: PreloadableComponent;
  /** Only for these roles (others are sent to their home screen); default everyone. */
  roles?: readonly Role[];
  /**
   * A screen of the user-assets area: its label key in the area's navigation (AssetsArea.tsx).
   * The area's screens share one frame (nav, 5 s refresh of the overview); the nav lists them in
   * this table's order.
   */
  assetsNav?: string;
}

/** The records screen's path (the area's navigation marks it while records are pending). */
export const RECORDS_PATH = '/assets/records';

/** Screens behind sign-in. */
export const SCREENS: readonly ScreenRoute[] = [
  {
    path: '/copy-trade',
    page: 'copyTrade',
    Component: lazyPreloadable(() => import('../features/copytrade/FollowerScreen')),
  },
  {
    path: '/copy-trade/leader',
    page: 'leader',
    Component: lazyPreloadable(() => import('../features/leader/LeaderScreen')),
    roles: ['leader'],
  },
  // -- the user-assets area (AssetsArea.tsx): one nav entry each, in this order
  {
    path: '/assets',
    page: 'assets',
    Component: lazyPreloadable(() => import('../features/assets/overview/OverviewScreen')),
    assetsNav: 'assetsArea.nav.overview',
  },
  {
    path: '/assets/spot',
    page: 'assetsSpot',
    Component: lazyPreloadable(() => import('../features/assets/accounts/SpotScreen')),
    assetsNav: 'assetsArea.nav.spot',
  },
  {
    path: '/assets/derivatives',
    page: 'derivatives',
    Component: lazyPreloadable(() => import('../features/assets/DerivativesScreen')),
    assetsNav: 'assetsArea.nav.derivatives',
  },
  {
    path: '/assets/unified',
    page: 'unified',
    Component: lazyPreloadable(() => import('../features/assets/unified/UnifiedScreen')),
    assetsNav: 'earn.nav.unified',
  },
  {
    path: '/assets/funding',
    page: 'assetsFunding',
    Component: lazyPreloadable(() => import('../features/assets/accounts/FundingScreen')),
    assetsNav: 'assetsArea.nav.funding',
  },
  {
    path: '/assets/fiat',
    page: 'assetsFiat',
    Component: lazyPreloadable(() => import('../features/assets/accounts/FiatScreen')),
    assetsNav: 'assetsArea.nav.fiat',
  },
  {
    path: '/assets/mt',
    page: 'assetsMt',
    Component: lazyPreloadable(() => import('../features/assets/accounts/MtScreen')),
    assetsNav: 'assetsArea.nav.mt',
  },
  {
    path: '/assets/bots',
    page: 'assetsBots',
    Component: lazyPreloadable(() => import('../features/assets/accounts/BotsScreen')),
    assetsNav: 'assetsArea.nav.bots',
  },
  {
    path: '/assets/options',
    page: 'assetsOptions',
    Component: lazyPreloadable(() => import('../features/assets/accounts/OptionsScreen')),
    assetsNav: 'assetsArea.nav.options',
  },
  {
    path: '/assets/savings',
    page: 'savings',
    Component: lazyPreloadable(() => import('../features/assets/savings/SavingsScreen')),
    assetsNav: 'earn.nav.savings',
  },
  {
    path: '/assets/pledge',
    page: 'pledge',
    Component: lazyPreloadable(() => import('../features/assets/pledge/PledgeScreen')),
    assetsNav: 'earn.nav.pledge',
  },
  {
    path: RECORDS_PATH,
    page: 'records',
    Component: lazyPreloadable(() => import('../features/assets/records/RecordsScreen')),
    assetsNav: 'nav.records',
  },
];

/** The user-assets area's navigation: its screens in SCREENS order (AssetsArea.tsx renders it). */
export const ASSETS_NAV = SCREENS.filter(
  (s): s is ScreenRoute & { assetsNav: string } => s.assetsNav !== undefined,
);

/** Loads the screen of `pathname` (exact path of SCREENS; nothing for others); never rejects. */
export function preloadScreen(pathname: string): Promise<void> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SCREENS.find((s) => s.path === path)?.Component.preload() ?? Promise.resolve();
}

const LoginPage = lazy(() => import('../features/login/LoginPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));

const handle = (page: PageKey): RouteHandle => ({ page });

function screenRoute({ path, page, Component, roles }: ScreenRoute): RouteObject {
  return {
    path,
    element: roles ? (
      <RequireRole roles={roles}>
        <Component />
      </RequireRole>
    ) : (
      <Component />
    ),
    handle: handle(page),
  };
}

/** All routes, for createBrowserRouter (app) or createMemoryRouter (tests). */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      // The shell itself failed: the error page alone.
      errorElement: <RouteError />,
      children: [
        {
          // A screen failed to load or to render: the error page inside the shell.
          errorElement: <RouteError />,
          children: [
            {
              element: <RequireSignedOut />,
              children: [{ path: '/login', element: <LoginPage />, handle: handle('login') }],
            },
            {
              element: <RequireAuth />,
              children: [
                { path: '/', element: <RoleRedirect /> },
                ...SCREENS.filter((s) => !s.assetsNav).map(screenRoute),
                { element: <AssetsArea />, children: ASSETS_NAV.map(screenRoute) },
              ],
            },
            {
              element: <RequireKnownSession />,
              children: [{ path: '*', element: <NotFoundPage />, handle: handle('notFound') }],
            },
          ],
        },
      ],
    },
  ];
}
