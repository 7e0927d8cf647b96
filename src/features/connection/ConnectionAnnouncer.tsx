import { VisuallyHidden } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectionPhase, useConnectionStatus, type ConnectionActor } from '../../facade';
import { LIVE_UNAVAILABLE_AFTER_MS, useHeldFor } from '../../ui/live/held-for';

/**
 * What was said last: nothing yet; at first load, that the live data is unavailable, then that
 * it is connected; after having been live, that the connection was lost, then restored.
 */
type Said = 'nothing' | 'offline' | 'unavailable' | 'connected' | 'lost' | 'restored';

interface Heard {
  /** The actors this is about (a new session's streams start over). */
  pub: ConnectionActor;
  priv: ConnectionActor;
  /** Both streams have been live at least once: a disconnect from now on is an outage. */
  wasLive: boolean;
  said: Said;
}

/** The words of what was said last ('' for nothing: the region stays, empty). */
function words(t: TFunction, said: Said): string {
  switch (said) {
    case 'offline':
      return t('live.reason.offline');
    case 'unavailable':
      return t('connection.announce.unavailable');
    case 'connected':
      return t('connection.announce.connected');
    case 'lost':
      return t('connection.announce.lost');
    case 'restored':
      return t('connection.announce.restored');
    default:
      return '';
  }
}

/**
 * The page's one spoken word about the live connection (accessibility review L3), one
 * announcement per connection problem and one when it ends, however many sections show it and
 * however the badge's words change meanwhile (which stream, reconnect attempts, unstable):
 * - after both streams have been live: "connection lost" once when either drops, "connection
 *   restored" once when both are back;
 * - at first load: "live data unavailable" once when the streams have not both come up within
 *   LIVE_UNAVAILABLE_AFTER_MS (when the sections without data say so too), "connected" once when
 *   they have. A first connection that takes a moment, or fails once and then succeeds, is not
 *   announced: nothing was missed. A device offline at first load is said at once ("Your device
 *   is offline…", as the sections show it): no attempt can go through, so there is nothing to
 *   wait for.
 * The sections' own notices are visible text, not live regions (src/ui/live/TopicState.tsx), and
 * the badge names its button without announcing. Always in the page while a session has streams,
 * so that the region exists before its first message (an added region already holding its text
 * is often not read).
 */
export function ConnectionAnnouncer({
  pub,
  priv,
}: {
  pub: ConnectionActor;
  priv: ConnectionActor;
}) {
  const { t } = useTranslation('user-assets');
  const publicHealth = useConnectionStatus(pub);
  const privateHealth = useConnectionStatus(priv);
  const down = publicHealth === 'disconnected' || privateHealth === 'disconnected';
  const publicPhase = useConnectionPhase(pub);
  const privatePhase = useConnectionPhase(priv);
  const offline = publicPhase === 'offline' || privatePhase === 'offline';
  const late = useHeldFor(down, LIVE_UNAVAILABLE_AFTER_MS);
  const [heard, setHeard] = useState<Heard>({ pub, priv, wasLive: !down, said: 'nothing' });
  // Adjusting state while rendering (not in an effect): the words change with the render that
  // shows the outage.
  let next = heard;
  if (heard.pub !== pub || heard.priv !== priv) {
    next = { pub, priv, wasLive: !down, said: 'nothing' };
  } else if (!down && !heard.wasLive) {
    next = {
      ...heard,
      wasLive: true,
      said: heard.said === 'unavailable' || heard.said === 'offline' ? 'connected' : 'nothing',
    };
  } else if (down && !heard.wasLive && offline && heard.said === 'nothing') {
    next = { ...heard, said: 'offline' };
  } else if (down && !heard.wasLive && late && heard.said === 'nothing') {
    next = { ...heard, said: 'unavailable' };
  } else if (down && heard.wasLive && heard.said !== 'lost') {
    next = { ...heard, said: 'lost' };
  } else if (!down && heard.said === 'lost') {
    next = { ...heard, said: 'restored' };
  }
  if (next !== heard) setHeard(next);
  return <VisuallyHidden role="status">{words(t, next.said)}</VisuallyHidden>;
}
