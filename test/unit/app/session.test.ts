import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import type { CopyProfile, Profile } from '../../../src/api/types';
import {
  bootstrapSession,
  HOME_PATHS,
  installNoPermissionSignOut,
  logIn,
  roleAtom,
  roleOf,
  sessionStatusAtom,
  signOut,
  type SessionApi,
} from '../../../src/app/session';
import {
  configsAtom,
  copyProfileAtom,
  DEFAULT_CONFIGS,
  preferencesAtom,
  userAtom,
} from '../../../src/state/client';

const err = (code: number) => Object.assign(new Error(`e${code}`), { code });
const profile: Profile = {
  userId: 1001,
  nickName: 'follower',
  email: 'f***@assetdeck.test',
  mobile: '',
  vipLevel: 'VIP 1',
  kycLevel: 1,
  registerTimeE3: '1700000000000',
  region: 'GLOBAL',
};
const follower: CopyProfile = { isLeader: false, subMemberIdList: [], userId: 1001 };

function api(over: Partial<SessionApi> = {}): SessionApi {
  return {
    login: vi.fn(async () => ({ userId: 1001 })),
    logout: vi.fn(async () => null),
    profile: vi.fn(async () => profile),
    preferences: vi.fn(async () => ({
      showAssets: 0 as const,
      homeTradingPageUserGuide: 'show' as const,
    })),
    prefSetting: vi.fn(async () => ({ deposit_to: 'funding' })),
    copyProfile: vi.fn(async () => follower),
    userTags: vi.fn(async () => ({ tags: ['copytrade_follower'] })),
    ...over,
  };
}

describe('roles', () => {
  it('maps the copy-trade profile and user tags to a role and a home screen', () => {
    const tagged = { tags: ['copytrade_follower'] };
    expect(roleOf({ isLeader: true, subMemberIdList: [], userId: 2001 }, tagged)).toBe('leader');
    expect(roleOf(follower, tagged)).toBe('follower');
    expect(roleOf({ isLeader: false, subMemberIdList: [9001], userId: 1001 })).toBe('follower');
    expect(roleOf({ isLeader: false, subMemberIdList: [], userId: 3001 }, { tags: [] })).toBe(
      'trader',
    );
    expect(roleOf(undefined, undefined)).toBe('trader');
    expect(HOME_PATHS).toEqual({
      leader: '/copy-trade/leader',
      follower: '/copy-trade',
      trader: '/assets/derivatives',
    });
  });
});

describe('bootstrapSession', () => {
  it('on success sets userAtom {userId, profile} and loads preferences, configs, copy profile', async () => {
    const store = createStore();
    await bootstrapSession(store, api());
    expect(store.get(userAtom)).toEqual({ userId: 1001, profile });
    expect(store.get(sessionStatusAtom)).toBe('ready');
    expect(store.get(preferencesAtom).showAssets).toBe(0);
    expect(store.get(configsAtom).deposit_to).toBe('funding');
    expect(store.get(copyProfileAtom)).toEqual({ status: 'ready', data: follower });
    expect(store.get(roleAtom)).toBe('follower');
  });

  it('on 10007 leaves the user signed out (userId 0)', async () => {
    const store = createStore();
    await bootstrapSession(store, api({ profile: () => Promise.reject(err(10007)) }));
    expect(store.get(userAtom).userId).toBe(0);
    expect(store.get(sessionStatusAtom)).toBe('ready');
  });

  it('on a dead server reports an error instead of pretending nobody is signed in', async () => {
    const store = createStore();
    await bootstrapSession(store, api({ profile: () => Promise.reject(err(9000005)) }));
    expect(store.get(sessionStatusAtom)).toBe('error');
    expect(store.get(userAtom).userId).toBe(0);
  });

  it('keeps defaults when the side calls fail, and marks the copy profile failed', async () => {
    const store = createStore();
    await bootstrapSession(
      store,
      api({
        preferences: () => Promise.reject(err(10016)),
        prefSetting: () => Promise.reject(err(10016)),
        copyProfile: () => Promise.reject(err(10016)),
        userTags: () => Promise.reject(err(10016)),
      }),
    );
    expect(store.get(roleAtom)).toBe('trader');
    expect(store.get(userAtom).userId).toBe(1001);
    expect(store.get(configsAtom)).toEqual(DEFAULT_CONFIGS);
    expect(store.get(copyProfileAtom)).toEqual({ status: 'error', error: '10016' });
  });
});

describe('logIn', () => {
  it('logs in, loads the session and resolves with the home path of the role', async () => {
    const store = createStore();
    const a = api();
    await expect(logIn(store, a, { username: 'follower', password: 'follower123' })).resolves.toBe(
      '/copy-trade',
    );
    expect(a.login).toHaveBeenCalledWith({ username: 'follower', password: 'follower123' });
    expect(store.get(userAtom).userId).toBe(1001);
  });

  it('rejects with the API error and stays signed out', async () => {
    const store = createStore();
    await expect(
      logIn(store, api({ login: () => Promise.reject(err(20001)) }), {
        username: 'x',
        password: 'y',
      }),
    ).rejects.toMatchObject({ code: 20001 });
    expect(store.get(userAtom).userId).toBe(0);
  });
});

describe('signOut', () => {
  it('success: clears the session and navigates to /login', async () => {
    const store = createStore();
    await bootstrapSession(store, api());
    const fx = { navigate: vi.fn(), onFailure: vi.fn() };
    await expect(signOut(store, api(), fx)).resolves.toBe(true);
    expect(fx.navigate).toHaveBeenCalledWith('/login');
    expect(fx.onFailure).not.toHaveBeenCalled();
    expect(store.get(userAtom).userId).toBe(0);
    expect(store.get(copyProfileAtom).status).toBe('idle');
  });

  it('failure: keeps the session and reports it', async () => {
    const store = createStore();
    await bootstrapSession(store, api());
    const fx = { navigate: vi.fn(), onFailure: vi.fn() };
    await expect(
      signOut(store, api({ logout: () => Promise.reject(err(10016)) }), fx),
    ).resolves.toBe(false);
    expect(fx.onFailure).toHaveBeenCalledTimes(1);
    expect(fx.navigate).not.toHaveBeenCalled();
    expect(store.get(userAtom).userId).toBe(1001);
  });
});

describe('installNoPermissionSignOut', () => {
  it('signs a signed-in user out with a message, ignores events while signed out, unsubscribes', async () => {
    const store = createStore();
    let listener: ((e: unknown) => void) | undefined;
    const unsubscribe = vi.fn();
    const fx = {
      subscribe: (l: (e: unknown) => void) => {
        listener = l;
        return unsubscribe;
      },
      navigate: vi.fn(),
      notify: vi.fn(),
    };
    const stop = installNoPermissionSignOut(store, fx);
    listener?.(err(10007));
    expect(fx.notify).not.toHaveBeenCalled();

    await bootstrapSession(store, api());
    listener?.(err(33003));
    expect(store.get(userAtom).userId).toBe(0);
    expect(fx.notify).toHaveBeenCalledWith(expect.objectContaining({ code: 33003 }));
    expect(fx.navigate).toHaveBeenCalledWith('/login');
    stop();
    expect(unsubscribe).toHaveBeenCalled();
  });
});
