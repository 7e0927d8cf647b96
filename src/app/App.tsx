import { useStore } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, RouterProvider, type DataRouter } from 'react-router';
import { errorMessage } from '../i18n/error-message';
import { notify } from '../ui/notifications';
import { AppProviders, type AppProvidersProps } from './providers';
import { buildRoutes } from './routes';
import { useServices } from '../facade/services';
import {
  bootstrapSession,
  installNoPermissionSignOut,
  sessionStatusAtom,
  watchOtherTabs,
} from '../pipeline/session';

interface SessionRuntimeProps {
  router: DataRouter;
  /** `onNoPermission` of the HTTP client (src/api/http.ts). */
  subscribeNoPermission: (listener: (err: unknown) => void) => () => void;
}

/**
 * Runs the session once per page: checks who is signed in, checks again when another tab signs
 * in as someone else or signs out, and signs the user out with a message when any call answers a
 * no-permission code.
 */
function SessionRuntime({ router, subscribeNoPermission }: SessionRuntimeProps) {
  const store = useStore();
  const { api } = useServices();
  const { t } = useTranslation('user-assets');

  useEffect(() => {
    // StrictMode runs effects twice in development: check the session only once.
    if (store.get(sessionStatusAtom) === 'unknown') void bootstrapSession(store, api);
  }, [store, api]);

  // A sign-in as another user or a sign-out in another tab: this one checks who it acts for.
  useEffect(() => watchOtherTabs(store, api), [store, api]);

  useEffect(
    () =>
      installNoPermissionSignOut(store, {
        subscribe: subscribeNoPermission,
        navigate: (path) => void router.navigate(path, { replace: true }),
        notify: (err) =>
          notify({
            title: t('session.signedOutTitle'),
            message: errorMessage(t, err),
            tone: 'warning',
          }),
      }),
    [store, router, subscribeNoPermission, t],
  );
  return null;
}

export interface AppProps extends Omit<AppProvidersProps, 'children'> {
  subscribeNoPermission: SessionRuntimeProps['subscribeNoPermission'];
  /** `createAppRouter()` in the app, a memory router over `buildRoutes()` in tests. */
  router: DataRouter;
}

/** The browser router over the route table; create it once per page (it listens to history). */
export const createAppRouter = (): DataRouter => createBrowserRouter(buildRoutes());

/** The whole application. */
export function App({ router, subscribeNoPermission, ...providers }: AppProps) {
  return (
    <AppProviders {...providers}>
      <SessionRuntime router={router} subscribeNoPermission={subscribeNoPermission} />
      <RouterProvider router={router} />
    </AppProviders>
  );
}
