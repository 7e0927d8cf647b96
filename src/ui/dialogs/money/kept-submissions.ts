/**
 * Money submissions whose outcome is unknown (the answer was lost: a timeout, a dropped
 * connection, a 5xx), kept beyond the dialog that sent them, so that a dialog opened later with
 * exactly the same details (the request body without its id) sends the same requestId: if the
 * first one went through, the server answers its result again and moves nothing (docs/assets.md,
 * the server keeps an id 24 h).
 *
 * Kept in memory for the signed-in session only: another session (a sign-out for any reason,
 * another user) reads nothing and its first write starts afresh; a reload forgets. At most
 * `KEPT_MAX` submissions, each for `KEPT_FOR_MS` after its first attempt: long enough to look at
 * the records and come back, short enough that the same details sent much later on purpose are a
 * new transfer. An entry goes as soon as the server answers its id, or a lookup of the records
 * finds it (outcome.ts).
 */
import { atom, useStore } from 'jotai';
import { useMemo, useState } from 'react';
import { userAtom, type SessionUser } from '../../../facade';
import type { IdStore, KeptId } from './request-id';

/** How long an unknown outcome keeps its id (the retry note says so, in minutes). */
export const KEPT_FOR_MS = 30 * 60_000;
const KEPT_MAX = 20;
/** Records a lookup has matched, remembered so that one record never answers two submissions. */
const CLAIMED_MAX = 100;

interface Kept {
  session: SessionUser;
  /** Oldest first. */
  entries: readonly ({ key: string } & KeptId)[];
  claimed: readonly string[];
}

const keptAtom = atom<Kept | null>(null);

export interface KeptSubmissions extends IdStore {
  /** A record (a transfer or withdrawal id) found for a submission, or sent and answered. */
  claim(recordId: string): void;
  isClaimed(recordId: string): boolean;
}

/**
 * The kept submissions of the session the calling form was opened in, `kind` ('transfer',
 * 'withdraw') keeping the two apart. Nothing is read or written for any other session.
 */
export function useKeptSubmissions(kind: string): KeptSubmissions {
  const store = useStore();
  const [session] = useState(() => store.get(userAtom));
  return useMemo(() => {
    const mine = (): Kept => {
      const k = store.get(keptAtom);
      const live = store.get(userAtom) === session;
      return k && live && k.session === session ? k : { session, entries: [], claimed: [] };
    };
    const fresh = (k: Kept): Kept => ({
      ...k,
      entries: k.entries.filter((e) => Date.now() - e.firstSentAt < KEPT_FOR_MS),
    });
    const write = (k: Kept) => {
      if (store.get(userAtom) === session) store.set(keptAtom, k);
    };
    const full = (key: string) => `${kind}:${key}`;
    return {
      get: (key) => {
        const e = fresh(mine()).entries.find((x) => x.key === full(key));
        return e && { requestId: e.requestId, firstSentAt: e.firstSentAt };
      },
      keep: (key, kept) => {
        const k = fresh(mine());
        const others = k.entries.filter((x) => x.key !== full(key));
        write({ ...k, entries: [...others, { key: full(key), ...kept }].slice(-KEPT_MAX) });
      },
      drop: (key) => {
        const k = fresh(mine());
        write({ ...k, entries: k.entries.filter((x) => x.key !== full(key)) });
      },
      claim: (recordId) => {
        const k = mine();
        if (!k.claimed.includes(full(recordId))) {
          write({ ...k, claimed: [...k.claimed, full(recordId)].slice(-CLAIMED_MAX) });
        }
      },
      isClaimed: (recordId) => mine().claimed.includes(full(recordId)),
    };
  }, [store, session, kind]);
}
