import { createStore, type Atom } from 'jotai';
import { describe, expect, it } from 'vitest';
import {
  amlClearRefreshAtom,
  assetsAggregateInfoAtom,
  cardPotentialAtom,
  copyProfileAtom,
  DEFAULT_PREFERENCES,
  instrumentsAtom,
  isSignedInAtom,
  memberInfoAtom,
  preferencesAtom,
  profileUserTagAtom,
  rateAtom,
  rateByUsdAtom,
  preferencesSourceAtom,
  registerPermissionAtom,
  showAssetsAtom,
  SIGNED_OUT,
  userAtom,
} from '@src/state/client';
import { failed, pending, ready } from '@src/state/loadable';

describe('client-state atoms', () => {
  it('start signed out', () => {
    const store = createStore();
    expect(store.get(userAtom)).toBe(SIGNED_OUT);
    expect(store.get(isSignedInAtom)).toBe(false);
    store.set(userAtom, { userId: 1001 });
    expect(store.get(isSignedInAtom)).toBe(true);
  });

  it.each([
    ['memberInfo', memberInfoAtom],
    ['registerPermission', registerPermissionAtom],
    ['cardPotential', cardPotentialAtom],
    ['profileUserTag', profileUserTagAtom],
    ['copy-trade profile', copyProfileAtom],
    ['assetsAggregateInfo', assetsAggregateInfoAtom],
    ['rate', rateAtom],
    ['instruments', instrumentsAtom],
  ] as [string, Atom<unknown>][])('%s is an idle Loadable at first', (_n, a) => {
    expect(createStore().get(a)).toEqual({ status: 'idle' });
  });

  it('preferences default to showAssets 1 and homeTradingPageUserGuide hide', () => {
    const store = createStore();
    expect(store.get(preferencesAtom)).toEqual({
      showAssets: 1,
      homeTradingPageUserGuide: 'hide',
    });
    expect(store.get(preferencesAtom)).toBe(DEFAULT_PREFERENCES);
    expect(store.get(showAssetsAtom)).toBe(true);
    store.set(preferencesAtom, { ...DEFAULT_PREFERENCES, showAssets: 0 });
    expect(store.get(showAssetsAtom)).toBe(false);
  });

  it("hides amounts while the signed-in user's preference is unknown", () => {
    const store = createStore();
    expect(store.get(preferencesSourceAtom)).toBe('none');
    store.set(preferencesSourceAtom, 'unknown');
    expect(store.get(showAssetsAtom)).toBe(false); // whatever the default says
    for (const known of ['server', 'stored', 'user'] as const) {
      store.set(preferencesSourceAtom, known);
      expect(store.get(showAssetsAtom)).toBe(true);
    }
  });

  it('rateByUsd keys the rates by coin, keeping old rates through a failed refresh', () => {
    const store = createStore();
    expect(store.get(rateByUsdAtom).size).toBe(0);
    const list = [
      { coin: 'BTC', rate: '64123.5' },
      { coin: '__proto__', rate: '1' },
    ];
    store.set(rateAtom, pending());
    expect(store.get(rateByUsdAtom).size).toBe(0);
    store.set(rateAtom, ready(list));
    expect(store.get(rateByUsdAtom).get('BTC')).toBe('64123.5');
    expect(store.get(rateByUsdAtom).get('__proto__')).toBe('1');
    store.set(rateAtom, failed('network', list));
    expect(store.get(rateByUsdAtom).get('BTC')).toBe('64123.5');
  });

  it('the AML-clear refresh counter increments on write and resets on a truthy flag', () => {
    const store = createStore();
    expect(store.get(amlClearRefreshAtom)).toBe(0);
    store.set(amlClearRefreshAtom);
    store.set(amlClearRefreshAtom);
    expect(store.get(amlClearRefreshAtom)).toBe(2);
    store.set(amlClearRefreshAtom, true);
    expect(store.get(amlClearRefreshAtom)).toBe(0);
    store.set(amlClearRefreshAtom, false);
    expect(store.get(amlClearRefreshAtom)).toBe(1);
  });
});
