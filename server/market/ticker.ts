/**
 * A symbol's state as a Bybit V5 linear ticker: every field a string, prices at the symbol's
 * price scale, and deltas that carry only what changed.
 */
import type { Ticker } from '../../src/wire/protocol';
import { divRound, formatFixed, formatTrimmed, rescale } from '../lib/fixed';
import type { SymbolState } from './market';

export type TickerWire = Ticker;

/** Fields that never change for a perpetual: sent in snapshots and REST, never in deltas. */
const STATIC_FIELDS = {
  deliveryTime: '0',
  basisRate: '',
  deliveryFeeRate: '',
  predictedDeliveryPrice: '',
  basis: '',
  preOpenPrice: '',
  preQty: '',
  curPreListingPhase: '',
  fundingIntervalHour: '8',
  fundingCap: '0.005',
} as const;

export function buildTicker(s: SymbolState): TickerWire {
  const { inst } = s;
  const ps = inst.priceScale;
  const qs = inst.qtyScale;
  const price = (n: bigint) => formatFixed(n, ps);
  const w = s.stats.window();
  const pcnt =
    w.prevPrice24h > 0n ? divRound((s.last - w.prevPrice24h) * 1_000_000n, w.prevPrice24h) : 0n;
  // A null-prototype record: tickers are keyed data, never objects with inherited fields.
  const t = Object.create(null) as TickerWire;
  Object.assign(t, {
    symbol: inst.symbol,
    tickDirection: s.tickDirection,
    price24hPcnt: formatFixed(pcnt, 6),
    lastPrice: price(s.last),
    prevPrice24h: price(w.prevPrice24h),
    highPrice24h: price(w.high),
    lowPrice24h: price(w.low),
    prevPrice1h: price(w.prevPrice1h),
    markPrice: price(s.mark),
    indexPrice: price(s.index),
    openInterest: formatFixed(s.openInterest, qs),
    openInterestValue: formatFixed(rescale(s.openInterest * s.mark, ps + qs, 2), 2),
    turnover24h: formatTrimmed(w.turnover, ps + qs),
    volume24h: formatFixed(w.volume, qs),
    nextFundingTime: String(s.nextFundingTime),
    fundingRate: formatTrimmed(s.fundingPpm, 6),
    bid1Price: price(s.bid),
    bid1Size: formatFixed(s.bidSize, qs),
    ask1Price: price(s.ask),
    ask1Size: formatFixed(s.askSize, qs),
    ...STATIC_FIELDS,
  });
  return t;
}

/** `symbol` plus the fields of `next` that differ from `prev`, or null when nothing changed. */
export function diffTicker(prev: TickerWire, next: TickerWire): Ticker | null {
  let delta: Ticker | null = null;
  for (const k of Object.keys(next)) {
    if (prev[k] !== next[k]) {
      delta ??= { symbol: next.symbol } as Ticker;
      delta[k] = next[k] as string;
    }
  }
  return delta;
}
