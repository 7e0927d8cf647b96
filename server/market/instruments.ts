/**
 * The simulated USDT linear perpetuals, with Bybit-like tick sizes, lot sizes and leverage.
 * Prices are held as integers at `priceScale` decimals, always a multiple of `tickUnits`.
 */
import { decimalsOf, parseFixed } from '../lib/fixed';

export interface Instrument {
  symbol: string;
  baseCoin: string;
  /** Decimals of every price of the symbol. */
  priceScale: number;
  tickSize: string;
  /** tickSize as an integer at priceScale ("0.10" at scale 2 -> 10). */
  tickUnits: bigint;
  qtyStep: string;
  /** Decimals of sizes. */
  qtyScale: number;
  /** qtyStep as an integer at qtyScale. */
  stepUnits: bigint;
  minOrderQty: string;
  maxOrderQty: string;
  maxMktOrderQty: string;
  minNotionalValue: string;
  maxLeverage: number;
  /** Where the random walk starts and reverts to, at priceScale. */
  basePrice: bigint;
  /** Relative volatility per square root of a second. */
  volPerSqrtSec: number;
  launchTime: string;
}

type Row = [
  symbol: string,
  priceScale: number,
  tickSize: string,
  qtyStep: string,
  maxOrderQty: string,
  maxLeverage: number,
  basePrice: string,
  volPerSqrtSec: number,
];

// Sizes and ticks follow Bybit's published instruments; prices are late-2024 levels.
const ROWS: Row[] = [
  ['BTCUSDT', 2, '0.10', '0.001', '1190', 100, '64000', 0.00012],
  ['ETHUSDT', 2, '0.01', '0.01', '7240', 100, '3100', 0.00015],
  ['XRPUSDT', 4, '0.0001', '1', '6158000', 75, '0.5500', 0.0002],
  ['EOSUSDT', 4, '0.0001', '0.1', '1500000', 50, '0.5200', 0.0002],
  ['SOLUSDT', 3, '0.010', '0.1', '79770', 100, '150.000', 0.0002],
  ['DOGEUSDT', 5, '0.00001', '1', '30000000', 75, '0.12000', 0.00025],
  ['ADAUSDT', 4, '0.0001', '1', '5000000', 75, '0.3500', 0.0002],
  ['BNBUSDT', 2, '0.01', '0.01', '2000', 75, '560.00', 0.00015],
  ['LTCUSDT', 2, '0.01', '0.1', '35000', 75, '68.00', 0.00018],
  ['LINKUSDT', 3, '0.001', '0.1', '200000', 75, '11.500', 0.0002],
  ['DOTUSDT', 3, '0.001', '0.1', '500000', 75, '4.300', 0.0002],
  ['AVAXUSDT', 3, '0.001', '0.1', '150000', 75, '26.000', 0.0002],
  ['TRXUSDT', 5, '0.00001', '1', '10000000', 75, '0.16000', 0.00012],
  ['ATOMUSDT', 3, '0.001', '0.1', '300000', 50, '4.600', 0.0002],
  ['NEARUSDT', 3, '0.001', '0.1', '500000', 50, '4.800', 0.00022],
  ['UNIUSDT', 3, '0.001', '0.1', '200000', 50, '7.900', 0.0002],
  ['BCHUSDT', 2, '0.05', '0.01', '4000', 75, '350.00', 0.00018],
  ['ETCUSDT', 3, '0.001', '0.1', '100000', 50, '19.000', 0.0002],
  ['FILUSDT', 3, '0.001', '0.1', '400000', 50, '3.700', 0.00022],
  ['APTUSDT', 4, '0.0005', '0.01', '300000', 50, '8.9000', 0.00022],
];

function build([
  symbol,
  priceScale,
  tickSize,
  qtyStep,
  maxOrderQty,
  maxLeverage,
  basePrice,
  vol,
]: Row): Instrument {
  const qtyScale = decimalsOf(qtyStep);
  return {
    symbol,
    baseCoin: symbol.slice(0, -4),
    priceScale,
    tickSize,
    tickUnits: parseFixed(tickSize, priceScale),
    qtyStep,
    qtyScale,
    stepUnits: parseFixed(qtyStep, qtyScale),
    minOrderQty: qtyStep,
    maxOrderQty,
    maxMktOrderQty: String(Math.max(1, Math.floor(Number(maxOrderQty) / 10))),
    minNotionalValue: '5',
    maxLeverage,
    basePrice: parseFixed(basePrice, priceScale),
    volPerSqrtSec: vol,
    launchTime: '1585526400000',
  };
}

export const INSTRUMENTS: readonly Instrument[] = ROWS.map(build);

const BY_SYMBOL: ReadonlyMap<string, Instrument> = new Map(INSTRUMENTS.map((i) => [i.symbol, i]));

export function instrumentOf(symbol: string): Instrument | undefined {
  return BY_SYMBOL.get(symbol);
}

/** The quote coin of every simulated contract, valued at 1 USD. */
export const QUOTE_COIN = 'USDT';
