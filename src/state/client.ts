/**
 * Client state that is not streamed: the signed-in user and the REST-loaded settings around it.
 * Streamed state (wallets, quotes, risk, copy trading) lives in the stream atoms.
 */
import { atom } from 'jotai';
import type {
  AssetsAggregateInfo,
  CardPotential,
  CopyProfile,
  ExchangeRate,
  MemberInfo,
  PrefSetting,
  Preferences,
  Profile,
  RegisterPermission,
  UserTags,
} from '../api/types';
import { idle, type Loadable } from './loadable';

/** The signed-in user; userId 0 means signed out (the shell hides header, footer and chat). */
export interface SessionUser {
  userId: number;
  profile?: Profile;
}
export const SIGNED_OUT: SessionUser = { userId: 0 };

export const userAtom = atom<SessionUser>(SIGNED_OUT);
export const isSignedInAtom = atom((get) => get(userAtom).userId > 0);

export const memberInfoAtom = atom<Loadable<MemberInfo>>(idle<MemberInfo>());
export const registerPermissionAtom =
  atom<Loadable<RegisterPermission>>(idle<RegisterPermission>());
export const cardPotentialAtom = atom<Loadable<CardPotential>>(idle<CardPotential>());
export const profileUserTagAtom = atom<Loadable<UserTags>>(idle<UserTags>());
export const copyProfileAtom = atom<Loadable<CopyProfile>>(idle<CopyProfile>());
export const assetsAggregateInfoAtom =
  atom<Loadable<AssetsAggregateInfo>>(idle<AssetsAggregateInfo>());

export const DEFAULT_PREFERENCES: Preferences = { showAssets: 1, homeTradingPageUserGuide: 'hide' };
/** Display preferences; amounts are masked everywhere when showAssets is 0. */
export const preferencesAtom = atom<Preferences>(DEFAULT_PREFERENCES);

/**
 * Where the preferences in `preferencesAtom` come from. `none`: nobody signed in. `unknown`: a
 * session started and its preferences have not answered yet (amounts stay hidden: a user who
 * hides them must never see them flash). `server`: the preferences call answered. `stored`: it
 * failed and the last value known on this device stands in. `user`: the user's own choice since.
 */
export type PreferencesSource = 'none' | 'unknown' | 'server' | 'stored' | 'user';
export const preferencesSourceAtom = atom<PreferencesSource>('none');

/** Whether amounts are shown: never while the signed-in user's preference is unknown. */
export const showAssetsAtom = atom(
  (get) => get(preferencesSourceAtom) !== 'unknown' && get(preferencesAtom).showAssets !== 0,
);

export const DEFAULT_CONFIGS: PrefSetting = { deposit_to: '' };
export const configsAtom = atom<PrefSetting>(DEFAULT_CONFIGS);

export const currentLangAtom = atom<string>('en');

/** USD exchange rates as received (coin -> decimal string). */
export const rateAtom = atom<Loadable<readonly ExchangeRate[]>>(idle<readonly ExchangeRate[]>());
/** The same rates keyed by coin, for lookups in rows. */
export const rateByUsdAtom = atom<ReadonlyMap<string, string>>((get) => {
  const l = get(rateAtom);
  const list = l.status === 'idle' ? undefined : l.data;
  return new Map((list ?? []).map((r) => [r.coin, r.rate]));
});

/** Instrument metadata from /v5/market/instruments-info, keyed by symbol. */
export interface Instrument {
  symbol: string;
  baseCoin: string;
  quoteCoin: string;
  /** Price tick, decimal string. */
  tickSize: string;
  /** Quantity step, decimal string. */
  qtyStep: string;
}
export const instrumentsAtom =
  atom<Loadable<ReadonlyMap<string, Instrument>>>(idle<ReadonlyMap<string, Instrument>>());

/**
 * AML-clear refresh counter: views that depend on an AML check re-fetch when it changes. Writing
 * increments it; writing a truthy flag resets it to 0.
 */
const amlClearBaseAtom = atom(0);
export const amlClearRefreshAtom = atom(
  (get) => get(amlClearBaseAtom),
  (get, set, reset?: unknown) => set(amlClearBaseAtom, reset ? 0 : get(amlClearBaseAtom) + 1),
);
