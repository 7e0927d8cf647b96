/**
 * What each demo account holds outside its derivatives wallets (spot, unified, fiat, card, MT4/5,
 * options, savings, pledge and lending products, trading bots), in coin units. Valued in USD at
 * request time from the same rates as everything else.
 */
import type { EarnProduct, LeaderBot } from '../../src/api/types';

export interface Holdings {
  spot: Record<string, string>;
  /** coin -> [amount, counts as collateral]. */
  unified: Record<string, [string, boolean]>;
  fiat: Record<string, string>;
  cards: Record<string, string>;
  mt4Usd: string;
  mt5Usd: string;
  optionsUsd: string;
  savings: Record<string, string>;
  autoSavingCoins: string[];
  pledge: EarnProduct[];
  lending: EarnProduct[];
}

export const SAVINGS_SUPPORTED = ['USDT', 'USDC', 'BTC', 'ETH', 'SOL', 'XRP', 'DOGE'];

const EMPTY: Holdings = {
  spot: {},
  unified: {},
  fiat: {},
  cards: {},
  mt4Usd: '0.00',
  mt5Usd: '0.00',
  optionsUsd: '0.00',
  savings: {},
  autoSavingCoins: [],
  pledge: [],
  lending: [],
};

const HOLDINGS: Record<number, Holdings> = {
  1001: {
    ...EMPTY,
    spot: { USDT: '1200', BTC: '0.02', SOL: '3.5' },
    fiat: { USD: '250' },
    cards: { USDT: '150' },
    savings: { USDT: '500' },
    autoSavingCoins: ['USDT'],
    lending: [{ token: 'USDT', apy: '0.081', productId: 'lend-usdt-30d', amount: '1000' }],
  },
  2001: {
    ...EMPTY,
    spot: { USDT: '8000', ETH: '1.2', SOL: '40' },
    unified: { USDT: ['2000', true] },
    mt5Usd: '3200.00',
    savings: { USDC: '1500', ETH: '0.4' },
    autoSavingCoins: ['USDC', 'ETH'],
    pledge: [{ token: 'ETH', apy: '0.032', productId: 'pledge-eth-flex', amount: '0.5' }],
    lending: [{ token: 'USDC', apy: '0.074', productId: 'lend-usdc-7d', amount: '2500' }],
  },
  3001: {
    ...EMPTY,
    spot: { USDT: '3500', BTC: '0.1', XRP: '2000' },
    unified: { USDT: ['5000', true], BTC: ['0.05', true], DOGE: ['10000', false] },
    fiat: { USD: '1000' },
    mt4Usd: '1520.00',
    optionsUsd: '350.00',
    pledge: [{ token: 'SOL', apy: '0.061', productId: 'pledge-sol-30d', amount: '12' }],
  },
};

export function holdingsOf(userId: number): Holdings {
  return HOLDINGS[userId] ?? EMPTY;
}

export interface BotSpec extends Omit<LeaderBot, 'pnlE8'> {
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
      createdAtE3: '1731456000000',
      status: 'running',
      startPrice: '142.500',
      capturePct: 30,
    },
    {
      botId: 'bot-2001-dca-btc',
      symbol: 'BTCUSDT',
      strategy: 'dca',
      investmentE8: '150000000000',
      createdAtE3: '1730851200000',
      status: 'running',
      startPrice: '61250.00',
      capturePct: 90,
    },
    {
      botId: 'bot-2001-mart-eth',
      symbol: 'ETHUSDT',
      strategy: 'martingale',
      investmentE8: '50000000000',
      createdAtE3: '1731888000000',
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
      createdAtE3: '1729641600000',
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
      createdAtE3: '1731283200000',
      status: 'running',
      startPrice: '0.5300',
      capturePct: 35,
    },
  ],
};

export function botsOf(userId: number): readonly BotSpec[] {
  return BOTS[userId] ?? [];
}
