/**
 * The one way a REST answer becomes a Loadable atom: pending (keeping the last data), then ready,
 * or failed keeping the last data (a failed refresh shows old values marked stale, never
 * nothing). Answers that arrive after `live()` turned false (sign-out, another user, an unmounted
 * screen) are dropped. The session load and the assets refresher use it.
 */
import type { createStore, PrimitiveAtom } from 'jotai';
import { errorCodeOf } from '../api/errors';
import { dataOf, failed, pending, ready, type Loadable } from '../state/loadable';

type Store = ReturnType<typeof createStore>;

/** The reason a Loadable records for a failed call: its error code, else "error". */
export const reasonOf = (err: unknown): string => String(errorCodeOf(err) ?? 'error');

/**
 * Loads `call()` into `target`; resolves with the value (also when it was dropped: the caller
 * may still want it), or undefined when the call failed. Never rejects.
 */
export function loadInto<T>(
  store: Store,
  target: PrimitiveAtom<Loadable<T>>,
  call: () => Promise<T>,
  live: () => boolean = () => true,
): Promise<T | undefined> {
  store.set(target, pending(dataOf(store.get(target))));
  return call().then(
    (value) => {
      if (live()) store.set(target, ready(value));
      return value;
    },
    (err: unknown) => {
      if (live()) store.set(target, failed(reasonOf(err), dataOf(store.get(target))));
      return undefined;
    },
  );
}
