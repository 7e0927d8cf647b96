/**
 * The balances a money form checks an amount against ("Available", Max, the amount's limit): the
 * asset overview, read when the form opens, then again every FORM_BALANCES_REFRESH_MS and when
 * the window gets focus back, for as long as the form is open. A position's fill, a transfer in
 * another tab or a withdrawal that settles move "Available" while the dialog is open; before
 * this, the form kept the figure it opened with and Max filled in money that had gone (the money
 * review's L1). Not while `paused` (a request in flight, or the form done): the form re-reads
 * the overview itself after the answer. A failed re-read keeps the last balances (useResource).
 */
import { useCallback, useEffect, useRef } from 'react';
import { useScreenApi, type AssetOverview } from '../../../facade';
import { useResource, type Resource } from '../../live/use-resource';

/** As often as the assets screens refresh the same overview (pipeline/assets-refresh.ts). */
const FORM_BALANCES_REFRESH_MS = 5_000;

export function useFormBalances(paused = false): Resource<AssetOverview> {
  const api = useScreenApi();
  const load = useCallback(() => api.assetOverview(), [api]);
  const balances = useResource(load);
  useReadAgainWhileOpen(balances.reload, paused);
  return balances;
}

/**
 * Calls `reload` every FORM_BALANCES_REFRESH_MS and when the window gets focus back, while the
 * calling form is mounted and not `paused` (nor the page hidden): the balances above, and the
 * prices the borrow form values a loan with.
 */
export function useReadAgainWhileOpen(reload: () => void, paused: boolean): void {
  const pausedRef = useRef(paused);
  useEffect(() => {
    pausedRef.current = paused;
  }, [paused]);

  useEffect(() => {
    const again = () => {
      if (pausedRef.current || document.visibilityState === 'hidden') return;
      reload();
    };
    const timer = setInterval(again, FORM_BALANCES_REFRESH_MS);
    window.addEventListener('focus', again);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', again);
    };
  }, [reload]);
}
