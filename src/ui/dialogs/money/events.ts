/**
 * After money moved (a transfer, a withdrawal, the unified upgrade went through): the assets
 * screens reload the overview and the aggregate info at once (the overview's `refreshAssets`,
 * through the facade), and `moneyMovedAtom` counts the moves so that the records lists re-read
 * theirs.
 */
import { atom, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useRefreshAssets } from '../../../facade';

export const moneyMovedAtom = atom(0);

/** A callback to run after a successful move. */
export function useMoneyMoved(): () => void {
  const bump = useSetAtom(moneyMovedAtom);
  const refreshAssets = useRefreshAssets();
  return useCallback(() => {
    bump((n) => n + 1);
    refreshAssets();
  }, [bump, refreshAssets]);
}
