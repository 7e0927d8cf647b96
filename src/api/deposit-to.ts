/**
 * The `deposit_to` page config (SPEC 3 configs; its values are ours, docs/assets.md "Where a
 * deposit lands"): the account new deposits are credited to. One module for the client, the
 * simulator and the replay server, so all three read a saved value the same way.
 *
 * Stored values are account names of the asset overview: `FUND`, `SPOT` (a classic account) or
 * `UNIFIED` (an account upgraded to the unified trading account); '' is the default, Funding.
 */
import type { AccountType } from './types';

/** The page config's key (SPEC 3 configs). */
export const DEPOSIT_TO_KEY = 'deposit_to';

export type DepositAccount = Extract<AccountType, 'FUND' | 'SPOT' | 'UNIFIED'>;

/** The accounts a user may have deposits credited to: Funding, and their trading account. */
export function depositAccounts(upgraded: boolean): readonly DepositAccount[] {
  return upgraded ? ['FUND', 'UNIFIED'] : ['FUND', 'SPOT'];
}

/** Names a saved value may be written with (any case): the account names and "funding". */
const ALIASES: Readonly<Record<string, DepositAccount>> = {
  FUND: 'FUND',
  FUNDING: 'FUND',
  SPOT: 'SPOT',
  UNIFIED: 'UNIFIED',
};

/**
 * The value to store for a `deposit_to` the user asks for: '' (the default) or one of their
 * deposit accounts by its account name; `undefined` when it is neither (refused, nothing saved).
 */
export function depositToSetting(
  value: string,
  upgraded: boolean,
): '' | DepositAccount | undefined {
  if (value === '') return '';
  const account = ALIASES[value.toUpperCase()];
  return account && depositAccounts(upgraded).includes(account) ? account : undefined;
}

/**
 * The account a stored `deposit_to` credits: '' and anything unknown, Funding. A classic
 * account's Spot choice becomes the unified account once upgraded (the upgrade moved Spot's
 * coins there), and a unified choice on a classic account falls back to Funding.
 */
export function depositAccountOf(config: string, upgraded: boolean): DepositAccount {
  const account = ALIASES[config.toUpperCase()] ?? 'FUND';
  if (upgraded && account === 'SPOT') return 'UNIFIED';
  if (!upgraded && account === 'UNIFIED') return 'FUND';
  return account;
}
