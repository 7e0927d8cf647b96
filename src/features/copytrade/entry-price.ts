/**
 * The decimals an average entry price is written at. An average of fills is not on the tick grid
 * (XRPUSDT 0.546150 at a 0.0001 tick): cut to the tick it reads 0.5462, and the PnL beside it is
 * no longer (mark − entry) × size as shown. So an entry price gets at least its tick's decimals
 * and as many more as the value has (trailing zeros aside), at most ENTRY_EXTRA_DECIMALS more;
 * only beyond those is it rounded, to the nearest (a price's rule).
 */
import { decimalToScaled, FIGURE_ROUNDING, isDecimalInput, scaledToDecimal } from '../../lib/money';
import { fractionDigits } from '../../ui/amount/format-amount';

/** How many decimals beyond the tick an entry price may show. */
const ENTRY_EXTRA_DECIMALS = 4;

/**
 * Decimals for `entry` at an instrument whose tick has `tickDecimals`; undefined while the tick is
 * unknown (the price then shows as sent).
 */
export function entryPriceDecimals(
  entry: string | undefined,
  tickDecimals: number | undefined,
): number | undefined {
  if (tickDecimals === undefined || !isDecimalInput(entry)) return tickDecimals;
  const most = tickDecimals + ENTRY_EXTRA_DECIMALS;
  // The value at the most decimals allowed, without trailing zeros: the digits it really has.
  const shown = scaledToDecimal(decimalToScaled(entry, most, FIGURE_ROUNDING.price), most);
  return Math.max(tickDecimals, fractionDigits(shown));
}
