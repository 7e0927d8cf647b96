/**
 * `const card = useCardPotential()`: whether the signed-in account may hold a card (the session's
 * `cardPotential` read, SPEC 3 client state) and `card.reload()` to read it again after a failure.
 */
import { useAtomValue, useStore } from 'jotai';
import { useCallback } from 'react';
import type { CardPotential } from '../api/types';
import { reloadCardPotential } from '../pipeline/session';
import { cardPotentialAtom } from '../state/client';
import type { Loadable } from '../state/loadable';
import { useServices } from './services';

export function useCardPotential(): { state: Loadable<CardPotential>; reload: () => void } {
  const store = useStore();
  const { api } = useServices();
  const state = useAtomValue(cardPotentialAtom);
  const reload = useCallback(() => void reloadCardPotential(store, api), [store, api]);
  return { state, reload };
}
