/** Which accounts a transfer opens with. */
import type { TransferableAccount } from '../../../facade';

/**
 * The From and To a transfer opens with when the user has not picked them: `from` and `to` when
 * `from` holds some of the coin; else the first offered account that holds some (To kept); else,
 * when only `to` holds some, the two the other way round. When no account holds any, `from` and
 * `to` stay (the form then says the account holds none). A newcomer with 20 USDT in Spot opens
 * the transfer on Spot → Derivatives, not on an empty Derivatives account.
 */
export function fundedAccounts(
  offered: readonly TransferableAccount[],
  from: TransferableAccount,
  to: TransferableAccount,
  holds: (account: TransferableAccount) => boolean,
): { from: TransferableAccount; to: TransferableAccount } {
  if (holds(from)) return { from, to };
  const other = offered.find((a) => a !== to && holds(a));
  if (other) return { from: other, to };
  if (holds(to)) return { from: to, to: from };
  return { from, to };
}
