/**
 * A well-formed answer for every call whose answer the client checks (src/api/answers.ts), for
 * fake servers that test the calls' method, path and payload rather than their content.
 */
import { ANSWER_SCHEMAS } from '@src/api/answers';
import { CALLS, type CallName } from '@src/api/calls';
import {
  ACCOUNT_TYPES,
  type AccountType,
  type AssetOverview,
  type AssetsAggregateInfo,
  type CoinBalance,
  type V5Instrument,
} from '@src/api/types';

/** A linear USDT perpetual as instruments-info lists it (two decimals, 0.001 lots). */
export const sampleInstrument = (symbol: string): V5Instrument => ({
  symbol,
  contractType: 'LinearPerpetual',
  status: 'Trading',
  baseCoin: symbol.replace('USDT', ''),
  quoteCoin: 'USDT',
  settleCoin: 'USDT',
  launchTime: '0',
  priceScale: '2',
  leverageFilter: { minLeverage: '1', maxLeverage: '100', leverageStep: '0.01' },
  priceFilter: { minPrice: '0.1', maxPrice: '1999999', tickSize: '0.1' },
  lotSizeFilter: { maxOrderQty: '100', minOrderQty: '0.001', qtyStep: '0.001' },
});

// -- The asset overview and aggregate info: the one place tests take them from. `over` replaces
// top-level parts.

/** The aggregate info of a user with nothing pending and no compliance flag. */
export function sampleAggregateInfo(over: Partial<AssetsAggregateInfo> = {}): AssetsAggregateInfo {
  return {
    hasPendingAssets: false,
    isDisplayClear: false,
    clearUserIdList: [],
    eddGroupId: '',
    isNeedDoDepositAmlEdd: false,
    isExistAmlClear: false,
    isExistDepositAml: false,
    isExistDepositBatchRelease: false,
    isExistUnTokenDeposit: false,
    withdrawPendingCount: 0,
    depositPendingCount: 0,
    transferPendingCount: 0,
    waitTaxCount: 0,
    waitTravelRuleCount: 0,
    isExistDepositUnauthentication_address: false,
    totalUsd: '0.00',
    totalBtc: '0',
    accounts: [],
    updatedAtE3: '1700000000000',
    ...over,
  };
}

/** An empty overview: one spot account with nothing in it, no products, loans or bots. */
function sampleOverview(over: Partial<AssetOverview> = {}): AssetOverview {
  return {
    totalUsd: '0.00',
    totalBtc: '0',
    accounts: [{ accountType: 'SPOT', usdValue: '0.00', coins: [] }],
    unified: {
      equityUsd: '0.00',
      marginUsd: '0.00',
      loanUsd: '0.00',
      upgraded: false,
      upgradeEligible: true,
      coins: [],
    },
    savings: { products: [], autoSaving: [] },
    pledge: { loans: [], loanCoins: [], collateralCoins: [] },
    bots: [],
    depositTo: 'FUND',
    updatedAtE3: '1700000000000',
    ...over,
  };
}

const ALL_ACCOUNT_COINS: Partial<Record<AccountType, CoinBalance[]>> = {
  DERIVATIVES: [
    { coin: 'USDT', amount: '10000', available: '3850', usdValue: '10000.00' },
    { coin: 'BTC', amount: '0.01', available: '0.01', usdValue: '640.00' },
  ],
  SPOT: [
    { coin: 'BTC', amount: '0.5', available: '0.5', usdValue: '32000.00' },
    { coin: 'ETH', amount: '2', available: '2', usdValue: '6000.00' },
    { coin: 'XRP', amount: '1', available: '1', usdValue: '0.60' },
  ],
  FUND: [{ coin: 'USDT', amount: '1234.5678', available: '1234.5678', usdValue: '1234.56' }],
  FIAT: [{ coin: 'EUR', amount: '100', available: '100', usdValue: '108.00' }],
  CARD: [{ coin: 'USDT', amount: '50', available: '50', usdValue: '50.00' }],
  MT4: [{ coin: 'USDT', amount: '300', available: '', usdValue: '300.00' }],
  MT5: [{ coin: 'USDT', amount: '200', available: '', usdValue: '200.00' }],
  BOT: [{ coin: 'USDT', amount: '500', available: '', usdValue: '500.00' }],
  OPTION: [{ coin: 'USDC', amount: '75.5', available: '75.5', usdValue: '75.50' }],
};

const centsOf = (usd: string) => BigInt(usd.replace('.', ''));
const usdOf = (cents: bigint) => {
  const s = cents.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
};

/**
 * Every account kind, and the parts add up to the total to the cent (as the simulator answers:
 * docs/assets.md): totalUsd 51108.66; one running grid bot. For the overview's state and screens.
 */
export function allAccountsOverview(over: Partial<AssetOverview> = {}): AssetOverview {
  const accounts = ACCOUNT_TYPES.map((accountType) => {
    const coins = ALL_ACCOUNT_COINS[accountType] ?? [];
    return {
      accountType,
      usdValue: usdOf(coins.reduce((s, c) => s + centsOf(c.usdValue), 0n)),
      coins,
    };
  });
  const base = sampleOverview();
  return sampleOverview({
    totalUsd: usdOf(accounts.reduce((s, a) => s + centsOf(a.usdValue), 0n)),
    totalBtc: '0.79857281',
    accounts,
    unified: { ...base.unified, upgradeEligible: false },
    bots: [
      {
        botId: 'bot-1',
        symbol: 'XRPUSDT',
        strategy: 'grid',
        investmentE8: '50000000000',
        pnlE8: '-1234500000',
        createdAtE3: '1700000000000',
        status: 'running',
      },
    ],
    ...over,
  });
}

const profile = {
  userId: 1001,
  nickName: 'follower',
  email: 'f***@assetdeck.test',
  mobile: '',
  vipLevel: 'VIP0',
  kycLevel: 1,
  registerTimeE3: '1700000000000',
  region: 'GLOBAL',
};

/**
 * An asset overview as the simulator answers it (docs/assets.md): every account kind, a unified
 * account with collateral coins, savings products, auto-saving coins and pledge loans; `over`
 * replaces top-level parts.
 */
export function earnOverview(over: Partial<AssetOverview> = {}): AssetOverview {
  const zero = (accountType: AssetOverview['accounts'][number]['accountType']) => ({
    accountType,
    usdValue: '0.00',
    coins: [],
  });
  return sampleOverview({
    totalUsd: '30110.00',
    totalBtc: '0.47046875',
    accounts: [
      zero('DERIVATIVES'),
      zero('SPOT'),
      {
        accountType: 'UNIFIED',
        usdValue: '13400.00',
        coins: [
          { coin: 'USDT', amount: '5000', available: '4000', usdValue: '5000.00' },
          { coin: 'BTC', amount: '0.15', available: '0.15', usdValue: '9600.00' },
          { coin: 'XRP', amount: '1000', available: '1000', usdValue: '600.00' },
        ],
      },
      {
        accountType: 'FUND',
        usdValue: '2500.00',
        coins: [{ coin: 'USDT', amount: '2500', available: '2500', usdValue: '2500.00' }],
      },
      zero('FIAT'),
      zero('CARD'),
      zero('MT4'),
      zero('MT5'),
      zero('BOT'),
      zero('OPTION'),
      {
        accountType: 'SAVINGS',
        usdValue: '1010.00',
        coins: [{ coin: 'USDT', amount: '1010', available: '', usdValue: '1010.00' }],
      },
      {
        accountType: 'PLEDGE',
        usdValue: '12800.00',
        coins: [{ coin: 'BTC', amount: '0.2', available: '', usdValue: '12800.00' }],
      },
    ],
    unified: {
      equityUsd: '13400.00',
      marginUsd: '1200.00',
      loanUsd: '1800.00',
      upgraded: true,
      upgradeEligible: false,
      coins: [
        {
          coin: 'USDT',
          amount: '5000',
          available: '4000',
          usdValue: '5000.00',
          collateralSwitch: true,
          collateralable: true,
          borrowed: '1200',
        },
        {
          coin: 'BTC',
          amount: '0.15',
          available: '0.15',
          usdValue: '9600.00',
          collateralSwitch: true,
          collateralable: true,
          borrowed: '0',
        },
        {
          coin: 'XRP',
          amount: '1000',
          available: '1000',
          usdValue: '600.00',
          collateralSwitch: false,
          collateralable: false,
          borrowed: '1000',
        },
      ],
    },
    savings: {
      products: [
        {
          productId: 'USDT-FLEX',
          coin: 'USDT',
          apy: '0.0512',
          termDays: 0,
          amount: '1000',
          redeemable: '1000',
          cumInterest: '10',
          minAmount: '10',
          lots: [],
        },
        {
          productId: 'BTC-30D',
          coin: 'BTC',
          apy: '0.021',
          termDays: 30,
          amount: '0',
          redeemable: '0',
          cumInterest: '0',
          minAmount: '0.001',
          lots: [],
        },
      ],
      autoSaving: [
        { coin: 'USDT', isSupported: true, isSelected: false },
        { coin: 'DOGE', isSupported: false, isSelected: false },
      ],
    },
    pledge: {
      loans: [
        {
          loanId: 'L-1',
          loanCoin: 'USDT',
          borrowed: '6400',
          collateralCoin: 'BTC',
          collateralAmount: '0.2',
          ltv: '0.5',
          liquidationLtv: '0.9',
          hourlyRate: '0.0000061',
          createdAtE3: '1699000000000',
        },
      ],
      loanCoins: [
        { coin: 'USDT', hourlyRate: '0.0000057', minAmount: '10' },
        { coin: 'USDC', hourlyRate: '0.0000053', minAmount: '10' },
      ],
      collateralCoins: [
        { coin: 'BTC', initialLtv: '0.65', liquidationLtv: '0.85' },
        { coin: 'ETH', initialLtv: '0.65', liquidationLtv: '0.85' },
      ],
    },
    ...over,
  });
}

const SAMPLE_ANSWERS: Partial<Record<CallName, unknown>> = {
  profile,
  memberInfo: {
    memberId: 1001,
    memberType: 'NORMAL',
    isUnifiedAccount: false,
    upgradeToUnifiedAvailable: true,
    google2faBound: true,
    emailVerified: true,
    mobileVerified: false,
  },
  userTags: { tags: ['copytrade_follower'] },
  registerPermission: {
    canDeposit: true,
    canWithdraw: true,
    canTrade: true,
    canTransfer: true,
    restrictedRegion: false,
  },
  preferences: { showAssets: 1, homeTradingPageUserGuide: 'hide' },
  prefSetting: { deposit_to: 'FUND' },
  copyProfile: { isLeader: false, subMemberIdList: [], userId: 1001 },
  assetOverview: sampleOverview(),
  aggregateInfo: sampleAggregateInfo(),
  transfer: { transferId: 't-1', status: 'SUCCESS' },
  withdraw: { withdrawId: 'w-1', status: 'pending' },
  pledgeBorrow: { loanId: 'loan-1001-7', status: 'SUCCESS' },
  depositAddress: { coin: 'USDT', chain: 'TRX', address: 'TXYZabc', tag: '' },
};

// Every checked call has a sample (a new schema without one fails here, at import).
for (const name of Object.keys(ANSWER_SCHEMAS)) {
  if (!(name in SAMPLE_ANSWERS)) throw new Error(`test/support/sample-answers.ts: add ${name}`);
}

const BY_PATH = new Map(
  Object.entries(SAMPLE_ANSWERS).map(([name, answer]) => [CALLS[name as CallName].path, answer]),
);

/** The sample answer of the call served at `path` (with or without an /api prefix), if any. */
export function sampleAnswerFor(path: string): unknown {
  return BY_PATH.get(path) ?? BY_PATH.get(path.replace(/^\/api(?=\/)/, ''));
}
