/**
 * After an unknown outcome (money-flow review, H3): does the server list the submission? The
 * record lists carry no requestId, so a record answers a submission when it has exactly the
 * same details, was made no earlier than the first attempt (less `CLOCK_SKEW_MS`, this device's
 * clock against the server's), and no other submission has claimed it (kept-submissions.ts).
 *
 * Either mistake is safe: a record missed ("not listed") leaves the requestId kept, so sending
 * the same details again is answered with the first result and moves nothing; a record wrongly
 * taken (an identical transfer made elsewhere in the same minutes) tells the user it went through
 * when it may not have, and the records show what did.
 */
import type { MoneyApi, TransferRecord, WithdrawRecord } from '../../../facade';
import { compareDecimal, isDecimalInput } from '../../../lib/money';

/** How far this device's clock may be ahead of the server's. */
const CLOCK_SKEW_MS = 2 * 60_000;
/** The newest page of a record list looked through (the list's `limit` bound). */
const LOOKUP_LIMIT = 50;

/** `found`: the record's id; `notListed`: the newest records do not have it; `unchecked`: no list. */
export type Lookup = { found: string } | 'notListed' | 'unchecked';

const sameAmount = (a: string, b: string) =>
  isDecimalInput(a) && isDecimalInput(b) && compareDecimal(a, b) === 0;

const madeSince = (createdAtE3: string, since: number) =>
  Number(createdAtE3) >= since - CLOCK_SKEW_MS;

export interface TransferDetails {
  coin: string;
  amount: string;
  fromAccountType: string;
  toAccountType: string;
}

export async function findTransfer(
  money: MoneyApi,
  body: TransferDetails,
  since: number,
  claimed: (id: string) => boolean,
): Promise<Lookup> {
  let list: TransferRecord[];
  try {
    list = (await money.transferList({ limit: LOOKUP_LIMIT })).list;
  } catch {
    return 'unchecked';
  }
  const r = list.find(
    (x) =>
      x.status !== 'FAILED' &&
      x.coin === body.coin &&
      x.fromAccountType === body.fromAccountType &&
      x.toAccountType === body.toAccountType &&
      sameAmount(x.amount, body.amount) &&
      madeSince(x.createdAtE3, since) &&
      !claimed(x.transferId),
  );
  return r ? { found: r.transferId } : 'notListed';
}

export interface WithdrawDetails {
  coin: string;
  chain: string;
  address: string;
  tag?: string;
  amount: string;
}

export async function findWithdrawal(
  money: MoneyApi,
  body: WithdrawDetails,
  since: number,
  claimed: (id: string) => boolean,
): Promise<Lookup> {
  let list: WithdrawRecord[];
  try {
    list = (await money.withdrawList({ coin: body.coin, limit: LOOKUP_LIMIT })).list;
  } catch {
    return 'unchecked';
  }
  const r = list.find(
    (x) =>
      x.coin === body.coin &&
      x.chain === body.chain &&
      x.address === body.address &&
      x.tag === (body.tag ?? '') &&
      sameAmount(x.amount, body.amount) &&
      madeSince(x.createdAtE3, since) &&
      !claimed(x.id),
  );
  return r ? { found: r.id } : 'notListed';
}
