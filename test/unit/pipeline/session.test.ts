import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CopyProfile, Preferences, Profile } from '@src/api/types';
import {
  bootstrapSession,
  clearSession,
  installNoPermissionSignOut,
  logIn,
  reloadCardPotential,
  reloadMemberInfo,
  roleAtom,
  roleOf,
  sessionStatusAtom,
  signOut,
  type SessionApi,
} from '@src/pipeline/session';
import {
  assetsAggregateInfoAtom,
  cardPotentialAtom,
  configsAtom,
  copyProfileAtom,
  DEFAULT_CONFIGS,
  instrumentsAtom,
  memberInfoAtom,
  preferencesAtom,
  preferencesSourceAtom,
  registerPermissionAtom,
  showAssetsAtom,
  userAtom,
} from '@src/state/client';
import { MemoryStorage } from '../lib/memory-storage';

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

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

/** A call the test answers when it wants. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject, call: vi.fn(() => promise) };
}
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};
const SHOWN: Preferences = { showAssets: 1, homeTradingPageUserGuide: 'hide' };
const HIDDEN: Preferences = { showAssets: 0, homeTradingPageUserGuide: 'hide' };

describe('preferences and privacy', () => {
  it('amounts stay hidden until the preferences answer, which apply at once', async () => {
    const store = createStore();
    const prefs = deferred<Preferences>();
    const cp = deferred<CopyProfile>();
    const boot = bootstrapSession(store, api({ preferences: prefs.call, copyProfile: cp.call }));
    await flush();
    expect(store.get(userAtom).userId).toBe(1001);
    expect(store.get(preferencesSourceAtom)).toBe('unknown');
    expect(store.get(showAssetsAtom)).toBe(false);
    prefs.resolve(SHOWN);
    await flush();
    // applied while the copy profile is still on its way
    expect(store.get(copyProfileAtom).status).toBe('pending');
    expect(store.get(showAssetsAtom)).toBe(true);
    expect(store.get(preferencesSourceAtom)).toBe('server');
    cp.resolve(follower);
    await boot;
  });

  it('a failed preferences call falls back to the last choice on this device, else hides', async () => {
    const down = () => Promise.reject(err(9000005));
    const store = createStore();
    await bootstrapSession(store, api({ preferences: async () => HIDDEN }));
    expect(localStorage.getItem('assetdeck:showAssets:1001')).toBe('0');
    clearSession(store);

    await bootstrapSession(store, api({ preferences: down }));
    expect(store.get(preferencesSourceAtom)).toBe('stored');
    expect(store.get(showAssetsAtom)).toBe(false); // never revealed by a failure
    clearSession(store);

    localStorage.setItem('assetdeck:showAssets:1001', '1');
    await bootstrapSession(store, api({ preferences: down }));
    expect(store.get(showAssetsAtom)).toBe(true);
    clearSession(store);

    localStorage.clear();
    await bootstrapSession(store, api({ preferences: down }));
    expect(store.get(preferencesSourceAtom)).toBe('unknown');
    expect(store.get(showAssetsAtom)).toBe(false);
  });

  it('a choice made before the preferences answer stands', async () => {
    const store = createStore();
    const prefs = deferred<Preferences>();
    const boot = bootstrapSession(store, api({ preferences: prefs.call }));
    await flush();
    store.set(preferencesAtom, { ...store.get(preferencesAtom), showAssets: 0 });
    store.set(preferencesSourceAtom, 'user');
    prefs.resolve({ ...SHOWN, homeTradingPageUserGuide: 'show' });
    await boot;
    expect(store.get(preferencesAtom)).toMatchObject({
      showAssets: 0,
      homeTradingPageUserGuide: 'show',
    });
    expect(store.get(showAssetsAtom)).toBe(false);
  });
});

describe('answers of an ended session', () => {
  it('a late answer after sign-out, or meant for the previous user, writes nothing', async () => {
    const store = createStore();
    const first = {
      prefs: deferred<Preferences>(),
      cp: deferred<CopyProfile>(),
      configs: deferred<{ deposit_to: string }>(),
      member: deferred<never>(),
    };
    const a = api({
      preferences: first.prefs.call,
      copyProfile: first.cp.call,
      prefSetting: first.configs.call,
      memberInfo: first.member.call,
    });
    const boot = bootstrapSession(store, a);
    await flush();
    clearSession(store); // signed out while everything is on its way
    const leader: Profile = { ...profile, userId: 2001, nickName: 'leader' };
    await bootstrapSession(
      store,
      api({ profile: async () => leader, preferences: async () => SHOWN }),
    );
    expect(store.get(userAtom).userId).toBe(2001);

    first.prefs.resolve(HIDDEN);
    first.cp.resolve({ isLeader: false, subMemberIdList: [9], userId: 1001 });
    first.configs.resolve({ deposit_to: 'spot' });
    first.member.reject(err(10016));
    await boot;
    expect(store.get(showAssetsAtom)).toBe(true);
    expect(store.get(copyProfileAtom)).toEqual({ status: 'ready', data: follower });
    expect(store.get(configsAtom).deposit_to).toBe('funding');
    expect(store.get(memberInfoAtom).status).toBe('idle');
    expect(localStorage.getItem('assetdeck:showAssets:1001')).toBeNull();
  });
});

describe('the rest of the client state', () => {
  const member = { userId: 1001, memberTag: 'x' } as never;
  const permission = { allowRegister: true } as never;
  const card = { eligible: false } as never;
  const aggregate = { totalEquity: '1' } as never;
  const instruments = {
    category: 'linear' as const,
    nextPageCursor: '',
    list: [
      {
        symbol: 'BTCUSDT',
        baseCoin: 'BTC',
        quoteCoin: 'USDT',
        priceFilter: { minPrice: '0.1', maxPrice: '1', tickSize: '0.10' },
        lotSizeFilter: { maxOrderQty: '1', minOrderQty: '0.001', qtyStep: '0.001' },
      },
      { symbol: 'BROKEN', baseCoin: 'X', quoteCoin: 'USDT', priceFilter: {}, lotSizeFilter: {} },
    ],
  } as never;

  it('loads member info, register permission, card potential, aggregate info and instruments', async () => {
    const store = createStore();
    const instrumentsInfo = vi.fn(async () => instruments);
    const full = {
      memberInfo: async () => member,
      registerPermission: async () => permission,
      cardPotential: async () => card,
      aggregateInfo: async () => aggregate,
      instrumentsInfo,
    };
    await bootstrapSession(store, api(full));
    expect(store.get(memberInfoAtom)).toEqual({ status: 'ready', data: member });
    expect(store.get(registerPermissionAtom)).toEqual({ status: 'ready', data: permission });
    expect(store.get(cardPotentialAtom)).toEqual({ status: 'ready', data: card });
    expect(store.get(assetsAggregateInfoAtom)).toEqual({ status: 'ready', data: aggregate });
    const loaded = store.get(instrumentsAtom);
    expect(loaded.status === 'ready' && [...loaded.data.values()]).toEqual([
      { symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT', tickSize: '0.10', qtyStep: '0.001' },
    ]);
    expect(instrumentsInfo).toHaveBeenCalledWith('linear', { limit: 1000 });

    // Signed out: the user's state goes, the public instruments stay (loaded once).
    clearSession(store);
    expect(store.get(memberInfoAtom).status).toBe('idle');
    expect(store.get(cardPotentialAtom).status).toBe('idle');
    expect(store.get(instrumentsAtom).status).toBe('ready');
    await bootstrapSession(store, api(full));
    expect(instrumentsInfo).toHaveBeenCalledTimes(1);
  });

  it('failures keep the defaults with a failed loadable; failed instruments load again next time', async () => {
    const store = createStore();
    const down = () => Promise.reject(err(10016));
    const instrumentsInfo = vi.fn(down);
    await bootstrapSession(
      store,
      api({
        memberInfo: down,
        registerPermission: down,
        cardPotential: down,
        aggregateInfo: down,
        instrumentsInfo,
      }),
    );
    expect(store.get(userAtom).userId).toBe(1001);
    expect(store.get(memberInfoAtom)).toEqual({ status: 'error', error: '10016' });
    expect(store.get(assetsAggregateInfoAtom)).toEqual({ status: 'error', error: '10016' });
    expect(store.get(instrumentsAtom)).toEqual({ status: 'error', error: '10016' });
    clearSession(store);
    instrumentsInfo.mockImplementation(async () => instruments);
    await bootstrapSession(store, api({ instrumentsInfo }));
    expect(store.get(instrumentsAtom).status).toBe('ready');
  });

  it('follows the instruments cursor page by page', async () => {
    const store = createStore();
    const page = (symbol: string, next: string) =>
      ({
        category: 'linear',
        nextPageCursor: next,
        list: [
          {
            symbol,
            baseCoin: symbol.slice(0, 3),
            quoteCoin: 'USDT',
            priceFilter: { tickSize: '0.5' },
            lotSizeFilter: { qtyStep: '1' },
          },
        ],
      }) as never;
    const instrumentsInfo = vi
      .fn()
      .mockResolvedValueOnce(page('AAAUSDT', 'c1'))
      .mockResolvedValueOnce(page('BBBUSDT', ''));
    await bootstrapSession(store, api({ instrumentsInfo }));
    expect(instrumentsInfo).toHaveBeenNthCalledWith(2, 'linear', { limit: 1000, cursor: 'c1' });
    const loaded = store.get(instrumentsAtom);
    expect(loaded.status === 'ready' && [...loaded.data.keys()]).toEqual(['AAAUSDT', 'BBBUSDT']);
  });
});

describe('reading the member info again (after the unified upgrade)', () => {
  const classic = { memberId: 4001, isUnifiedAccount: false } as never;
  const unified = { memberId: 4001, isUnifiedAccount: true } as never;

  it('keeps the last value until the answer, then writes it', async () => {
    const store = createStore();
    await bootstrapSession(store, api({ memberInfo: async () => classic }));
    const again = deferred<never>();
    const done = reloadMemberInfo(store, api({ memberInfo: again.call }));
    expect(store.get(memberInfoAtom)).toEqual({ status: 'pending', data: classic });
    again.resolve(unified);
    await done;
    expect(store.get(memberInfoAtom)).toEqual({ status: 'ready', data: unified });
  });

  it('drops an answer that comes after the session ended; without the call it does nothing', async () => {
    const store = createStore();
    await bootstrapSession(store, api({ memberInfo: async () => classic }));
    const again = deferred<never>();
    const done = reloadMemberInfo(store, api({ memberInfo: again.call }));
    clearSession(store);
    again.resolve(unified);
    await done;
    expect(store.get(memberInfoAtom).status).toBe('idle');
    await reloadMemberInfo(store, api());
    expect(store.get(memberInfoAtom).status).toBe('idle');
  });
});

describe('reading the card eligibility again (its Retry)', () => {
  it('writes the new answer; drops one that comes after the session ended', async () => {
    const store = createStore();
    const first = vi.fn(async () => Promise.reject(new Error('HTTP 502')));
    await bootstrapSession(store, api({ cardPotential: first }));
    expect(store.get(cardPotentialAtom).status).toBe('error');
    await reloadCardPotential(
      store,
      api({ cardPotential: async () => ({ eligible: true, cardType: 'VIRTUAL' }) }),
    );
    expect(store.get(cardPotentialAtom)).toEqual({
      status: 'ready',
      data: { eligible: true, cardType: 'VIRTUAL' },
    });
    const late = deferred<never>();
    const done = reloadCardPotential(store, api({ cardPotential: late.call }));
    clearSession(store);
    late.resolve({ eligible: false, cardType: '' } as never);
    await done;
    expect(store.get(cardPotentialAtom).status).toBe('idle');
  });
});
