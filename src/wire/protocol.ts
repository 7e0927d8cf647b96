/**
 * Wire shapes of ../shared/PROTOCOL.md: the one place where frames and entities are typed.
 * Amount fields stay strings end to end (E8 values may exceed 2^53).
 */

export type StreamName = 'public' | 'private';

export const PRIVATE_TOPICS = [
  'wallet',
  'risk',
  'copytrade.account',
  'copytrade.order',
  'copytrade.position',
  'copytrade.leaderWallet',
  'copytrade.leaderIncome',
] as const;
export type PrivateTopic = (typeof PRIVATE_TOPICS)[number];

const PRIVATE_TOPIC_SET: ReadonlySet<string> = new Set(PRIVATE_TOPICS);
export function isPrivateTopic(topic: string): topic is PrivateTopic {
  return PRIVATE_TOPIC_SET.has(topic);
}

/** REST endpoint that seeds each private topic (PROTOCOL.md section 2). */
export const SNAPSHOT_PATHS: Readonly<Record<PrivateTopic, string>> = {
  wallet: '/v3/private/asset/wallets',
  risk: '/v3/private/account/risk',
  'copytrade.account': '/v3/private/copytrade/account',
  'copytrade.order': '/v3/private/copytrade/orders',
  'copytrade.position': '/v3/private/copytrade/positions',
  'copytrade.leaderWallet': '/v3/private/copytrade/leader/wallet',
  'copytrade.leaderIncome': '/v3/private/copytrade/leader/income',
};

const TOPIC_BY_PATH: ReadonlyMap<string, PrivateTopic> = new Map(
  (Object.entries(SNAPSHOT_PATHS) as [PrivateTopic, string][]).map(([t, p]) => [p, t]),
);
/** The private topic a snapshot path seeds, if any (query string ignored). */
export function topicForSnapshotPath(path: string): PrivateTopic | undefined {
  const q = path.indexOf('?');
  return TOPIC_BY_PATH.get(q < 0 ? path : path.slice(0, q));
}

/** Order statuses kept in the order list; every other status removes the order. */
export const KEPT_ORDER_STATUSES: ReadonlySet<string> = new Set([
  'OpenOrderPartiallyFilled',
  'OpenOrderFilled',
  'OpenOrderClosing',
]);

/** Coins whose wallet exists from the start. */
export const DEFAULT_WALLET_COINS = ['BTC', 'EOS', 'USDT', 'XRP', 'ETH'] as const;

// ---- entities (section 5). Optional fields are the ones a partial update may omit. ----

export interface Wallet {
  coin: string;
  availableBalanceE8?: string;
  walletBalanceE8?: string;
  equityE8?: string;
  givenCashE8?: string;
  serviceCashE8?: string;
  totalOrderBalanceE8?: string;
  totalPositionBalanceE8?: string;
  totalUnrealisedPnlE8?: string;
  totalUnrealisedPnlByBpE8?: string;
  totalUnrealisedPnlByLpE8?: string;
  totalUnrealisedPnlByMpE8?: string;
  cumRealisedPnlE8?: string;
  totalCrossCoveredLossE8?: string;
  afterCrossAbE8?: string;
  updatedAtE3?: string;
  userId?: number;
  walletVersion?: number;
}

export interface Risk {
  accountIMRateE4?: string;
  accountMMRateE4?: string;
  totalEquityE8?: string;
  totalInitialMarginE8?: string;
  totalMaintenanceMarginE8?: string;
  riskLevel?: string;
  updatedAtE3: string;
}

export interface CopyAccount {
  assetsE8?: string;
  incomeE8?: string;
  yieldRateE4?: string;
  availableE8?: string;
  walletE8?: string;
  shareProfitE8?: string;
  cumRealisedPnlE8?: string;
  updatedAtE3: string;
}

export interface Order {
  orderId: string;
  leaderUserId?: number;
  symbol?: string;
  side?: string;
  orderType?: string;
  price?: string;
  qty?: string;
  cumExecQty?: string;
  copyTradeOrderStatus?: string;
  createdAtE3?: string;
  updatedAtE3: string;
}

export interface Position {
  symbol: string;
  /** 0 one-way, 1 buy side, 2 sell side. */
  positionIdx: number;
  /** The leader copied. */
  userId: number;
  side?: string;
  size?: string;
  entryPrice?: string;
  markPrice?: string;
  leverage?: string;
  liqPrice?: string;
  unrealisedPnlE8?: string;
  createdAtE3?: string;
  updatedAtE3: string;
}

export interface LeaderWallet {
  availableBalanceE8?: string;
  walletBalanceE8?: string;
  totalInvestmentE8?: string;
  totalRemovedInvestmentE8?: string;
  updatedAtE3: string;
}

export interface Follower {
  followerUserId: number;
  investmentE8: string;
  incomeE8: string;
  yieldRateE4: string;
}

export interface LeaderIncome {
  followerCount?: number;
  cumShareProfitE8?: string;
  todayShareProfitE8?: string;
  followers?: Follower[];
  updatedAtE3: string;
}

/** Bybit V5 linear ticker: every field is a string; a delta carries only what changed. */
export type Ticker = { symbol: string } & Record<string, string>;

export interface TopicEntity {
  wallet: Wallet;
  risk: Risk;
  'copytrade.account': CopyAccount;
  'copytrade.order': Order;
  'copytrade.position': Position;
  'copytrade.leaderWallet': LeaderWallet;
  'copytrade.leaderIncome': LeaderIncome;
}

// ---- decoded frames ----

/** A validated private data frame. */
export type PrivateDataFrame = {
  [T in PrivateTopic]: {
    kind: 'data';
    topic: T;
    type: 'delta' | 'snapshot';
    seq: number;
    creationTime: number;
    id?: string;
    items: TopicEntity[T][];
  };
}[PrivateTopic];

/** A validated public ticker frame. */
export interface TickerFrame {
  kind: 'ticker';
  topic: string;
  type: 'delta' | 'snapshot';
  ts: number;
  cs?: number;
  data: Ticker;
}

/** An answer to a client op: auth, subscribe, unsubscribe, ping (both streams' shapes). */
export interface OpResponse {
  kind: 'response';
  op: string;
  success: boolean;
  retMsg: string;
  reqId?: string;
  connId?: string;
  /** Private pongs carry the server time in ms as `args[0]`. */
  args?: string[];
}

/** A frame that failed validation: rejected whole, with the reason. */
export interface InvalidFrame {
  kind: 'invalid';
  reason: string;
}

export type DecodedFrame = PrivateDataFrame | TickerFrame | OpResponse | InvalidFrame;

// ---- client ops ----

export interface ClientOp {
  req_id: string;
  op: 'auth' | 'subscribe' | 'unsubscribe' | 'ping';
  args?: string[];
}

export function authOp(reqId: string, token: string): ClientOp {
  return { req_id: reqId, op: 'auth', args: [token] };
}
export function subscribeOp(reqId: string, topics: readonly string[]): ClientOp {
  return { req_id: reqId, op: 'subscribe', args: [...topics] };
}
export function unsubscribeOp(reqId: string, topics: readonly string[]): ClientOp {
  return { req_id: reqId, op: 'unsubscribe', args: [...topics] };
}
export function pingOp(reqId: string): ClientOp {
  return { req_id: reqId, op: 'ping' };
}

export const tickerTopic = (symbol: string): string => `tickers.${symbol}`;

// ---- REST envelopes ----

/** The web app's own REST envelope. */
export interface RestEnvelope<T> {
  ret_code: number;
  ret_msg: string;
  result: T;
  ext_code: string;
  ext_info: unknown;
  time_now: string;
}

/** Bybit V5 market REST envelope. */
export interface V5Envelope<T> {
  retCode: number;
  retMsg: string;
  result: T;
  retExtInfo: Record<string, never>;
  time: number;
}

/** Codes that mean the session has no permission (sign out). */
export const NO_PERMISSION_CODES: ReadonlySet<number> = new Set([10007, 33003, 10009]);
