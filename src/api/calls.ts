/**
 * The call table: every REST call of the web app, method and path exactly as the client sends
 * them (relative to the API base) and as the simulator serves them. The client's typed
 * functions (endpoints.ts) and the simulator's routes are both built from this one table.
 * The rows SPEC.md section 7 lists have exactly its method and path (test/unit/api/spec-call-table
 * and test/integration/server/spec-call-table hold them against the spec); PROTOCOL.md section 2
 * fixes the snapshot, token and asset paths; the rest (sign-in, copy trading, the collector) are
 * the project's own.
 */
/**
 * The methods the app sends. SPEC.md section 7 has the wrapper support PUT and DELETE too, but no
 * call of the spec uses them, so the client has no code for them (docs/spec-map.md, section 7).
 */
export type HttpMethod = 'GET' | 'POST';

export interface CallSpec {
  readonly method: HttpMethod;
  readonly path: string;
  /** Needs a signed-in session (otherwise ret_code 10007). */
  readonly auth: boolean;
  /** One line of intent. */
  readonly doc: string;
}

const call = (method: HttpMethod, path: string, auth: boolean, doc: string): CallSpec => ({
  method,
  path,
  auth,
  doc,
});

export const CALLS = {
  // -- session
  login: call(
    'POST',
    '/login',
    false,
    'Sign in with username and password; sets the session cookie.',
  ),
  logout: call('POST', '/logout', false, 'End the session.'),
  oneTimeToken: call(
    'POST',
    '/user/private/ott',
    true,
    'One-time token for private stream auth (60 s, single use).',
  ),

  // -- user (method and path as in SPEC.md section 7)
  profile: call('GET', '/v2/private/user/profile', true, 'The signed-in user.'),
  memberInfo: call('GET', '/user/private/member/info', true, 'Account type and security settings.'),
  userTags: call(
    'GET',
    '/user/private/user-tag',
    true,
    'Tags that switch user-specific features on (repeated query param tagNames).',
  ),
  registerPermission: call('GET', '/register/permission_v2', true, 'What the region allows.'),
  preferences: call(
    'POST',
    '/v3/private/user/member/preferences',
    true,
    'Display preferences: an empty body reads them, a partial body saves those keys; answers all.',
  ),
  prefSetting: call(
    'POST',
    '/v3/private/user/member/pref-setting',
    true,
    'Page configs (deposit_to, ...): an empty body reads them, {key, value} saves one; answers all.',
  ),
  google2faVerify: call('POST', '/verify/google2fa', true, 'Verify a Google authenticator code.'),
  sendEmailCode: call(
    'POST',
    '/send/email',
    true,
    'Send an email verification code (rate-limited).',
  ),
  sendMobileCode: call(
    'POST',
    '/send/mobile',
    true,
    'Send an SMS verification code (rate-limited).',
  ),
  kycInfo: call(
    'POST',
    '/v3/private/kyc/kyc-info',
    true,
    'Identity verification level and limits.',
  ),
  tradeSwitch: call(
    'POST',
    '/user/private/trade/switch',
    true,
    'Which products the user may trade.',
  ),
  defaultRiskIntercept: call(
    'POST',
    '/user/public/risk/default-intercept',
    false,
    'Whether a risk notice must be shown first (none without a session).',
  ),
  cardPotential: call('GET', '/v3/private/card/potential', true, 'Card programme eligibility.'),

  // -- assets
  wallets: call(
    'GET',
    '/v3/private/asset/wallets',
    true,
    'Derivatives wallets (snapshot of topic wallet).',
  ),
  risk: call('GET', '/v3/private/account/risk', true, 'Account risk (snapshot of topic risk).'),
  exchangeRate: call(
    'GET',
    '/v3/private/cht/asset-common/exchange-rate',
    true,
    'USD rate per coin (query name=USD).',
  ),
  assetOverview: call(
    'GET',
    '/v3/private/asset/overview',
    true,
    'Every wallet kind of the user, in USD.',
  ),
  aggregateInfo: call(
    'GET',
    '/v3/private/asset/aggregate-info',
    true,
    'Totals across all accounts.',
  ),
  chainAddressIsExchange: call(
    'GET',
    '/chain/address/is-exchange',
    true,
    'Whether a withdrawal address belongs to an exchange.',
  ),
  withdrawMessage: call(
    'GET',
    '/v3/private/cht/asset-withdraw/withdraw/message',
    true,
    'Notices to show before a withdrawal.',
  ),

  // -- the user-assets area (docs/assets.md; the first six paths are fixed by PROTOCOL.md 2)
  transfer: call(
    'POST',
    '/v3/private/asset/transfer',
    true,
    "Move a coin between two of the user's accounts (idempotent by requestId).",
  ),
  transferList: call(
    'GET',
    '/v3/private/asset/transfer/list',
    true,
    'Transfers, newest first (limit, cursor).',
  ),
  depositAddress: call(
    'GET',
    '/v3/private/asset/deposit/address',
    true,
    "The user's deposit address (and tag) for a coin on a chain.",
  ),
  depositList: call(
    'GET',
    '/v3/private/asset/deposit/list',
    true,
    'Deposits with status and confirmations, newest first.',
  ),
  withdrawList: call(
    'GET',
    '/v3/private/asset/withdraw/list',
    true,
    'Withdrawals with status, newest first.',
  ),
  withdraw: call(
    'POST',
    '/v3/private/asset/withdraw',
    true,
    'Withdraw to an address after 2FA and email/mobile verification (idempotent by requestId).',
  ),
  coinInfo: call(
    'GET',
    '/v3/private/asset/coin-info',
    true,
    'Coins with their chains, fees, minimums, confirmations; the daily withdrawal limit.',
  ),
  collateralSwitch: call(
    'POST',
    '/v3/private/asset/unified/collateral-switch',
    true,
    "Turn a unified-account coin's use as collateral on or off.",
  ),
  unifiedUpgrade: call(
    'POST',
    '/v3/private/asset/unified/upgrade',
    true,
    'Upgrade to the unified account: derivatives and spot balances move into it.',
  ),
  savingsSubscribe: call(
    'POST',
    '/v3/private/asset/savings/subscribe',
    true,
    'Put an amount into a savings product (idempotent by requestId).',
  ),
  savingsRedeem: call(
    'POST',
    '/v3/private/asset/savings/redeem',
    true,
    'Take an amount out of a savings product (idempotent by requestId).',
  ),
  autoSaving: call(
    'POST',
    '/v3/private/asset/savings/auto-saving',
    true,
    'Select or unselect a coin for auto-saving.',
  ),
  pledgeRepay: call(
    'POST',
    '/v3/private/asset/pledge/repay',
    true,
    'Repay part or all of a pledge loan (idempotent by requestId).',
  ),
  pledgeBorrow: call(
    'POST',
    '/v3/private/asset/pledge/borrow',
    true,
    'Take out a pledge loan against collateral from Funding (idempotent by requestId).',
  ),

  // -- copy trading
  copyProfile: call(
    'GET',
    '/v3/private/copytrade/profile',
    true,
    'Leader flag and sub-member ids.',
  ),
  copyAccount: call(
    'GET',
    '/v3/private/copytrade/account',
    true,
    'Follower account totals (snapshot).',
  ),
  copyOrders: call('GET', '/v3/private/copytrade/orders', true, 'Copied orders (snapshot).'),
  copyPositions: call(
    'GET',
    '/v3/private/copytrade/positions',
    true,
    'Copied positions, newest first (snapshot).',
  ),
  leaderWallet: call(
    'GET',
    '/v3/private/copytrade/leader/wallet',
    true,
    'Leader wallet (snapshot).',
  ),
  leaderIncome: call(
    'GET',
    '/v3/private/copytrade/leader/income',
    true,
    'Income from followers (snapshot).',
  ),
  leaderIncomeHistory: call(
    'GET',
    '/v3/private/copytrade/leader/income-history',
    true,
    'Daily share profit, oldest first.',
  ),
  leaderBots: call(
    'GET',
    '/v3/private/copytrade/leader/bots',
    true,
    "The leader's open trading bots.",
  ),

  // -- public config
  webConfig: call('POST', '/v3/config/web', false, 'Feature switches (deadpool) and maintenance.'),
  bannerConfig: call('POST', '/v3/config/banner', false, 'Banners per placement.'),

  // -- monitoring
  collect: call('POST', '/collect', false, 'Monitoring collector: custom events in batches.'),
} as const satisfies Record<string, CallSpec>;

export type CallName = keyof typeof CALLS;

/** Bybit V5 public market REST, served by the simulator under the same API base. */
export const V5_MARKET = {
  time: '/v5/market/time',
  instrumentsInfo: '/v5/market/instruments-info',
  tickers: '/v5/market/tickers',
} as const;
