/**
 * The one door of the views (src/ui, src/features): everything they read or do with data comes
 * through here, and ESLint (eslint.config.js, boundaries) refuses an import that reaches past it
 * into state, pipeline, api, machines, wire or config. What is listed is the views' public API of
 * the data layers; growing it is a deliberate act (docs/architecture.md).
 */
export type { ConnectionActor } from '../../machines/connection.machine';
export type { ConnectionErrorCode } from '../../machines/connection.types';
export { DEPOSIT_TO_KEY, depositAccountOf, depositAccounts } from '../api/deposit-to';
export type { DepositAccount } from '../api/deposit-to';
export { ERROR_CODES } from '../api/error-codes';
export type {
  CardPotential,
  IncomePoint,
  LeaderBot,
  Preferences,
  SavePreferencesBody,
} from '../api/types';
export type {
  AssetOverview,
  AutoSavingCoin,
  PledgeBorrowBody,
  PledgeCollateralCoin,
  PledgeLoan,
  PledgeLoanCoin,
  SavingsLot,
  SavingsProduct,
  UnifiedCoin,
} from '../api/types';
// -- money movement and the shell's dialogs (src/ui/dialogs, src/features/assets/records)
export { TRANSFERABLE_ACCOUNTS } from '../api/types';
export type {
  AccountType,
  ChainInfo,
  DepositRecord,
  Page,
  RecordQuery,
  RecordStatus,
  TransferableAccount,
  TransferRecord,
  WithdrawMessage,
  WithdrawRecord,
} from '../api/types';
export {
  GLOBAL_POPUP_PLACEMENT,
  globalPopupSeenKey,
  riskWarningSeenKey,
  upgradeOfferSeenKey,
  vipWelcomeSeenKey,
} from '../config/prompts';
export type { MoneyApi } from './money-api';
export { memberInfoAtom, profileUserTagAtom } from '../state/client';
export { useReloadMemberInfo } from './member-info';
export { useCardPotential } from './card-potential';
export { DEMO_LOGINS } from '../config/demo';
export { THEME_STORAGE_KEY } from '../config/storage-keys';
export type { DemoLogin } from '../config/demo';
export { useStreamAtoms } from './live-context';
export { useScreenApi } from './screen-api';
export { useServices } from './services';
export {
  isTopicStale,
  phaseOf,
  useCanReconnectNow,
  useConnectionAttempt,
  useConnectionFps,
  useConnectionLastError,
  useConnectionLastErrorDetail,
  useConnectionPhase,
  useConnectionRtt,
  useConnectionStatus,
  useReconnectDueAt,
  useRefusedTopics,
  useRejectedFrames,
  useStaleTopicCount,
} from '../pipeline/connection-status';
export type { ConnectionHealth, ConnectionPhase } from '../pipeline/connection-status';
export { liveConnectionsAtom } from '../pipeline/live';
export { pollInto } from '../pipeline/load';
export { SessionRecorder } from '../pipeline/session-recorder';
export type { StopReason } from '../pipeline/session-recorder';
export { logIn, signOut } from '../pipeline/session';
export type { Role } from '../pipeline/session';
export type { StreamAtoms, StreamTopic, TopicStatus } from '../state/atoms';
export { parsePositionKey, perStream } from '../state/atoms';
export { forEachChange } from '../state/row-map';
export {
  configsAtom,
  currentLangAtom,
  DEFAULT_CONFIGS,
  instrumentsAtom,
  isSignedInAtom,
  preferencesAtom,
  preferencesSourceAtom,
  rateAtom,
  rateByUsdAtom,
  registerPermissionAtom,
  showAssetsAtom,
  userAtom,
} from '../state/client';
export type { PreferencesSource, SessionUser } from '../state/client';
export { dataOf, failed, idle, pending, ready } from '../state/loadable';
export type { Loadable } from '../state/loadable';
export { rememberShowAssets } from '../state/show-assets-memory';
export { isPrivateTopic } from '../wire/protocol';
export type { CopyAccount, Follower, Position, StreamName, Ticker, Wallet } from '../wire/protocol';
export type { TapSlot } from '../wire/tap';
// -- the user-assets area's overview, aggregate info and account screens (src/features/assets)
export type { AssetsAggregateInfo, CoinBalance, OverviewAccount } from '../api/types';
export { hideSmallBalancesKey } from '../config/assets';
export { COIN_ICON_SIZE, coinIconUrl } from '../config/coin-icon';
export { startAssetsRefresher } from '../pipeline/assets-refresh';
export { startMoneyWatch, type MoneyEvent } from '../pipeline/money-watch';
export {
  assetOverviewAtom,
  assetsRefreshedAtAtom,
  coinRows,
  isSmallBalance,
  liveDerivatives,
  overviewView,
  refreshAssetsAtom,
  sortByValue,
} from '../state/assets';
export type { AccountView, CoinRow, OverviewView } from '../state/assets';
export { assetsAggregateInfoAtom } from '../state/client';
export { useRefreshAssets } from './refresh-assets';
