/** The overview's "hide small balances" switch, remembered per user on this device. */
import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { hideSmallBalancesKey, userAtom } from '../../../facade';
import { localStore, type KeyValueStore } from '../../../lib/storage';

function recallHideSmall(userId: number, storage: KeyValueStore = localStore): boolean {
  return storage.get(hideSmallBalancesKey(userId)) === '1';
}

export function useHideSmallBalances(
  storage: KeyValueStore = localStore,
): [boolean, (next: boolean) => void] {
  const { userId } = useAtomValue(userAtom);
  const [state, setState] = useState(() => ({ userId, hide: recallHideSmall(userId, storage) }));
  // Another user signed in on this page: their own choice.
  const current =
    state.userId === userId ? state : { userId, hide: recallHideSmall(userId, storage) };
  const set = useCallback(
    (next: boolean) => {
      storage.set(hideSmallBalancesKey(userId), next ? '1' : '0');
      setState({ userId, hide: next });
    },
    [storage, userId],
  );
  return [current.hide, set];
}
