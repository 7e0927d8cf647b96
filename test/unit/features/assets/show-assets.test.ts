import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Preferences, SavePreferencesBody } from '@src/api/types';
import { setShowAssets } from '@src/features/assets/show-assets';
import {
  preferencesAtom,
  preferencesSourceAtom,
  showAssetsAtom,
  SIGNED_OUT,
  userAtom,
} from '@src/state/client';
import { MemoryStorage } from '../../lib/memory-storage';

/** A save whose answers the test gives, one per call. */
function controlledSave() {
  const calls: {
    body: SavePreferencesBody;
    resolve: () => void;
    reject: (e: unknown) => void;
  }[] = [];
  const save = vi.fn(
    (body: SavePreferencesBody) =>
      new Promise<Preferences>((resolve, reject) => {
        calls.push({
          body,
          resolve: () => resolve({ showAssets: 1, homeTradingPageUserGuide: 'hide', ...body }),
          reject,
        });
      }),
  );
  return { save, calls };
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

/** A signed-in store whose preferences came from the server. */
function signedIn(showAssets: 0 | 1 = 1, userId = 1001) {
  const store = createStore();
  store.set(userAtom, { userId });
  store.set(preferencesAtom, { showAssets, homeTradingPageUserGuide: 'show', theme: 'x' });
  store.set(preferencesSourceAtom, 'server');
  return store;
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('show/hide assets', () => {
  it('applies at once, keeps the other preferences and remembers the choice on this device', async () => {
    const store = signedIn();
    const { save, calls } = controlledSave();
    const done = setShowAssets(store, save, false);
    expect(store.get(showAssetsAtom)).toBe(false);
    expect(store.get(preferencesAtom)).toEqual({
      showAssets: 0,
      homeTradingPageUserGuide: 'show',
      theme: 'x',
    });
    expect(localStorage.getItem('assetdeck:showAssets:1001')).toBe('0');
    await flush();
    expect(calls[0]!.body).toEqual({ showAssets: 0 });
    calls[0]!.resolve();
    await done;
    expect(store.get(showAssetsAtom)).toBe(false);
  });

  it('puts the old value back when the save fails, and rejects', async () => {
    const store = signedIn();
    const { save, calls } = controlledSave();
    const done = setShowAssets(store, save, false);
    await flush();
    const err = Object.assign(new Error('down'), { code: 9000005 });
    calls[0]!.reject(err);
    await expect(done).rejects.toBe(err);
    expect(store.get(showAssetsAtom)).toBe(true);
    expect(localStorage.getItem('assetdeck:showAssets:1001')).toBe('1');
  });

  it('saves one at a time, and the server ends with the last choice', async () => {
    const store = signedIn();
    const { save, calls } = controlledSave();
    const hide = setShowAssets(store, save, false);
    const show = setShowAssets(store, save, true);
    const hideAgain = setShowAssets(store, save, false);
    await flush();
    expect(calls).toHaveLength(1); // the others wait their turn
    calls[0]!.resolve(); // hidden saved
    await hide;
    await show; // overtaken before its turn: never sent
    await hideAgain; // the server holds it already: not sent again
    expect(save).toHaveBeenCalledTimes(1);
    expect(store.get(showAssetsAtom)).toBe(false);

    const show2 = setShowAssets(store, save, true);
    await flush();
    const hide2 = setShowAssets(store, save, false);
    const show3 = setShowAssets(store, save, true);
    calls[1]!.reject(new Error('x')); // an overtaken failure changes nothing and is not reported
    await expect(show2).resolves.toBeUndefined();
    await flush();
    expect(calls[2]!.body).toEqual({ showAssets: 1 });
    calls[2]!.resolve();
    await Promise.all([hide2, show3]);
    expect(save.mock.calls.map(([b]) => b.showAssets)).toEqual([0, 1, 1]);
    expect(store.get(showAssetsAtom)).toBe(true);
  });

  it('the latest choice failing goes back to what the server holds', async () => {
    const store = signedIn();
    const { save, calls } = controlledSave();
    const hide = setShowAssets(store, save, false);
    await flush();
    calls[0]!.resolve();
    await hide;
    const show = setShowAssets(store, save, true);
    await flush();
    calls[1]!.reject(new Error('y'));
    await expect(show).rejects.toThrow('y');
    expect(store.get(showAssetsAtom)).toBe(false);
  });

  it('while the preference is unknown, a choice is always sent; failing, it stays unknown (hidden)', async () => {
    const store = createStore();
    store.set(userAtom, { userId: 1001 });
    store.set(preferencesSourceAtom, 'unknown');
    const { save, calls } = controlledSave();
    const show = setShowAssets(store, save, true);
    expect(store.get(showAssetsAtom)).toBe(true);
    await flush();
    expect(calls).toHaveLength(1);
    calls[0]!.reject(new Error('z'));
    await expect(show).rejects.toThrow('z');
    expect(store.get(preferencesSourceAtom)).toBe('unknown');
    expect(store.get(showAssetsAtom)).toBe(false);
    expect(localStorage.getItem('assetdeck:showAssets:1001')).toBe('1'); // the user's choice
  });

  it('nothing of a session reaches the next one', async () => {
    const store = signedIn();
    const { save, calls } = controlledSave();
    const hide = setShowAssets(store, save, false);
    await flush(); // sent
    const show = setShowAssets(store, save, true); // waiting its turn at sign-out
    store.set(userAtom, SIGNED_OUT);
    store.set(userAtom, { userId: 2001 });
    store.set(preferencesAtom, { showAssets: 1, homeTradingPageUserGuide: 'hide' });
    store.set(preferencesSourceAtom, 'server');
    calls[0]!.reject(new Error('late'));
    await expect(hide).resolves.toBeUndefined();
    await expect(show).resolves.toBeUndefined();
    expect(save).toHaveBeenCalledTimes(1); // the waiting save was dropped
    expect(store.get(showAssetsAtom)).toBe(true);

    // The new session starts from its own preferences.
    const hide2 = setShowAssets(store, save, false);
    await flush();
    calls[1]!.reject(new Error('w'));
    await expect(hide2).rejects.toThrow('w');
    expect(store.get(showAssetsAtom)).toBe(true);
    expect(localStorage.getItem('assetdeck:showAssets:2001')).toBe('1');
  });
});
