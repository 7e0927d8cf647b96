/**
 * How the screens open the money dialogs: `useMoneyDialogs().transfer({ coin })` picks the
 * classic transfer or transfer v2 by whether the user has a unified trading account (member
 * info), and deposit / withdraw open with a coin chosen.
 */
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { dataOf, memberInfoAtom } from '../../facade';
import { useDialogs, type TransferDialogProps } from './dialog-state';

export interface MoneyDialogs {
  transfer: (props?: TransferDialogProps) => void;
  deposit: (props?: { coin?: string; chain?: string }) => void;
  withdraw: (props?: { coin?: string; chain?: string }) => void;
}

export function useMoneyDialogs(): MoneyDialogs {
  const { openDialog } = useDialogs();
  const unified = dataOf(useAtomValue(memberInfoAtom))?.isUnifiedAccount === true;
  return useMemo(
    () => ({
      transfer: (props = {}) => openDialog(unified ? 'transferV2' : 'transfer', props),
      deposit: (props = {}) => openDialog('deposit', props),
      withdraw: (props = {}) => openDialog('withdraw', props),
    }),
    [openDialog, unified],
  );
}
