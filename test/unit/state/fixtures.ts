/**
 * Factories for PROTOCOL.md section 5 entities and wire frames, shared by the state and stream
 * tests. Every factory returns a complete, valid item; `over` replaces or adds fields.
 */
import type {
  CopyAccount,
  LeaderIncome,
  LeaderWallet,
  Order,
  Position,
  PrivateDataFrame,
  PrivateTopic,
  Risk,
  TopicEntity,
  Wallet,
} from '@src/wire/protocol';

export const T0 = 1_732_150_000_000;
/** An E3 timestamp string `dt` ms after T0. */
export const at = (dt: number): string => String(T0 + dt);

export function wallet(coin: string, version: number, over: Partial<Wallet> = {}): Wallet {
  return {
    coin,
    availableBalanceE8: '100000000',
    walletBalanceE8: '200000000',
    equityE8: '300000000',
    updatedAtE3: at(version),
    userId: 1001,
    walletVersion: version,
    ...over,
  };
}

export function order(orderId: string, dt: number, over: Partial<Order> = {}): Order {
  return {
    orderId,
    leaderUserId: 2001,
    symbol: 'BTCUSDT',
    side: 'Buy',
    orderType: 'Limit',
    price: '64000.5',
    qty: '0.5',
    cumExecQty: '0',
    copyTradeOrderStatus: 'OpenOrderPartiallyFilled',
    createdAtE3: at(0),
    updatedAtE3: at(dt),
    ...over,
  };
}

export function position(
  symbol: string,
  positionIdx: number,
  userId: number,
  dt: number,
  over: Partial<Position> = {},
): Position {
  return {
    symbol,
    positionIdx,
    userId,
    side: positionIdx === 2 ? 'Sell' : 'Buy',
    size: '0.5',
    entryPrice: '64000',
    markPrice: '64100',
    leverage: '10',
    liqPrice: '50000',
    unrealisedPnlE8: '5000000000',
    createdAtE3: at(0),
    updatedAtE3: at(dt),
    ...over,
  };
}

export function risk(dt: number, over: Partial<Risk> = {}): Risk {
  return {
    accountIMRateE4: '120',
    accountMMRateE4: '60',
    totalEquityE8: '1000000000',
    totalInitialMarginE8: '100000000',
    totalMaintenanceMarginE8: '50000000',
    riskLevel: 'low',
    updatedAtE3: at(dt),
    ...over,
  };
}

export function copyAccount(dt: number, over: Partial<CopyAccount> = {}): CopyAccount {
  return {
    assetsE8: '1000000000',
    incomeE8: '10000000',
    yieldRateE4: '100',
    availableE8: '900000000',
    walletE8: '1000000000',
    shareProfitE8: '0',
    cumRealisedPnlE8: '0',
    updatedAtE3: at(dt),
    ...over,
  };
}

export function leaderWallet(dt: number, over: Partial<LeaderWallet> = {}): LeaderWallet {
  return {
    availableBalanceE8: '100',
    walletBalanceE8: '200',
    totalInvestmentE8: '300',
    totalRemovedInvestmentE8: '400',
    updatedAtE3: at(dt),
    ...over,
  };
}

export function leaderIncome(dt: number, over: Partial<LeaderIncome> = {}): LeaderIncome {
  return {
    followerCount: 1,
    cumShareProfitE8: '500',
    todayShareProfitE8: '50',
    followers: [{ followerUserId: 1001, investmentE8: '100', incomeE8: '5', yieldRateE4: '500' }],
    updatedAtE3: at(dt),
    ...over,
  };
}

/** A validated private delta frame (as the decoder produces it). */
export function dataFrame<T extends PrivateTopic>(
  topic: T,
  seq: number,
  items: TopicEntity[T][],
  type: 'delta' | 'snapshot' = 'delta',
): PrivateDataFrame {
  return { kind: 'data', topic, type, seq, creationTime: T0 + seq, items } as PrivateDataFrame;
}

/** The wire text of a private frame. */
export function privateText(topic: string, seq: number, data: unknown[], type = 'delta'): string {
  return JSON.stringify({ id: `f${seq}`, topic, type, seq, creationTime: T0 + seq, data });
}

/** The wire text of a public ticker frame. */
export function tickerText(
  symbol: string,
  type: 'snapshot' | 'delta',
  data: Record<string, string>,
  cs = 1,
): string {
  return JSON.stringify({
    topic: `tickers.${symbol}`,
    type,
    ts: T0 + cs,
    cs,
    data: { symbol, ...data },
  });
}
