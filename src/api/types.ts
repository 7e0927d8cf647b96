/**
 * Request bodies and `result` shapes of the call table (calls.ts), shared by the client and the
 * simulator. Snapshot entities are in src/wire/protocol.ts. Amounts are strings: `...E8`
 * integers scaled by 1e8, `...E4` by 1e4, `...E3` millisecond timestamps, and plain decimal
 * strings for prices, rates and USD values.
 */
import type {
  CopyAccount,
  LeaderIncome,
  LeaderWallet,
  Order,
  Position,
  Risk,
  Ticker,
  Wallet,
} from '../wire/protocol';

export interface LoginBody {
  username: string;
  password: string;
}
export interface LoginResult {
  userId: number;
}

export interface Profile {
  userId: number;
  nickName: string;
  /** Masked, e.g. "f***@assetdeck.test". */
  email: string;
  /** Masked, may be "". */
  mobile: string;
  vipLevel: string;
  kycLevel: number;
  registerTimeE3: string;
  region: string;
}

export interface MemberInfo {
  memberId: number;
  memberType: 'NORMAL' | 'SUB';
  isUnifiedAccount: boolean;
  upgradeToUnifiedAvailable: boolean;
  google2faBound: boolean;
  emailVerified: boolean;
  mobileVerified: boolean;
}

export interface UserTags {
  /** e.g. copytrade_follower, copytrade_leader, vip_welcome, new_user */
  tags: string[];
}

/** The tags the app asks about (GET /user/private/user-tag?tagNames=…&tagNames=…). */
export const USER_TAG_NAMES = [
  'copytrade_follower',
  'copytrade_leader',
  'new_user',
  'vip_welcome',
  'derivatives_pro',
] as const;

/** Query of the user-tag call: the tag names asked about, one repeated parameter each. */
export interface UserTagsQuery {
  tagNames: readonly string[];
}

export interface RegisterPermission {
  canDeposit: boolean;
  canWithdraw: boolean;
  canTrade: boolean;
  canTransfer: boolean;
  restrictedRegion: boolean;
}

/** Display preferences; unknown keys are kept. */
export interface Preferences {
  /** 1 shows amounts, 0 masks every amount on every screen. */
  showAssets: 0 | 1;
  homeTradingPageUserGuide: 'show' | 'hide';
  [key: string]: string | number;
}
export type SavePreferencesBody = Partial<Preferences>;

/** Page configs. */
export interface PrefSetting {
  deposit_to: string;
  [key: string]: string;
}
export interface SavePrefSettingBody {
  key: string;
  value: string;
}

export interface Google2faVerifyBody {
  code: string;
}
export interface Google2faVerifyResult {
  verified: boolean;
}

export interface SendCodeBody {
  /** What the code is for, e.g. "withdraw", "bind". */
  scene: string;
}
export interface SendCodeResult {
  expireSeconds: number;
  /** Seconds before another code may be requested. */
  resendAfterSeconds: number;
}

export interface KycInfo {
  level: number;
  status: 'NONE' | 'PENDING' | 'VERIFIED' | 'REJECTED';
  country: string;
  dailyWithdrawLimitUsd: string;
}

export interface TradeSwitch {
  spot: boolean;
  derivatives: boolean;
  copyTrade: boolean;
  options: boolean;
}

export interface RiskIntercept {
  intercept: boolean;
  riskType: string;
  message: string;
}

export interface CardPotential {
  eligible: boolean;
  cardType: string;
}

export interface OneTimeToken {
  token: string;
  expiresAtE3: string;
}

export interface ListResult<T> {
  list: T[];
}

export type WalletsResult = ListResult<Wallet>;
export type OrdersResult = ListResult<Order>;
export type PositionsResult = ListResult<Position>;
export type { CopyAccount, LeaderIncome, LeaderWallet, Risk };

export interface ExchangeRate {
  coin: string;
  /** Price of one coin in the quoted currency (USD), decimal string. */
  rate: string;
}
export type ExchangeRateResult = ListResult<ExchangeRate>;

export interface CoinBalance {
  coin: string;
  /** Decimal string in the coin's units. */
  equity: string;
  usdValue: string;
}

export interface UnifiedCoin extends CoinBalance {
  /** Whether the coin counts as collateral. */
  collateralSwitch: boolean;
}

export interface EarnProduct {
  token: string;
  /** Annual yield, decimal string (0.05 = 5 %). */
  apy: string;
  productId: string;
  amount: string;
}

export interface AssetOverview {
  totalUsd: string;
  derivatives: { usdValue: string; coins: CoinBalance[] };
  spot: { usdValue: string; coins: CoinBalance[] };
  unified: { usdValue: string; coins: UnifiedCoin[] };
  fiat: { usdValue: string; coins: CoinBalance[] };
  cards: { usdValue: string; coins: CoinBalance[] };
  mt4: { usdValue: string };
  mt5: { usdValue: string };
  bots: { usdValue: string; count: number };
  options: { usdValue: string };
  savings: {
    usdValue: string;
    autoSaving: boolean;
    /** Coins selected for auto-saving. */
    autoSavingCoins: string[];
    supportedCoins: string[];
  };
  pledge: EarnProduct[];
  lending: EarnProduct[];
}

export interface AssetsAggregateInfo {
  totalUsd: string;
  totalBtc: string;
  accounts: { accountType: string; usdValue: string }[];
  updatedAtE3: string;
}

export interface ChainAddressIsExchange {
  isExchange: boolean;
  exchangeName: string;
}

export interface WithdrawMessage {
  messages: { coin: string; chain: string; text: string }[];
}

export interface CopyProfile {
  isLeader: boolean;
  subMemberIdList: number[];
  userId: number;
}

export interface IncomePoint {
  /** Start of the day, ms. */
  dateE3: string;
  shareProfitE8: string;
}
export type IncomeHistoryResult = ListResult<IncomePoint>;

export interface LeaderBot {
  botId: string;
  symbol: string;
  strategy: 'grid' | 'dca' | 'martingale';
  investmentE8: string;
  pnlE8: string;
  createdAtE3: string;
  status: 'running' | 'paused';
}
export type LeaderBotsResult = ListResult<LeaderBot>;

export interface WebConfig {
  /** Feature switches: false turns the feature off. */
  deadpool: Record<string, boolean>;
  maintenance: boolean;
}

export interface Banner {
  id: string;
  title: string;
  link: string;
  placement: string;
}
export type BannerConfig = ListResult<Banner>;

export interface CollectEvent {
  name: string;
  timestamp: number;
  platform: string;
  env: string;
  userAgent: string;
  pageUrl: string;
  userId: string;
  deviceId: string;
  sessionId: string;
  data?: Record<string, unknown>;
}
export interface CollectBody {
  events: CollectEvent[];
}

// ---- query parameters of GET calls (the client sends them as query pairs) ----

export interface ChainAddressQuery {
  coin: string;
  chain: string;
  address: string;
}
export interface WithdrawMessageQuery {
  coin?: string;
  chain?: string;
}
export interface IncomeHistoryQuery {
  /** How many days back (the server picks a default when omitted). */
  days?: number;
}
export interface BannerQuery {
  placement?: string;
}

// ---- Bybit V5 public market (V5Envelope `result`) ----

export type V5Category = 'linear' | 'inverse' | 'spot' | 'option';

export interface V5ServerTime {
  timeSecond: string;
  timeNano: string;
}

/** A Bybit V5 linear instrument (the fields the dashboard reads; the server may send more). */
export interface V5Instrument {
  symbol: string;
  contractType: string;
  status: string;
  baseCoin: string;
  quoteCoin: string;
  settleCoin: string;
  launchTime: string;
  priceScale: string;
  leverageFilter: { minLeverage: string; maxLeverage: string; leverageStep: string };
  priceFilter: { minPrice: string; maxPrice: string; tickSize: string };
  lotSizeFilter: {
    maxOrderQty: string;
    minOrderQty: string;
    qtyStep: string;
    maxMktOrderQty?: string;
    minNotionalValue?: string;
  };
  [field: string]: unknown;
}
export interface V5InstrumentsResult {
  category: V5Category | '';
  list: V5Instrument[];
  nextPageCursor: string;
}
export interface V5TickersResult {
  category: V5Category | '';
  list: Ticker[];
}
