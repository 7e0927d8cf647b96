/**
 * Starts monitoring for the app (SPEC.md section 7): the monitoring client (the SDK when the page
 * has it, else batches posted to the collector) and the watchers of what the app reports —
 * sign-in/out, each stream's connection health, error toasts and notifications, failed calls of
 * the app's HTTP client (its `error` hook). Slow snapshot loads are timed where the live pipeline
 * is started (src/main.tsx, `timedFetchSnapshot`).
 */
import type { createStore } from 'jotai';
import { http } from '../api/http';
import {
  watchAppEvents,
  type HookedClient,
  type NoticeStore,
  type Track,
} from '../monitoring/app-events';
import { initMonitoring, trackEvent } from '../monitoring/monitor';
import { notificationStore, toastStore } from '../ui/notifications';

export interface AppMonitoringOptions {
  /** Default: the app's monitoring client (`trackEvent`). */
  track?: Track;
  /** Default: the app's toast and notification stores. */
  notices?: readonly { surface: string; store: NoticeStore }[];
  /** Default: the app's HTTP client (`http`); its hook is removed when monitoring stops. */
  http?: HookedClient;
}

/** Starts the client and the watchers; returns the function that stops the watchers (and hooks). */
export function startAppMonitoring(
  store: ReturnType<typeof createStore>,
  opts: AppMonitoringOptions = {},
): () => void {
  if (!opts.track) initMonitoring();
  return watchAppEvents(
    {
      store,
      notices: opts.notices ?? [
        { surface: 'toast', store: toastStore as unknown as NoticeStore },
        { surface: 'notification', store: notificationStore as unknown as NoticeStore },
      ],
      http: opts.http ?? http,
    },
    opts.track ?? trackEvent,
  );
}
