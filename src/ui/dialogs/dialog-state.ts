/**
 * The one dialog host's state: which dialog is open, by name, with its props. Opening a dialog
 * while another is open replaces it (dialogs here never stack: one focus trap at a time).
 *
 * A dialog belongs to the session it was opened in (the `userAtom` value, a new one at every
 * sign-in): once that session ends, for whatever reason (sign-out, session expiry, a sign-out in
 * another tab seen as 10007), `dialogAtom` reads null, so no dialog of one user ever shows, or
 * sends anything, in another's session. The session layer below cannot import this state
 * (docs/architecture.md); the dialogs follow the session instead.
 */
import { atom, useSetAtom } from 'jotai';
import { useMemo, type ReactNode } from 'react';
import { userAtom, type SessionUser, type TransferableAccount } from '../../facade';

/** The accounts a transfer moves funds between (API names: DERIVATIVES, SPOT, UNIFIED, FUND). */
type AccountKind = TransferableAccount;

/** What a transfer dialog may be opened with: a coin and a pair of accounts chosen already. */
export interface TransferDialogProps {
  coin?: string;
  from?: AccountKind;
  to?: AccountKind;
}

export interface DialogPropsMap {
  deposit: { coin?: string; chain?: string };
  withdraw: { coin?: string; chain?: string };
  /** Classic accounts (derivatives, spot, unified, funding). */
  transfer: TransferDialogProps;
  /** A unified-account user's: the unified trading account and funding. */
  transferV2: TransferDialogProps;
  vipWelcome: { level?: string };
  /** Server-provided announcement; already in the page language. */
  globalPopup: { title?: string; message: string; link?: string };
  /** `onUpgraded` runs after POST unified/upgrade went through. */
  upgradeUnified: { onUpgraded?: () => void };
  warning: {
    message: ReactNode;
    title?: string;
    confirmLabel?: string;
    onConfirm?: () => void;
    onCancel?: () => void;
  };
}
export type DialogName = keyof DialogPropsMap;
export const DIALOG_NAMES: readonly DialogName[] = [
  'deposit',
  'withdraw',
  'transfer',
  'transferV2',
  'vipWelcome',
  'globalPopup',
  'upgradeUnified',
  'warning',
];

export type OpenDialogState = {
  [K in DialogName]: { name: K; props: DialogPropsMap[K] };
}[DialogName];

const openedAtom = atom<{ dialog: OpenDialogState; session: SessionUser } | null>(null);

/** The open dialog, or null; null as soon as the session it was opened in has ended. */
export const dialogAtom = atom(
  (get) => {
    const opened = get(openedAtom);
    return opened && opened.session === get(userAtom) ? opened.dialog : null;
  },
  (get, set, next: OpenDialogState | null) =>
    set(openedAtom, next && { dialog: next, session: get(userAtom) }),
);

/** Write-only: open a dialog by name. */
const openDialogAtom = atom(null, (_get, set, next: OpenDialogState) => set(dialogAtom, next));
/** Write-only: close whatever is open. */
export const closeDialogAtom = atom(null, (_get, set) => set(dialogAtom, null));

export interface DialogControls {
  openDialog: <K extends DialogName>(name: K, props: DialogPropsMap[K]) => void;
  closeDialog: () => void;
}

/** `openDialog('deposit', { coin: 'USDT' })` from any component. */
export function useDialogs(): DialogControls {
  const open = useSetAtom(openDialogAtom);
  const closeDialog = useSetAtom(closeDialogAtom);
  return useMemo(
    () => ({
      openDialog: (name, props) => open({ name, props } as OpenDialogState),
      closeDialog,
    }),
    [open, closeDialog],
  );
}
