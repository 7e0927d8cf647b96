/**
 * One "the session has no permission" signal for the app, from two sources: the HTTP client's
 * no-permission errors (10007/33003/10009) and the private stream refusing our session
 * (token rejected, close 4401). The stream's refusal is reported as 10007 so the user reads
 * "Your session has expired, please sign in again."
 */
import { ERROR_CODES } from '../api/error-codes';

export type NoPermissionListener = (err: unknown) => void;
export type Subscribe = (listener: NoPermissionListener) => () => void;

export interface NoPermissionBridge {
  subscribe: Subscribe;
  /** Feed a refusal from elsewhere (the live streams' `onUnauthorized`). */
  report: (detail: string) => void;
}

/** Merge the HTTP client's `onNoPermission` with refusals reported through `report`. */
export function noPermissionBridge(http: Subscribe): NoPermissionBridge {
  const local = new Set<NoPermissionListener>();
  return {
    subscribe(listener) {
      const off = http(listener);
      local.add(listener);
      return () => {
        off();
        local.delete(listener);
      };
    },
    report(detail) {
      const err = Object.assign(new Error(detail), { code: ERROR_CODES.NOT_LOGGED_IN });
      for (const l of [...local]) l(err);
    },
  };
}

/**
 * `subscribe`, with what it reports before anyone listens kept and handed to the first listener.
 * The session check starts before the first render (main.tsx), the app's listener
 * (installNoPermissionSignOut) only subscribes once mounted: a no-permission answer in between
 * still reaches it, which decides as it always does (it ignores one while nobody is signed in).
 */
export function holdUntilSubscribed(subscribe: Subscribe): Subscribe {
  let held: unknown[] | null = [];
  const stopHolding = subscribe((err) => held?.push(err));
  return (listener) => {
    const off = subscribe(listener);
    if (held) {
      const early = held;
      held = null;
      stopHolding();
      for (const err of early) listener(err);
    }
    return off;
  };
}
