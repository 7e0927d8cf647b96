/**
 * The signed-in session: bootstrap on load, log in, sign out, and the forced sign-out when the
 * HTTP client reports a "user no permission" code. Functions take the Jotai store and the API
 * they need, so tests hand in fakes and the app hands in src/api/endpoints.ts.
 */
import { atom, type createStore } from 'jotai';
import type {
  CopyProfile,
  LoginBody,
  LoginResult,
  PrefSetting,
  Preferences,
  Profile,
  UserTags,
} from '../api/types';
import { NO_PERMISSION_CODES } from '../stream/protocol';
import { errorCodeOf } from '../i18n/error-message';
import { dataOf, failed, idle, pending, ready, type Loadable } from '../state/loadable';
import {
  configsAtom,
  copyProfileAtom,
  DEFAULT_CONFIGS,
  DEFAULT_PREFERENCES,
  preferencesAtom,
  profileUserTagAtom,
  SIGNED_OUT,
  userAtom,
} from '../state/client';

export type JotaiStore = ReturnType<typeof createStore>;

export interface SessionApi {
  login(body: LoginBody): Promise<LoginResult>;
  logout(): Promise<unknown>;
  profile(): Promise<Profile>;
  preferences(): Promise<Preferences>;
  prefSetting(): Promise<PrefSetting>;
  copyProfile(): Promise<CopyProfile>;
  userTags(): Promise<UserTags>;
}

/** Whether we know yet if someone is signed in ('error': the server could not be reached). */
export type SessionStatus = 'unknown' | 'checking' | 'ready' | 'error';
export const sessionStatusAtom = atom<SessionStatus>('unknown');

export type Role = 'leader' | 'follower' | 'trader';

export const FOLLOWER_TAG = 'copytrade_follower';

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

export const isNoPermission = (err: unknown) => NO_PERMISSION_CODES.has(errorCodeOf(err) ?? -1);

/**
 * Everything around the user that screens read: copy-trade profile and user tags (they decide
 * the home screen), display preferences and page configs. Failures keep the defaults (and mark
 * the loadable failed) rather than blocking the session.
 */
export async function loadUserContext(store: JotaiStore, api: SessionApi): Promise<Role> {
  store.set(copyProfileAtom, pending());
  store.set(profileUserTagAtom, pending());
  const [cp, tags, prefs, configs] = await Promise.allSettled([
    api.copyProfile(),
    api.userTags(),
    api.preferences(),
    api.prefSetting(),
  ]);
  if (prefs.status === 'fulfilled') {
    store.set(preferencesAtom, { ...DEFAULT_PREFERENCES, ...prefs.value });
  }
  if (configs.status === 'fulfilled') {
    store.set(configsAtom, { ...DEFAULT_CONFIGS, ...configs.value });
  }
  const reason = (r: PromiseRejectedResult) => String(errorCodeOf(r.reason) ?? 'error');
  store.set(copyProfileAtom, cp.status === 'fulfilled' ? ready(cp.value) : failed(reason(cp)));
  store.set(
    profileUserTagAtom,
    tags.status === 'fulfilled' ? ready(tags.value) : failed(reason(tags)),
  );
  return roleOf(
    cp.status === 'fulfilled' ? cp.value : undefined,
    tags.status === 'fulfilled' ? tags.value : undefined,
  );
}

/** On page load: who is signed in? 10007 (or any no-permission code) means nobody. */
export async function bootstrapSession(store: JotaiStore, api: SessionApi): Promise<void> {
  store.set(sessionStatusAtom, 'checking');
  try {
    const profile = await api.profile();
    store.set(userAtom, { userId: profile.userId, profile });
    store.set(sessionStatusAtom, 'ready');
    await loadUserContext(store, api);
  } catch (err) {
    if (isNoPermission(err)) {
      clearSession(store);
      store.set(sessionStatusAtom, 'ready');
    } else {
      store.set(sessionStatusAtom, 'error');
    }
  }
}

/** Log in and load the session; resolves with the role's home path. Rejects with the API error. */
export async function logIn(store: JotaiStore, api: SessionApi, body: LoginBody): Promise<string> {
  await api.login(body);
  const profile = await api.profile();
  store.set(userAtom, { userId: profile.userId, profile });
  store.set(sessionStatusAtom, 'ready');
  return HOME_PATHS[await loadUserContext(store, api)];
}

/** Forget the user and everything loaded for them. */
export function clearSession(store: JotaiStore): void {
  store.set(userAtom, SIGNED_OUT);
  store.set(copyProfileAtom, idle());
  store.set(profileUserTagAtom, idle());
  store.set(preferencesAtom, DEFAULT_PREFERENCES);
  store.set(configsAtom, DEFAULT_CONFIGS);
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
