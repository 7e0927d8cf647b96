/** React bindings of the session and language actions, for the shell and the screens. */
import { useStore } from 'jotai';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ERROR_CODES, signOut, useServices } from '../facade';
import { codeMessage } from '../i18n/error-message';
import { applyLanguage } from '../i18n/language';
import { showToast } from './notifications';

/** How long the "sign-out failed" toast (50016) stays. */
const SIGN_OUT_FAILED_TOAST_MS = 2000;

/** Sign out: /logout, then /login; on failure a 2 s toast with the 50016 text. */
export function useSignOut(): () => Promise<boolean> {
  const store = useStore();
  const { api } = useServices();
  const navigate = useNavigate();
  const { t } = useTranslation('user-assets');
  return useCallback(
    () =>
      signOut(store, api, {
        navigate: (path) => void navigate(path, { replace: true }),
        onFailure: () =>
          showToast(codeMessage(t, ERROR_CODES.SIGN_OUT_FAILED), {
            tone: 'error',
            duration: SIGN_OUT_FAILED_TOAST_MS,
          }),
      }),
    [store, api, navigate, t],
  );
}

/** Switch the page language (see src/i18n/language.ts for everything it updates). */
export function useChangeLanguage(): (lng: string) => Promise<string> {
  const store = useStore();
  const { host, allowPseudo } = useServices();
  const { i18n } = useTranslation();
  return useCallback(
    (lng: string) => applyLanguage(lng, { i18n, store, host, allowPseudo }),
    [i18n, store, host, allowPseudo],
  );
}
