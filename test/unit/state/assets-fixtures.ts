/**
 * An overview and aggregate info whose parts add up to the total to the cent (as the simulator
 * answers: docs/assets.md), for the overview's state and screen tests.
 */
import type { AccountType, AssetOverview, AssetsAggregateInfo, CoinBalance } from '@src/api/types';
import { ACCOUNT_TYPES } from '@src/api/types';

const coins: Partial<Record<AccountType, CoinBalance[]>> = {
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

const sum = (cs: CoinBalance[]) =>
  (cs.reduce((s, c) => s + BigInt(c.usdValue.replace('.', '')), 0n) as bigint).toString();
const usd = (cents: string) => {
  const s = cents.padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
};

/** Every account kind; the accounts add up to totalUsd exactly (51108.66). */
export function overviewFixture(over: Partial<AssetOverview> = {}): AssetOverview {
  const accounts = ACCOUNT_TYPES.map((accountType) => {
    const cs = coins[accountType] ?? [];
    return { accountType, usdValue: usd(sum(cs)), coins: cs };
  });
  const total = accounts.reduce((s, a) => s + BigInt(a.usdValue.replace('.', '')), 0n);
  return {
    totalUsd: usd(total.toString()),
    totalBtc: '0.79857281',
    accounts,
    unified: {
      equityUsd: '0.00',
      marginUsd: '0.00',
      loanUsd: '0.00',
      upgraded: false,
      upgradeEligible: false,
      coins: [],
    },
    savings: { products: [], autoSaving: [] },
    pledge: { loans: [] },
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
    depositTo: 'FUND',
    updatedAtE3: '1700000000000',
    ...over,
  };
}

export function aggregateFixture(over: Partial<AssetsAggregateInfo> = {}): AssetsAggregateInfo {
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
