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

/**
 * Withdrawals a withdraw dialog follows: `following` while it is open and the withdrawal still
 * pending, `told` once it showed how it ended. The money watch's card is not shown for a `told`
 * one (the user was told already) and waits while one is `following` (the dialog will say it);
 * a dialog closed before its withdrawal ended takes its id out, and a card that waited is shown
 * then. At most the latest 50 ids of this tab.
 */
export type WithdrawalFollow = 'following' | 'told';
export const withdrawalsFollowedAtom = atom<ReadonlyMap<string, WithdrawalFollow>>(new Map());

const FOLLOWED_KEPT = 50;

/** `followed` with `id` set to `state`, or taken out (`undefined`). */
export function followWithdrawal(
  followed: ReadonlyMap<string, WithdrawalFollow>,
  id: string,
  state: WithdrawalFollow | undefined,
): ReadonlyMap<string, WithdrawalFollow> {
  if (followed.get(id) === state) return followed;
  const next = new Map(followed);
  next.delete(id);
  if (state) next.set(id, state);
  while (next.size > FOLLOWED_KEPT) next.delete(next.keys().next().value!);
  return next;
}
