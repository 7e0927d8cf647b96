/**
 * The decimals each coin moves in (coin-info `precision`: USDT 6, BTC 8), for the earn screens:
 * the amount form accepts no more than that, and a debt is written with all of them. Display
 * decimals (src/lib/money.ts `coinPrecision`: USDT 4) are something else: how a balance is
 * shown, rounded down.
 */
import { useCallback, useMemo } from 'react';
import { useScreenApi } from '../../../facade';
import {
  decimalToScaled,
  E8,
  isDecimalInput,
  scaledToDecimal,
  type Rounding,
} from '../../../lib/money';
import { fractionDigits } from '../../../ui/amount/format-amount';
import { useResource } from '../../../ui/live/use-resource';

export interface CoinPrecisions {
  /**
   * Decimals `coin` moves in; undefined until coin-info has answered. A coin that coin-info does
   * not list moves in 8 (the E8 scale: what the server accepts then).
   */
  of: (coin: string) => number | undefined;
  /** coin-info failed (and never answered): offer `reload`. */
  failed: boolean;
  reload: () => void;
}

/** Loads coin-info once for the screen (and again on `reload`). */
export function useCoinPrecisions(): CoinPrecisions {
  const api = useScreenApi();
  const load = useCallback(() => api.money.coinInfo(), [api]);
  const { state, reload } = useResource(load);
  const list = state.status === 'ready' ? state.data.list : undefined;
  return useMemo(
    () => ({
      of: (coin: string) =>
        list ? (list.find((c) => c.coin === coin)?.precision ?? E8) : undefined,
      failed: state.status === 'error' && !list,
      reload,
    }),
    [list, state.status, reload],
  );
}

/**
 * `value` rounded to `decimals` places, as a plain decimal string without trailing zeros:
 * 'up' for a least (a minimum as shown: what is written is allowed), 'down' for a most.
 */
export function roundTo(value: string, decimals: number, rounding: Rounding): string {
  if (!isDecimalInput(value)) return value;
  return scaledToDecimal(decimalToScaled(value, decimals, rounding), decimals);
}

/**
 * The decimals a debt is written with: all those its coin moves in, and more if the figure has
 * more (never rounded: what is shown is what must be repaid).
 */
export function debtDecimals(value: string, precision: number): number {
  return Math.max(precision, isDecimalInput(value) ? fractionDigits(value) : 0);
}
