import { VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectionStatus, type ConnectionActor } from '../../facade';

type Said = 'nothing' | 'lost' | 'restored';

interface Heard {
  /** The actors this is about (a new session's streams start over). */
  pub: ConnectionActor;
  priv: ConnectionActor;
  /** Both streams have been live at least once: a disconnect from now on is an outage. */
  wasLive: boolean;
  said: Said;
}

/**
 * The page's one spoken word about the live connection (accessibility review L3): "connection
 * lost" once when either stream drops after having been live, and "connection restored" once
 * when both are back, however many sections show the old values meanwhile and however the
 * badge's words change during the outage (which stream, reconnect attempts, unstable). The
 * sections' own notices are visible text, not live regions (src/ui/live/TopicState.tsx), and the
 * badge names its button without announcing. Always in the page while a session has streams, so
 * that the region exists before its first message (an added region already holding its text is
 * often not read).
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
  const [heard, setHeard] = useState<Heard>({ pub, priv, wasLive: !down, said: 'nothing' });
  // Adjusting state while rendering (not in an effect): the words change with the render that
  // shows the outage.
  let next = heard;
  if (heard.pub !== pub || heard.priv !== priv) {
    next = { pub, priv, wasLive: !down, said: 'nothing' };
  } else if (!down && !heard.wasLive) {
    next = { ...heard, wasLive: true };
  } else if (down && heard.wasLive && heard.said !== 'lost') {
    next = { ...heard, said: 'lost' };
  } else if (!down && heard.said === 'lost') {
    next = { ...heard, said: 'restored' };
  }
  if (next !== heard) setHeard(next);
  const text =
    next.said === 'lost'
      ? t('connection.announce.lost')
      : next.said === 'restored'
        ? t('connection.announce.restored')
        : '';
  return <VisuallyHidden role="status">{text}</VisuallyHidden>;
}
