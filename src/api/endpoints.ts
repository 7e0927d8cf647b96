/**
 * One typed function per row of the call table (calls.ts) that the app sends, named after its
 * key; method and path always come from the table. Plus the snapshot loader of the stream
 * pipeline and the Bybit V5 market calls. `createEndpoints(client)` binds them to any client; the
 * named exports use the app's client (`http`).
 */
import { SNAPSHOT_PATHS, type PrivateTopic, type RestEnvelope } from '../wire/protocol';
import { checkAnswer } from './answers';
import { CALLS, V5_MARKET, type CallName } from './calls';
import { http, type HttpClient, type RequestOptions } from './http';
import { checkInstrumentsPage, isInstrumentsPage } from './market-answers';
import type { QueryParams } from './query';
import type {
  AssetActionResult,
  AssetOverview,
  AutoSavingBody,
  CoinInfoResult,
  CollateralSwitchBody,
  DepositAddress,
  DepositAddressQuery,
  DepositRecord,
  Page,
  PageQuery,
  PledgeBorrowBody,
  PledgeBorrowResult,
  PledgeRepayBody,
  RecordQuery,
  SavingsOrderBody,
  TransferBody,
  TransferRecord,
  TransferResult,
  WithdrawBody,
  WithdrawRecord,
  WithdrawResult,
  AssetsAggregateInfo,
  BannerConfig,
  BannerQuery,
  CardPotential,
  ChainAddressIsExchange,
  ChainAddressQuery,
  CollectBody,
  CopyProfile,
  ExchangeRateResult,
  IncomeHistoryQuery,
  IncomeHistoryResult,
  LeaderBotsResult,
  LeaderIncome,
  LeaderWallet,
  LoginBody,
  LoginResult,
  MemberInfo,
  OneTimeToken,
  PrefSetting,
  Preferences,
  Profile,
  RegisterPermission,
  Risk,
  RiskIntercept,
  SavePrefSettingBody,
  SavePreferencesBody,
  SendCodeBody,
  SendCodeResult,
  UserTags,
  UserTagsQuery,
  V5Category,
  V5InstrumentsResult,
  WalletsResult,
  WithdrawMessage,
  WithdrawMessageQuery,
} from './types';
import { USER_TAG_NAMES } from './types';

/** Per-call options an endpoint accepts (the status range and envelope are fixed per call). */
export type CallOptions = Pick<
  RequestOptions,
  'signal' | 'timeoutMs' | 'headers' | 'cache' | 'persist'
>;

/**
 * Rows of the call table the app never sends, so they have no function here (code nothing uses
 * is a defect, issue 10): the simulator and the replay server still serve them, and their tests
 * call them by path (test/support/call-route.ts). Five are SPEC.md section 7 rows no screen of
 * this app needs; the copy-trade three are topic snapshots, which `fetchSnapshot` reads by path.
 * docs/spec-map.md, section 7, says why for each.
 */
export const NOT_SENT = [
  'google2faVerify',
  'sendMobileCode',
  'kycInfo',
  'tradeSwitch',
  'webConfig',
  'copyAccount',
  'copyOrders',
  'copyPositions',
] as const satisfies readonly CallName[];

/** The rows of the call table the app sends. */
export type SentCallName = Exclude<CallName, (typeof NOT_SENT)[number]>;

/** The endpoint functions of the call table, bound to `client`. */
export function createEndpoints(client: HttpClient) {
  /** Sends call `name` with its method and path from the table; checks the answer (answers.ts). */
  function call<T>(name: CallName, payload?: unknown, opts?: CallOptions): Promise<T> {
    const { method, path } = CALLS[name];
    return client.request(method, path, payload, opts).then((r) => checkAnswer<T>(name, r));
  }

  const table = {
    // -- session: a new user must never see the previous user's cached answers
    login: async (body: LoginBody, opts?: CallOptions) => {
      const result = await call<LoginResult>('login', body, opts);
      client.clearCaches();
      return result;
    },
    logout: async (opts?: CallOptions) => {
      const result = await call<unknown>('logout', undefined, opts);
      client.clearCaches();
      return result;
    },
    oneTimeToken: (opts?: CallOptions) => call<OneTimeToken>('oneTimeToken', undefined, opts),

    // -- user
    profile: (opts?: CallOptions) => call<Profile>('profile', undefined, opts),
    memberInfo: (opts?: CallOptions) => call<MemberInfo>('memberInfo', undefined, opts),
    /** The user's tags among `query.tagNames` (repeated query parameters). */
    userTags: (query: UserTagsQuery = { tagNames: USER_TAG_NAMES }, opts?: CallOptions) =>
      call<UserTags>('userTags', query, opts),
    registerPermission: (opts?: CallOptions) =>
      call<RegisterPermission>('registerPermission', undefined, opts),
    /** Reads the display preferences (an empty body); `savePreferences` is the same call. */
    preferences: (opts?: CallOptions) => call<Preferences>('preferences', {}, opts),
    /** Reads the page configs (an empty body); `savePrefSetting` is the same call. */
    prefSetting: (opts?: CallOptions) => call<PrefSetting>('prefSetting', {}, opts),
    sendEmailCode: (body: SendCodeBody, opts?: CallOptions) =>
      call<SendCodeResult>('sendEmailCode', body, opts),
    defaultRiskIntercept: (opts?: CallOptions) =>
      call<RiskIntercept>('defaultRiskIntercept', {}, opts),
    cardPotential: (opts?: CallOptions) => call<CardPotential>('cardPotential', undefined, opts),

    // -- assets
    wallets: (opts?: CallOptions) => call<WalletsResult>('wallets', undefined, opts),
    risk: (opts?: CallOptions) => call<Risk>('risk', undefined, opts),
    /** USD rate of every coin (`name=USD`); shared for 60 s unless told otherwise. */
    exchangeRate: (opts?: CallOptions) =>
      call<ExchangeRateResult>('exchangeRate', { name: 'USD' }, { cache: true, ...opts }),
    assetOverview: (opts?: CallOptions) => call<AssetOverview>('assetOverview', undefined, opts),
    aggregateInfo: (opts?: CallOptions) =>
      call<AssetsAggregateInfo>('aggregateInfo', undefined, opts),
    chainAddressIsExchange: (query: ChainAddressQuery, opts?: CallOptions) =>
      call<ChainAddressIsExchange>('chainAddressIsExchange', query, opts),
    withdrawMessage: (query: WithdrawMessageQuery = {}, opts?: CallOptions) =>
      call<WithdrawMessage>('withdrawMessage', query, opts),

    // -- the user-assets area
    transfer: (body: TransferBody, opts?: CallOptions) =>
      call<TransferResult>('transfer', body, opts),
    transferList: (query: PageQuery = {}, opts?: CallOptions) =>
      call<Page<TransferRecord>>('transferList', query, opts),
    depositAddress: (query: DepositAddressQuery, opts?: CallOptions) =>
      call<DepositAddress>('depositAddress', query, opts),
    depositList: (query: RecordQuery = {}, opts?: CallOptions) =>
      call<Page<DepositRecord>>('depositList', query, opts),
    withdrawList: (query: RecordQuery = {}, opts?: CallOptions) =>
      call<Page<WithdrawRecord>>('withdrawList', query, opts),
    withdraw: (body: WithdrawBody, opts?: CallOptions) =>
      call<WithdrawResult>('withdraw', body, opts),
    coinInfo: (opts?: CallOptions) => call<CoinInfoResult>('coinInfo', undefined, opts),
    collateralSwitch: (body: CollateralSwitchBody, opts?: CallOptions) =>
      call<AssetActionResult>('collateralSwitch', body, opts),
    unifiedUpgrade: (opts?: CallOptions) => call<AssetActionResult>('unifiedUpgrade', {}, opts),
    savingsSubscribe: (body: SavingsOrderBody, opts?: CallOptions) =>
      call<AssetActionResult>('savingsSubscribe', body, opts),
    savingsRedeem: (body: SavingsOrderBody, opts?: CallOptions) =>
      call<AssetActionResult>('savingsRedeem', body, opts),
    autoSaving: (body: AutoSavingBody, opts?: CallOptions) =>
      call<AssetActionResult>('autoSaving', body, opts),
    pledgeRepay: (body: PledgeRepayBody, opts?: CallOptions) =>
      call<AssetActionResult>('pledgeRepay', body, opts),
    pledgeBorrow: (body: PledgeBorrowBody, opts?: CallOptions) =>
      call<PledgeBorrowResult>('pledgeBorrow', body, opts),

    // -- copy trading
    copyProfile: (opts?: CallOptions) => call<CopyProfile>('copyProfile', undefined, opts),
    leaderWallet: (opts?: CallOptions) =>
      call<LeaderWallet | null>('leaderWallet', undefined, opts),
    leaderIncome: (opts?: CallOptions) =>
      call<LeaderIncome | null>('leaderIncome', undefined, opts),
    leaderIncomeHistory: (query: IncomeHistoryQuery = {}, opts?: CallOptions) =>
      call<IncomeHistoryResult>('leaderIncomeHistory', query, opts),
    leaderBots: (opts?: CallOptions) => call<LeaderBotsResult>('leaderBots', undefined, opts),

    // -- public config (a POST, as the spec lists it: the HTTP client caches GETs only)
    bannerConfig: (query: BannerQuery = {}, opts?: CallOptions) =>
      call<BannerConfig>('bannerConfig', query, opts),

    // -- monitoring
    collect: (body: CollectBody, opts?: CallOptions) => call<unknown>('collect', body, opts),
  } satisfies Record<SentCallName, (...args: never[]) => Promise<unknown>>;

  return {
    ...table,

    /** Saves the given preference keys (the `preferences` call with a body); answers all. */
    savePreferences: (body: SavePreferencesBody, opts?: CallOptions) =>
      call<Preferences>('preferences', body, opts),

    /** Saves one page config (the `prefSetting` call with `{key, value}`); answers all. */
    savePrefSetting: (body: SavePrefSettingBody, opts?: CallOptions) =>
      call<PrefSetting>('prefSetting', body, opts),

    /** A private topic's REST snapshot, resolving with the whole envelope (`time_now`). */
    fetchSnapshot: (topic: PrivateTopic, opts?: CallOptions): Promise<RestEnvelope<unknown>> =>
      client.get<RestEnvelope<unknown>>(SNAPSHOT_PATHS[topic], undefined, {
        ...opts,
        envelope: true,
      }),

    // -- Bybit V5 public market (V5 envelope: retCode/retMsg)
    /**
     * One page of instruments. Public and read at every load: kept in localStorage (10 minutes,
     * within the cache's byte budget) unless `opts.persist` says otherwise; a stored page is
     * checked as a fresh one is (market-answers.ts), a bad one fetched again.
     */
    instrumentsInfo: (
      category: V5Category,
      query: QueryParams = {},
      opts?: CallOptions,
    ): Promise<V5InstrumentsResult> =>
      client
        .get<unknown>(
          V5_MARKET.instrumentsInfo,
          { ...query, category },
          { persist: { valid: isInstrumentsPage }, ...opts },
        )
        .then(checkInstrumentsPage),
  };
}

export type Endpoints = ReturnType<typeof createEndpoints>;

/** The endpoints on the app's client. */
export const api: Endpoints = createEndpoints(http);

export const {
  login,
  logout,
  profile,
  memberInfo,
  userTags,
  registerPermission,
  preferences,
  savePreferences,
  savePrefSetting,
  prefSetting,
  cardPotential,
  exchangeRate,
  aggregateInfo,
  copyProfile,
  leaderIncomeHistory,
  leaderBots,
  fetchSnapshot,
  instrumentsInfo,
} = api;
