/** The state dump of PROTOCOL.md section 7, built from a StreamState. */
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
import type { StreamState } from './model';
import { positionList } from './positions';

export interface ReplayStats {
  framesApplied: number;
  framesRejected: number;
  resyncs: number;
}

export interface StateDump {
  wallets: Record<string, Wallet>;
  risk: Risk | null;
  quotes: Record<string, Ticker>;
  copytrade: {
    account: CopyAccount | null;
    orders: Record<string, Order>;
    positions: Position[];
    leaderWallet: LeaderWallet | null;
    leaderIncome: LeaderIncome | null;
  };
  stats: ReplayStats;
}

// Object.fromEntries defines own data properties, so a key such as `__proto__` stays data.
const record = <T>(m: ReadonlyMap<string, T>): Record<string, T> => Object.fromEntries(m);

export function toDump(state: StreamState, stats: ReplayStats): StateDump {
  return {
    wallets: record(state.wallet.rows),
    risk: state.risk,
    quotes: record(state.tickers),
    copytrade: {
      account: state['copytrade.account'],
      orders: record(state['copytrade.order'].rows),
      positions: positionList(state['copytrade.position']),
      leaderWallet: state['copytrade.leaderWallet'],
      leaderIncome: state['copytrade.leaderIncome'],
    },
    stats: { ...stats },
  };
}
