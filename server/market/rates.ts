/**
 * USD exchange rates from the tickers (a coin is worth its USDT contract's last price; USDT and
 * USDC are 1) and USD valuation of coin amounts, exact to the cent (truncated).
 */
import { divRound, E8, formatFixed, rescale } from '../lib/fixed';
import { INSTRUMENTS } from './instruments';
import type { Market } from './market';

export interface Rate {
  coin: string;
  /** As on the wire ("64123.50"). */
  text: string;
  /** The rate as an integer at `scale` decimals. */
  n: bigint;
  scale: number;
}

const STABLE = ['USDT', 'USDC', 'USD'];

export function usdRates(market: Market): Map<string, Rate> {
  const out = new Map<string, Rate>();
  for (const coin of STABLE) out.set(coin, { coin, text: '1', n: 1n, scale: 0 });
  for (const inst of INSTRUMENTS) {
    const last = market.state(inst.symbol).last;
    out.set(inst.baseCoin, {
      coin: inst.baseCoin,
      text: formatFixed(last, inst.priceScale),
      n: last,
      scale: inst.priceScale,
    });
  }
  return out;
}

/** Cents (USD at 2 decimals) of `amountE8` of a coin; 0 for a coin without a rate. */
export function usdCents(amountE8: bigint, rate: Rate | undefined): bigint {
  if (!rate) return 0n;
  return rescale(amountE8 * rate.n, E8 + rate.scale, 2, 'trunc');
}

export const formatUsd = (cents: bigint): string => formatFixed(cents, 2);

/** A USD amount in BTC at 8 decimals (truncated). */
export function centsToBtc(cents: bigint, btc: Rate | undefined): string {
  if (!btc || btc.n <= 0n) return '0.00000000';
  // cents / 100 / (n / 10^scale) at 8 decimals = cents * 10^(scale + 6) / n
  return formatFixed(divRound(cents * 10n ** BigInt(btc.scale + 6), btc.n, 'trunc'), 8);
}
