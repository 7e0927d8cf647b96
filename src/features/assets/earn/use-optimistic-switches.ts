/**
 * Optimistic switches (collateral per coin, auto-saving per coin): a switch moves at once, the
 * request goes out, and on a refusal it moves back and the translated reason is shown. The
 * optimistic value is kept until the data says the same, so a refresh that was already in flight
 * cannot flip it back for a moment. A switch is disabled while its own request is in flight.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../i18n/error-message';
import { showToast } from '../../../ui/notifications';

export interface OptimisticSwitches {
  /** The value the switch of `key` shows now (`server` is what the data says). */
  checked: (key: string, server: boolean) => boolean;
  busy: (key: string) => boolean;
  toggle: (key: string, next: boolean) => void;
  /** The last refusal, translated; undefined when none. */
  error: string | undefined;
}

export interface OptimisticSwitchOptions {
  /** What the data says now, per key. */
  server: ReadonlyMap<string, boolean>;
  send: (key: string, next: boolean) => Promise<unknown>;
  /** The success toast. */
  doneText: (key: string, next: boolean) => string;
  /** The refusal line, given the translated reason. */
  failText: (key: string, reason: string) => string;
  /** After a success (refresh the data). */
  onDone: () => void;
}

export function useOptimisticSwitches({
  server,
  send,
  doneText,
  failText,
  onDone,
}: OptimisticSwitchOptions): OptimisticSwitches {
  const { t } = useTranslation('user-assets');
  const [wanted, setWanted] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [inFlight, setInFlight] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | undefined>();

  // When new data arrives, drop the optimistic values it now agrees with (adjusting state while
  // rendering, as React recommends over an effect: no extra render with stale values).
  const [seen, setSeen] = useState(server);
  if (seen !== server) {
    setSeen(server);
    setWanted((w) => settled(w, server));
  }

  const checked = useCallback(
    (key: string, fromServer: boolean) => wanted.get(key) ?? fromServer,
    [wanted],
  );
  const busy = useCallback((key: string) => inFlight.has(key), [inFlight]);

  const toggle = useCallback(
    (key: string, next: boolean) => {
      setError(undefined);
      setWanted((m) => new Map(m).set(key, next));
      setInFlight((s) => new Set(s).add(key));
      send(key, next).then(
        () => {
          setInFlight((s) => without(s, key));
          showToast(doneText(key, next), { tone: 'success' });
          onDone();
        },
        (err: unknown) => {
          setInFlight((s) => without(s, key));
          setWanted((m) => without(m, key));
          setError(failText(key, errorMessage(t, err)));
        },
      );
    },
    [send, doneText, failText, onDone, t],
  );

  return { checked, busy, toggle, error };
}

function without<C extends ReadonlySet<string> | ReadonlyMap<string, boolean>>(
  c: C,
  key: string,
): C {
  const copy = (c instanceof Map ? new Map(c) : new Set(c as ReadonlySet<string>)) as
    Map<string, boolean> | Set<string>;
  copy.delete(key);
  return copy as unknown as C;
}

/** Drops optimistic values the data now agrees with (the same map when none is dropped). */
function settled(
  wanted: ReadonlyMap<string, boolean>,
  server: ReadonlyMap<string, boolean>,
): ReadonlyMap<string, boolean> {
  const out = new Map(wanted);
  for (const [k, v] of wanted) if (server.get(k) === v) out.delete(k);
  return out.size === wanted.size ? wanted : out;
}
