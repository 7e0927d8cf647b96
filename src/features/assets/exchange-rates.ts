/**
 * USD exchange rates for the assets screens: loaded into `rateAtom` when a screen needs them and
 * refreshed every minute while it is open. A failed refresh keeps the last rates (marked error).
 */
import { useStore } from 'jotai';
import { useEffect } from 'react';
import { useScreenApi } from '../../facade';
import { errorCodeOf } from '../../i18n/error-message';
import { rateAtom } from '../../facade';
import { dataOf, failed, pending, ready } from '../../facade';

export const RATES_REFRESH_MS = 60_000;

export function useExchangeRates(): void {
  const store = useStore();
  const api = useScreenApi();
  useEffect(() => {
    let live = true;
    const load = (fresh: boolean) => {
      const old = dataOf(store.get(rateAtom));
      store.set(rateAtom, pending(old));
      api.exchangeRate({ fresh }).then(
        (r) => live && store.set(rateAtom, ready(r.list)),
        (err: unknown) =>
          live && store.set(rateAtom, failed(String(errorCodeOf(err) ?? 'error'), old)),
      );
    };
    load(false);
    const timer = setInterval(() => load(true), RATES_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [store, api]);
}
