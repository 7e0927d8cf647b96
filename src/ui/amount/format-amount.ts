/**
 * How each kind of number on the live screens is written, all through src/lib/money.ts: the one
 * path that also masks amounts when the user hides their assets. Prices are market data, not the
 * user's money, and are never masked.
 */
import { compareIntStr } from '../../lib/intstr';
import {
  coinPrecision,
  compareDecimal,
  displayCoin,
  displayDecimal,
  displayE8,
  displayPercentE4,
  displayUsd,
  isDecimalInput,
  isScaledString,
  type Displayed,
  type Figure,
  type SignDisplay,
} from '../../lib/money';

/**
 * `e8`: an ...E8 amount of `coin`; `decimal`: a decimal amount of `coin` (computed PnL);
 * `usd`: a USD value; `percentE4`: an ...E4 rate as a percentage; `qty`: a position or order
 * size (masked: it tells what the user holds); `price`: a price (not masked). Sizes and prices
 * are written at their instrument's step when the caller knows it (`decimals`), else as sent.
 */
export type AmountKind = 'e8' | 'decimal' | 'usd' | 'percentE4' | 'qty' | 'price';

export interface AmountFormat {
  /**
   * What the figure is, for its rounding (src/lib/money.ts FIGURE_ROUNDING): default `balance`
   * for amounts, `rate` for percentages, `price` and `size` for prices and quantities.
   */
  figure?: Figure;
  coin?: string;
  decimals?: number;
  sign?: SignDisplay;
  language?: string;
  masked?: boolean;
}

/** Fraction digits written in a decimal string ("0.1200100" → 7). */
export function fractionDigits(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/**
 * The decimals a sum of money that moved or moves is written with (a network fee, what is deducted
 * in total, a record's amount): the coin's display decimals (src/lib/money.ts `coinPrecision`:
 * USDT 4), or more where one of `values` has more, so that the figure is written exactly, never
 * rounded (USDT moves in 6: 0.00005 is not "0.0000"). Trailing zeros add nothing ("2.500000" XRP
 * is 2.5000).
 */
export function exactDecimals(coin: string, ...values: string[]): number {
  const digits = (v: string) =>
    isDecimalInput(v) ? fractionDigits(v.replace(/(\.\d*?)0+$/, '$1')) : 0;
  return Math.max(coinPrecision(coin), ...values.map(digits));
}

/** Whether amounts of this kind are hidden with the user's assets. */
export const isMaskable = (kind: AmountKind): boolean => kind !== 'price';

/**
 * What a value of `kind` shows (the mask, or `--` when missing or malformed) and the sign of the
 * value as shown: a PnL that rounds to zero is neither green nor red.
 */
export function displayAmount(
  kind: AmountKind,
  value: string | null | undefined,
  f: AmountFormat = {},
): Displayed {
  const masked = isMaskable(kind) && f.masked === true;
  const base = {
    language: f.language,
    masked,
    ...(f.figure ? { figure: f.figure } : {}),
    ...(f.sign ? { sign: f.sign } : {}),
    ...(f.decimals !== undefined ? { decimals: f.decimals } : {}),
  };
  switch (kind) {
    case 'e8':
      return displayE8(value, { ...base, ...(f.coin ? { coin: f.coin } : {}) });
    case 'decimal':
      return f.coin ? displayCoin(value, f.coin, base) : displayDecimal(value, base);
    case 'usd':
      return displayUsd(value, base);
    case 'percentE4':
      return displayPercentE4(value, base);
    case 'qty':
    case 'price':
      // At the instrument's step when known (`decimals`), else as precise as sent. A price cut to
      // its tick is rounded to the nearest; a size is a multiple of its step anyway.
      return displayDecimal(value, {
        ...base,
        decimals: f.decimals ?? (isDecimalInput(value) ? fractionDigits(value) : 0),
        figure: f.figure ?? (kind === 'price' ? 'price' : 'size'),
      });
  }
}

/** The text of a value of `kind` (the mask, or `--` when missing or malformed). */
export const formatAmount = (
  kind: AmountKind,
  value: string | null | undefined,
  f?: AmountFormat,
): string => displayAmount(kind, value, f).text;

/** next vs prev: 1, -1, 0, or null when either is missing or malformed. */
export function compareAmounts(
  kind: AmountKind,
  next: string | null | undefined,
  prev: string | null | undefined,
): number | null {
  if (kind === 'e8' || kind === 'percentE4') {
    return isScaledString(next) && isScaledString(prev) ? compareIntStr(next, prev) : null;
  }
  return isDecimalInput(next) && isDecimalInput(prev) ? compareDecimal(next, prev) : null;
}
