/**
 * The browser facts the connection reacts to: network reachability (`online`/`offline`) and page
 * visibility. Outside a browser (Node, tests without a fake) the page is online and visible.
 */
import type { ConnectionEnvironment, EnvironmentEvent } from './connection.types';

/** Reads navigator.onLine and document.visibilityState, listens to their change events. */
export function browserEnvironment(): ConnectionEnvironment {
  const win = typeof window === 'undefined' ? undefined : window;
  const doc = typeof document === 'undefined' ? undefined : document;
  return {
    // navigator.onLine === false is reliable (no network at all); true only means "maybe".
    isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
    isHidden: () => doc?.visibilityState === 'hidden',
    subscribe(listener: (event: EnvironmentEvent) => void): () => void {
      const online = () => listener('ONLINE');
      const offline = () => listener('OFFLINE');
      const visibility = () => listener(doc?.visibilityState === 'hidden' ? 'HIDDEN' : 'VISIBLE');
      win?.addEventListener('online', online);
      win?.addEventListener('offline', offline);
      doc?.addEventListener('visibilitychange', visibility);
      return () => {
        win?.removeEventListener('online', online);
        win?.removeEventListener('offline', offline);
        doc?.removeEventListener('visibilitychange', visibility);
      };
    },
  };
}

/** A controllable environment (tests, headless tools): flip it with `set`. */
export function manualEnvironment(initial: { online?: boolean; hidden?: boolean } = {}) {
  let online = initial.online ?? true;
  let hidden = initial.hidden ?? false;
  const listeners = new Set<(event: EnvironmentEvent) => void>();
  const env: ConnectionEnvironment & {
    set(next: { online?: boolean; hidden?: boolean }): void;
  } = {
    isOnline: () => online,
    isHidden: () => hidden,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      const events: EnvironmentEvent[] = [];
      if (next.online !== undefined && next.online !== online) {
        online = next.online;
        events.push(online ? 'ONLINE' : 'OFFLINE');
      }
      if (next.hidden !== undefined && next.hidden !== hidden) {
        hidden = next.hidden;
        events.push(hidden ? 'HIDDEN' : 'VISIBLE');
      }
      for (const e of events) for (const l of [...listeners]) l(e);
    },
  };
  return env;
}
