/**
 * One user's asset book outside the derivatives wallets (those live in the engine's Ledger):
 * balances per account kind and coin in BigInt E8, the unified account, savings, pledge loans,
 * records of transfers, deposits and withdrawals (bounded rings), the answers kept for repeated
 * request ids (bounded), and the verification codes sent. Mutated only by server/assets/assets.ts.
 */
import type { DepositRecord, TransferRecord, WithdrawRecord } from '../../src/api/types';
import { holdingsOf, type ComplianceFlags, type History } from '../accounts/holdings';
import { E8, formatTrimmed, parseFixed } from '../lib/fixed';
import { Ring } from '../lib/ring';
import { chainSpec, COLLATERALABLE, depositAddressOf, SAVINGS_PRODUCTS, txIdOf } from './catalogue';

/** Account kinds whose balances are plain coin amounts in the book. */
export const PLAIN_ACCOUNTS = ['SPOT', 'FUND', 'FIAT', 'CARD', 'MT4', 'MT5', 'OPTION'] as const;
export type PlainAccount = (typeof PLAIN_ACCOUNTS)[number];

/** Records kept per user and list; older ones are forgotten (a pending one still completes). */
const RECORDS_PER_USER = 500;
/**
 * Request ids of money moves remembered per user, and for how long (wall ms: protocol timers stay
 * on wall time whatever `--speed`). An id is never forgotten before its time because others came
 * after it: while a user's table holds this many live ids, a new money move is refused (10006).
 */
export const REQUEST_IDS_PER_USER = 1000;
export const REQUEST_ID_TTL_MS = 24 * 3_600_000;

export interface UnifiedBalance {
  balanceE8: bigint;
  borrowedE8: bigint;
}

export interface Loan {
  loanId: string;
  loanCoin: string;
  borrowedE8: bigint;
  collateralCoin: string;
  collateralE8: bigint;
  liquidationLtv: string;
  hourlyRate: string;
  /** When it was taken (simulated ms). */
  createdAtMs: number;
}

/** One subscription of a fixed-term product: locked until `maturesAtMs`, then redeemable. */
export interface TermLot {
  lotId: string;
  /** Principal plus the interest earned so far (interest stops at maturity). */
  amountE8: bigint;
  interestE8: bigint;
  subscribedAtMs: number;
  maturesAtMs: number;
}

/**
 * What a user holds in a product. For a fixed-term product `amountE8` is the sum of its `lots`
 * (oldest first); a flexible product has none. `cumInterestE8` counts redeemed interest too.
 */
export interface Holding {
  amountE8: bigint;
  cumInterestE8: bigint;
  lots: TermLot[];
}

export const DAY_MS = 86_400_000;

/** Added to a user id to derive the addresses a seeded withdrawal went to (not the user's own). */
const EXTERNAL_OWNER = 900_000;

/** Whether a fixed-term subscription has matured at `now` (redeemable from its maturity on). */
export const isMatured = (lot: TermLot, now: number): boolean => now >= lot.maturesAtMs;

/** A record with its place in the list (cursor) and, for withdrawals, the USD cents it used. */
export interface Seq {
  seq: number;
}
export type TransferRec = TransferRecord & Seq;
/** `heldForTravelRule`: pending until the sender's information is given (never confirmed). */
export type DepositRec = DepositRecord & Seq & { userId: number; heldForTravelRule?: true };
export type WithdrawRec = WithdrawRecord &
  Seq & { userId: number; usdCents: bigint; blocksLeft: number };

export interface Remembered {
  fingerprint: string;
  atMs: number;
  result: unknown;
}

export class AssetBook {
  readonly plain: Record<PlainAccount, Map<string, bigint>> = {
    SPOT: new Map(),
    FUND: new Map(),
    FIAT: new Map(),
    CARD: new Map(),
    MT4: new Map(),
    MT5: new Map(),
    OPTION: new Map(),
  };
  readonly unified = new Map<string, UnifiedBalance>();
  /** Collateral switch per collateralable coin (on unless turned off). */
  readonly collateralOff = new Set<string>();
  readonly savings = new Map<string, Holding>();
  readonly autoSaving = new Set<string>();
  loans: Loan[] = [];
  upgraded = false;
  readonly compliance: ComplianceFlags;

  readonly transfers = new Ring<TransferRec>(RECORDS_PER_USER);
  readonly deposits = new Ring<DepositRec>(RECORDS_PER_USER);
  readonly withdrawals = new Ring<WithdrawRec>(RECORDS_PER_USER);
  private nextSeq = 1;
  private nextLot = 1;
  readonly requests = new Map<string, Remembered>();
  /** `${channel}:${scene}` -> when a code was last sent (wall ms). */
  readonly codeSentAt = new Map<string, number>();

  /** `startMs`: the simulation's start, from which the demo subscriptions are dated. */
  constructor(
    readonly userId: number,
    startMs = 0,
  ) {
    const h = holdingsOf(userId);
    const fill = (m: Map<string, bigint>, src: Record<string, string>) => {
      for (const [coin, amount] of Object.entries(src)) m.set(coin, parseFixed(amount, E8));
    };
    fill(this.plain.SPOT, h.spot);
    fill(this.plain.FUND, h.fund);
    fill(this.plain.FIAT, h.fiat);
    fill(this.plain.CARD, h.card);
    fill(this.plain.MT4, h.mt4);
    fill(this.plain.MT5, h.mt5);
    fill(this.plain.OPTION, h.option);
    for (const [coin, u] of Object.entries(h.unified)) {
      this.unified.set(coin, {
        balanceE8: parseFixed(u.balance, E8),
        borrowedE8: parseFixed(u.borrowed, E8),
      });
    }
    for (const coin of h.collateralOff) if (COLLATERALABLE.has(coin)) this.collateralOff.add(coin);
    const startDay = Math.floor(startMs / DAY_MS) * DAY_MS;
    for (const p of SAVINGS_PRODUCTS) {
      const held = h.savings[p.productId];
      const amountE8 = held ? parseFixed(held.amount, E8) : 0n;
      const lots = (held?.lots ?? []).map((l) => {
        const subscribedAtMs = startDay - l.ageDays * DAY_MS;
        return this.newLot(
          p.productId,
          parseFixed(l.amount, E8),
          parseFixed(l.interest, E8),
          subscribedAtMs,
          subscribedAtMs + p.termDays * DAY_MS,
        );
      });
      const inLots = lots.reduce((s, l) => s + l.amountE8, 0n);
      if (p.termDays > 0 ? inLots !== amountE8 : lots.length > 0) {
        throw new RangeError(`holdings of ${userId}: ${p.productId} does not match its lots`);
      }
      this.savings.set(p.productId, {
        amountE8,
        cumInterestE8: held ? parseFixed(held.cumInterest, E8) : 0n,
        lots,
      });
    }
    for (const coin of h.autoSaving) this.autoSaving.add(coin);
    this.loans = h.loans.map((l) => ({
      loanId: l.loanId,
      loanCoin: l.loanCoin,
      borrowedE8: parseFixed(l.borrowed, E8),
      collateralCoin: l.collateralCoin,
      collateralE8: parseFixed(l.collateralAmount, E8),
      liquidationLtv: l.liquidationLtv,
      hourlyRate: l.hourlyRate,
      createdAtMs: startDay - l.ageDays * DAY_MS,
    }));
    this.compliance = h.compliance;
    this.seedHistory(h.history, startDay);
  }

  /**
   * The account's records from before the start, oldest first within each list (so the newest
   * has the highest seq and lists newest first): dated on the seed's day and hour, on chains of
   * the catalogue, with the addresses and transaction hashes the live records would have (a
   * withdrawal's destination is an address of someone else's). They move no balance: the
   * holdings are what the account has after them.
   */
  private seedHistory(history: History, startDay: number): void {
    const at = (s: { ageDays: number; hour: number }) => {
      if (!(s.ageDays >= 1 && s.hour >= 0 && s.hour < 24)) {
        throw new RangeError(`history of ${this.userId}: a record must be dated before the start`);
      }
      return String(startDay - s.ageDays * DAY_MS + s.hour * 3_600_000);
    };
    const chain = (coin: string, name: string) => {
      const c = chainSpec(coin, name);
      if (!c) throw new RangeError(`history of ${this.userId}: no chain ${name} for ${coin}`);
      return c;
    };
    const oldestFirst = <T extends { ageDays: number; hour: number }>(xs: readonly T[]) =>
      [...xs].sort((a, b) => b.ageDays - a.ageDays || a.hour - b.hour);
    const amount = (s: string) => formatTrimmed(parseFixed(s, E8), E8);
    for (const d of oldestFirst(history.deposits)) {
      const c = chain(d.coin, d.chain);
      const { seq, id } = this.nextRecord('DP');
      this.deposits.push({
        seq,
        userId: this.userId,
        id,
        coin: d.coin,
        chain: d.chain,
        amount: amount(d.amount),
        address: depositAddressOf(this.userId, d.coin, d.chain).address,
        txId: txIdOf('deposit', this.userId, id),
        status: d.heldForTravelRule ? 'pending' : 'success',
        confirmations: c.confirmations,
        requiredConfirmations: c.confirmations,
        // The seeded history was credited to Funding (no deposit_to saved yet).
        toAccountType: 'FUND',
        createdAtE3: at(d),
        ...(d.heldForTravelRule ? { heldForTravelRule: true as const } : {}),
      });
    }
    for (const w of oldestFirst(history.withdrawals)) {
      const c = chain(w.coin, w.chain);
      const { seq, id } = this.nextRecord('WD');
      this.withdrawals.push({
        seq,
        userId: this.userId,
        id,
        coin: w.coin,
        chain: w.chain,
        amount: amount(w.amount),
        fee: amount(c.withdrawFee),
        address: depositAddressOf(EXTERNAL_OWNER + this.userId, w.coin, w.chain).address,
        tag: '',
        // a refused withdrawal was never sent: no transaction
        txId: w.failed ? '' : txIdOf('withdraw', this.userId, id),
        status: w.failed ? 'failed' : 'success',
        createdAtE3: at(w),
        // days before the start: never in a day's limit (assets.ts withdrawLimits)
        usdCents: 0n,
        blocksLeft: 0,
      });
    }
    for (const t of oldestFirst(history.transfers)) {
      const { seq, id } = this.nextRecord('TR');
      this.transfers.push({
        seq,
        transferId: id,
        coin: t.coin,
        amount: amount(t.amount),
        fromAccountType: t.from,
        toAccountType: t.to,
        status: 'SUCCESS',
        createdAtE3: at(t),
      });
    }
  }

  /** Deposits held for the sender's travel-rule information (SPEC 3 waitTravelRuleCount). */
  heldForTravelRule(): number {
    return this.deposits.list().filter((d) => d.heldForTravelRule).length;
  }

  seq(): number {
    return this.nextSeq++;
  }

  /** The next record's place in its list and its id (`DP1001-7`: deposit, withdrawal, transfer). */
  nextRecord(kind: 'DP' | 'WD' | 'TR'): { seq: number; id: string } {
    const seq = this.seq();
    return { seq, id: `${kind}${this.userId}-${seq}` };
  }

  /** A new subscription of a fixed-term product (its id unique within the user's book). */
  newLot(
    productId: string,
    amountE8: bigint,
    interestE8: bigint,
    subscribedAtMs: number,
    maturesAtMs: number,
  ): TermLot {
    const lotId = `${productId}-${this.userId}-${this.nextLot++}`;
    return { lotId, amountE8, interestE8, subscribedAtMs, maturesAtMs };
  }

  balance(account: PlainAccount, coin: string): bigint {
    return this.plain[account].get(coin) ?? 0n;
  }

  /** Adds `delta` (may be negative); a balance that reaches 0 is dropped from the map. */
  add(account: PlainAccount, coin: string, delta: bigint): void {
    const next = this.balance(account, coin) + delta;
    if (next < 0n) throw new RangeError(`${account} ${coin} would go below zero`);
    if (next === 0n) this.plain[account].delete(coin);
    else this.plain[account].set(coin, next);
  }

  /** What the unified account may move of a coin: its balance less what it owes, not below 0. */
  unifiedAvailable(coin: string): bigint {
    const u = this.unified.get(coin);
    if (!u) return 0n;
    const free = u.balanceE8 - u.borrowedE8;
    return free > 0n ? free : 0n;
  }

  addUnified(coin: string, delta: bigint): void {
    const u = this.unified.get(coin) ?? { balanceE8: 0n, borrowedE8: 0n };
    const next = u.balanceE8 + delta;
    if (next < 0n) throw new RangeError(`UNIFIED ${coin} would go below zero`);
    if (next === 0n && u.borrowedE8 === 0n) this.unified.delete(coin);
    else this.unified.set(coin, { ...u, balanceE8: next });
  }

  /** Answer remembered for a request id (wall ms `now`), forgetting the expired ones first. */
  remembered(requestId: string, now: number): Remembered | undefined {
    this.forgetExpired(now);
    return this.requests.get(requestId);
  }

  /**
   * Wall ms until one more request id can be remembered: 0 when there is room, else until the
   * oldest live one expires (at least 1).
   */
  requestRoomMs(now: number): number {
    this.forgetExpired(now);
    if (this.requests.size < REQUEST_IDS_PER_USER) return 0;
    const oldest = this.requests.values().next().value as Remembered;
    return Math.max(1, oldest.atMs + REQUEST_ID_TTL_MS - now);
  }

  /**
   * Remembers the answer of a money move that succeeded. Never forgets a live id to make room:
   * the caller asks `requestRoomMs` first, in the same synchronous step as the move.
   */
  remember(requestId: string, fingerprint: string, result: unknown, now: number): void {
    this.requests.set(requestId, { fingerprint, atMs: now, result });
  }

  private forgetExpired(now: number): void {
    for (const [id, r] of this.requests) {
      if (now - r.atMs < REQUEST_ID_TTL_MS) break; // insertion order is time order
      this.requests.delete(id);
    }
  }
}
