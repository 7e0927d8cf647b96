/**
 * The one dialog host's state: which dialog is open, by name, with its props. Opening a dialog
 * while another is open replaces it (dialogs here never stack: one focus trap at a time).
 */
import { atom, useSetAtom } from 'jotai';
import { useMemo, type ReactNode } from 'react';
import type { TransferableAccount } from '../../facade';

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

export const dialogAtom = atom<OpenDialogState | null>(null);

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
