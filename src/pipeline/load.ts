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
const reasonOf = (err: unknown): string => String(errorCodeOf(err) ?? 'error');

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

interface Poll {
  users: number;
  timer: ReturnType<typeof setInterval>;
}
/** The running polls of each store, by target atom (one timer per target, not per screen). */
const polls = new WeakMap<Store, Map<PrimitiveAtom<Loadable<unknown>>, Poll>>();

/**
 * Keeps `target` fresh while anyone wants it: the first caller loads it at once (`call(false)`,
 * which may be answered from a cache) and starts one timer that reloads it every `everyMs`
 * (`call(true)`, fresh); later callers share that timer. Returns the caller's release; the last
 * release stops the timer. Two screens on the page make one request per period, not two.
 */
export function pollInto<T>(
  store: Store,
  target: PrimitiveAtom<Loadable<T>>,
  call: (fresh: boolean) => Promise<T>,
  everyMs: number,
): () => void {
  const key = target as unknown as PrimitiveAtom<Loadable<unknown>>;
  let byTarget = polls.get(store);
  if (!byTarget) polls.set(store, (byTarget = new Map()));
  let poll = byTarget.get(key);
  if (poll) poll.users++;
  else {
    void loadInto(store, target, () => call(false));
    const timer = setInterval(() => void loadInto(store, target, () => call(true)), everyMs);
    poll = { users: 1, timer };
    byTarget.set(key, poll);
  }
  const mine = poll;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--mine.users === 0) {
      clearInterval(mine.timer);
      byTarget.delete(key);
    }
  };
}
