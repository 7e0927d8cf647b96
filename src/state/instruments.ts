/**
 * Instrument metadata (tick size, quantity step) of the linear contracts, from Bybit V5
 * /v5/market/instruments-info, for formatting prices at their tick size and for subscribing only
 * tickers that exist. The pure part: reading a V5 list. Loading it (paged) is
 * src/pipeline/instruments.ts.
 */
import { isDecimalString } from '../wire/validate';
import type { Instrument } from './client';

/** The usable instruments of a V5 list, keyed by symbol; malformed entries are left out. */
export function instrumentsOf(list: readonly unknown[]): Map<string, Instrument> {
  const out = new Map<string, Instrument>();
  for (const raw of list) {
    if (typeof raw !== 'object' || raw === null) continue;
    const i = raw as Partial<Record<string, unknown>>;
    const tickSize = (i.priceFilter as { tickSize?: unknown } | undefined)?.tickSize;
    const qtyStep = (i.lotSizeFilter as { qtyStep?: unknown } | undefined)?.qtyStep;
    const { symbol, baseCoin, quoteCoin } = i;
    if (typeof symbol !== 'string' || symbol === '') continue;
    if (typeof baseCoin !== 'string' || typeof quoteCoin !== 'string') continue;
    if (!isDecimalString(tickSize) || !isDecimalString(qtyStep)) continue;
    out.set(symbol, { symbol, baseCoin, quoteCoin, tickSize, qtyStep });
  }
  return out;
}
