/** Translated names of account kinds and record statuses (keys under `money`). */
import type { TFunction } from 'i18next';
import type { AccountType, RecordStatus } from '../../../facade';

export const accountLabel = (t: TFunction, type: AccountType | string): string =>
  t(`money.accounts.${type}`, { defaultValue: type });

export const statusLabel = (t: TFunction, status: RecordStatus | string): string =>
  t(`money.status.${status.toLowerCase()}`, { defaultValue: status });

/** Badge colour per status: never the only signal (the badge has its text). */
export const statusColor = (status: string): string => {
  const s = status.toLowerCase();
  return s === 'success' ? 'teal' : s === 'failed' ? 'red' : 'yellow';
};
