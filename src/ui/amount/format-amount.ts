/**
 * How each kind of number on the live screens is written, all through src/lib/money.ts: the one
 * path that also masks amounts when the user hides their assets. Prices are market data, not the
 * user's money, and are never masked.
 */
import { compareIntStr } from '../../lib/intstr';
import {
  formatCoin,
  formatDecimal,
  formatE8,
  formatPercentE4,
  formatUsd,
  compareDecimal,
  isDecimalInput,
  isScaledString,
  type SignDisplay,
} from '../../lib/money';

/**
 * `e8`: an ...E8 amount of `coin`; `decimal`: a decimal amount of `coin` (computed PnL);
 * `usd`: a USD value; `percentE4`: an ...E4 rate as a percentage; `qty`: a position or order
 * size as sent (masked: it tells what the user holds); `price`: a price as sent (not masked).
 */
export type AmountKind = 'e8' | 'decimal' | 'usd' | 'percentE4' | 'qty' | 'price';

export interface AmountFormat {
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

/** Whether amounts of this kind are hidden with the user's assets. */
export const isMaskable = (kind: AmountKind): boolean => kind !== 'price';

/** The text of a value of `kind` (the mask, or `--` when missing or malformed). */
export function formatAmount(
  kind: AmountKind,
  value: string | null | undefined,
  f: AmountFormat = {},
): string {
  const masked = isMaskable(kind) && f.masked === true;
  const base = {
    language: f.language,
    masked,
    ...(f.sign ? { sign: f.sign } : {}),
    ...(f.decimals !== undefined ? { decimals: f.decimals } : {}),
  };
  switch (kind) {
    case 'e8':
      return formatE8(value, { ...base, ...(f.coin ? { coin: f.coin } : {}) });
    case 'decimal':
      return f.coin ? formatCoin(value, f.coin, base) : formatDecimal(value, base);
    case 'usd':
      return formatUsd(value, base);
    case 'percentE4':
      return formatPercentE4(value, base);
    case 'qty':
    case 'price':
      // As precise as sent: sizes and prices come at the instrument's step.
      return formatDecimal(value, {
        ...base,
        decimals: f.decimals ?? (isDecimalInput(value) ? fractionDigits(value) : 0),
      });
  }
}

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

/** -1, 0 or 1 for the sign of a value of `kind`; null when malformed. */
export function signOf(kind: AmountKind, value: string | null | undefined): number | null {
  return compareAmounts(kind, value, '0');
}
