/**
 * Bybit V5 public market REST (`/v5/market/time`, `instruments-info`, `tickers`) with Bybit's
 * envelope and error codes, complete enough for an unmodified Bybit V5 client to load markets.
 * Linear has the simulated contracts; spot, inverse and option answer empty lists.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { V5_MARKET } from '../../src/api/calls';
import { formatFixed } from '../lib/fixed';
import { FUNDING_CAP_PPM } from '../market/market';
import { INSTRUMENTS, QUOTE_COIN, type Instrument } from '../market/instruments';
import type { Ticker } from '../../src/wire/protocol';
import { v5Envelope } from './envelope';

const CATEGORIES = new Set(['linear', 'inverse', 'spot', 'option']);
const PARAM_ERROR = 10001;
const MAX_LIMIT = 1000;

function instrumentInfo(i: Instrument) {
  const cap = formatFixed(FUNDING_CAP_PPM, 6);
  return {
    symbol: i.symbol,
    contractType: 'LinearPerpetual',
    status: 'Trading',
    baseCoin: i.baseCoin,
    quoteCoin: QUOTE_COIN,
    launchTime: i.launchTime,
    deliveryTime: '0',
    deliveryFeeRate: '',
    priceScale: String(i.priceScale),
    leverageFilter: { minLeverage: '1', maxLeverage: `${i.maxLeverage}.00`, leverageStep: '0.01' },
    priceFilter: {
      minPrice: i.tickSize,
      maxPrice: formatFixed(i.basePrice * 100n, i.priceScale),
      tickSize: i.tickSize,
    },
    lotSizeFilter: {
      maxOrderQty: i.maxOrderQty,
      minOrderQty: i.minOrderQty,
      qtyStep: i.qtyStep,
      postOnlyMaxOrderQty: i.maxOrderQty,
      maxMktOrderQty: i.maxMktOrderQty,
      minNotionalValue: i.minNotionalValue,
    },
    unifiedMarginTrade: true,
    fundingInterval: 480,
    settleCoin: QUOTE_COIN,
    copyTrading: 'both',
    upperFundingRate: cap,
    lowerFundingRate: `-${cap}`,
    isPreListing: false,
    preListingInfo: null,
    riskParameters: { priceLimitRatioX: '0.01', priceLimitRatioY: '0.02' },
    displayName: '',
  };
}

type Query = Record<string, unknown>;

/** The category parameter, or an error message. */
function category(q: Query): { ok: true; value: string } | { ok: false; msg: string } {
  const c = q.category;
  if (c === undefined || c === '') return { ok: false, msg: 'params error: category is required' };
  if (typeof c !== 'string' || !CATEGORIES.has(c)) return { ok: false, msg: 'Illegal category' };
  return { ok: true, value: c };
}

function optionalString(q: Query, name: string): string | undefined | Error {
  const v = q[name];
  if (v === undefined) return undefined;
  return typeof v === 'string' ? v : new Error(`params error: ${name} must be a single value`);
}

/** What the market routes read: the time and the tickers (the simulator's market, or a replay). */
export interface MarketSource {
  now(): number;
  symbols(): readonly string[];
  has(symbol: string): boolean;
  ticker(symbol: string): Ticker;
}

export function registerMarketRoutes(app: FastifyInstance, source: MarketSource): void {
  const env = <T>(result: T, code = 0, msg = 'OK') => v5Envelope(result, source.now(), code, msg);
  const fail = (msg: string) => env({}, PARAM_ERROR, msg);

  app.get(V5_MARKET.time, () => {
    const now = source.now();
    return env({ timeSecond: String(Math.floor(now / 1000)), timeNano: `${now}000000` });
  });

  app.get(V5_MARKET.instrumentsInfo, (req: FastifyRequest) => {
    const q = (req.query ?? {}) as Query;
    const cat = category(q);
    if (!cat.ok) return fail(cat.msg);
    const symbol = optionalString(q, 'symbol');
    const baseCoin = optionalString(q, 'baseCoin');
    const status = optionalString(q, 'status');
    const limitText = optionalString(q, 'limit');
    for (const v of [symbol, baseCoin, status, limitText])
      if (v instanceof Error) return fail(v.message);
    const limit = limitText === undefined ? 500 : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
      return fail('params error: limit');
    const list =
      cat.value !== 'linear'
        ? []
        : INSTRUMENTS.filter(
            (i) =>
              (symbol === undefined || i.symbol === symbol) &&
              (baseCoin === undefined || i.baseCoin === baseCoin) &&
              (status === undefined || status === 'Trading'),
          )
            .slice(0, limit)
            .map(instrumentInfo);
    return env({ category: cat.value, list, nextPageCursor: '' });
  });

  app.get(V5_MARKET.tickers, (req: FastifyRequest) => {
    const q = (req.query ?? {}) as Query;
    const cat = category(q);
    if (!cat.ok) return fail(cat.msg);
    const symbol = optionalString(q, 'symbol');
    if (symbol instanceof Error) return fail(symbol.message);
    if (cat.value !== 'linear') return env({ category: cat.value, list: [] });
    if (symbol !== undefined && !source.has(symbol)) return fail('params error: symbol invalid');
    const symbols = symbol === undefined ? source.symbols() : [symbol];
    return env({ category: cat.value, list: symbols.map((s) => source.ticker(s)) });
  });
}
