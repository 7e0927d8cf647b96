/**
 * The REST calls of money movement (transfer, deposit, withdraw, their records) and of the
 * shell's dialogs (banner popup, risk intercept, unified upgrade): `useScreenApi().money`. The
 * app uses the real endpoints (docs/assets.md); tests hand in fakes through the screen-API
 * provider (test/unit/ui/money-fakes.ts).
 */
import { api } from '../api/endpoints';
import type {
  AssetActionResult,
  BannerConfig,
  BannerQuery,
  ChainAddressIsExchange,
  ChainAddressQuery,
  CoinInfoResult,
  DepositAddress,
  DepositAddressQuery,
  DepositRecord,
  Page,
  PageQuery,
  RecordQuery,
  RiskIntercept,
  SendCodeBody,
  SendCodeResult,
  TransferBody,
  TransferRecord,
  TransferResult,
  WithdrawBody,
  WithdrawMessage,
  WithdrawMessageQuery,
  WithdrawRecord,
  WithdrawResult,
} from '../api/types';

export interface MoneyApi {
  coinInfo(): Promise<CoinInfoResult>;
  /** Idempotent on `body.requestId`: a retry with the same id moves nothing again. */
  transfer(body: TransferBody): Promise<TransferResult>;
  transferList(query?: PageQuery): Promise<Page<TransferRecord>>;
  depositAddress(query: DepositAddressQuery): Promise<DepositAddress>;
  depositList(query?: RecordQuery): Promise<Page<DepositRecord>>;
  withdrawList(query?: RecordQuery): Promise<Page<WithdrawRecord>>;
  /** Idempotent on `body.requestId`, as transfers are. */
  withdraw(body: WithdrawBody): Promise<WithdrawResult>;
  chainAddressIsExchange(query: ChainAddressQuery): Promise<ChainAddressIsExchange>;
  withdrawMessage(query?: WithdrawMessageQuery): Promise<WithdrawMessage>;
  sendEmailCode(body: SendCodeBody): Promise<SendCodeResult>;
  unifiedUpgrade(): Promise<AssetActionResult>;
  bannerConfig(query?: BannerQuery): Promise<BannerConfig>;
  defaultRiskIntercept(): Promise<RiskIntercept>;
}

export const ENDPOINT_MONEY_API: MoneyApi = {
  coinInfo: () => api.coinInfo(),
  transfer: (body) => api.transfer(body),
  transferList: (query) => api.transferList(query),
  depositAddress: (query) => api.depositAddress(query),
  depositList: (query) => api.depositList(query),
  withdrawList: (query) => api.withdrawList(query),
  withdraw: (body) => api.withdraw(body),
  chainAddressIsExchange: (query) => api.chainAddressIsExchange(query),
  withdrawMessage: (query) => api.withdrawMessage(query),
  sendEmailCode: (body) => api.sendEmailCode(body),
  unifiedUpgrade: () => api.unifiedUpgrade(),
  bannerConfig: (query) => api.bannerConfig(query),
  defaultRiskIntercept: () => api.defaultRiskIntercept(),
};
