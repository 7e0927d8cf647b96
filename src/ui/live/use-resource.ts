/**
 * A REST value a screen shows (bots, income history): loaded on mount, refreshed every
 * `refreshMs` if given, reloadable. A failed refresh keeps the last data (Loadable `error` with
 * data); answers of an unmounted screen or of a superseded request are dropped.
 */
import { useCallback, useEffect, useState } from 'react';
import { errorCodeOf } from '../../i18n/error-message';
import { dataOf, failed, idle, pending, ready, type Loadable } from '../../facade';

export interface Resource<T> {
  state: Loadable<T>;
  reload: () => void;
}

export function useResource<T>(load: () => Promise<T>, refreshMs?: number): Resource<T> {
  const [state, setState] = useState<Loadable<T>>(idle<T>());
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let latest = 0;
    let mounted = true;
    const run = () => {
      const mine = ++latest;
      setState((s) => pending<T>(dataOf(s)));
      load().then(
        (value) => {
          if (mounted && mine === latest) setState(ready(value));
        },
        (err: unknown) => {
          const reason = String(errorCodeOf(err) ?? 'error');
          if (mounted && mine === latest) setState((s) => failed<T>(reason, dataOf(s)));
        },
      );
    };
    run();
    const timer = refreshMs ? setInterval(run, refreshMs) : undefined;
    return () => {
      mounted = false;
      if (timer) clearInterval(timer);
    };
  }, [load, refreshMs, reloads]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { state, reload };
}
