/**
 * After a borrow whose answer was lost (money-flow review H3, as outcome.ts does for transfers and
 * withdrawals): do the loans list it? The overview's loans carry no requestId, so a loan answers
 * the submission when it has the same coins and exactly the same collateral, owes at least the
 * amount borrowed (interest only adds to it), was taken no earlier than the first attempt less
 * `CLOCK_SKEW_MS`, and no other submission of the session has claimed it (kept-submissions.ts).
 *
 * Either mistake is safe: a loan missed leaves the requestId kept, so sending the same details
 * again is answered with the first result and borrows nothing more; a loan wrongly taken (an
 * identical loan taken elsewhere in the same minutes) says it went through when it may not have,
 * and the loans list shows what did.
 */
import type { AssetOverview, PledgeBorrowBody, PledgeLoan } from '../../../facade';
import type { Lookup } from '../../../ui/dialogs/money/outcome';
import { compareDecimal, isDecimalInput } from '../../../lib/money';

/** How far this device's clock may be ahead of the server's (as outcome.ts allows). */
const CLOCK_SKEW_MS = 2 * 60_000;

export type BorrowDetails = Omit<PledgeBorrowBody, 'requestId'>;

const matches = (l: PledgeLoan, body: BorrowDetails, since: number) =>
  l.loanCoin === body.loanCoin &&
  l.collateralCoin === body.collateralCoin &&
  isDecimalInput(l.collateralAmount) &&
  compareDecimal(l.collateralAmount, body.collateralAmount) === 0 &&
  isDecimalInput(l.borrowed) &&
  compareDecimal(l.borrowed, body.loanAmount) >= 0 &&
  Number(l.createdAtE3) >= since - CLOCK_SKEW_MS;

export async function findLoan(
  overview: () => Promise<AssetOverview>,
  body: BorrowDetails,
  since: number,
  claimed: (loanId: string) => boolean,
): Promise<Lookup> {
  let loans: PledgeLoan[];
  try {
    loans = (await overview()).pledge.loans;
  } catch {
    return 'unchecked';
  }
  const found = loans.find((l) => matches(l, body, since) && !claimed(l.loanId));
  return found ? { found: found.loanId } : 'notListed';
}
