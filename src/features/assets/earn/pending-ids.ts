/**
 * The earn forms' requestIds whose outcome is unknown (subscribe, redeem, repay: the answer was
 * lost, the money may have moved), kept beyond the form that sent them: a form closed and opened
 * again with the same details sends the same id, so the server replays the first answer instead
 * of moving the money a second time (src/ui/dialogs/money/request-id.ts, `PendingIds`).
 *
 * Scoped to one signed-in session: the ids are tagged with the session they were kept in (the
 * `userAtom` value, a new object at every sign-in, as the assets refresher tells its sessions
 * apart), so a sign-out or another user's sign-in makes them unreachable at once, and the next
 * write drops them. In the store, not in the form or a module: it lives as long as the page.
 */
import { atom, useStore } from 'jotai';
import { useMemo } from 'react';
import { userAtom, type SessionUser } from '../../../facade';
import type { PendingIds } from '../../../ui/dialogs/money/request-id';

interface Kept {
  session: SessionUser | null;
  /** Submission key (the request's details without its id) → requestId. */
  ids: ReadonlyMap<string, string>;
}

const NONE: ReadonlyMap<string, string> = new Map();
const keptAtom = atom<Kept>({ session: null, ids: NONE });

/** The ids kept for the signed-in session (none once it has ended). */
export const pendingEarnIdsAtom = atom((get) => {
  const kept = get(keptAtom);
  return kept.session === get(userAtom) ? kept.ids : NONE;
});

/** The `PendingIds` of the earn forms, over the store the screen renders in. */
export function usePendingEarnIds(): PendingIds {
  const store = useStore();
  return useMemo(() => {
    const edit = (change: (ids: Map<string, string>) => void) => {
      const session = store.get(userAtom);
      if (session.userId <= 0) return; // nobody to keep it for
      const ids = new Map(store.get(pendingEarnIdsAtom));
      change(ids);
      store.set(keptAtom, { session, ids });
    };
    return {
      get: (key) => store.get(pendingEarnIdsAtom).get(key),
      put: (key, id) => edit((ids) => ids.set(key, id)),
      drop: (key) => {
        if (store.get(pendingEarnIdsAtom).has(key)) edit((ids) => ids.delete(key));
      },
    };
  }, [store]);
}
