/**
 * A money form belongs to the session it was opened in (the `userAtom` value, a new one at every
 * sign-in): `useStillOpenedSession()` answers, at the moment of sending, whether that session is
 * still the signed-in one. The host already closes every dialog when a session ends
 * (dialog-state.ts); this is the form's own check, so that nothing it holds (balances, an
 * address, a requestId) is ever sent for someone else.
 */
import { useStore } from 'jotai';
import { useCallback, useState } from 'react';
import { userAtom } from '../../../facade';

export function useStillOpenedSession(): () => boolean {
  const store = useStore();
  const [session] = useState(() => store.get(userAtom));
  return useCallback(() => store.get(userAtom) === session, [store, session]);
}
