/** The lifecycle of every stream and REST-loaded value, for loading/empty/error/stale views. */
export type Loadable<T> =
  | { status: 'idle' }
  | { status: 'pending'; data?: T }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: string; data?: T };

export const idle = <T>(): Loadable<T> => ({ status: 'idle' });
export const pending = <T>(data?: T): Loadable<T> =>
  data === undefined ? { status: 'pending' } : { status: 'pending', data };
export const ready = <T>(data: T): Loadable<T> => ({ status: 'ready', data });
export const failed = <T>(error: string, data?: T): Loadable<T> =>
  data === undefined ? { status: 'error', error } : { status: 'error', error, data };

/** The last known data, whatever the status (a failed refresh keeps showing old values). */
export function dataOf<T>(l: Loadable<T>): T | undefined {
  return l.status === 'idle' ? undefined : l.data;
}
