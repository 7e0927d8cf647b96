/**
 * A deposit's status as shown: a pending one with every confirmation in is "awaiting credit" (the
 * chain is done; the exchange has not credited it, e.g. held for travel-rule information). The
 * wire's status stays `pending` (filters and pending counts use it); only the words differ.
 *
 * A module of its own, not in labels.ts: there, its few hundred bytes moved labels.ts's chunk and
 * two money-dialog chunks came to import each other (vite.config.ts, MERGE_BELOW_BYTES).
 */
export const depositStatus = (r: {
  status: string;
  confirmations: number;
  requiredConfirmations: number;
}): string =>
  r.status.toLowerCase() === 'pending' && r.confirmations >= r.requiredConfirmations
    ? 'awaiting'
    : r.status;
