/**
 * Two notification systems on Mantine's notifications package, each with its own store:
 * toasts (short status lines at the top centre, 3 s) and notifications (titled cards in the
 * top inline-end corner, 4.5 s, paused while hovered, optional maximum count).
 */
import { useDirection } from '@mantine/core';
import {
  createNotificationsStore,
  hideNotification,
  Notifications,
  showNotification,
  type NotificationData,
} from '@mantine/notifications';
import type { ReactNode } from 'react';

const TOAST_SETTINGS = {
  autoClose: 3000,
  offsetTop: 8,
  maxWidth: 480,
  position: 'top-center',
} as const;

const NOTIFICATION_SETTINGS = {
  autoClose: 4500,
  pauseOnHover: true,
  /** Mantine queues anything beyond the limit; shown when `maxCount` is not given. */
  defaultLimit: 5,
  width: 384,
} as const;

export const toastStore = createNotificationsStore();
export const notificationStore = createNotificationsStore();

type Tone = 'info' | 'success' | 'warning' | 'error';
const TONE_COLOR: Record<Tone, string> = {
  info: 'brand',
  success: 'teal',
  warning: 'yellow',
  error: 'red',
};

export interface ToastOptions {
  tone?: Tone;
  /** Milliseconds before it closes; 3 s by default. */
  duration?: number;
  id?: string;
}

/** Show a toast; returns its id. */
export function showToast(message: ReactNode, { tone = 'info', duration, id }: ToastOptions = {}) {
  const data: NotificationData = {
    message,
    color: TONE_COLOR[tone],
    autoClose: duration ?? TOAST_SETTINGS.autoClose,
    withCloseButton: false,
    role: tone === 'error' ? 'alert' : 'status',
    'data-tone': tone,
  };
  if (id) data.id = id;
  return showNotification(data, toastStore);
}

export interface NotifyOptions {
  title: ReactNode;
  message: ReactNode;
  tone?: Tone;
  /** Milliseconds, or false to stay until closed; 4.5 s by default. */
  duration?: number | false;
  id?: string;
}

/** Show a notification card; returns its id. */
export function notify({ title, message, tone = 'info', duration, id }: NotifyOptions) {
  const data: NotificationData = {
    title,
    message,
    color: TONE_COLOR[tone],
    autoClose: duration ?? NOTIFICATION_SETTINGS.autoClose,
    role: tone === 'error' ? 'alert' : 'status',
    'data-tone': tone,
  };
  if (id) data.id = id;
  return showNotification(data, notificationStore);
}

export const hideToast = (id: string) => hideNotification(id, toastStore);

export interface NotificationHostsProps {
  /** At most this many notification cards at once; the rest wait in a queue. */
  maxCount?: number;
}

/** Mounts both systems once, near the root. Notifications sit at the inline end (mirrored in RTL). */
export function NotificationHosts({ maxCount }: NotificationHostsProps) {
  const { dir } = useDirection();
  return (
    <>
      <Notifications
        store={toastStore}
        position={TOAST_SETTINGS.position}
        autoClose={TOAST_SETTINGS.autoClose}
        containerWidth={TOAST_SETTINGS.maxWidth}
        // Mantine places every position container at var(--mantine-spacing-md) from its edge;
        // setting that variable (not `top`, which would stretch the bottom containers over the
        // page) puts toasts 8 px from the top.
        styles={{ root: { '--mantine-spacing-md': `${TOAST_SETTINGS.offsetTop}px` } }}
        data-testid="toast-host"
      />
      <Notifications
        store={notificationStore}
        position={dir === 'rtl' ? 'top-left' : 'top-right'}
        autoClose={NOTIFICATION_SETTINGS.autoClose}
        pauseResetOnHover="notification"
        limit={maxCount ?? NOTIFICATION_SETTINGS.defaultLimit}
        containerWidth={NOTIFICATION_SETTINGS.width}
        data-testid="notification-host"
      />
    </>
  );
}
