/**
 * Dark mode follows ONE marker on the document root: `data-theme="dark"` (or "light") on
 * <html>. The host page, a browser extension or our header toggle may set it; a MutationObserver
 * keeps Mantine in step, and the user's choice is persisted in localStorage. Implemented as a
 * Mantine colour-scheme manager so Mantine's own `useMantineColorScheme` drives the toggle.
 */
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { THEME_STORAGE_KEY } from '../facade';

export const THEME_ATTRIBUTE = 'data-theme';
export { THEME_STORAGE_KEY };

type Scheme = 'light' | 'dark';
const isScheme = (v: unknown): v is Scheme => v === 'light' || v === 'dark';

function readStored(key: string): Scheme | undefined {
  try {
    const v = window.localStorage.getItem(key);
    return isScheme(v) ? v : undefined;
  } catch {
    return undefined; // storage disabled: the marker alone decides
  }
}

/** The scheme the root marker asks for, if any. */
export function readThemeMarker(root: HTMLElement = document.documentElement): Scheme | undefined {
  const v = root.getAttribute(THEME_ATTRIBUTE);
  return isScheme(v) ? v : undefined;
}

export interface RootMarkerManagerOptions {
  root?: () => HTMLElement;
  storageKey?: string;
}

/** A Mantine colour-scheme manager backed by the root marker (first) and localStorage. */
export function rootMarkerColorSchemeManager({
  root = () => document.documentElement,
  storageKey = THEME_STORAGE_KEY,
}: RootMarkerManagerOptions = {}): MantineColorSchemeManager {
  let observer: MutationObserver | undefined;
  let onStorage: ((e: StorageEvent) => void) | undefined;
  let last: Scheme | undefined;

  const resolve = (value: MantineColorScheme): Scheme =>
    value === 'auto'
      ? window.matchMedia?.('(prefers-color-scheme: dark)').matches
        ? 'dark'
        : 'light'
      : value;

  return {
    get: (defaultValue) => {
      const marked = readThemeMarker(root()) ?? readStored(storageKey);
      last = marked ?? resolve(defaultValue);
      return marked ?? defaultValue;
    },
    set: (value) => {
      const scheme = resolve(value);
      last = scheme;
      // Only touch the attribute when it differs: the observer below would otherwise echo it.
      if (readThemeMarker(root()) !== scheme) root().setAttribute(THEME_ATTRIBUTE, scheme);
      try {
        window.localStorage.setItem(storageKey, scheme);
      } catch {
        // quota or disabled storage: the choice lasts for this page only
      }
    },
    subscribe: (onUpdate) => {
      observer = new MutationObserver(() => {
        const marked = readThemeMarker(root());
        if (marked && marked !== last) {
          last = marked;
          onUpdate(marked);
        }
      });
      observer.observe(root(), { attributes: true, attributeFilter: [THEME_ATTRIBUTE] });
      onStorage = (e) => {
        if (e.key === storageKey && isScheme(e.newValue) && e.newValue !== last) {
          last = e.newValue;
          onUpdate(e.newValue);
        }
      };
      window.addEventListener('storage', onStorage);
    },
    unsubscribe: () => {
      observer?.disconnect();
      if (onStorage) window.removeEventListener('storage', onStorage);
    },
    clear: () => {
      try {
        window.localStorage.removeItem(storageKey);
      } catch {
        // nothing stored
      }
    },
  };
}
