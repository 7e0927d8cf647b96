/**
 * Optimistic switches (collateral per coin, auto-saving per coin): a switch moves at once, the
 * request goes out, and on a refusal it moves back and the translated reason is shown. The
 * optimistic value is kept until the data says the same, so a refresh that was already in flight
 * cannot flip it back for a moment. A switch is disabled while its own request is in flight.
 * When the answer is lost (a timeout, a 5xx: the server may have made the change), the switch
 * shows what the data says, the data is read again, and the message says the change could not be
 * confirmed, not that it was refused. A message goes once the data shows the value that was asked
 * for (the change went through after all).
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../i18n/error-message';
import { showToast } from '../../../ui/notifications';
import { isOutcomeUnknown } from '../../../ui/dialogs/money/request-id';

export interface OptimisticSwitches {
  /** The value the switch of `key` shows now (`server` is what the data says). */
  checked: (key: string, server: boolean) => boolean;
  busy: (key: string) => boolean;
  toggle: (key: string, next: boolean) => void;
  /** The last refusal or unconfirmed change, translated; undefined when none. */
  error: string | undefined;
}

/**
 * The i18n keys (namespace user-assets) of what the switches say, each given the switch's key as
 * `coin` (every switch so far is a coin's) and, for a failure, the translated `reason`.
 */
interface SwitchMessages {
  /** The success toasts: switched on, switched off. */
  on: string;
  off: string;
  /** The refusal line. */
  failed: string;
  /** The line when the outcome is unknown (the change may have been made). */
  unknown: string;
}

export interface OptimisticSwitchOptions {
  /** What the data says now, per key (a coin). */
  server: ReadonlyMap<string, boolean>;
  send: (key: string, next: boolean) => Promise<unknown>;
  messages: SwitchMessages;
  /** Refresh the data: after a success, and after an unknown outcome. */
  onDone: () => void;
}

/** A message about the change of `key` to `asked`. */
interface SwitchError {
  key: string;
  asked: boolean;
  text: string;
}

export function useOptimisticSwitches({
  server,
  send,
  messages,
  onDone,
}: OptimisticSwitchOptions): OptimisticSwitches {
  const { t } = useTranslation('user-assets');
  const [wanted, setWanted] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [inFlight, setInFlight] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<SwitchError | undefined>();

  // When new data arrives, drop the optimistic values it now agrees with (adjusting state while
  // rendering, as React recommends over an effect: no extra render with stale values).
  const [seen, setSeen] = useState(server);
  if (seen !== server) {
    setSeen(server);
    setWanted((w) => settled(w, server));
  }
  // The data shows what was asked for: whatever the message said, the change is made.
  if (error && server.get(error.key) === error.asked) setError(undefined);

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
          showToast(t(next ? messages.on : messages.off, { coin: key }), { tone: 'success' });
          onDone();
        },
        (err: unknown) => {
          setInFlight((s) => without(s, key));
          setWanted((m) => without(m, key));
          const reason = errorMessage(t, err);
          if (isOutcomeUnknown(err)) {
            setError({ key, asked: next, text: t(messages.unknown, { coin: key, reason }) });
            onDone(); // what the server has now
          } else {
            setError({ key, asked: next, text: t(messages.failed, { coin: key, reason }) });
          }
        },
      );
    },
    [send, messages, onDone, t],
  );

  return { checked, busy, toggle, error: error?.text };
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
