import { useEffect, useState } from 'react';

/**
 * How long a section without any data waits for the private stream to go live before it says
 * the live data is unavailable (first connections take well under a second; the first backoff
 * steps are 1 and 2 s). The page's announcer (src/features/connection/ConnectionAnnouncer.tsx)
 * waits as long before it says so at first load: the announcement comes with what the sections
 * show.
 */
export const LIVE_UNAVAILABLE_AFTER_MS = 5_000;

/** True once `active` has held for `ms` without a break. */
export function useHeldFor(active: boolean, ms: number): boolean {
  const [since, setSince] = useState<{ active: boolean; done: boolean }>({ active, done: false });
  // A change of `active` starts over (adjusting state while rendering, not in an effect).
  if (since.active !== active) setSince({ active, done: false });
  useEffect(() => {
    if (!active) return;
    const id = setTimeout(() => setSince({ active: true, done: true }), ms);
    return () => clearTimeout(id);
  }, [active, ms]);
  return active && since.active && since.done;
}
