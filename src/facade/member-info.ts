/**
 * `const reloadMemberInfo = useReloadMemberInfo(); … reloadMemberInfo()`: read the member info
 * again, with the session API the app was given (after the unified upgrade, so that the next
 * Transfer opens the unified account's dialog without a reload).
 */
import { useStore } from 'jotai';
import { useCallback } from 'react';
import { reloadMemberInfo } from '../pipeline/session';
import { useServices } from './services';

export function useReloadMemberInfo(): () => void {
  const store = useStore();
  const { api } = useServices();
  return useCallback(() => void reloadMemberInfo(store, api), [store, api]);
}
