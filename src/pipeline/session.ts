/**
 * The signed-in session: bootstrap on load, log in, sign out, and the forced sign-out when the
 * HTTP client reports a "user no permission" code. Functions take the Jotai store and the API
 * they need, so tests hand in fakes and the app hands in src/api/endpoints.ts.
 */
import { atom, type createStore, type PrimitiveAtom } from 'jotai';
import { isNoPermission } from '../api/errors';
import type {
  AssetsAggregateInfo,
  CardPotential,
  CopyProfile,
  LoginBody,
  LoginResult,
  MemberInfo,
  PrefSetting,
  Preferences,
  Profile,
  RegisterPermission,
  UserTags,
} from '../api/types';
import { assetOverviewAtom, assetsRefreshedAtAtom } from '../state/assets';
import {
  amlClearRefreshAtom,
  assetsAggregateInfoAtom,
  cardPotentialAtom,
  configsAtom,
  copyProfileAtom,
  DEFAULT_CONFIGS,
  DEFAULT_PREFERENCES,
  memberInfoAtom,
  preferencesAtom,
  preferencesSourceAtom,
  profileUserTagAtom,
  registerPermissionAtom,
  SIGNED_OUT,
  userAtom,
  type SessionUser,
} from '../state/client';
import { loadInstruments, type FetchInstruments } from './instruments';
import { dataOf, idle, type Loadable } from '../state/loadable';
import { loadInto } from './load';
import { recallShowAssets, rememberShowAssets } from '../state/show-assets-memory';

export type JotaiStore = ReturnType<typeof createStore>;

export interface SessionApi {
  login(body: LoginBody): Promise<LoginResult>;
  logout(): Promise<unknown>;
  profile(): Promise<Profile>;
  preferences(): Promise<Preferences>;
  prefSetting(): Promise<PrefSetting>;
  copyProfile(): Promise<CopyProfile>;
  userTags(): Promise<UserTags>;
  /** The rest of the client state; a read left out is not loaded (tests, tools). */
  memberInfo?: () => Promise<MemberInfo>;
  registerPermission?: () => Promise<RegisterPermission>;
  cardPotential?: () => Promise<CardPotential>;
  aggregateInfo?: () => Promise<AssetsAggregateInfo>;
  instrumentsInfo?: FetchInstruments;
}

/** Whether we know yet if someone is signed in ('error': the server could not be reached). */
export type SessionStatus = 'unknown' | 'checking' | 'ready' | 'error';
export const sessionStatusAtom = atom<SessionStatus>('unknown');

export type Role = 'leader' | 'follower' | 'trader';

const FOLLOWER_TAG = 'copytrade_follower';

/**
 * Copy-trade role: a leader (copy profile `isLeader`); a follower (copy sub-accounts in
 * `subMemberIdList`, or the `copytrade_follower` user tag); anyone else trades on their own.
 */
export function roleOf(cp: CopyProfile | undefined, tags?: UserTags): Role {
  if (cp?.isLeader) return 'leader';
  if ((cp && cp.subMemberIdList.length > 0) || tags?.tags.includes(FOLLOWER_TAG)) return 'follower';
  return 'trader';
}

const settled = <T>(l: Loadable<T>) => l.status === 'ready' || l.status === 'error';

/** The signed-in user's role once copy profile and tags have answered (either way); else undefined. */
export const roleAtom = atom<Role | undefined>((get) => {
  const cp = get(copyProfileAtom);
  const tags = get(profileUserTagAtom);
  if (!settled(cp) || !settled(tags)) return undefined;
  return roleOf(dataOf(cp), dataOf(tags));
});

export const HOME_PATHS: Record<Role, string> = {
  leader: '/copy-trade/leader',
  follower: '/copy-trade',
  trader: '/assets/derivatives',
};

/**
 * Starts a session for `profile`'s user: everything of the previous one is forgotten first and
 * the preferences are unknown (amounts hidden) until they answer. The new `userAtom` value is
 * the session: a late answer meant for another one is recognised by it (`sameSession`).
 */
function beginSession(store: JotaiStore, profile: Profile): SessionUser {
  resetUserState(store, 'unknown');
  const session: SessionUser = { userId: profile.userId, profile };
  store.set(userAtom, session);
  return session;
}

const sameSession = (store: JotaiStore, session: SessionUser) => store.get(userAtom) === session;

/** The preferences answered: shown as they are (a choice the user made meanwhile stands). */
function applyPreferences(store: JotaiStore, session: SessionUser, prefs: Preferences): void {
  const mine = store.get(preferencesSourceAtom) === 'user';
  const showAssets = mine ? store.get(preferencesAtom).showAssets : prefs.showAssets;
  store.set(preferencesAtom, { ...DEFAULT_PREFERENCES, ...prefs, showAssets });
  if (!mine) {
    store.set(preferencesSourceAtom, 'server');
    rememberShowAssets(session.userId, showAssets === 0 ? 0 : 1);
  }
}

/** The preferences call failed: the last choice known on this device, else amounts stay hidden. */
function fallBackPreferences(store: JotaiStore, session: SessionUser): void {
  if (store.get(preferencesSourceAtom) !== 'unknown') return;
  const stored = recallShowAssets(session.userId);
  if (stored === undefined) return;
  store.set(preferencesAtom, { ...store.get(preferencesAtom), showAssets: stored });
  store.set(preferencesSourceAtom, 'stored');
}

interface UserContextLoad {
  /** The role, once copy profile and user tags have answered (either way). */
  role: Promise<Role>;
  /** Every read has answered (or failed). */
  done: Promise<void>;
}

/**
 * Loads everything around the signed-in user that screens read, in parallel, each applied as
 * soon as it answers: copy-trade profile and user tags (they decide the home screen), display
 * preferences, page configs, member info, register permission, card potential, asset aggregate
 * info, and (once per page) the instruments. A failure keeps the defaults and marks its loadable
 * failed rather than blocking the session. Answers that come after the session ended (sign-out,
 * another user) are dropped.
 */
function loadUserContext(store: JotaiStore, api: SessionApi): UserContextLoad {
  const session = store.get(userAtom);
  const live = () => sameSession(store, session);
  const load = <T>(target: PrimitiveAtom<Loadable<T>>, call: (() => Promise<T>) | undefined) =>
    call ? loadInto(store, target, call, live) : Promise.resolve(undefined);
  const cp = load(copyProfileAtom, () => api.copyProfile());
  const tags = load(profileUserTagAtom, () => api.userTags());
  const role = Promise.all([cp, tags]).then(([c, t]) => roleOf(c, t));
  const prefs = api.preferences().then(
    (p) => {
      if (live()) applyPreferences(store, session, p);
    },
    () => {
      if (live()) fallBackPreferences(store, session);
    },
  );
  const configs = api.prefSetting().then(
    (c) => {
      if (live()) store.set(configsAtom, { ...DEFAULT_CONFIGS, ...c });
    },
    () => {},
  );
  const rest = [
    load(memberInfoAtom, api.memberInfo),
    load(registerPermissionAtom, api.registerPermission),
    load(cardPotentialAtom, api.cardPotential),
    load(assetsAggregateInfoAtom, api.aggregateInfo),
    api.instrumentsInfo && loadInstruments(store, api.instrumentsInfo),
  ];
  const done = Promise.all([role, prefs, configs, ...rest]).then(() => undefined);
  return { role, done };
}

/**
 * Reads the member info again (after the unified upgrade: `isUnifiedAccount` decides which
 * transfer dialog opens, src/ui/dialogs/open-money.ts). Until it answers the last value stays;
 * an answer that comes after the session ended is dropped. Resolves once it answered or failed.
 */
export function reloadMemberInfo(store: JotaiStore, api: SessionApi): Promise<void> {
  return reloadInto(store, memberInfoAtom, api.memberInfo);
}

/**
 * Reads the card eligibility again (its Retry, after a failed read), as `reloadMemberInfo`: the
 * last value stays until it answers; an answer after the session ended is dropped.
 */
export function reloadCardPotential(store: JotaiStore, api: SessionApi): Promise<void> {
  return reloadInto(store, cardPotentialAtom, api.cardPotential);
}

function reloadInto<T>(
  store: JotaiStore,
  target: PrimitiveAtom<Loadable<T>>,
  call: (() => Promise<T>) | undefined,
): Promise<void> {
  if (!call) return Promise.resolve();
  const session = store.get(userAtom);
  return loadInto(store, target, call, () => sameSession(store, session)).then(() => {});
}

/** On page load: who is signed in? 10007 (or any no-permission code) means nobody. */
export async function bootstrapSession(store: JotaiStore, api: SessionApi): Promise<void> {
  store.set(sessionStatusAtom, 'checking');
  try {
    const profile = await api.profile();
    beginSession(store, profile);
    store.set(sessionStatusAtom, 'ready');
    await loadUserContext(store, api).done;
  } catch (err) {
    if (isNoPermission(err)) {
      clearSession(store);
      store.set(sessionStatusAtom, 'ready');
    } else {
      store.set(sessionStatusAtom, 'error');
    }
  }
}

/** Log in and load the session; resolves with the home path of the role. Rejects with the API error. */
export async function logIn(store: JotaiStore, api: SessionApi, body: LoginBody): Promise<string> {
  await api.login(body);
  const profile = await api.profile();
  beginSession(store, profile);
  store.set(sessionStatusAtom, 'ready');
  return HOME_PATHS[await loadUserContext(store, api).role];
}

/** Everything loaded for a user back to its default; `source` of the preferences. */
function resetUserState(store: JotaiStore, source: 'none' | 'unknown'): void {
  store.set(copyProfileAtom, idle());
  store.set(profileUserTagAtom, idle());
  store.set(memberInfoAtom, idle());
  store.set(registerPermissionAtom, idle());
  store.set(cardPotentialAtom, idle());
  store.set(assetsAggregateInfoAtom, idle());
  store.set(assetOverviewAtom, idle());
  store.set(assetsRefreshedAtAtom, null);
  store.set(amlClearRefreshAtom, true);
  store.set(preferencesAtom, DEFAULT_PREFERENCES);
  store.set(preferencesSourceAtom, source);
  store.set(configsAtom, DEFAULT_CONFIGS);
}

/** Forget the user and everything loaded for them (the instruments are public: they stay). */
export function clearSession(store: JotaiStore): void {
  store.set(userAtom, SIGNED_OUT);
  resetUserState(store, 'none');
}

export interface SignOutEffects {
  navigate: (path: string) => void;
  /** Shows the 50016 toast (2 s). */
  onFailure: () => void;
}

/** Post /logout; on success forget the user and go to /login, else keep the session and say so. */
export async function signOut(
  store: JotaiStore,
  api: SessionApi,
  fx: SignOutEffects,
): Promise<boolean> {
  try {
    await api.logout();
  } catch {
    fx.onFailure();
    return false;
  }
  clearSession(store);
  fx.navigate('/login');
  return true;
}

export interface NoPermissionEffects {
  /** Subscribe to the HTTP client's no-permission events (src/api/http.ts `onNoPermission`). */
  subscribe: (listener: (err: unknown) => void) => () => void;
  navigate: (path: string) => void;
  /** Tell the user why (the catalogue text for the code). */
  notify: (err: unknown) => void;
}

/**
 * A permission code from any call signs the user out with a message. Ignored while nobody is
 * signed in: the bootstrap's own 10007 is the normal "not signed in" answer, not an event.
 */
export function installNoPermissionSignOut(store: JotaiStore, fx: NoPermissionEffects): () => void {
  return fx.subscribe((err) => {
    if (store.get(userAtom).userId <= 0) return;
    clearSession(store);
    fx.notify(err);
    fx.navigate('/login');
  });
}

/** The channel the tabs of this site tell each other who is signed in on. */
const SESSION_CHANNEL = 'assetdeck-session';

/**
 * The session cookie is shared by every tab of the site: a sign-in as another user, or a sign-out,
 * in one tab changes who the others act for, while their store still shows the previous user (a
 * money form there would send for the new one: review of the money flows). Each tab says on a
 * BroadcastChannel who is signed in whenever that changes here; a tab that hears another user id
 * than its own checks the session again (bootstrapSession: a new user begins a new session, which
 * closes every dialog of the old one; nobody signs this tab out). Returns the stop function; a
 * no-op where BroadcastChannel is missing.
 */
export function watchOtherTabs(
  store: JotaiStore,
  api: SessionApi,
  open: (name: string) => BroadcastChannel | undefined = (name) =>
    typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : undefined,
): () => void {
  const channel = open(SESSION_CHANNEL);
  if (!channel) return () => {};
  let said = store.get(userAtom).userId;
  const unsub = store.sub(userAtom, () => {
    const userId = store.get(userAtom).userId;
    if (userId === said) return;
    said = userId;
    channel.postMessage({ userId });
  });
  channel.onmessage = (e: MessageEvent<unknown>) => {
    const userId = (e.data as { userId?: unknown } | null)?.userId;
    if (typeof userId !== 'number' || userId === store.get(userAtom).userId) return;
    if (store.get(sessionStatusAtom) === 'checking') return;
    void bootstrapSession(store, api);
  };
  return () => {
    unsub();
    channel.close();
  };
}
