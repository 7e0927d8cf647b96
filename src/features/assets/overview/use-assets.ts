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
  perStream,
  useStreamAtoms,
  type OverviewView,
} from '../../../facade';
import { useExchangeRates } from '../exchange-rates';

/**
 * What the derivatives wallets hold, as one string: it changes when a wallet balance moves (a
 * transfer, a deposit credited, a realised PnL), not with every tick of unrealised PnL.
 */
const balanceKeyAtom = perStream((atoms): Atom<string> =>
  atom((get) =>
    get(atoms.walletsAtom)
      .map((w) => `${w.coin}:${w.walletBalanceE8 ?? ''}`)
      .join(','),
  ),
);

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

/** The overview as shown, recomputed when the overview, a wallet or a rate changes. */
const overviewViewAtom = perStream((atoms): Atom<OverviewView | undefined> =>
  atom((get) => {
    const overview = dataOf(get(assetOverviewAtom));
    if (!overview) return undefined;
    const rates = get(rateByUsdAtom);
    const walletTopic = get(atoms.topicLoadableAtom('wallet'));
    // DERIVATIVES from the stream once it has been seeded, else the overview's own figures.
    const live =
      walletTopic.status === 'ready' && rates.size > 0
        ? liveDerivatives(
            get(atoms.walletsAtom),
            rates,
            overview.accounts.find((x) => x.accountType === 'DERIVATIVES'),
          )
        : undefined;
    return overviewView(overview, live, rates.get('BTC'));
  }),
);

export function useOverviewView(): OverviewView | undefined {
  const atoms = useStreamAtoms();
  return useAtomValue(useMemo(() => overviewViewAtom(atoms), [atoms]));
}
