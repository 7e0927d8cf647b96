/**
 * The private stream's first one-time token, asked for at sign-in rather than when its socket
 * opens. The connection asks for a token only once the socket is open (machines/), so the
 * token's round trip came after the socket's, and at 4x CPU throttling its answer then waited
 * behind the first render before the auth frame could go (app-ready, issue 13). Asked at
 * sign-in, beside the socket's own handshake, it is usually there when the socket opens.
 *
 * Tokens are single use and short-lived (60 s, PROTOCOL.md): a prefetched token is handed out
 * once, to the first connection of the session it was asked for, and only while it is young;
 * every other request (a reconnect, a retry after a refusal, another user) fetches a fresh one.
 * A failed prefetch is forgotten: the connection's own request goes to the server as before.
 */
import type { createStore } from 'jotai';
import { userAtom } from '../state/client';

type Store = ReturnType<typeof createStore>;
type FetchToken = () => Promise<{ token: string }>;

/** A prefetched token older than this is not handed out (tokens live 60 s). */
export const PREFETCH_MAX_AGE_MS = 20_000;

export interface TokenPrefetch {
  /** What startLive's `oneTimeToken` calls: the prefetched token once, else a fresh one. */
  take: FetchToken;
  /** Stops following the session. */
  stop(): void;
}

/**
 * Follows `store`'s session as the live streams do (src/pipeline/live.ts: a new user id is a new
 * session): each sign-in asks `fetchToken` for one token at once. `now` is a clock in ms (tests).
 */
export function prefetchTokens(
  store: Store,
  fetchToken: FetchToken,
  now: () => number = () => performance.now(),
): TokenPrefetch {
  let kept: { userId: number; at: number; token: Promise<{ token: string }> } | undefined;
  let userId = 0;
  const onUser = () => {
    const id = store.get(userAtom).userId;
    if (id === userId) return;
    userId = id;
    kept = undefined;
    if (id <= 0) return;
    const token = fetchToken();
    // Nobody may take it: its failure must not be an unhandled rejection.
    token.catch(() => undefined);
    kept = { userId: id, at: now(), token };
  };
  const unsub = store.sub(userAtom, onUser);
  onUser();
  return {
    take() {
      const mine = kept;
      kept = undefined;
      if (!mine || mine.userId !== userId || now() - mine.at > PREFETCH_MAX_AGE_MS)
        return fetchToken();
      // A failed prefetch: ask again rather than fail the connection for it.
      return mine.token.catch(() => fetchToken());
    },
    stop() {
      unsub();
      kept = undefined;
    },
  };
}
