/**
 * Web-storage helpers that never throw: storage may be disabled (the `localStorage` getter
 * throws SecurityError in sandboxed frames and some private modes), full (QuotaExceededError),
 * or hold values written by an older version of the app.
 */

/** Where a store finds its Storage; returns null when there is none or it is disabled. */
export type StorageProvider = () => Storage | null;

/** The page's localStorage, or null when absent or disabled. */
export function safeLocalStorage(): Storage | null {
  try {
    const s = (globalThis as { localStorage?: Storage }).localStorage;
    return s ?? null;
  } catch {
    return null;
  }
}

/** True when the error is a storage quota error (the name differs across browsers). */
export function isQuotaError(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { name, code } = err as { name?: unknown; code?: unknown };
  return (
    name === 'QuotaExceededError' ||
    name === 'NS_ERROR_DOM_QUOTA_REACHED' ||
    code === 22 ||
    code === 1014
  );
}

export interface KeyValueStore {
  /** The raw string, or null when missing or unreadable. */
  get(key: string): string | null;
  /** Stores a string; false when storage is disabled or full. */
  set(key: string, value: string): boolean;
  remove(key: string): void;
  /**
   * A stored JSON object: undefined when missing; `{}` when the stored text does not parse
   * as a JSON object (so a corrupt value never breaks a reader).
   */
  getJSON<T extends object>(key: string): Partial<T> | undefined;
  /** Stores a value as JSON; false when it cannot be serialised or stored. */
  setJSON(key: string, value: unknown): boolean;
  /** Every key, optionally only those starting with `prefix`. */
  keys(prefix?: string): string[];
}

/** A never-throwing store over the Storage that `provider` returns. */
export function createStore(provider: StorageProvider = safeLocalStorage): KeyValueStore {
  const storage = (): Storage | null => {
    try {
      return provider();
    } catch {
      return null;
    }
  };
  const store: KeyValueStore = {
    get(key) {
      try {
        return storage()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      const s = storage();
      if (!s) return false;
      try {
        s.setItem(key, value);
        return true;
      } catch {
        return false;
      }
    },
    remove(key) {
      try {
        storage()?.removeItem(key);
      } catch {
        // Disabled storage: there is nothing to remove.
      }
    },
    getJSON<T extends object>(key: string): Partial<T> | undefined {
      const raw = store.get(key);
      if (raw === null) return undefined;
      try {
        const v: unknown = JSON.parse(raw);
        return typeof v === 'object' && v !== null ? (v as Partial<T>) : {};
      } catch {
        return {};
      }
    },
    setJSON(key, value) {
      let text: string | undefined;
      try {
        text = JSON.stringify(value);
      } catch {
        return false; // cycles, BigInt
      }
      return text !== undefined && store.set(key, text);
    },
    keys(prefix = '') {
      const s = storage();
      if (!s) return [];
      const out: string[] = [];
      try {
        for (let i = 0; i < s.length; i++) {
          const k = s.key(i);
          if (k !== null && k.startsWith(prefix)) out.push(k);
        }
      } catch {
        return out;
      }
      return out;
    },
  };
  return store;
}

/** The app's localStorage store. */
export const localStore: KeyValueStore = createStore();
