/**
 * The REST calls the live screens make besides the streams (rates, preferences, leader history
 * and bots). The app uses the real endpoints; tests hand in fakes through the provider.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { ENDPOINT_MONEY_API, type MoneyApi } from './money-api';
import {
  api,
  exchangeRate,
  leaderBots,
  leaderIncomeHistory,
  savePreferences,
  savePrefSetting,
} from '../api/endpoints';
import type {
  AssetActionResult,
  AssetOverview,
  AssetsAggregateInfo,
  AutoSavingBody,
  CollateralSwitchBody,
  PledgeBorrowBody,
  PledgeBorrowResult,
  PledgeRepayBody,
  SavingsOrderBody,
  ExchangeRateResult,
  IncomeHistoryQuery,
  IncomeHistoryResult,
  LeaderBotsResult,
  PrefSetting,
  Preferences,
  SavePrefSettingBody,
  SavePreferencesBody,
} from '../api/types';

export interface ScreenApi {
  /** USD rate per coin; `fresh` skips the shared 60 s cache (periodic refresh). */
  exchangeRate(opts?: { fresh?: boolean }): Promise<ExchangeRateResult>;
  savePreferences(body: SavePreferencesBody): Promise<Preferences>;
  /** Saves one page config (`deposit_to`: the deposit dialog); answers all of them. */
  savePrefSetting(body: SavePrefSettingBody): Promise<PrefSetting>;
  leaderIncomeHistory(query?: IncomeHistoryQuery): Promise<IncomeHistoryResult>;
  leaderBots(): Promise<LeaderBotsResult>;
  /** Money movement and the shell's dialogs (src/ui/dialogs, src/features/assets/records). */
  money: MoneyApi;
  // -- unified account, savings and pledge loans (src/features/assets/{unified,savings,pledge})
  assetOverview(): Promise<AssetOverview>;
  collateralSwitch(body: CollateralSwitchBody): Promise<AssetActionResult>;
  savingsSubscribe(body: SavingsOrderBody): Promise<AssetActionResult>;
  savingsRedeem(body: SavingsOrderBody): Promise<AssetActionResult>;
  autoSaving(body: AutoSavingBody): Promise<AssetActionResult>;
  pledgeRepay(body: PledgeRepayBody): Promise<AssetActionResult>;
  pledgeBorrow(body: PledgeBorrowBody): Promise<PledgeBorrowResult>;
  /** SPEC 3 assetsAggregateInfo: pending counts and compliance flags (the assets overview). */
  aggregateInfo(): Promise<AssetsAggregateInfo>;
}

const ENDPOINT_SCREEN_API: ScreenApi = {
  exchangeRate: (opts) => exchangeRate(opts?.fresh ? { cache: false } : undefined),
  savePreferences: (body) => savePreferences(body),
  savePrefSetting: (body) => savePrefSetting(body),
  leaderIncomeHistory: (query) => leaderIncomeHistory(query),
  leaderBots: () => leaderBots(),
  money: ENDPOINT_MONEY_API,
  assetOverview: () => api.assetOverview(),
  collateralSwitch: (body) => api.collateralSwitch(body),
  savingsSubscribe: (body) => api.savingsSubscribe(body),
  savingsRedeem: (body) => api.savingsRedeem(body),
  autoSaving: (body) => api.autoSaving(body),
  pledgeRepay: (body) => api.pledgeRepay(body),
  pledgeBorrow: (body) => api.pledgeBorrow(body),
  aggregateInfo: () => api.aggregateInfo(),
};

const ScreenApiContext = createContext<ScreenApi>(ENDPOINT_SCREEN_API);

export function ScreenApiProvider({ api, children }: { api: ScreenApi; children: ReactNode }) {
  return <ScreenApiContext.Provider value={api}>{children}</ScreenApiContext.Provider>;
}

export const useScreenApi = (): ScreenApi => useContext(ScreenApiContext);
