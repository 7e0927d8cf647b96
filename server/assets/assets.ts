/**
 * The asset area of the simulator (docs/assets.md is the contract): one AssetBook per account,
 * and every action that moves money between the books and the engine's derivatives wallets.
 *
 * Each action validates in the documented order and throws an ApiError before anything moves, then
 * moves everything in one synchronous step: Node runs one handler at a time, so concurrent
 * requests can never overdraw and a refused request leaves no trace. A DERIVATIVES side changes
 * the engine's Ledger and is published on the private `wallet` topic (a higher walletVersion),
 * like every other wallet change, so the client's stream and the truth dump follow.
 *
 * The chain: a block every 3 s of simulator time; each adds a confirmation to every pending
 * deposit (credited at the chain's count) and completes withdrawals 2 blocks after they were made.
 */
import { ERROR_CODES } from '../../src/api/error-codes';
import { depositAccountOf, type DepositAccount } from '../../src/api/deposit-to';
import {
  TRANSFERABLE_ACCOUNTS,
  type AccountType,
  type DepositRecord,
  type Page,
  type PledgeBorrowBody,
  type PledgeBorrowResult,
  type RecordQuery,
  type TransferBody,
  type TransferRecord,
  type TransferResult,
  type TransferableAccount,
  type WithdrawBody,
  type WithdrawRecord,
  type WithdrawResult,
} from '../../src/api/types';
import { DEMO_EMAIL_CODE } from '../../src/config/demo';
import { accountOf, ACCOUNTS, DEMO_2FA_CODE } from '../accounts/demo';
import { registerPermissionOf, type UnifiedStatus } from '../accounts/profiles';
import { every, type Clock, type Repeater } from '../clock';
import type { Engine } from '../engine/engine';
import { staticWallet, type Ledger } from '../engine/ledger';
import { divRound, E8, formatTrimmed, parseFixed, pow10 } from '../lib/fixed';
import type { Market } from '../market/market';
import { usdCents, usdRates, type Rate } from '../market/rates';
import { ApiError } from '../rest/envelope';
import {
  AssetBook,
  DAY_MS,
  isMatured,
  REQUEST_IDS_PER_USER,
  type DepositRec,
  type PlainAccount,
  type Seq,
  type TermLot,
  type TransferRec,
  type WithdrawRec,
} from './book';
import {
  AUTO_SAVING_SUPPORTED,
  chainSpec,
  coinSpec,
  COLLATERALABLE,
  depositAddressOf,
  MAX_OPEN_LOANS,
  pledgeCollateral,
  pledgeLoanCoin,
  savingsProduct,
  txIdOf,
  withdrawLimitUsd,
} from './catalogue';

/** One block of the simulated chains, in simulator ms. */
export const BLOCK_MS = 3_000;
/** Blocks after which a withdrawal is done. */
const WITHDRAW_BLOCKS = 2;
/** A verification code is valid this long after it was sent (wall ms). */
const CODE_VALID_MS = 300_000;
/** Pending deposits per user the operator may have in flight at once. */
const MAX_PENDING_DEPOSITS = 100;
const HOUR_MS = 3_600_000;
/** Channel and scene pairs whose last code is remembered per user (the oldest forgotten). */
const MAX_CODE_SCENES = 16;

const AMOUNT = /^(?:0|[1-9][0-9]{0,17})(?:\.([0-9]{1,8}))?$/;

/**
 * A request amount as E8: a plain positive decimal (no sign, no exponent, at most 8 decimals and
 * at most the coin's precision when the coin is known), else 131005.
 */
export function parseAmount(text: string, coin: string): bigint {
  const m = AMOUNT.exec(text);
  const precision = coinSpec(coin)?.precision ?? E8;
  if (!m || (m[1] ?? '').length > precision) throw new ApiError(ERROR_CODES.INVALID_AMOUNT);
  const n = parseFixed(text, E8);
  if (n <= 0n) throw new ApiError(ERROR_CODES.INVALID_AMOUNT);
  return n;
}

/** LTVs are compared at this many decimals (the catalogue's limits have no more). */
const LTV_SCALE = 6;

/**
 * Whether `loanE8` of a coin at `loanRate` is at most `limit` (a fraction) of `collateralE8` at
 * `collateralRate`, compared exactly (no cent is truncated on either side): loan × rateL ≤
 * collateral × rateC × limit. Without a positive rate for either coin nothing can be valued, and
 * the answer is no.
 */
export function ltvWithin(
  loanE8: bigint,
  loanRate: Rate | undefined,
  collateralE8: bigint,
  collateralRate: Rate | undefined,
  limit: string,
): boolean {
  if (!loanRate || !collateralRate || loanRate.n <= 0n || collateralRate.n <= 0n) return false;
  const left = loanE8 * loanRate.n * pow10(collateralRate.scale) * pow10(LTV_SCALE);
  const right =
    collateralE8 * collateralRate.n * pow10(loanRate.scale) * parseFixed(limit, LTV_SCALE);
  return left <= right;
}

const isTransferable = (a: string): a is TransferableAccount =>
  (TRANSFERABLE_ACCOUNTS as readonly string[]).includes(a);

const fmt = (n: bigint): string => formatTrimmed(n, E8);

function strip<T extends Seq>(r: T, extra: readonly string[] = []): Omit<T, 'seq'> {
  const out: Record<string, unknown> = { ...(r as unknown as Record<string, unknown>) };
  delete out.seq;
  for (const k of extra) delete out[k];
  return out as Omit<T, 'seq'>;
}

/** A page of a record list: newest first, after the cursor, filtered by coin and time. */
function pageOf<T extends Seq & { coin: string; createdAtE3: string }, W>(
  records: T[],
  q: RecordQuery,
  wire: (r: T) => W,
): Page<W> {
  const limit = q.limit ?? 20;
  const cursor = q.cursor ? Number(q.cursor) : Infinity;
  const start = q.startTimeE3 !== undefined ? Number(q.startTimeE3) : -Infinity;
  const end = q.endTimeE3 !== undefined ? Number(q.endTimeE3) : Infinity;
  const matching = records
    .filter(
      (r) =>
        r.seq < cursor &&
        (q.coin === undefined || r.coin === q.coin) &&
        Number(r.createdAtE3) >= start &&
        Number(r.createdAtE3) <= end,
    )
    .reverse();
  const list = matching.slice(0, limit);
  const last = list[list.length - 1];
  return {
    list: list.map(wire),
    nextCursor: matching.length > limit && last ? String(last.seq) : '',
  };
}

/**
 * What is left of a fixed-term product's subscriptions after taking `n` from the matured ones,
 * oldest first (a subscription taken in part keeps the rest, interest in proportion), or 131017
 * when the matured ones hold less than `n`.
 */
function takeMatured(lots: readonly TermLot[], n: bigint, now: number): TermLot[] {
  const matured = lots.filter((l) => isMatured(l, now)).reduce((s, l) => s + l.amountE8, 0n);
  if (n > matured) throw new ApiError(ERROR_CODES.TERM_LOCKED);
  let left = n;
  const out: TermLot[] = [];
  for (const l of lots) {
    if (left === 0n || !isMatured(l, now)) {
      out.push(l);
      continue;
    }
    const take = left < l.amountE8 ? left : l.amountE8;
    left -= take;
    if (take === l.amountE8) continue;
    const rest = l.amountE8 - take;
    out.push({ ...l, amountE8: rest, interestE8: (l.interestE8 * rest) / l.amountE8 });
  }
  return out;
}

export class Assets {
  private readonly books = new Map<number, AssetBook>();
  private readonly pendingDeposits: DepositRec[] = [];
  private readonly pendingWithdrawals: WithdrawRec[] = [];
  private loops: Repeater[] = [];

  constructor(
    private readonly engine: Engine,
    private readonly market: Market,
    /** Simulated time: records, blocks, interest. */
    private readonly clock: Clock,
    /** Wall time: verification codes (as /send/email keeps them) and request ids. */
    private readonly wall: Clock,
    /** The user's saved `deposit_to` page config (the simulator's UserSettings). */
    private readonly depositConfig: (userId: number) => string = () => '',
  ) {
    const start = clock.now();
    for (const a of ACCOUNTS) this.books.set(a.userId, new AssetBook(a.userId, start));
  }

  /** Mines a block every BLOCK_MS and credits interest every hour. */
  start(): void {
    if (this.loops.length > 0) return;
    this.loops = [
      every(this.clock, BLOCK_MS, () => this.mine()),
      every(this.clock, HOUR_MS, () => this.accrue()),
    ];
  }

  stop(): void {
    for (const l of this.loops) l.stop();
    this.loops = [];
  }

  has(userId: number): boolean {
    return this.books.has(userId);
  }

  book(userId: number): AssetBook {
    const b = this.books.get(userId);
    if (!b) throw new ApiError(ERROR_CODES.NOT_LOGGED_IN);
    return b;
  }

  ledger(userId: number): Ledger {
    return this.engine.ledger(userId);
  }

  // ---- the derivatives side: the engine's wallets ----

  /** Whether the derivatives account has a wallet of the coin. */
  private derivHas(l: Ledger, coin: string): boolean {
    return l.wallets.has(coin);
  }

  private derivAvailable(l: Ledger, coin: string): bigint {
    if (coin === 'USDT') return this.engine.availableE8(l);
    return l.coinsE8.get(coin) ?? 0n;
  }

  /** Changes a derivatives wallet and publishes it on `wallet` (a higher walletVersion). */
  private derivAdd(l: Ledger, coin: string, delta: bigint): void {
    if (coin === 'USDT') {
      l.cashE8 += delta;
      this.engine.refresh(l);
      return;
    }
    const next = (l.coinsE8.get(coin) ?? 0n) + delta;
    if (next < 0n) throw new RangeError(`DERIVATIVES ${coin} would go below zero`);
    l.coinsE8.set(coin, next);
    const now = this.clock.now();
    l.publishWallet(
      staticWallet(coin, next, l.userId, l.walletVersion, String(now)),
      now,
      this.engine.emit,
    );
  }

  // ---- any account ----

  private available(b: AssetBook, account: TransferableAccount, coin: string): bigint {
    switch (account) {
      case 'DERIVATIVES':
        return this.derivAvailable(this.ledger(b.userId), coin);
      case 'UNIFIED':
        return b.unifiedAvailable(coin);
      default:
        return b.balance(account, coin);
    }
  }

  private credit(b: AssetBook, account: AccountType, coin: string, delta: bigint): void {
    switch (account) {
      case 'DERIVATIVES':
        this.derivAdd(this.ledger(b.userId), coin, delta);
        return;
      case 'UNIFIED':
        b.addUnified(coin, delta);
        return;
      case 'SPOT':
      case 'FUND':
      case 'FIAT':
      case 'CARD':
      case 'MT4':
      case 'MT5':
      case 'OPTION':
        b.add(account as PlainAccount, coin, delta);
        return;
      default:
        throw new RangeError(`cannot credit ${account}`);
    }
  }

  /**
   * The first answer for a repeated request id, or undefined for a new one (10001 on misuse).
   * Ids are kept for REQUEST_ID_TTL_MS of wall time (not simulated time, which `--speed` runs
   * faster); while the user's book holds REQUEST_IDS_PER_USER live ones a new id is refused with
   * 10006 before anything moves, rather than forgetting an id a retry may still bring.
   */
  private repeated<T>(b: AssetBook, requestId: string, fingerprint: string): T | undefined {
    const now = this.wall.now();
    const r = b.remembered(requestId, now);
    if (!r) {
      const waitMs = b.requestRoomMs(now);
      if (waitMs > 0) {
        const s = Math.ceil(waitMs / 1000);
        throw new ApiError(
          ERROR_CODES.RATE_LIMITED,
          `Too many money moves: ${REQUEST_IDS_PER_USER} request ids are kept for 24 h, please try again in ${s} s. (retry-after: ${s})`,
        );
      }
      return undefined;
    }
    if (r.fingerprint !== fingerprint) {
      throw new ApiError(
        ERROR_CODES.PARAM_ERROR,
        'requestId: already used for a different request',
      );
    }
    return r.result as T;
  }

  // ---- transfers ----

  transfer(userId: number, body: TransferBody): TransferResult {
    const b = this.book(userId);
    const { coin, amount, fromAccountType: from, toAccountType: to, requestId } = body;
    const fingerprint = JSON.stringify(['transfer', coin, amount, from, to]);
    const again = this.repeated<TransferResult>(b, requestId, fingerprint);
    if (again) return again;

    const n = parseAmount(amount, coin);
    if (!coinSpec(coin)) throw new ApiError(ERROR_CODES.UNKNOWN_COIN);
    if (!isTransferable(from) || !isTransferable(to)) {
      throw new ApiError(ERROR_CODES.UNKNOWN_ACCOUNT);
    }
    if (b.upgraded && [from, to].some((a) => a === 'DERIVATIVES' || a === 'SPOT')) {
      throw new ApiError(ERROR_CODES.UNKNOWN_ACCOUNT);
    }
    if (from === to) throw new ApiError(ERROR_CODES.SAME_ACCOUNT);
    const l = this.ledger(userId);
    if ((from === 'DERIVATIVES' || to === 'DERIVATIVES') && !this.derivHas(l, coin)) {
      throw new ApiError(ERROR_CODES.UNKNOWN_COIN, 'This coin is not supported in derivatives.');
    }
    if (this.available(b, from, coin) < n) throw new ApiError(ERROR_CODES.INSUFFICIENT_BALANCE);

    this.credit(b, from, coin, -n);
    this.credit(b, to, coin, n);
    const { seq, id: transferId } = b.nextRecord('TR');
    const rec: TransferRec = {
      seq,
      transferId,
      coin,
      amount: fmt(n),
      fromAccountType: from,
      toAccountType: to,
      status: 'SUCCESS',
      createdAtE3: String(this.clock.now()),
    };
    b.transfers.push(rec);
    const result: TransferResult = { transferId: rec.transferId, status: 'SUCCESS' };
    b.remember(requestId, fingerprint, result, this.wall.now());
    return result;
  }

  transferList(userId: number, q: RecordQuery): Page<TransferRecord> {
    return pageOf(this.book(userId).transfers.list(), q, (r) => strip(r));
  }

  // ---- deposits ----

  depositAddress(userId: number, coin: string, chain: string) {
    this.book(userId);
    if (!coinSpec(coin)) throw new ApiError(ERROR_CODES.UNKNOWN_COIN);
    const c = chainSpec(coin, chain);
    if (!c || !c.depositEnabled) throw new ApiError(ERROR_CODES.CHAIN_UNAVAILABLE);
    const { address, tag } = depositAddressOf(userId, coin, chain);
    return { coin, chain, address, tag: c.needTag ? tag : '' };
  }

  /** The account a deposit made now is credited to (the saved `deposit_to`, src/api/deposit-to.ts). */
  depositTo(userId: number): DepositAccount {
    return depositAccountOf(this.depositConfig(userId), this.book(userId).upgraded);
  }

  /**
   * The operator's deposit (POST /__admin/deposit): pending at once, and credited when the
   * chain's confirmations are reached to the account `depositTo` named when it was made. A string
   * explains a refusal.
   */
  deliverDeposit(
    userId: number,
    coin: string,
    chain: string,
    amount: string,
  ): DepositRecord | string {
    const b = this.books.get(userId);
    if (!b) return `no account ${userId}`;
    const c = chainSpec(coin, chain);
    if (!c) return `no chain ${chain} for coin ${coin}`;
    if (!c.depositEnabled) return `deposits of ${coin} on ${chain} are suspended`;
    let n: bigint;
    try {
      n = parseAmount(amount, coin);
    } catch {
      return `amount ${JSON.stringify(amount)}: expected a positive decimal with at most ${coinSpec(coin)?.precision} decimals`;
    }
    if (n < parseFixed(c.minDeposit, E8)) return `amount below the minimum deposit ${c.minDeposit}`;
    if (this.pendingDeposits.filter((d) => d.userId === userId).length >= MAX_PENDING_DEPOSITS) {
      return `already ${MAX_PENDING_DEPOSITS} pending deposits for ${userId}`;
    }
    const { seq, id } = b.nextRecord('DP');
    const { address } = depositAddressOf(userId, coin, chain);
    const rec: DepositRec = {
      seq,
      userId,
      id,
      coin,
      chain,
      amount: fmt(n),
      address,
      txId: txIdOf('deposit', userId, id),
      status: 'pending',
      confirmations: 0,
      requiredConfirmations: c.confirmations,
      toAccountType: this.depositTo(userId),
      createdAtE3: String(this.clock.now()),
    };
    b.deposits.push(rec);
    this.pendingDeposits.push(rec);
    return strip(rec, ['userId']);
  }

  depositList(userId: number, q: RecordQuery): Page<DepositRecord> {
    return pageOf(this.book(userId).deposits.list(), q, (r) =>
      strip(r, ['userId', 'heldForTravelRule']),
    );
  }

  // ---- withdrawals ----

  /** Notes that a verification code was sent (POST /send/email or /send/mobile). */
  codeSent(userId: number, channel: 'email' | 'mobile', scene: string, wallMs: number): void {
    const sent = this.books.get(userId)?.codeSentAt;
    if (!sent) return;
    const key = `${channel}:${scene}`;
    sent.delete(key); // re-inserted last: the map's order is the order of sending
    sent.set(key, wallMs);
    while (sent.size > MAX_CODE_SCENES) sent.delete(sent.keys().next().value as string);
  }

  withdrawLimits(userId: number): { limitCents: bigint; usedCents: bigint } {
    const b = this.book(userId);
    const limitCents = parseFixed(withdrawLimitUsd(accountOf(userId)?.kycLevel ?? 0), 2);
    const day = Math.floor(this.clock.now() / 86_400_000);
    let usedCents = 0n;
    for (const w of b.withdrawals.list()) {
      if (w.status !== 'failed' && Math.floor(Number(w.createdAtE3) / 86_400_000) === day) {
        usedCents += w.usdCents;
      }
    }
    return { limitCents, usedCents };
  }

  withdraw(userId: number, body: WithdrawBody): WithdrawResult {
    const b = this.book(userId);
    const { coin, chain, address, amount, requestId } = body;
    const tag = body.tag ?? '';
    const fingerprint = JSON.stringify(['withdraw', coin, chain, address, tag, amount]);
    const again = this.repeated<WithdrawResult>(b, requestId, fingerprint);
    if (again) return again;
    // registerPermission's canWithdraw (an unverified user), before anything about the withdrawal.
    const account = accountOf(userId);
    if (!account || !registerPermissionOf(account).canWithdraw) {
      throw new ApiError(ERROR_CODES.WITHDRAW_NOT_PERMITTED);
    }

    const n = parseAmount(amount, coin);
    if (!coinSpec(coin)) throw new ApiError(ERROR_CODES.UNKNOWN_COIN);
    const c = chainSpec(coin, chain);
    if (!c || !c.withdrawEnabled) throw new ApiError(ERROR_CODES.CHAIN_UNAVAILABLE);
    if (!c.address.test(address)) throw new ApiError(ERROR_CODES.INVALID_ADDRESS);
    if (c.needTag && !(c.tag ?? /^.+$/).test(tag)) throw new ApiError(ERROR_CODES.TAG_REQUIRED);
    const fee = parseFixed(c.withdrawFee, E8);
    if (n < parseFixed(c.minWithdraw, E8)) throw new ApiError(ERROR_CODES.BELOW_MINIMUM);
    if (n + fee > b.balance('FUND', coin)) throw new ApiError(ERROR_CODES.INSUFFICIENT_BALANCE);
    const cents = usdCents(n, usdRates(this.market).get(coin));
    const { limitCents, usedCents } = this.withdrawLimits(userId);
    if (usedCents + cents > limitCents) throw new ApiError(ERROR_CODES.OVER_WITHDRAW_LIMIT);
    if (body.google2faCode !== DEMO_2FA_CODE) throw new ApiError(ERROR_CODES.BAD_2FA_CODE);
    const channel = body.emailCode !== undefined ? 'email' : 'mobile';
    const code = body.emailCode ?? body.mobileCode;
    const sentAt = b.codeSentAt.get(`${channel}:withdraw`);
    const now = this.wall.now();
    if (code !== DEMO_EMAIL_CODE || sentAt === undefined || now - sentAt > CODE_VALID_MS) {
      throw new ApiError(ERROR_CODES.BAD_EMAIL_CODE);
    }

    b.codeSentAt.delete(`${channel}:withdraw`); // a code is used once
    b.add('FUND', coin, -(n + fee));
    const { seq, id } = b.nextRecord('WD');
    const rec: WithdrawRec = {
      seq,
      userId,
      usdCents: cents,
      blocksLeft: WITHDRAW_BLOCKS,
      id,
      coin,
      chain,
      amount: fmt(n),
      fee: fmt(fee),
      address,
      tag: c.needTag ? tag : '',
      txId: '',
      status: 'pending',
      createdAtE3: String(this.clock.now()),
    };
    b.withdrawals.push(rec);
    this.pendingWithdrawals.push(rec);
    const result: WithdrawResult = { withdrawId: rec.id, status: 'pending' };
    b.remember(requestId, fingerprint, result, this.wall.now());
    return result;
  }

  withdrawList(userId: number, q: RecordQuery): Page<WithdrawRecord> {
    return pageOf(this.book(userId).withdrawals.list(), q, (r) =>
      strip(r, ['userId', 'usdCents', 'blocksLeft']),
    );
  }

  /** `heldForTravelRule` is also counted in `deposit` (a held deposit is pending). */
  pendingCounts(userId: number): {
    deposit: number;
    heldForTravelRule: number;
    withdraw: number;
    transfer: number;
  } {
    const b = this.book(userId);
    const held = b.heldForTravelRule();
    return {
      // confirming on the chain, or held for the sender's travel-rule information
      deposit: this.pendingDeposits.filter((d) => d.userId === userId).length + held,
      heldForTravelRule: held,
      withdraw: this.pendingWithdrawals.filter((w) => w.userId === userId).length,
      // Transfers settle in the same step they are made: none is ever left pending.
      transfer: b.transfers.list().filter((t) => t.status === 'PENDING').length,
    };
  }

  /** One block: a confirmation for every pending deposit, a step for every withdrawal. */
  mine(): void {
    for (let i = 0; i < this.pendingDeposits.length;) {
      const d = this.pendingDeposits[i] as DepositRec;
      d.confirmations = Math.min(d.confirmations + 1, d.requiredConfirmations);
      if (d.confirmations >= d.requiredConfirmations) {
        const b = this.book(d.userId);
        // Made to Spot before an upgrade to the unified account, which took Spot's coins.
        if (b.upgraded && d.toAccountType === 'SPOT') d.toAccountType = 'UNIFIED';
        d.status = 'success';
        this.credit(b, d.toAccountType, d.coin, parseFixed(d.amount, E8));
        this.pendingDeposits.splice(i, 1);
      } else i++;
    }
    for (let i = 0; i < this.pendingWithdrawals.length;) {
      const w = this.pendingWithdrawals[i] as WithdrawRec;
      w.blocksLeft--;
      if (w.blocksLeft <= 0) {
        w.status = 'success';
        w.txId = txIdOf('withdraw', w.userId, w.id);
        this.pendingWithdrawals.splice(i, 1);
      } else i++;
    }
  }

  // ---- unified account ----

  /**
   * The one source of the unified-account flags: the overview's `unified.upgraded` and
   * `unified.upgradeEligible` and the member info's `isUnifiedAccount` and
   * `upgradeToUnifiedAvailable` are all this.
   */
  unifiedStatus(userId: number): UnifiedStatus {
    return { upgraded: this.book(userId).upgraded, upgradeEligible: this.upgradeEligible(userId) };
  }

  upgradeEligible(userId: number): boolean {
    const b = this.book(userId);
    const l = this.ledger(userId);
    // Copy trading and the engine's own traders keep their funds in the derivatives wallet.
    return (
      !b.upgraded &&
      l.positions.size === 0 &&
      l.orders.size === 0 &&
      !l.copyTopics &&
      !l.spec.trades
    );
  }

  /** Moves every derivatives wallet balance and every spot balance into UNIFIED at once. */
  upgrade(userId: number): void {
    const b = this.book(userId);
    if (!this.upgradeEligible(userId)) throw new ApiError(ERROR_CODES.UPGRADE_NOT_ELIGIBLE);
    const l = this.ledger(userId);
    for (const w of l.walletList()) {
      const bal = w.coin === 'USDT' ? l.cashE8 : (l.coinsE8.get(w.coin) ?? 0n);
      if (bal <= 0n) continue;
      this.derivAdd(l, w.coin, -bal);
      b.addUnified(w.coin, bal);
    }
    for (const [coin, bal] of [...b.plain.SPOT]) {
      b.add('SPOT', coin, -bal);
      b.addUnified(coin, bal);
    }
    b.upgraded = true;
  }

  collateralSwitch(userId: number, coin: string, on: boolean): void {
    const b = this.book(userId);
    if (!coinSpec(coin)) throw new ApiError(ERROR_CODES.UNKNOWN_COIN);
    if (!COLLATERALABLE.has(coin)) throw new ApiError(ERROR_CODES.NOT_COLLATERAL);
    if (on) b.collateralOff.delete(coin);
    else b.collateralOff.add(coin);
  }

  // ---- savings and pledge loans ----

  /**
   * Subscribe moves FUND into the product (a fixed-term product gets a new subscription, locked
   * for its term from now); redeem moves it back. A fixed-term product gives back only what has
   * matured (its oldest matured subscriptions first), else 131017 and nothing moves.
   */
  savings(
    userId: number,
    kind: 'subscribe' | 'redeem',
    body: { productId: string; amount: string; requestId: string },
  ): { status: 'SUCCESS' } {
    const b = this.book(userId);
    const fingerprint = JSON.stringify([kind, body.productId, body.amount]);
    const again = this.repeated<{ status: 'SUCCESS' }>(b, body.requestId, fingerprint);
    if (again) return again;
    const p = savingsProduct(body.productId);
    const n = parseAmount(body.amount, p?.coin ?? '');
    if (!p) throw new ApiError(ERROR_CODES.UNKNOWN_PRODUCT);
    const held = b.savings.get(p.productId) ?? { amountE8: 0n, cumInterestE8: 0n, lots: [] };
    const now = this.clock.now();
    if (kind === 'subscribe') {
      if (n < parseFixed(p.minAmount, E8)) throw new ApiError(ERROR_CODES.AMOUNT_OUT_OF_RANGE);
      if (b.balance('FUND', p.coin) < n) throw new ApiError(ERROR_CODES.INSUFFICIENT_BALANCE);
      b.add('FUND', p.coin, -n);
      const lots =
        p.termDays > 0
          ? [...held.lots, b.newLot(p.productId, n, 0n, now, now + p.termDays * DAY_MS)]
          : held.lots;
      b.savings.set(p.productId, { ...held, amountE8: held.amountE8 + n, lots });
    } else {
      if (n > held.amountE8) throw new ApiError(ERROR_CODES.AMOUNT_OUT_OF_RANGE);
      const lots = p.termDays > 0 ? takeMatured(held.lots, n, now) : held.lots;
      b.savings.set(p.productId, { ...held, amountE8: held.amountE8 - n, lots });
      b.add('FUND', p.coin, n);
    }
    const result = { status: 'SUCCESS' as const };
    b.remember(body.requestId, fingerprint, result, this.wall.now());
    return result;
  }

  autoSaving(userId: number, coin: string, selected: boolean): void {
    const b = this.book(userId);
    if (!AUTO_SAVING_SUPPORTED.has(coin)) throw new ApiError(ERROR_CODES.UNKNOWN_COIN);
    if (selected) b.autoSaving.add(coin);
    else b.autoSaving.delete(coin);
  }

  /** Repays from FUND; a loan repaid in full returns its collateral to FUND and is gone. */
  repay(
    userId: number,
    body: { loanId: string; amount: string; requestId: string },
  ): { status: 'SUCCESS' } {
    const b = this.book(userId);
    const fingerprint = JSON.stringify(['repay', body.loanId, body.amount]);
    const again = this.repeated<{ status: 'SUCCESS' }>(b, body.requestId, fingerprint);
    if (again) return again;
    const loan = b.loans.find((l) => l.loanId === body.loanId);
    const n = parseAmount(body.amount, loan?.loanCoin ?? '');
    if (!loan) throw new ApiError(ERROR_CODES.UNKNOWN_PRODUCT);
    if (n > loan.borrowedE8) throw new ApiError(ERROR_CODES.AMOUNT_OUT_OF_RANGE);
    if (b.balance('FUND', loan.loanCoin) < n) throw new ApiError(ERROR_CODES.INSUFFICIENT_BALANCE);
    b.add('FUND', loan.loanCoin, -n);
    loan.borrowedE8 -= n;
    if (loan.borrowedE8 === 0n) {
      b.loans = b.loans.filter((l) => l !== loan);
      b.add('FUND', loan.collateralCoin, loan.collateralE8);
    }
    const result = { status: 'SUCCESS' as const };
    b.remember(body.requestId, fingerprint, result, this.wall.now());
    return result;
  }

  /**
   * A new pledge loan: `collateralAmount` moves from FUND into the pledge and `loanAmount` is
   * credited to FUND, in one step, at the loan coin's hourly rate and the collateral's liquidation
   * LTV; it then costs interest every hour like every loan. Checked in this order, nothing moved
   * on a refusal: the amounts at each coin's precision (131005), the loan coin (131003), the
   * collateral coin (131014), the smallest loan (131016), the open loans (131018), the collateral
   * in FUND (131001), the initial LTV at the rates every valuation uses (131019).
   */
  borrow(userId: number, body: PledgeBorrowBody): PledgeBorrowResult {
    const b = this.book(userId);
    const { loanCoin, loanAmount, collateralCoin, collateralAmount, requestId } = body;
    const fingerprint = JSON.stringify([
      'borrow',
      loanCoin,
      loanAmount,
      collateralCoin,
      collateralAmount,
    ]);
    const again = this.repeated<PledgeBorrowResult>(b, requestId, fingerprint);
    if (again) return again;
    const product = pledgeLoanCoin(loanCoin);
    const pledge = pledgeCollateral(collateralCoin);
    const n = parseAmount(loanAmount, loanCoin);
    const c = parseAmount(collateralAmount, collateralCoin);
    if (!product) throw new ApiError(ERROR_CODES.UNKNOWN_COIN);
    if (!pledge) throw new ApiError(ERROR_CODES.NOT_COLLATERAL);
    if (n < parseFixed(product.minAmount, E8)) throw new ApiError(ERROR_CODES.AMOUNT_OUT_OF_RANGE);
    if (b.loans.length >= MAX_OPEN_LOANS) throw new ApiError(ERROR_CODES.TOO_MANY_LOANS);
    if (b.balance('FUND', collateralCoin) < c) throw new ApiError(ERROR_CODES.INSUFFICIENT_BALANCE);
    const rates = usdRates(this.market);
    if (!ltvWithin(n, rates.get(loanCoin), c, rates.get(collateralCoin), pledge.initialLtv)) {
      throw new ApiError(ERROR_CODES.LTV_TOO_HIGH);
    }

    b.add('FUND', collateralCoin, -c);
    b.add('FUND', loanCoin, n);
    const loanId = `loan-${userId}-${b.seq()}`;
    b.loans.push({
      loanId,
      loanCoin,
      borrowedE8: n,
      collateralCoin,
      collateralE8: c,
      liquidationLtv: pledge.liquidationLtv,
      hourlyRate: product.hourlyRate,
      createdAtMs: this.clock.now(),
    });
    const result: PledgeBorrowResult = { loanId, status: 'SUCCESS' };
    b.remember(requestId, fingerprint, result, this.wall.now());
    return result;
  }

  /**
   * Hourly: savings earn apy / 8760 of what they hold, truncated to the coin's precision (a
   * fixed-term subscription up to and including the hour of its maturity), loans cost their
   * hourly rate, rounded up to the coin's precision.
   */
  accrue(): void {
    const now = this.clock.now();
    for (const b of this.books.values()) {
      for (const [productId, h] of b.savings) {
        const p = savingsProduct(productId);
        if (!p || h.amountE8 === 0n) continue;
        // Truncated to the coin's precision, so that what is held can always be redeemed in full
        // (a redemption amount may not have more decimals than the coin, 131005).
        const unit = pow10(E8 - (coinSpec(p.coin)?.precision ?? E8));
        const rate = (held: bigint) => {
          const raw = divRound(held * parseFixed(p.apy, 6), 8760n * pow10(6), 'trunc');
          return raw - (raw % unit);
        };
        if (p.termDays === 0) {
          const interest = rate(h.amountE8);
          b.savings.set(productId, {
            ...h,
            amountE8: h.amountE8 + interest,
            cumInterestE8: h.cumInterestE8 + interest,
          });
          continue;
        }
        // A fixed-term subscription earns until its maturity, nothing after it.
        let total = 0n;
        const lots = h.lots.map((l) => {
          if (now > l.maturesAtMs) return l;
          const interest = rate(l.amountE8);
          total += interest;
          return { ...l, amountE8: l.amountE8 + interest, interestE8: l.interestE8 + interest };
        });
        b.savings.set(productId, {
          amountE8: h.amountE8 + total,
          cumInterestE8: h.cumInterestE8 + total,
          lots,
        });
      }
      for (const loan of b.loans) {
        // Rounded up to the coin's precision, so that what is owed can always be repaid in full
        // (a repayment may not have more decimals than the coin, 131005): charged at 8 decimals,
        // a loan left a dust no repayment could clear, and its collateral locked for good.
        const unit = pow10(E8 - (coinSpec(loan.loanCoin)?.precision ?? E8));
        const raw = divRound(loan.borrowedE8 * parseFixed(loan.hourlyRate, 10), pow10(10), 'ceil');
        loan.borrowedE8 += raw % unit === 0n ? raw : raw + unit - (raw % unit);
      }
    }
  }
}
