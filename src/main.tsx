import './ui/mantine-styles';
import '@mantine/notifications/styles.css';
import { createStore } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  aggregateInfo,
  api,
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
import { holdUntilSubscribed, noPermissionBridge } from './app/no-permission';
import { renderInFrame } from './app/render-in-frame';
import { frameScheduler, quietFirst } from './pipeline/schedulers';
import { preloadScreen } from './app/routes';
import { preloadShell } from './app/shell/lazy-parts';
import { prefetchTokens } from './app/token-prefetch';
import type { AppServices } from './facade/services';
import { currentHostConfig } from './config/host';
import { createI18n } from './i18n/i18n';
import { applyDocumentLanguage, startLanguage } from './i18n/language';
import { currentLangAtom, userAtom } from './state/client';
import { bootstrapSession } from './pipeline/session';
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

/** The longest the first render waits for the signed-in page's chunks once the words are in. */
const CHUNK_WAIT_MS = 1_500;

/**
 * Load the first language before the first paint, so no screen flashes untranslated keys; the
 * session check and the live streams need no words: they start at once, beside the locale files,
 * rather than after the first render (app-ready, issue 13).
 */
async function start() {
  const store = createStore();
  // Kept as the user's language (storage and cookie) before any request goes out: the server
  // writes its texts in the cookie's language.
  const lng = startLanguage({ host: services.host, allowPseudo: services.allowPseudo });
  const i18nReady = createI18n({ lng, allowPseudo: services.allowPseudo });
  // Monitoring (SPEC.md section 7): sign-in/out, connection health, errors shown, slow snapshots.
  startAppMonitoring(store);
  // The live streams follow the session in the store: they open at sign-in and close at
  // sign-out; a refused private stream signs the user out like a no-permission REST answer.
  // Refusals that come before the app has mounted its listener are kept for it.
  const noPermission = noPermissionBridge(onNoPermission);
  const subscribeNoPermission = holdUntilSubscribed(noPermission.subscribe);
  // The private stream's first token is asked for at sign-in, not once its socket is open.
  const tokens = prefetchTokens(store, () => api.oneTimeToken());
  startLive({
    store,
    // each frame's store write rendered and painted in that frame (src/app/render-in-frame.ts);
    // after 50 ms of silence, the write and its render in a task before the frame (quietFirst)
    scheduler: renderInFrame(quietFirst(frameScheduler())),
    connection: { tap: wireTap.get },
    fetchSnapshot: timedFetchSnapshot(
      (topic, signal) => fetchSnapshot(topic, signal ? { signal } : undefined),
      trackEvent,
    ),
    oneTimeToken: tokens.take,
    onUnauthorized: (e) => noPermission.report(`${e.stream}: ${e.detail}`),
  });
  // Signed in: the chunks of what the page is about to show, while the words load.
  let chunks: Promise<unknown> = Promise.resolve();
  const stopPreload = store.sub(userAtom, () => {
    if (store.get(userAtom).userId <= 0) return;
    stopPreload();
    // In a task of its own, after the session's requests and sockets have gone out: Vite's
    // preload of a chunk adds a <link> per dependency (200 ms of main thread at 4x CPU
    // throttling), and reconnecting-websocket opens its socket in a timer task, so a preload
    // started in this task (a microtask) held both streams and the session's REST reads back.
    chunks = new Promise((r) => setTimeout(r, 0)).then(() =>
      Promise.all([preloadShell(), preloadScreen(window.location.pathname)]),
    );
  });
  // SessionRuntime (App.tsx) checks the session only when nobody has yet.
  void bootstrapSession(store, services.api);
  // While those answers are on their way: the router's first read of sessionStorage (its view
  // transitions) is a synchronous call to the browser process; it need not hold up the first
  // render.
  const router = createAppRouter();
  const i18n = await i18nReady;
  // Known to be signed in by now: the first render shows the shell and the screen rather than a
  // spinner that a suspended screen would then have to replace (lazy-preloadable.ts), unless
  // their chunks are slow to come.
  await Promise.race([chunks, new Promise((r) => setTimeout(r, CHUNK_WAIT_MS))]);
  applyDocumentLanguage(lng);
  store.set(currentLangAtom, lng);
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App
        store={store}
        i18n={i18n}
        services={services}
        router={router}
        subscribeNoPermission={subscribeNoPermission}
      />
    </StrictMode>,
  );
}

void start();
