/**
 * Live valuation of a copied position at the latest mark price (exact, through src/lib/money.ts):
 * the stream sends positions re-valued about once a second, the ticker many times a second.
 */
import {
  compareDecimal,
  divideToScaled,
  e8ToDecimal,
  isDecimalInput,
  isScaledString,
  mulDecimal,
  subDecimal,
} from '../../lib/money';
import type { Position, Ticker } from '../../facade';

/** 1 for a long, -1 for a short, null when unknown (side, else the hedge-mode positionIdx). */
export function directionOf(p: Pick<Position, 'side' | 'positionIdx'>): 1 | -1 | null {
  if (p.side === 'Buy') return 1;
  if (p.side === 'Sell') return -1;
  if (p.positionIdx === 1) return 1;
  if (p.positionIdx === 2) return -1;
  return null;
}

/**
 * Unrealised PnL in the quote coin: (mark − entry) × size for a long, (entry − mark) × size for a
 * short, as an exact decimal string; null when an input is missing or malformed.
 */
export function unrealisedPnl(
  direction: 1 | -1 | null,
  size: string | undefined,
  entryPrice: string | undefined,
  markPrice: string | undefined,
): string | null {
  if (direction === null) return null;
  if (!isDecimalInput(size) || !isDecimalInput(entryPrice) || !isDecimalInput(markPrice)) {
    return null;
  }
  return mulDecimal(subDecimal(markPrice, entryPrice), mulDecimal(size, String(direction)));
}

/** Return on the position's initial margin (entry × size ÷ leverage), as an ...E4 rate. */
export function roeE4(
  pnl: string | null,
  p: Pick<Position, 'size' | 'entryPrice' | 'leverage'>,
): string | null {
  if (pnl === null || !isDecimalInput(p.size) || !isDecimalInput(p.entryPrice)) return null;
  if (!isDecimalInput(p.leverage)) return null;
  // pnl ÷ (entry × size ÷ leverage), as pnl × leverage ÷ (entry × size): one exact division
  const margin = mulDecimal(p.entryPrice, p.size);
  if (compareDecimal(p.leverage, '0') <= 0 || compareDecimal(margin, '0') <= 0) return null;
  return divideToScaled(mulDecimal(pnl, p.leverage), margin, 4, 'halfUp');
}

export interface LiveValuation {
  /** The mark price used: the quote's, else the position's own. */
  markPrice: string | undefined;
  /** Unrealised PnL, decimal string in the quote coin; undefined when unknown. */
  pnl: string | undefined;
  /** ROE as an ...E4 rate. */
  roeE4: string | undefined;
  /** True when computed from a live quote (false: the position's last valuation). */
  live: boolean;
}

/**
 * The position valued at its symbol's live quote, or at its own last valuation without one.
 * `liveQuote` must come from `liveQuoteAtom` (undefined while the public stream is not live for
 * the symbol): a quote frozen by a lost connection must not override the fresher markPrice and
 * unrealisedPnlE8 the private stream keeps sending.
 */
export function valuePosition(p: Position, liveQuote: Ticker | undefined): LiveValuation {
  const mark = liveQuote?.markPrice;
  const pnl = livePnlAt(p, mark);
  if (pnl !== null) {
    return { markPrice: mark, pnl, roeE4: roeE4(pnl, p) ?? undefined, live: true };
  }
  const last = lastPnl(p);
  return {
    markPrice: p.markPrice,
    pnl: last ?? undefined,
    roeE4: roeE4(last, p) ?? undefined,
    live: false,
  };
}

/** The PnL of valuePosition alone (no ROE), at `mark`, the live quote's markPrice if any. */
export function positionPnl(p: Position, mark: string | undefined): string | undefined {
  return livePnlAt(p, mark) ?? lastPnl(p) ?? undefined;
}

function livePnlAt(p: Position, mark: string | undefined): string | null {
  if (!isDecimalInput(mark)) return null;
  return unrealisedPnl(directionOf(p), p.size, p.entryPrice, mark);
}

/** The position's own last valuation (the private stream's unrealisedPnlE8). */
function lastPnl(p: Position): string | null {
  return isScaledString(p.unrealisedPnlE8) ? e8ToDecimal(p.unrealisedPnlE8) : null;
}
