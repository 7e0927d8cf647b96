import { useState } from 'react';
import type { Loadable } from '../../facade';

/**
 * Whether the last answer failed, still true while the next request is in flight. The assets
 * screens refresh every 5 s and the bots on their own timer: an alert that left with each request
 * and came back with its failure would be spoken again at every refresh for as long as the
 * failure lasts (and its retry button would vanish from under a keyboard user). So one failure
 * is one alert, in the page until an answer succeeds. The assets area's stale marker (AsOf) is
 * kept the same way.
 */
export function useLastFailed(status: Loadable<unknown>['status']): boolean {
  const [failed, setFailed] = useState(status === 'error');
  const now = status === 'pending' ? failed : status === 'error';
  // Adjusting state while rendering (not in an effect): the alert never leaves for one render.
  if (now !== failed) setFailed(now);
  return now;
}
