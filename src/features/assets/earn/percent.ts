/**
 * Rates of the earn screens (APY, LTV, hourly interest) are decimal fractions on the wire
 * ("0.0512" = 5.12 %). They are written as percentages with one rule: the percentage rounded
 * half-up to `decimals` places by the money module (decimalToScaled), then rendered by the same
 * locale renderer as every other amount (percent sign, spacing and direction of the language).
 * Rates are terms of a product or loan, not the user's money: never masked.
 */
import {
  decimalToScaled,
  isDecimalInput,
  mulDecimal,
  PERCENT_PRECISION,
  PLACEHOLDER,
  scaledToDecimal,
} from '../../../lib/money';
import { renderDecimal } from '../../../lib/money-intl';

/** The percentage of `fraction`, rounded half-up, as a fixed string: ("0.05125", 2) → "5.13". */
export function fractionToPercent(fraction: string, decimals = PERCENT_PRECISION): string {
  const scaled = decimalToScaled(mulDecimal(fraction, '100'), decimals, 'halfUp');
  const exact = scaledToDecimal(scaled, decimals);
  const [int = '0', frac = ''] = exact.split('.');
  return decimals > 0 ? `${int}.${frac.padEnd(decimals, '0')}` : int;
}

/** "0.0512" → "5.12%" in the page language; `--` when not a decimal. */
export function formatRate(
  fraction: string | null | undefined,
  language: string,
  decimals = PERCENT_PRECISION,
): string {
  if (!isDecimalInput(fraction)) return PLACEHOLDER;
  return renderDecimal(fractionToPercent(fraction, decimals), {
    language,
    style: 'percent',
    decimals,
  });
}

/**
 * Decimals that show an hourly rate (0.00061 %) without rounding it away: at least two, more
 * when the rate is that small, at most six.
 */
export function rateDecimals(fraction: string): number {
  if (!isDecimalInput(fraction)) return PERCENT_PRECISION;
  const pct = mulDecimal(fraction, '100').replace(/^-/, '');
  const dot = pct.indexOf('.');
  const frac = dot < 0 ? '' : pct.slice(dot + 1).replace(/0+$/, '');
  return Math.min(6, Math.max(PERCENT_PRECISION, frac.length));
}
