/**
 * `const refreshAssets = useRefreshAssets(); … refreshAssets()`: after any action that moves
 * money (a transfer, a subscription, a repayment), ask the assets screens to reload the overview
 * and the aggregate info at once instead of waiting for the next 5 s refresh. Does nothing
 * visible when no assets screen is open (the next one to open loads fresh anyway).
 */
import { useSetAtom } from 'jotai';
import { refreshAssetsAtom } from '../state/assets';

export function useRefreshAssets(): () => void {
  return useSetAtom(refreshAssetsAtom);
}
