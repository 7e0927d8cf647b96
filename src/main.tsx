import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { createStore } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  aggregateInfo,
  cardPotential,
  copyProfile,
  fetchSnapshot,
  instrumentsInfo,
  login,
  logout,
  memberInfo,
  preferences,
  prefSetting,
  profile,
  registerPermission,
  userTags,
} from './api/endpoints';
import { http, onNoPermission } from './api/http';
import { App, createAppRouter } from './app/App';
import { startAppMonitoring } from './app/monitoring';
import { noPermissionBridge } from './app/no-permission';
import type { AppServices } from './facade/services';
import { currentHostConfig } from './config/host';
import { createI18n } from './i18n/i18n';
import { applyDocumentLanguage, initialLanguage } from './i18n/language';
import { currentLangAtom } from './state/client';
import { startLive } from './pipeline/live';
import { timedFetchSnapshot } from './monitoring/app-events';
import { trackEvent } from './monitoring/monitor';
import { createTapSlot } from './wire/tap';

// The one place a session recorder plugs in: handed to the HTTP client, both connections and the
// recording control (no module-level state links them).
const wireTap = createTapSlot();
http.configure({ tap: wireTap.get });

const services: AppServices = {
  api: {
    login,
    logout,
    profile,
    preferences,
    prefSetting,
    copyProfile,
    userTags,
    memberInfo,
    registerPermission,
    cardPotential,
    aggregateInfo,
    instrumentsInfo,
  },
  host: currentHostConfig(),
  allowPseudo: import.meta.env.DEV,
  wireTap,
};

/** Load the first language before the first paint, so no screen flashes untranslated keys. */
async function start() {
  const store = createStore();
  const lng = initialLanguage({ host: services.host, allowPseudo: services.allowPseudo });
  const i18n = await createI18n({ lng, allowPseudo: services.allowPseudo });
  applyDocumentLanguage(lng);
  store.set(currentLangAtom, lng);
  // Monitoring (SPEC.md section 7): sign-in/out, connection health, errors shown, slow snapshots.
  startAppMonitoring(store);
  // The live streams follow the session in the store: they open at sign-in and close at
  // sign-out; a refused private stream signs the user out like a no-permission REST answer.
  const noPermission = noPermissionBridge(onNoPermission);
  startLive({
    store,
    connection: { tap: wireTap.get },
    fetchSnapshot: timedFetchSnapshot(
      (topic, signal) => fetchSnapshot(topic, signal ? { signal } : undefined),
      trackEvent,
    ),
    onUnauthorized: (e) => noPermission.report(`${e.stream}: ${e.detail}`),
  });
  const router = createAppRouter();
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App
        store={store}
        i18n={i18n}
        services={services}
        router={router}
        subscribeNoPermission={noPermission.subscribe}
      />
    </StrictMode>,
  );
}

void start();
