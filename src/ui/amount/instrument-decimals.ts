/**
 * The precision an instrument's prices and sizes are written at: the decimals of its tick size
 * and quantity step (`instrumentsAtom`, from /v5/market/instruments-info). Unknown until the
 * instruments have loaded, or for a symbol they do not list: then numbers show as sent.
 */
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { stepDecimals } from '../../lib/money';
import { instrumentsAtom } from '../../facade';
import { dataOf } from '../../facade';

export interface StepDecimals {
  /** Decimals of the tick size, for prices. */
  price?: number;
  /** Decimals of the quantity step, for sizes and quantities. */
  qty?: number;
}

const UNKNOWN: StepDecimals = {};

/** Price and quantity decimals of `symbol`'s instrument; empty while unknown. */
export function useStepDecimals(symbol: string | undefined): StepDecimals {
  const instruments = dataOf(useAtomValue(instrumentsAtom));
  const instrument = symbol ? instruments?.get(symbol) : undefined;
  return useMemo(
    () =>
      instrument
        ? { price: stepDecimals(instrument.tickSize), qty: stepDecimals(instrument.qtyStep) }
        : UNKNOWN,
    [instrument],
  );
}
