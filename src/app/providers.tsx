import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import type { i18n as I18n } from 'i18next';
import { Provider as JotaiProvider, useAtomValue, type createStore } from 'jotai';
import { useEffect, useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { directionOf } from '../i18n/languages';
import { currentLangAtom } from '../state/client';
import { rootMarkerColorSchemeManager } from '../ui/color-scheme';
import { DATES_SETTINGS } from '../ui/component-labels';
import { NotificationHosts } from '../ui/notifications';
import { cssVariablesResolver, theme } from '../ui/theme';
import { ServicesProvider, type AppServices } from '../facade/services';

/** Keeps Mantine's direction in step with the language (the document's `dir` is set with it). */
function DirectionSync() {
  const lng = useAtomValue(currentLangAtom);
  const { setDirection } = useDirection();
  useEffect(() => setDirection(directionOf(lng)), [lng, setDirection]);
  return null;
}

export interface AppProvidersProps {
  store: ReturnType<typeof createStore>;
  i18n: I18n;
  services: AppServices;
  /** Mantine 'test' env: no transitions or portals delays in jsdom. */
  env?: 'default' | 'test';
  /** At most this many notification cards at once. */
  maxNotifications?: number;
  children: ReactNode;
}

/** Every provider the app needs, in one place (the app and the component tests use it). */
export function AppProviders({
  store,
  i18n,
  services,
  env = 'default',
  maxNotifications,
  children,
}: AppProvidersProps) {
  const manager = useMemo(() => rootMarkerColorSchemeManager(), []);
  const initialDirection = directionOf(store.get(currentLangAtom));
  return (
    <JotaiProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <ServicesProvider value={services}>
          <DirectionProvider initialDirection={initialDirection} detectDirection={false}>
            <MantineProvider
              theme={theme}
              cssVariablesResolver={cssVariablesResolver}
              colorSchemeManager={manager}
              defaultColorScheme="light"
              env={env}
            >
              <DatesProvider settings={DATES_SETTINGS}>
                <DirectionSync />
                <NotificationHosts maxCount={maxNotifications} />
                {children}
              </DatesProvider>
            </MantineProvider>
          </DirectionProvider>
        </ServicesProvider>
      </I18nextProvider>
    </JotaiProvider>
  );
}
