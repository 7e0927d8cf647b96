/**
 * Request bodies and `result` shapes of the call table (calls.ts), shared by the client and the
 * simulator. Snapshot entities are in src/wire/protocol.ts. Amounts are strings: `...E8`
 * integers scaled by 1e8, `...E4` by 1e4, `...E3` millisecond timestamps, and plain decimal
 * strings for prices, rates and USD values.
 */
import type { LeaderIncome, LeaderWallet, Risk, Wallet } from '../wire/protocol';

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

interface ListResult<T> {
  list: T[];
}

export type WalletsResult = ListResult<Wallet>;
export type { LeaderIncome, LeaderWallet, Risk };

export interface ExchangeRate {
  coin: string;
  /** Price of one coin in the quoted currency (USD), decimal string. */
  rate: string;
}
export type ExchangeRateResult = ListResult<ExchangeRate>;

// ---- the user-assets area (docs/assets.md is the contract; PROTOCOL.md section 2 fixes the
// paths of overview, transfer, deposit and withdraw). Amounts are decimal strings in the coin's
// units with at most 8 decimals (E8-exact), USD values decimal strings with exactly 2 decimals.

/** Every account kind of the overview, in display order. */
export const ACCOUNT_TYPES = [
  'DERIVATIVES',
  'SPOT',
  'UNIFIED',
  'FUND',
  'FIAT',
  'CARD',
  'MT4',
  'MT5',
  'BOT',
  'OPTION',
  'SAVINGS',
  'PLEDGE',
] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Account kinds money can be transferred between (the others move through their own flows). */
export const TRANSFERABLE_ACCOUNTS = ['DERIVATIVES', 'SPOT', 'UNIFIED', 'FUND'] as const;
export type TransferableAccount = (typeof TRANSFERABLE_ACCOUNTS)[number];

export interface CoinBalance {
  coin: string;
  /** Decimal string in the coin's units (equity for DERIVATIVES: wallet balance + unrealised PnL). */
  amount: string;
  /** Of `amount`, what can move now (transfer, withdraw, subscribe); "" where not applicable. */
  available: string;
  usdValue: string;
}

export interface UnifiedCoin extends CoinBalance {
  /** Whether the coin counts as collateral (the user turns it on and off). */
  collateralSwitch: boolean;
  /** Whether the coin may be collateral at all (stablecoins and majors). */
  collateralable: boolean;
  /** What the unified account owes in this coin (decimal, coin units; "0" when none). */
  borrowed: string;
}

export interface OverviewAccount {
  accountType: AccountType;
  usdValue: string;
  coins: CoinBalance[];
}

/** One subscription of a fixed-term savings product. */
export interface SavingsLot {
  lotId: string;
  /** Principal plus the interest earned so far (decimal, coin units). */
  amount: string;
  /** The interest it has earned (it earns until its maturity, nothing after). */
  interest: string;
  subscribedAtE3: string;
  /** From then on it can be redeemed; before, a redemption of it is refused (131017). */
  maturesAtE3: string;
  /** LOCKED before `maturesAtE3`, MATURED from then on (the simulator's clock). */
  status: 'LOCKED' | 'MATURED';
}

export interface SavingsProduct {
  productId: string;
  coin: string;
  /** Annual yield, decimal string (0.05 = 5 %). */
  apy: string;
  /** 0 = flexible (redeem at any time), else the lock in days. */
  termDays: number;
  /** What the user has in the product (decimal, coin units; "0" when none). */
  amount: string;
  /** What a redemption may take now: `amount` when flexible, the matured subscriptions' sum. */
  redeemable: string;
  /** Interest credited so far. */
  cumInterest: string;
  minAmount: string;
  /** A fixed-term product's subscriptions, oldest first (always empty when flexible). */
  lots: SavingsLot[];
}

export interface AutoSavingCoin {
  coin: string;
  /** SPEC 3 savings.autoSavingSelected: is_supported and is_selected. */
  isSupported: boolean;
  isSelected: boolean;
}

export interface PledgeLoan {
  loanId: string;
  loanCoin: string;
  /** Still owed, interest included (decimal, loanCoin units). */
  borrowed: string;
  collateralCoin: string;
  collateralAmount: string;
  /** Loan-to-value now, decimal (0.65 = 65 %). */
  ltv: string;
  /** LTV at which the collateral is liquidated. */
  liquidationLtv: string;
  /** Hourly interest rate, decimal. */
  hourlyRate: string;
  /** When it was taken (ms). */
  createdAtE3: string;
}

/** A coin pledge loans lend (SPEC 3 "pledge-loan token lists"): its terms, not the user's money. */
export interface PledgeLoanCoin {
  coin: string;
  /** Interest per hour, decimal (0.0000057 = 0.00057 %). */
  hourlyRate: string;
  /** The smallest loan (decimal, coin units). */
  minAmount: string;
}

/** A coin pledge loans take as collateral, with its LTV limits (decimals, 0.65 = 65 %). */
export interface PledgeCollateralCoin {
  coin: string;
  /** A new loan's LTV may be at most this. */
  initialLtv: string;
  /** At this LTV the collateral is liquidated. */
  liquidationLtv: string;
}

interface UnifiedSummary {
  equityUsd: string;
  /** Initial margin in use. */
  marginUsd: string;
  /** Sum of the borrowed coins in USD. */
  loanUsd: string;
  /** Whether this user has upgraded (then DERIVATIVES and SPOT are empty). */
  upgraded: boolean;
  /** Whether the upgrade dialog may be offered (not upgraded, no open positions or orders). */
  upgradeEligible: boolean;
}

export interface AssetOverview {
  totalUsd: string;
  totalBtc: string;
  /** One per account kind of ACCOUNT_TYPES, always all of them, in that order. */
  accounts: OverviewAccount[];
  unified: UnifiedSummary & { coins: UnifiedCoin[] };
  savings: { products: SavingsProduct[]; autoSaving: AutoSavingCoin[] };
  pledge: {
    loans: PledgeLoan[];
    /** What may be borrowed and pledged, with the terms (the same for every user). */
    loanCoins: PledgeLoanCoin[];
    collateralCoins: PledgeCollateralCoin[];
  };
  bots: LeaderBot[];
  /** Where deposits are credited (SPEC 3 configs.deposit_to). */
  depositTo: AccountType;
  updatedAtE3: string;
}

/** SPEC 3 assetsAggregateInfo, exactly its 15 fields, plus the totals the overview shows. */
export interface AssetsAggregateInfo {
  hasPendingAssets: boolean;
  isDisplayClear: boolean;
  clearUserIdList: number[];
  eddGroupId: string;
  isNeedDoDepositAmlEdd: boolean;
  isExistAmlClear: boolean;
  isExistDepositAml: boolean;
  isExistDepositBatchRelease: boolean;
  isExistUnTokenDeposit: boolean;
  withdrawPendingCount: number;
  depositPendingCount: number;
  transferPendingCount: number;
  waitTaxCount: number;
  waitTravelRuleCount: number;
  isExistDepositUnauthentication_address: boolean;
  totalUsd: string;
  totalBtc: string;
  accounts: { accountType: AccountType; usdValue: string }[];
  updatedAtE3: string;
}

export interface TransferBody {
  coin: string;
  amount: string;
  fromAccountType: TransferableAccount;
  toAccountType: TransferableAccount;
  /** Client-made id (uuid); the same id twice moves the money once and answers the first result. */
  requestId: string;
}
export interface TransferResult {
  transferId: string;
  status: 'SUCCESS';
}
export interface TransferRecord {
  transferId: string;
  coin: string;
  amount: string;
  fromAccountType: AccountType;
  toAccountType: AccountType;
  status: 'SUCCESS' | 'PENDING' | 'FAILED';
  createdAtE3: string;
}

/** limit (1..50, default 20) and the previous page's nextCursor. */
export interface PageQuery {
  limit?: number;
  cursor?: string;
}
export interface Page<T> {
  list: T[];
  /** "" on the last page. */
  nextCursor: string;
}

export interface ChainInfo {
  chain: string;
  /** Display name ("TRC20", "ERC20"). */
  name: string;
  /** Deposits and withdrawals need a tag / memo on this chain. */
  needTag: boolean;
  /** Blocks a deposit needs before it is credited. */
  confirmations: number;
  minDeposit: string;
  minWithdraw: string;
  withdrawFee: string;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
}
export interface CoinInfo {
  coin: string;
  name: string;
  /** Decimals the coin is moved in (at most 8). */
  precision: number;
  chains: ChainInfo[];
}
export interface CoinInfoResult {
  list: CoinInfo[];
  /** What the user may still withdraw today, in USD. */
  withdrawLimitUsd: string;
  withdrawLimitLeftUsd: string;
}

export interface DepositAddressQuery {
  coin: string;
  chain: string;
}
export interface DepositAddress {
  coin: string;
  chain: string;
  address: string;
  /** "" when the chain needs none. */
  tag: string;
}

export type RecordStatus = 'pending' | 'success' | 'failed';
export interface DepositRecord {
  id: string;
  coin: string;
  chain: string;
  amount: string;
  address: string;
  txId: string;
  status: RecordStatus;
  confirmations: number;
  requiredConfirmations: number;
  /** The account credited (configs.deposit_to at the time). */
  toAccountType: AccountType;
  createdAtE3: string;
}
export interface WithdrawRecord {
  id: string;
  coin: string;
  chain: string;
  amount: string;
  fee: string;
  address: string;
  tag: string;
  txId: string;
  status: RecordStatus;
  createdAtE3: string;
}
/** PageQuery plus an optional time range (ms), the records lists' filter. */
export interface RecordQuery extends PageQuery {
  coin?: string;
  startTimeE3?: string;
  endTimeE3?: string;
}

export interface WithdrawBody {
  coin: string;
  chain: string;
  address: string;
  tag?: string;
  amount: string;
  requestId: string;
  /** Google authenticator code (the demo accounts accept DEMO_2FA_CODE). */
  google2faCode: string;
  /** The code sent by POST /send/email (or /send/mobile with mobileCode). */
  emailCode?: string;
  mobileCode?: string;
}
export interface WithdrawResult {
  withdrawId: string;
  status: RecordStatus;
}

export interface CollateralSwitchBody {
  coin: string;
  collateralSwitch: boolean;
}
export interface SavingsOrderBody {
  productId: string;
  amount: string;
  requestId: string;
}
export interface AutoSavingBody {
  coin: string;
  isSelected: boolean;
}
export interface PledgeRepayBody {
  loanId: string;
  amount: string;
  requestId: string;
}
/**
 * A new pledge loan: `collateralAmount` of `collateralCoin` moves from FUND into the pledge and
 * `loanAmount` of `loanCoin` is credited to FUND (docs/assets.md).
 */
export interface PledgeBorrowBody {
  loanCoin: string;
  loanAmount: string;
  collateralCoin: string;
  collateralAmount: string;
  requestId: string;
}
export interface PledgeBorrowResult {
  /** The new loan, as the overview's `pledge.loans` lists it. */
  loanId: string;
  status: 'SUCCESS';
}
/** Result of the asset actions that only say they were done. */
export interface AssetActionResult {
  status: 'SUCCESS';
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
