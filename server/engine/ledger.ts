/**
 * One user's book: cash, positions and orders, and the entities last published from them. The
 * published entities are the server's truth: they are exactly what a client holds after the REST
 * snapshot plus every delta, because every change is published through `publish*` here.
 */
import {
  DEFAULT_WALLET_COINS,
  KEPT_ORDER_STATUSES,
  type CopyAccount,
  type LeaderIncome,
  type LeaderWallet,
  type Order,
  type Position,
  type PrivateTopic,
  type Risk,
  type TopicEntity,
  type Wallet,
} from '../../src/wire/protocol';
import { ACCOUNTS, type AccountSpec } from '../accounts/demo';
import { divRound, E8, parseFixed } from '../lib/fixed';
import { Rng } from '../lib/rng';
import type { OrderRec } from './orders';
import type { PositionRec } from './position-math';

export type Emit = <T extends PrivateTopic>(
  userId: number,
  topic: T,
  items: TopicEntity[T][],
) => void;

export interface Follow {
  leaderId: number;
  investmentE8: bigint;
  /** Net realised income from this leader: profit after fees and the leader's share. */
  incomeE8: bigint;
}

export interface LeaderBook {
  capitalE8: bigint;
  sharePct: number;
  hedgeMode: boolean;
  removedInvestmentE8: bigint;
  /** All-time share profit, history before the start included (what the leader is shown). */
  cumShareE8: bigint;
  /** Share profit received since the simulation started (what moved its cash). */
  shareReceivedE8: bigint;
  todayShareE8: bigint;
  /** Share profit of each finished UTC day (day number -> E8), for the income history. */
  shareByDay: Map<number, bigint>;
  /** Symbols closed recently may not be reopened before this time (followers finish closing). */
  cooldownUntil: Map<string, number>;
}

export const DAY_MS = 86_400_000;
/** The UTC day number of a time in ms. */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);
/** Days in the longest income history (today included): past days beyond it are forgotten. */
export const SHARE_HISTORY_DAYS = 365;

/**
 * A leader's share profit on the days before the simulation started: deterministic per leader and
 * day, so every run (and every replay) shows the same past, and the all-time total adds up.
 */
function pastShareBook(userId: number, startDay: number): Map<number, bigint> {
  const book = new Map<number, bigint>();
  for (let d = startDay - (SHARE_HISTORY_DAYS - 1); d < startDay; d++) {
    const r = new Rng(d, userId);
    book.set(d, r.chance(0.2) ? 0n : BigInt(r.int(0, 40_000)) * 100_000n);
  }
  return book;
}

/** Wallet fields compared to decide whether a wallet changed (everything but the stamps). */
const WALLET_FIELDS = [
  'availableBalanceE8',
  'walletBalanceE8',
  'equityE8',
  'givenCashE8',
  'serviceCashE8',
  'totalOrderBalanceE8',
  'totalPositionBalanceE8',
  'totalUnrealisedPnlE8',
  'totalUnrealisedPnlByBpE8',
  'totalUnrealisedPnlByLpE8',
  'totalUnrealisedPnlByMpE8',
  'cumRealisedPnlE8',
  'totalCrossCoveredLossE8',
  'afterCrossAbE8',
] as const;

type Stamped = { updatedAtE3: string };

/** True when a and b hold the same values apart from `updatedAtE3`. */
export function sameContent<T extends Stamped>(a: T | null, b: T): boolean {
  if (a === null) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    if (k === 'updatedAtE3') continue;
    if (
      JSON.stringify((a as Record<string, unknown>)[k]) !==
      JSON.stringify((b as Record<string, unknown>)[k])
    )
      return false;
  }
  return true;
}

export class Ledger {
  readonly userId: number;
  /**
   * Followers and leaders see their orders on the copytrade topics. Positions are published for
   * every account that holds any (the trader's own ones too: docs/assets.md, Positions).
   */
  readonly copyTopics: boolean;
  /** USDT cash balance (E8): start + realised PnL - share paid + share received. */
  cashE8: bigint;
  /** Realised PnL and profit share paid since the start (`cashE8` moves with them). */
  cumRealisedE8 = 0n;
  sharePaidE8 = 0n;
  /**
   * A follower's realised PnL and profit share paid on the copies closed before the start
   * (`income` of server/accounts/demo.ts, already in the starting USDT): the copy account and
   * the wallet count them in their all-time figures.
   */
  readonly pastRealisedE8: bigint;
  readonly pastSharePaidE8: bigint;
  /** Balances of the other coins (E8); they do not trade. */
  readonly coinsE8 = new Map<string, bigint>();
  readonly positions = new Map<string, PositionRec>();
  /** Position keys, newest first (the display order of PROTOCOL.md section 5). */
  positionOrder: string[] = [];
  readonly positionWires = new Map<string, Position>();
  readonly orders = new Map<string, OrderRec>();
  readonly follows: Follow[];
  readonly leader: LeaderBook | undefined;

  readonly wallets = new Map<string, Wallet>();
  walletVersion = 0;
  risk: Risk;
  account: CopyAccount | null = null;
  leaderWallet: LeaderWallet | null = null;
  leaderIncome: LeaderIncome | null = null;

  constructor(
    readonly spec: AccountSpec,
    startMs: number,
  ) {
    this.userId = spec.userId;
    this.copyTopics = spec.role === 'follower' || spec.role === 'leader';
    this.cashE8 = parseFixed(spec.balances.USDT ?? '0', E8);
    let pastRealisedE8 = 0n;
    let pastSharePaidE8 = 0n;
    for (const [coin, amount] of Object.entries(spec.balances)) {
      if (coin !== 'USDT') this.coinsE8.set(coin, parseFixed(amount, E8));
    }
    this.follows = spec.follows.map((f) => {
      // The income of the positions closed before the start (in the starting USDT already):
      // what closing them realised, and the leader's share of a profit, paid out of it.
      const incomeE8 = parseFixed(f.income, E8);
      const pct = BigInt(ACCOUNTS.find((a) => a.userId === f.leaderId)?.leader?.sharePct ?? 0);
      const shareE8 =
        incomeE8 > 0n && pct < 100n ? divRound(incomeE8 * pct, 100n - pct, 'trunc') : 0n;
      pastRealisedE8 += incomeE8 + shareE8;
      pastSharePaidE8 += shareE8;
      return { leaderId: f.leaderId, investmentE8: parseFixed(f.investment, E8), incomeE8 };
    });
    this.pastRealisedE8 = pastRealisedE8;
    this.pastSharePaidE8 = pastSharePaidE8;
    this.leader = spec.leader && {
      capitalE8: parseFixed(spec.leader.capital, E8),
      sharePct: spec.leader.sharePct,
      hedgeMode: spec.leader.hedgeMode,
      removedInvestmentE8: parseFixed(spec.leader.removedInvestment, E8),
      cumShareE8: 0n,
      shareReceivedE8: 0n,
      todayShareE8: 0n,
      shareByDay: pastShareBook(this.userId, dayOf(startMs)),
      cooldownUntil: new Map(),
    };
    if (this.leader) {
      for (const v of this.leader.shareByDay.values()) this.leader.cumShareE8 += v;
    }
    const at = String(startMs);
    const coins = new Set<string>([...DEFAULT_WALLET_COINS, ...Object.keys(spec.balances)]);
    for (const coin of coins) {
      const bal = coin === 'USDT' ? this.cashE8 : (this.coinsE8.get(coin) ?? 0n);
      this.wallets.set(coin, staticWallet(coin, bal, this.userId, 1, at));
    }
    this.walletVersion = 1;
    this.risk = zeroRisk(at);
  }

  get isFollower(): boolean {
    return this.follows.length > 0;
  }

  get principalE8(): bigint {
    return this.follows.reduce((s, f) => s + f.investmentE8, 0n);
  }

  followOf(leaderId: number): Follow | undefined {
    return this.follows.find((f) => f.leaderId === leaderId);
  }

  /** Publishes a wallet if anything but its stamps changed: the delta carries changed fields. */
  publishWallet(next: Wallet, now: number, emit: Emit): void {
    const cur = this.wallets.get(next.coin);
    const delta: Wallet = { coin: next.coin };
    let changed = false;
    for (const k of WALLET_FIELDS) {
      if (cur?.[k] !== next[k]) {
        delta[k] = next[k];
        changed = true;
      }
    }
    if (!changed) return;
    this.walletVersion++;
    delta.updatedAtE3 = String(now);
    delta.userId = this.userId;
    delta.walletVersion = this.walletVersion;
    this.wallets.set(next.coin, { ...cur, ...next, ...delta });
    emit(this.userId, 'wallet', [delta]);
  }

  publishRisk(next: Risk, emit: Emit): void {
    if (sameContent(this.risk, next)) return;
    this.risk = next;
    emit(this.userId, 'risk', [next]);
  }

  publishAccount(next: CopyAccount, emit: Emit): void {
    if (sameContent(this.account, next)) return;
    this.account = next;
    emit(this.userId, 'copytrade.account', [next]);
  }

  publishLeaderWallet(next: LeaderWallet, emit: Emit): void {
    if (sameContent(this.leaderWallet, next)) return;
    this.leaderWallet = next;
    emit(this.userId, 'copytrade.leaderWallet', [next]);
  }

  publishLeaderIncome(next: LeaderIncome, emit: Emit): void {
    if (sameContent(this.leaderIncome, next)) return;
    this.leaderIncome = next;
    emit(this.userId, 'copytrade.leaderIncome', [next]);
  }

  /** Open positions in display order, as published (every account's, not only copy ones). */
  positionList(): Position[] {
    return this.positionOrder.map((k) => this.positionWires.get(k) as Position);
  }

  /** Orders in a kept status, as published. */
  keptOrders(): Order[] {
    const out: Order[] = [];
    if (!this.copyTopics) return out;
    for (const o of this.orders.values()) {
      if (o.wire && KEPT_ORDER_STATUSES.has(o.status)) out.push(o.wire);
    }
    return out;
  }

  walletList(): Wallet[] {
    return [...this.wallets.values()];
  }
}

/** A wallet of a coin that does not trade: everything is its balance. */
export function staticWallet(
  coin: string,
  balanceE8: bigint,
  userId: number,
  walletVersion: number,
  updatedAtE3: string,
): Wallet {
  const b = balanceE8.toString();
  return {
    coin,
    availableBalanceE8: b,
    walletBalanceE8: b,
    equityE8: b,
    givenCashE8: '0',
    serviceCashE8: '0',
    totalOrderBalanceE8: '0',
    totalPositionBalanceE8: '0',
    totalUnrealisedPnlE8: '0',
    totalUnrealisedPnlByBpE8: '0',
    totalUnrealisedPnlByLpE8: '0',
    totalUnrealisedPnlByMpE8: '0',
    cumRealisedPnlE8: '0',
    totalCrossCoveredLossE8: '0',
    afterCrossAbE8: b,
    updatedAtE3,
    userId,
    walletVersion,
  };
}

function zeroRisk(updatedAtE3: string): Risk {
  return {
    accountIMRateE4: '0',
    accountMMRateE4: '0',
    totalEquityE8: '0',
    totalInitialMarginE8: '0',
    totalMaintenanceMarginE8: '0',
    riskLevel: 'SAFE',
    updatedAtE3,
  };
}

/**
 * part / whole in units of 1e-4 (a rate E4), 0 when whole is not positive. Rounded as the figure
 * needs: a risk rate up (a margin rate or an LTV shown lower than it is understates the risk), a
 * yield to the nearest (-0.509 % is -0.51 %, not -0.50 %).
 */
export function rateE4(part: bigint, whole: bigint, rounding: 'ceil' | 'halfUp'): string {
  return whole > 0n ? divRound(part * 10_000n, whole, rounding).toString() : '0';
}
