import { Button, Stack, Text } from '@mantine/core';
import { useAtomValue, useStore } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isSignedInAtom } from '../state/client';
import { Spinner } from '../ui/Spinner';
import { ScreenFrame } from '../ui/ScreenFrame';
import { useServices } from '../facade/services';
import {
  bootstrapSession,
  HOME_PATHS,
  roleAtom,
  sessionStatusAtom,
  type Role,
} from '../pipeline/session';

/** While the session is being checked, or could not be: a spinner, or an error with retry. */
function SessionPending() {
  const { t } = useTranslation('user-assets');
  const status = useAtomValue(sessionStatusAtom);
  const store = useStore();
  const { api } = useServices();
  if (status !== 'error') return <Spinner label={t('session.checking')} />;
  return (
    <ScreenFrame title={t('session.unreachableTitle')}>
      <Stack gap="sm" align="flex-start">
        <Text role="alert">{t('session.unreachable')}</Text>
        <Button onClick={() => void bootstrapSession(store, api)}>{t('common.retry')}</Button>
      </Stack>
    </ScreenFrame>
  );
}

/** Guarded routes: signed-out visitors go to /login. */
export function RequireAuth() {
  const status = useAtomValue(sessionStatusAtom);
  const signedIn = useAtomValue(isSignedInAtom);
  const location = useLocation();
  if (signedIn) return <Outlet />;
  if (status !== 'ready') return <SessionPending />;
  return <Navigate to="/login" replace state={{ from: location.pathname }} />;
}

/** Routes only for signed-out visitors (the login page): a signed-in user goes home. */
export function RequireSignedOut() {
  const status = useAtomValue(sessionStatusAtom);
  const signedIn = useAtomValue(isSignedInAtom);
  if (signedIn) return <Navigate to="/" replace />;
  if (status === 'unknown' || status === 'checking') return <SessionPending />;
  return <Outlet />;
}

/**
 * Routes for everybody whose page depends on who is signed in (the not-found page): nothing of
 * the signed-out version shows while the session is still being checked, so a signed-in user
 * never sees "Sign in" flash before "Go to your dashboard".
 */
export function RequireKnownSession() {
  const status = useAtomValue(sessionStatusAtom);
  const signedIn = useAtomValue(isSignedInAtom);
  if (signedIn || status === 'ready') return <Outlet />;
  return <SessionPending />;
}

/** `/`: the screen of the user's role, once the copy-trade profile is known. */
export function RoleRedirect() {
  const { t } = useTranslation('user-assets');
  const role = useAtomValue(roleAtom);
  if (!role) return <Spinner label={t('session.checking')} />;
  // Failed reads still land somewhere useful: every user has derivatives assets.
  return <Navigate to={HOME_PATHS[role]} replace />;
}

/**
 * A screen for some roles only (the leader screen: its topics are subscribed for leaders alone).
 * Anyone else goes to their own home screen; while the role is not known yet, the loading state.
 */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { t } = useTranslation('user-assets');
  const role = useAtomValue(roleAtom);
  if (!role) return <Spinner label={t('session.checking')} />;
  if (!roles.includes(role)) return <Navigate to={HOME_PATHS[role]} replace />;
  return children;
}
