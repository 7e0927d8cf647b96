/**
 * When a signed-in page renders first: once the private stream's snapshots are in, within a
 * bound. At 4x CPU throttling the first render of shell and screen is a task of about a second;
 * started while the private stream was still being set up (open, token, auth, subscribe,
 * snapshots: each step a round trip and a turn of the main thread), it held every step behind
 * it, and the screen then rendered a second time when the data came. Waiting for the snapshots
 * while the main thread is otherwise idle lets that chain run at network speed, and the first
 * render shows the data (app-ready, issue 13). The bound keeps a slow or broken stream from
 * holding the page blank: the screen then renders its loading states as before.
 */
import type { createStore } from 'jotai';
import type { StreamAtoms } from '../state/atoms';
import { PRIVATE_TOPICS } from '../wire/protocol';

type Store = ReturnType<typeof createStore>;

/** The longest the first render of a signed-in page waits for the snapshots. */
const SNAPSHOT_WAIT_MS = 1_000;

/**
 * Resolves once every private topic subscribed so far has been seeded or has failed (none
 * pending, at least one not idle), or after `timeoutMs`; never rejects.
 */
export function privateSnapshotsSettled(
  store: Store,
  atoms: Pick<StreamAtoms, 'topicStatusAtom'>,
  timeoutMs = SNAPSHOT_WAIT_MS,
): Promise<void> {
  const statuses = PRIVATE_TOPICS.map((t) => atoms.topicStatusAtom(t));
  const settled = () => {
    const s = statuses.map((a) => store.get(a).status);
    return s.some((x) => x !== 'idle') && !s.includes('pending');
  };
  if (settled()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubs.forEach((u) => u());
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const unsubs = statuses.map((a) => store.sub(a, () => settled() && done()));
  });
}
