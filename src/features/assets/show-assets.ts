/**
 * Show/hide assets: `preferences.showAssets`, saved on the server, applied at once (optimistic)
 * and remembered on this device. Saves go out one at a time, so the server ends with the user's
 * last choice whatever order answers would come in: a choice overtaken by a newer one before its
 * turn is never sent, and one the server already holds is not sent again. When the last choice
 * cannot be saved, what the server holds is shown again (and the call rejects). Nothing of a
 * session reaches the next one: a save still waiting at sign-out is dropped, a late answer
 * changes nothing.
 */
import type { createStore } from 'jotai';
import type { Preferences, SavePreferencesBody } from '../../facade';
import {
  preferencesAtom,
  preferencesSourceAtom,
  userAtom,
  type PreferencesSource,
  type SessionUser,
} from '../../facade';
import { rememberShowAssets } from '../../facade';

type Store = ReturnType<typeof createStore>;

interface SaveState {
  /** The session the saves belong to (the `userAtom` value). */
  session: SessionUser;
  /** Number of the latest choice. */
  seq: number;
  pending: number;
  /** What the server holds as far as we know (undefined: unknown). */
  server: 0 | 1 | undefined;
  /** What was shown before the pending choices, for when the server holds nothing known. */
  before: { showAssets: 0 | 1; source: PreferencesSource };
  /** The saves, one after the other. */
  chain: Promise<void>;
}
const saves = new WeakMap<Store, SaveState>();

const shown = (store: Store): 0 | 1 => (store.get(preferencesAtom).showAssets === 0 ? 0 : 1);

function show(store: Store, session: SessionUser, value: 0 | 1, source: PreferencesSource): void {
  store.set(preferencesAtom, { ...store.get(preferencesAtom), showAssets: value });
  store.set(preferencesSourceAtom, source);
  // An unknown preference (shown hidden) is not a choice: it must not become the fallback.
  if (source !== 'unknown' && source !== 'none') rememberShowAssets(session.userId, value);
}

function stateOf(store: Store): SaveState {
  const session = store.get(userAtom);
  let st = saves.get(store);
  if (!st || st.session !== session) {
    st = {
      session,
      seq: 0,
      pending: 0,
      server: undefined,
      before: { showAssets: 1, source: 'none' },
      chain: Promise.resolve(),
    };
    saves.set(store, st);
  }
  if (st.pending === 0) {
    // Nothing pending: what is shown is the starting point (as loaded, stored or last saved).
    const source = store.get(preferencesSourceAtom);
    st.before = { showAssets: shown(store), source };
    if (source === 'server') st.server = shown(store);
  }
  return st;
}

/** Shows (true) or hides every amount; resolves when saved (or overtaken), rejects if not. */
export async function setShowAssets(
  store: Store,
  save: (body: SavePreferencesBody) => Promise<Preferences>,
  showAssets: boolean,
): Promise<void> {
  const st = stateOf(store);
  const { session } = st;
  const value: 0 | 1 = showAssets ? 1 : 0;
  const seq = ++st.seq;
  st.pending += 1;
  show(store, session, value, 'user');
  const current = () => store.get(userAtom) === session;
  const run = st.chain.then(async () => {
    // Signed out, overtaken by a newer choice, or already held: nothing to send.
    if (!current() || seq !== st.seq || value === st.server) return;
    await save({ showAssets: value });
    st.server = value;
  });
  st.chain = run.catch(() => {});
  try {
    await run;
  } catch (err) {
    // Only the latest choice of the current session is put back and reported.
    if (!current() || seq !== st.seq) return;
    if (st.server !== undefined) show(store, session, st.server, 'server');
    else show(store, session, st.before.showAssets, st.before.source);
    throw err;
  } finally {
    st.pending -= 1;
  }
}
