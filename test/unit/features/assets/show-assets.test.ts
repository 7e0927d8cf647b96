import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import type { Preferences, SavePreferencesBody } from '../../../../src/api/types';
import { setShowAssets } from '../../../../src/features/assets/show-assets';
import { preferencesAtom, showAssetsAtom } from '../../../../src/state/client';

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

describe('show/hide assets', () => {
  it('applies at once and keeps the other preferences', async () => {
    const store = createStore();
    store.set(preferencesAtom, { showAssets: 1, homeTradingPageUserGuide: 'show', theme: 'x' });
    const { save, calls } = controlledSave();
    const done = setShowAssets(store, save, false);
    expect(store.get(showAssetsAtom)).toBe(false);
    expect(store.get(preferencesAtom)).toEqual({
      showAssets: 0,
      homeTradingPageUserGuide: 'show',
      theme: 'x',
    });
    expect(calls[0]!.body).toEqual({ showAssets: 0 });
    calls[0]!.resolve();
    await done;
    expect(store.get(showAssetsAtom)).toBe(false);
  });

  it('puts the old value back when the save fails, and rejects', async () => {
    const store = createStore();
    const { save, calls } = controlledSave();
    const done = setShowAssets(store, save, false);
    const err = Object.assign(new Error('down'), { code: 9000005 });
    calls[0]!.reject(err);
    await expect(done).rejects.toBe(err);
    expect(store.get(showAssetsAtom)).toBe(true);
  });

  it('with saves in flight the last one decides', async () => {
    const store = createStore();
    const { save, calls } = controlledSave();
    const hide = setShowAssets(store, save, false);
    const show = setShowAssets(store, save, true);
    const hideAgain = setShowAssets(store, save, false);
    expect(store.get(showAssetsAtom)).toBe(false);
    // an older failure changes nothing
    calls[0]!.reject(new Error('x'));
    await expect(hide).rejects.toThrow('x');
    expect(store.get(showAssetsAtom)).toBe(false);
    calls[1]!.resolve();
    await show;
    // the newest fails: back to the last value the server took (shown)
    calls[2]!.reject(new Error('y'));
    await expect(hideAgain).rejects.toThrow('y');
    expect(store.get(showAssetsAtom)).toBe(true);
  });

  it('starts from what the session loaded once nothing is pending', async () => {
    const store = createStore();
    const { save, calls } = controlledSave();
    const first = setShowAssets(store, save, false);
    calls[0]!.resolve();
    await first;
    // a new session loads its own preferences (shown)
    store.set(preferencesAtom, { showAssets: 1, homeTradingPageUserGuide: 'hide' });
    const second = setShowAssets(store, save, false);
    calls[1]!.reject(new Error('z'));
    await expect(second).rejects.toThrow('z');
    expect(store.get(showAssetsAtom)).toBe(true);
  });
});
