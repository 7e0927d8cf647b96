/**
 * What each demo account holds outside its derivatives wallets when the simulator starts (spot,
 * funding, unified, fiat, card, MT4/MT5, options, savings, pledge loans, trading bots), its
 * history of deposits, withdrawals and transfers from before the start, and the compliance flags
 * its aggregate info carries, in coin units as decimal strings. The asset books
 * (server/assets/book.ts) start from these and change with every transfer, deposit, withdrawal,
 * subscription and repayment. docs/simulator.md lists who holds what.
 */
import type { LeaderBot, TransferableAccount } from '../../src/api/types';

interface UnifiedHolding {
  /** What the account holds of the coin (borrowed funds included). */
  balance: string;
  /** What it owes in the coin ("0" when nothing). */
  borrowed: string;
}

interface LoanHolding {
  loanId: string;
  loanCoin: string;
  borrowed: string;
  collateralCoin: string;
  collateralAmount: string;
  liquidationLtv: string;
  hourlyRate: string;
  /** Taken this many days before the simulation's start (at 00:00 UTC of that day). */
  ageDays: number;
}

/**
 * A record from before the simulation's start: `ageDays` (at least 1) before the start's day, at
 * `hour` UTC of that day, so it never counts in the start day's withdrawal limit.
 */
interface Dated {
  ageDays: number;
  hour: number;
}

interface DepositSeed extends Dated {
  coin: string;
  chain: string;
  amount: string;
  /**
   * Held until the sender's travel-rule information is given: pending, with every confirmation,
   * and counted in the aggregate info's `waitTravelRuleCount` and `depositPendingCount`.
   * Otherwise credited (`success`).
   */
  heldForTravelRule?: true;
}

interface WithdrawSeed extends Dated {
  coin: string;
  chain: string;
  amount: string;
  /**
   * Refused before it was sent (`failed`: no transaction, nothing left the account); otherwise
   * `success`.
   */
  failed?: true;
}

interface TransferSeed extends Dated {
  coin: string;
  amount: string;
  from: TransferableAccount;
  to: TransferableAccount;
}

/** The records screen's history of an account (server/assets/book.ts dates and numbers them). */
export interface History {
  deposits: DepositSeed[];
  withdrawals: WithdrawSeed[];
  transfers: TransferSeed[];
}

/**
 * The compliance side of SPEC 3 assetsAggregateInfo (the pending counts, and the deposits held
 * for travel-rule information, come from records).
 */
export interface ComplianceFlags {
  isDisplayClear: boolean;
  clearUserIdList: number[];
  eddGroupId: string;
  isNeedDoDepositAmlEdd: boolean;
  isExistAmlClear: boolean;
  isExistDepositAml: boolean;
  isExistDepositBatchRelease: boolean;
  isExistUnTokenDeposit: boolean;
  waitTaxCount: number;
  isExistDepositUnauthentication_address: boolean;
}

interface TermLotHolding {
  /** Principal plus the interest it has earned so far. */
  amount: string;
  /** The interest it has earned so far. */
  interest: string;
  ageDays: number;
}

export interface Holdings {
  spot: Record<string, string>;
  fund: Record<string, string>;
  unified: Record<string, UnifiedHolding>;
  /** Collateralable unified coins the user turned off as collateral (the others are on). */
  collateralOff: string[];
  fiat: Record<string, string>;
  card: Record<string, string>;
  mt4: Record<string, string>;
  mt5: Record<string, string>;
  option: Record<string, string>;
  /**
   * productId -> amount held and interest credited so far; a fixed-term product also lists its
   * subscriptions (whose amounts add up to `amount`), each subscribed `ageDays` before the
   * simulation's start (at 00:00 UTC of that day): older than the term means matured.
   */
  savings: Record<string, { amount: string; cumInterest: string; lots?: TermLotHolding[] }>;
  autoSaving: string[];
  loans: LoanHolding[];
  history: History;
  compliance: ComplianceFlags;
}

const CLEAN: ComplianceFlags = {
  isDisplayClear: false,
  clearUserIdList: [],
  eddGroupId: '',
  isNeedDoDepositAmlEdd: false,
  isExistAmlClear: false,
  isExistDepositAml: false,
  isExistDepositBatchRelease: false,
  isExistUnTokenDeposit: false,
  waitTaxCount: 0,
  isExistDepositUnauthentication_address: false,
};

const EMPTY: Holdings = {
  spot: {},
  fund: {},
  unified: {},
  collateralOff: [],
  fiat: {},
  card: {},
  mt4: {},
  mt5: {},
  option: {},
  savings: {},
  autoSaving: [],
  loans: [],
  history: { deposits: [], withdrawals: [], transfers: [] },
  compliance: CLEAN,
};

const HOLDINGS: Record<number, Holdings> = {
  // Follower: spot, funding, a little unified, fiat and a card, savings (flexible, and 30-day
  // in two subscriptions: one locked until 18 days after the start's day, one matured 10 days
  // before it),
  // auto-saving on USDT, a small pledge loan on BTC; a month of deposits, a withdrawal and
  // transfers, the last deposit held for travel-rule information; the deposit AML due-diligence
  // notice.
  1001: {
    ...EMPTY,
    spot: { USDT: '1200', BTC: '0.02', SOL: '3.5' },
    fund: { USDT: '800', USDC: '300', ETH: '0.3' },
    unified: { USDC: { balance: '200', borrowed: '0' } },
    fiat: { USD: '250' },
    card: { USDT: '150' },
    savings: {
      'sav-usdt-flex': { amount: '500', cumInterest: '3.21' },
      'sav-usdt-30d': {
        amount: '1000',
        cumInterest: '6.65',
        lots: [
          { amount: '200', interest: '1.33', ageDays: 40 },
          { amount: '800', interest: '2.13', ageDays: 12 },
        ],
      },
    },
    autoSaving: ['USDT'],
    loans: [
      {
        loanId: 'loan-1001-btc',
        loanCoin: 'USDT',
        borrowed: '500',
        collateralCoin: 'BTC',
        collateralAmount: '0.02',
        liquidationLtv: '0.85',
        hourlyRate: '0.0000051',
        ageDays: 12,
      },
    ],
    history: {
      deposits: [
        { coin: 'USDT', chain: 'TRX', amount: '2500', ageDays: 34, hour: 9 },
        { coin: 'BTC', chain: 'BTC', amount: '0.02', ageDays: 20, hour: 14 },
        { coin: 'USDC', chain: 'ETH', amount: '300', ageDays: 9, hour: 17 },
        {
          coin: 'USDT',
          chain: 'TRX',
          amount: '1200',
          ageDays: 1,
          hour: 11,
          heldForTravelRule: true,
        },
      ],
      withdrawals: [{ coin: 'USDT', chain: 'TRX', amount: '150', ageDays: 6, hour: 20 }],
      transfers: [
        { coin: 'USDT', amount: '1000', from: 'FUND', to: 'DERIVATIVES', ageDays: 33, hour: 10 },
        { coin: 'USDT', amount: '700', from: 'FUND', to: 'SPOT', ageDays: 33, hour: 10 },
        { coin: 'BTC', amount: '0.02', from: 'FUND', to: 'SPOT', ageDays: 19, hour: 8 },
      ],
    },
    compliance: {
      ...CLEAN,
      isNeedDoDepositAmlEdd: true,
      eddGroupId: 'EDD-1001',
    },
  },
  // Leader: spot, funding, unified, MT5, savings, a pledge loan on ETH, three bots; the batch
  // release and untokenised deposit notices.
  2001: {
    ...EMPTY,
    spot: { USDT: '8000', ETH: '1.2', SOL: '40' },
    fund: { USDT: '2500', BTC: '0.05' },
    unified: { USDT: { balance: '2000', borrowed: '0' } },
    mt5: { USD: '3200' },
    savings: {
      'sav-usdc-flex': { amount: '1500', cumInterest: '12.4' },
      'sav-eth-flex': { amount: '0.4', cumInterest: '0.0021' },
    },
    autoSaving: ['USDC', 'ETH'],
    loans: [
      {
        loanId: 'loan-2001-eth',
        loanCoin: 'USDT',
        borrowed: '900',
        collateralCoin: 'ETH',
        collateralAmount: '0.5',
        liquidationLtv: '0.85',
        hourlyRate: '0.0000055',
        ageDays: 30,
      },
    ],
    history: {
      deposits: [
        { coin: 'USDT', chain: 'BSC', amount: '10000', ageDays: 45, hour: 8 },
        { coin: 'ETH', chain: 'ARBI', amount: '1.7', ageDays: 31, hour: 15 },
        { coin: 'SOL', chain: 'SOL', amount: '40', ageDays: 12, hour: 22 },
      ],
      withdrawals: [
        { coin: 'ETH', chain: 'ETH', amount: '0.5', ageDays: 26, hour: 13 },
        { coin: 'USDT', chain: 'SOL', amount: '600', ageDays: 3, hour: 7 },
      ],
      transfers: [
        { coin: 'USDT', amount: '2000', from: 'FUND', to: 'UNIFIED', ageDays: 44, hour: 9 },
        { coin: 'USDT', amount: '8000', from: 'FUND', to: 'SPOT', ageDays: 44, hour: 9 },
        { coin: 'ETH', amount: '1.2', from: 'FUND', to: 'SPOT', ageDays: 30, hour: 11 },
      ],
    },
    compliance: { ...CLEAN, isExistDepositBatchRelease: true, isExistUnTokenDeposit: true },
  },
  // Trader: spot, funding, a unified account with a USDT loan and DOGE (not collateral), fiat,
  // MT4, options, a pledge loan on SOL, a bot; deposits, a withdrawal refused and the one sent
  // after it, transfers; the AML clear, deposit AML, tax and unauthenticated-address notices.
  3001: {
    ...EMPTY,
    spot: { USDT: '3500', BTC: '0.1', XRP: '2000' },
    fund: { USDT: '1000', XRP: '500' },
    unified: {
      USDT: { balance: '6000', borrowed: '1000' },
      BTC: { balance: '0.05', borrowed: '0' },
      DOGE: { balance: '10000', borrowed: '0' },
    },
    collateralOff: ['BTC'],
    fiat: { USD: '1000' },
    mt4: { USD: '1520' },
    option: { USDC: '350' },
    loans: [
      {
        loanId: 'loan-3001-sol',
        loanCoin: 'USDT',
        borrowed: '1000',
        collateralCoin: 'SOL',
        collateralAmount: '12',
        liquidationLtv: '0.85',
        hourlyRate: '0.0000062',
        ageDays: 5,
      },
    ],
    history: {
      deposits: [
        { coin: 'XRP', chain: 'XRP', amount: '2500', ageDays: 27, hour: 6 },
        { coin: 'USDT', chain: 'TRX', amount: '5000', ageDays: 16, hour: 19 },
        { coin: 'BTC', chain: 'BTC', amount: '0.15', ageDays: 4, hour: 10 },
      ],
      withdrawals: [
        { coin: 'DOGE', chain: 'DOGE', amount: '3000', ageDays: 11, hour: 16, failed: true },
        { coin: 'DOGE', chain: 'DOGE', amount: '3000', ageDays: 11, hour: 17 },
      ],
      transfers: [
        { coin: 'USDT', amount: '3500', from: 'FUND', to: 'SPOT', ageDays: 16, hour: 20 },
        { coin: 'BTC', amount: '0.05', from: 'SPOT', to: 'UNIFIED', ageDays: 4, hour: 12 },
      ],
    },
    compliance: {
      ...CLEAN,
      isDisplayClear: true,
      clearUserIdList: [3001],
      isExistAmlClear: true,
      isExistDepositAml: true,
      waitTaxCount: 1,
      isExistDepositUnauthentication_address: true,
    },
  },
  // Newbie: a 20 USDT sign-up bonus in spot and nothing else; deposits land in funding. The one
  // demo account eligible for the unified upgrade.
  4001: { ...EMPTY, spot: { USDT: '20' } },
};

export function holdingsOf(userId: number): Holdings {
  return HOLDINGS[userId] ?? EMPTY;
}

interface BotSpec extends Omit<LeaderBot, 'pnlE8' | 'createdAtE3'> {
  /**
   * How many days before the simulation's start the bot was created (at 00:00 UTC of that day),
   * so its date sits just before the account's own history whatever the clock's start.
   */
  ageDays: number;
  /** Price of the symbol when the bot started (decimal string), for its PnL. */
  startPrice: string;
  /** Share of the price move the strategy keeps, in percent. */
  capturePct: number;
}

const BOTS: Record<number, BotSpec[]> = {
  2001: [
    {
      botId: 'bot-2001-grid-sol',
      symbol: 'SOLUSDT',
      strategy: 'grid',
      investmentE8: '200000000000',
      ageDays: 8,
      status: 'running',
      startPrice: '142.500',
      capturePct: 30,
    },
    {
      botId: 'bot-2001-dca-btc',
      symbol: 'BTCUSDT',
      strategy: 'dca',
      investmentE8: '150000000000',
      ageDays: 15,
      status: 'running',
      startPrice: '61250.00',
      capturePct: 90,
    },
    {
      botId: 'bot-2001-mart-eth',
      symbol: 'ETHUSDT',
      strategy: 'martingale',
      investmentE8: '50000000000',
      ageDays: 3,
      status: 'paused',
      startPrice: '3200.00',
      capturePct: 60,
    },
  ],
  2002: [
    {
      botId: 'bot-2002-grid-btc',
      symbol: 'BTCUSDT',
      strategy: 'grid',
      investmentE8: '300000000000',
      ageDays: 29,
      status: 'running',
      startPrice: '63000.00',
      capturePct: 25,
    },
  ],
  3001: [
    {
      botId: 'bot-3001-grid-xrp',
      symbol: 'XRPUSDT',
      strategy: 'grid',
      investmentE8: '100000000000',
      ageDays: 10,
      status: 'running',
      startPrice: '0.5300',
      capturePct: 35,
    },
  ],
};

const DAY_MS = 86_400_000;

/** A bot as the simulator holds it: its spec, dated relative to the simulation's start. */
export type Bot = Omit<BotSpec, 'ageDays'> & Pick<LeaderBot, 'createdAtE3'>;

/**
 * The trading bots of `userId`, each created `ageDays` before `startMs` (the simulated time the
 * simulation started from, e.g. the engine's `startedAt`), at midnight UTC.
 */
export function botsOf(userId: number, startMs: number): readonly Bot[] {
  const today = Math.floor(startMs / DAY_MS);
  return (BOTS[userId] ?? []).map(({ ageDays, ...bot }) => ({
    ...bot,
    createdAtE3: String((today - ageDays) * DAY_MS),
  }));
}
