/** Translated names of account kinds and record statuses (keys under `money`). */
import type { TFunction } from 'i18next';
import type { AccountType, RecordStatus } from '../../../facade';

export const accountLabel = (t: TFunction, type: AccountType | string): string =>
  t(`money.accounts.${type}`, { defaultValue: type });

export const statusLabel = (t: TFunction, status: RecordStatus | string): string =>
  t(`money.status.${status.toLowerCase()}`, { defaultValue: status });

/**
 * A deposit's status as shown: a pending one with every confirmation in is "awaiting credit" (the
 * chain is done; the exchange has not credited it, e.g. held for travel-rule information). The
 * wire's status stays `pending` (filters and pending counts use it); only the words differ.
 */
export const depositStatus = (r: {
  status: string;
  confirmations: number;
  requiredConfirmations: number;
}): string =>
  r.status.toLowerCase() === 'pending' && r.confirmations >= r.requiredConfirmations
    ? 'awaiting'
    : r.status;

/** Badge colour per status: never the only signal (the badge has its text). */
export const statusColor = (status: string): string => {
  const s = status.toLowerCase();
  return s === 'success' ? 'teal' : s === 'failed' ? 'red' : 'yellow';
};
