/**
 * Public tickers (Bybit V5): a snapshot replaces the symbol's ticker, a delta merges the fields it
 * carries, and a delta for a symbol with no snapshot yet is ignored.
 */
import type { Ticker } from '../wire/protocol';
import { copyMap } from './keyed';

export type TickersState = ReadonlyMap<string, Ticker>;

export interface TickerUpdate {
  type: 'snapshot' | 'delta';
  data: Ticker;
}

export const emptyTickers = (): TickersState => new Map();

/** Applies ticker frames in order; `ignored` counts deltas that arrived before their snapshot. */
export function mergeTickers(
  state: TickersState,
  updates: readonly TickerUpdate[],
  counters?: { ignored: number },
): TickersState {
  let next: Map<string, Ticker> | null = null;
  for (const u of updates) {
    const symbol = u.data.symbol;
    if (u.type === 'snapshot') {
      next ??= copyMap(state);
      next.set(symbol, u.data);
      continue;
    }
    const cur = (next ?? state).get(symbol);
    if (!cur) {
      if (counters) counters.ignored++;
      continue;
    }
    // Null prototype: a field named `__proto__` is stored as data (Object.assign defines it).
    next ??= copyMap(state);
    next.set(symbol, Object.assign(Object.create(null) as Ticker, cur, u.data));
  }
  return next ?? state;
}
