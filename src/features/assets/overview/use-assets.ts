/**
 * The assets area's live data for its screens: `useAssetsLive()` (mounted once by the area's
 * layout) keeps the overview and aggregate info refreshed and reloads them when a wallet frame
 * moves a balance; `useOverviewView()` gives the overview with DERIVATIVES from the wallet
 * stream (src/state/assets.ts has the rule).
 */
import { atom, useAtomValue, useSetAtom, useStore, type Atom } from 'jotai';
import { useEffect, useMemo, useRef } from 'react';
import {
  assetOverviewAtom,
  dataOf,
  liveDerivatives,
  overviewView,
  rateByUsdAtom,
  refreshAssetsAtom,
  startAssetsRefresher,
  useScreenApi,
  userAtom,
  useStreamAtoms,
  type OverviewView,
  type StreamAtoms,
  type Wallet,
} from '../../../facade';
import { useExchangeRates } from '../exchange-rates';

const balanceKeys = new WeakMap<StreamAtoms, Atom<string>>();

/**
 * What the derivatives wallets hold, as one string: it changes when a wallet balance moves (a
 * transfer, a deposit credited, a realised PnL), not with every tick of unrealised PnL.
 */
function balanceKeyAtom(atoms: StreamAtoms): Atom<string> {
  let a = balanceKeys.get(atoms);
  if (!a) {
    a = atom((get) =>
      get(atoms.walletCoinsAtom)
        .map((c) => `${c}:${get(atoms.walletRowAtom(c))?.walletBalanceE8 ?? ''}`)
        .join(','),
    );
    balanceKeys.set(atoms, a);
  }
  return a;
}

/** Refreshes the area while mounted: at once, every 5 s, on refreshAssets(), on balance moves. */
export function useAssetsLive(): void {
  const store = useStore();
  const api = useScreenApi();
  useExchangeRates();
  // One refresher per signed-in user: another user's session starts its own.
  const user = useAtomValue(userAtom);
  useEffect(() => {
    if (user.userId <= 0) return;
    const r = startAssetsRefresher(store, {
      assetOverview: () => api.assetOverview(),
      aggregateInfo: () => api.aggregateInfo(),
    });
    return () => r.stop();
  }, [store, api, user]);

  const atoms = useStreamAtoms();
  const key = useAtomValue(useMemo(() => balanceKeyAtom(atoms), [atoms]));
  const refresh = useSetAtom(refreshAssetsAtom);
  const first = useRef(true);
  useEffect(() => {
    // The mount loads anyway; only a later change of a balance asks again.
    if (first.current) {
      first.current = false;
      return;
    }
    refresh();
  }, [key, refresh]);
}

const liveCache = new WeakMap<StreamAtoms, Atom<OverviewView | undefined>>();

/** The overview as shown, recomputed when the overview, a wallet or a rate changes. */
function overviewViewAtom(atoms: StreamAtoms): Atom<OverviewView | undefined> {
  let a = liveCache.get(atoms);
  if (!a) {
    a = atom((get) => {
      const overview = dataOf(get(assetOverviewAtom));
      if (!overview) return undefined;
      const rates = get(rateByUsdAtom);
      const walletTopic = get(atoms.topicLoadableAtom('wallet'));
      // DERIVATIVES from the stream once it has been seeded, else the overview's own figures.
      const live =
        walletTopic.status === 'ready' && rates.size > 0
          ? liveDerivatives(
              get(atoms.walletCoinsAtom)
                .map((c) => get(atoms.walletRowAtom(c)))
                .filter((w): w is Wallet => w !== undefined),
              rates,
              overview.accounts.find((x) => x.accountType === 'DERIVATIVES'),
            )
          : undefined;
      return overviewView(overview, live, rates.get('BTC'));
    });
    liveCache.set(atoms, a);
  }
  return a;
}

export function useOverviewView(): OverviewView | undefined {
  const atoms = useStreamAtoms();
  return useAtomValue(useMemo(() => overviewViewAtom(atoms), [atoms]));
}
