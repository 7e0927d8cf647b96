/**
 * What a book is worth at current prices: the USDT wallet, account risk, the follower's copy
 * account and the leader's wallet and income, all as wire entities built from integers.
 */
import type {
  CopyAccount,
  Follower,
  LeaderIncome,
  LeaderWallet,
  Risk,
  Wallet,
} from '../../src/wire/protocol';
import { max, min } from '../lib/fixed';
import type { Market } from '../market/market';
import { rateE4, type Ledger } from './ledger';
import { orderMarginE8 } from './orders';
import { maintenanceE8, marginE8, unrealisedE8 } from './position-math';

export interface Valuation {
  positionMarginE8: bigint;
  orderMarginE8: bigint;
  maintenanceE8: bigint;
  /** Unrealised PnL by mark, last and best (bid for longs, ask for shorts) price. */
  unrealisedMpE8: bigint;
  unrealisedLpE8: bigint;
  unrealisedBpE8: bigint;
  equityE8: bigint;
  availableE8: bigint;
  /** Open positions and resting orders: what could lose margin. 0 for an account with neither. */
  exposures: number;
}

export function valuate(l: Ledger, market: Market): Valuation {
  let positionMarginE8 = 0n;
  let maintenance = 0n;
  let mp = 0n;
  let lp = 0n;
  let bp = 0n;
  for (const p of l.positions.values()) {
    const q = market.state(p.symbol);
    positionMarginE8 += marginE8(p.inst, p.entryNotional, p.leverage);
    maintenance += maintenanceE8(p, q.mark);
    mp += unrealisedE8(p, q.mark);
    lp += unrealisedE8(p, q.last);
    bp += unrealisedE8(p, p.side === 'Buy' ? q.bid : q.ask);
  }
  let orderMargin = 0n;
  for (const o of l.orders.values()) orderMargin += orderMarginE8(o);
  const equityE8 = l.cashE8 + mp;
  const availableE8 = max(0n, l.cashE8 - positionMarginE8 - orderMargin + min(0n, mp));
  return {
    positionMarginE8,
    orderMarginE8: orderMargin,
    maintenanceE8: maintenance,
    unrealisedMpE8: mp,
    unrealisedLpE8: lp,
    unrealisedBpE8: bp,
    equityE8,
    availableE8,
    exposures: l.positions.size + l.orders.size,
  };
}

export function usdtWallet(l: Ledger, v: Valuation): Wallet {
  return {
    coin: 'USDT',
    availableBalanceE8: v.availableE8.toString(),
    walletBalanceE8: l.cashE8.toString(),
    equityE8: v.equityE8.toString(),
    givenCashE8: '0',
    serviceCashE8: '0',
    totalOrderBalanceE8: v.orderMarginE8.toString(),
    totalPositionBalanceE8: v.positionMarginE8.toString(),
    totalUnrealisedPnlE8: v.unrealisedMpE8.toString(),
    totalUnrealisedPnlByBpE8: v.unrealisedBpE8.toString(),
    totalUnrealisedPnlByLpE8: v.unrealisedLpE8.toString(),
    totalUnrealisedPnlByMpE8: v.unrealisedMpE8.toString(),
    cumRealisedPnlE8: (l.pastRealisedE8 + l.cumRealisedE8).toString(),
    totalCrossCoveredLossE8: '0',
    afterCrossAbE8: v.availableE8.toString(),
  };
}

/**
 * Risk levels by maintenance margin rate: below 50 % safe, below 80 % warning. An account with no
 * positions and no orders has nothing that can be liquidated, so it is safe whatever its equity
 * (a new, empty account has equity 0: it is not at risk). Equity at or below 0 with positions is
 * danger.
 */
export function riskOf(v: Valuation, now: number): Risk {
  const initial = v.positionMarginE8 + v.orderMarginE8;
  const mmRate = rateE4(v.maintenanceE8, v.equityE8, 'ceil');
  const mm = BigInt(mmRate);
  return {
    accountIMRateE4: rateE4(initial, v.equityE8, 'ceil'),
    accountMMRateE4: mmRate,
    totalEquityE8: v.equityE8.toString(),
    totalInitialMarginE8: initial.toString(),
    totalMaintenanceMarginE8: v.maintenanceE8.toString(),
    riskLevel:
      v.exposures === 0
        ? 'SAFE'
        : v.equityE8 <= 0n
          ? 'DANGER'
          : mm < 5000n
            ? 'SAFE'
            : mm < 8000n
              ? 'WARNING'
              : 'DANGER',
    updatedAtE3: String(now),
  };
}

/**
 * A follower's copy-trading totals: assets = principal + income, all-time (the copies closed
 * before the start are in the starting USDT and in the income).
 */
export function copyAccountOf(l: Ledger, v: Valuation, now: number): CopyAccount {
  const realised = l.pastRealisedE8 + l.cumRealisedE8;
  const sharePaid = l.pastSharePaidE8 + l.sharePaidE8;
  const income = realised - sharePaid + v.unrealisedMpE8;
  return {
    assetsE8: v.equityE8.toString(),
    incomeE8: income.toString(),
    yieldRateE4: rateE4(income, l.principalE8, 'halfUp'),
    availableE8: v.availableE8.toString(),
    walletE8: l.cashE8.toString(),
    shareProfitE8: sharePaid.toString(),
    cumRealisedPnlE8: realised.toString(),
    updatedAtE3: String(now),
  };
}

/** The followers' view of a leader: the sum of what they invested. */
export function leaderWalletOf(
  l: Ledger,
  v: Valuation,
  followers: readonly Ledger[],
  now: number,
): LeaderWallet {
  let invested = 0n;
  for (const f of followers) invested += f.followOf(l.userId)?.investmentE8 ?? 0n;
  return {
    availableBalanceE8: v.availableE8.toString(),
    walletBalanceE8: l.cashE8.toString(),
    totalInvestmentE8: invested.toString(),
    totalRemovedInvestmentE8: (l.leader?.removedInvestmentE8 ?? 0n).toString(),
    updatedAtE3: String(now),
  };
}

export function leaderIncomeOf(l: Ledger, followers: readonly Ledger[], now: number): LeaderIncome {
  const list: Follower[] = [];
  for (const f of followers) {
    const follow = f.followOf(l.userId);
    if (!follow) continue;
    list.push({
      followerUserId: f.userId,
      investmentE8: follow.investmentE8.toString(),
      incomeE8: follow.incomeE8.toString(),
      yieldRateE4: rateE4(follow.incomeE8, follow.investmentE8, 'halfUp'),
    });
  }
  return {
    followerCount: list.length,
    cumShareProfitE8: (l.leader?.cumShareE8 ?? 0n).toString(),
    todayShareProfitE8: (l.leader?.todayShareE8 ?? 0n).toString(),
    followers: list,
    updatedAtE3: String(now),
  };
}
