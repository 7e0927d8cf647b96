/**
 * Dialog name -> title and lazily loaded body. The title renders at once (Modal's accessible
 * name); the body is a dynamic import, loaded the first time the dialog opens (a small body may
 * share its chunk with another lazy part: vite.config.ts).
 */
import type { TFunction } from 'i18next';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { DialogName, DialogPropsMap } from './dialog-state';

export interface DialogBodyProps<K extends DialogName> {
  props: DialogPropsMap[K];
  /** Closes the dialog, busy or not (a body calls it when it is done). */
  close: () => void;
  /**
   * A body tells the host while its request is in flight (`useBusyReport`): the user cannot
   * dismiss the dialog until the answer is shown.
   */
  setBusy: (busy: boolean) => void;
}

export interface DialogEntry<K extends DialogName> {
  title: (t: TFunction, props: DialogPropsMap[K]) => string;
  Body: LazyExoticComponent<ComponentType<DialogBodyProps<K>>>;
  size?: 'sm' | 'md' | 'lg';
}

type Registry = { [K in DialogName]: DialogEntry<K> };

export const DIALOGS: Registry = {
  deposit: {
    title: (t, p) =>
      p.coin ? t('dialogs.deposit.titleCoin', { coin: p.coin }) : t('dialogs.deposit.title'),
    Body: lazy(() => import('./DepositDialog')),
  },
  withdraw: {
    title: (t, p) =>
      p.coin ? t('money.withdraw.titleCoin', { coin: p.coin }) : t('money.withdraw.title'),
    Body: lazy(() => import('./WithdrawDialog')),
    size: 'lg',
  },
  transfer: {
    title: (t) => t('dialogs.transfer.title'),
    Body: lazy(() => import('./TransferDialog')),
  },
  transferV2: {
    title: (t) => t('money.transfer.titleV2'),
    Body: lazy(() => import('./TransferV2Dialog')),
  },
  vipWelcome: {
    title: (t) => t('dialogs.vipWelcome.title'),
    Body: lazy(() => import('./VipWelcomeDialog')),
  },
  globalPopup: {
    title: (t, p) => p.title ?? t('dialogs.globalPopup.title'),
    Body: lazy(() => import('./GlobalPopupDialog')),
  },
  upgradeUnified: {
    title: (t) => t('dialogs.upgradeUnified.title'),
    Body: lazy(() => import('./UpgradeUnifiedDialog')),
    size: 'lg',
  },
  warning: {
    title: (t, p) => p.title ?? t('dialogs.warning.title'),
    Body: lazy(() => import('./WarningDialog')),
    size: 'sm',
  },
};
