/**
 * USD exchange rates for the assets screens: loaded into `rateAtom` when a screen needs them and
 * refreshed every minute while any of them is open (one timer for all of them: pollInto). A
 * failed refresh keeps the last rates (marked error).
 */
import { useStore } from 'jotai';
import { useEffect } from 'react';
import { pollInto, rateAtom, useScreenApi } from '../../facade';

export const RATES_REFRESH_MS = 60_000;

export function useExchangeRates(): void {
  const store = useStore();
  const api = useScreenApi();
  useEffect(
    () =>
      pollInto(
        store,
        rateAtom,
        (fresh) => api.exchangeRate({ fresh }).then((r) => r.list),
        RATES_REFRESH_MS,
      ),
    [store, api],
  );
}
