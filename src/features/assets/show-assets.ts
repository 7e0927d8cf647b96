/**
 * Show/hide assets: `preferences.showAssets`, saved on the server, applied at once (optimistic)
 * and put back when the save fails. With several saves in flight, the last one decides: an older
 * failure changes nothing, the newest failure returns to the last value the server confirmed.
 */
import type { createStore } from 'jotai';
import type { Preferences, SavePreferencesBody } from '../../api/types';
import { preferencesAtom } from '../../state/client';

type Store = ReturnType<typeof createStore>;

interface SaveState {
  seq: number;
  inFlight: number;
  /** The last value the server accepted (or what was shown before the first save). */
  confirmed: 0 | 1;
}
const saves = new WeakMap<Store, SaveState>();

const current = (store: Store): 0 | 1 => (store.get(preferencesAtom).showAssets === 0 ? 0 : 1);

/** Shows (true) or hides every amount; resolves when saved, rejects (after rollback) if not. */
export async function setShowAssets(
  store: Store,
  save: (body: SavePreferencesBody) => Promise<Preferences>,
  show: boolean,
): Promise<void> {
  let st = saves.get(store);
  if (!st) saves.set(store, (st = { seq: 0, inFlight: 0, confirmed: current(store) }));
  // Nothing pending: what is shown is what the server holds (preferences loaded at sign-in).
  if (st.inFlight === 0) st.confirmed = current(store);
  const seq = ++st.seq;
  const value: 0 | 1 = show ? 1 : 0;
  st.inFlight += 1;
  store.set(preferencesAtom, { ...store.get(preferencesAtom), showAssets: value });
  try {
    await save({ showAssets: value });
    st.confirmed = value;
  } catch (err) {
    if (seq === st.seq) {
      store.set(preferencesAtom, { ...store.get(preferencesAtom), showAssets: st.confirmed });
    }
    throw err;
  } finally {
    st.inFlight -= 1;
  }
}
