import { Popover, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionActor } from '../../facade';
import { useConnectionStatus, type ConnectionHealth } from '../../facade';
import { liveConnectionsAtom } from '../../facade';
import { ConnectionAnnouncer } from './ConnectionAnnouncer';
import { ConnectionPanel } from './ConnectionPanel';
import classes from './connection.module.css';
import { healthText, streamText, worstHealth } from '../../ui/connection-labels';

interface BadgeViewProps {
  health: ConnectionHealth;
  /** Per stream, when they differ (read out, not shown). */
  detail?: string;
}

function BadgeView({ health, detail }: BadgeViewProps) {
  const { t } = useTranslation('user-assets');
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  const statusId = useId();
  // Mantine closes on Escape pressed inside the panel; also close it when focus is elsewhere
  // (the page was clicked, or the window lost and regained focus).
  useWindowEvent('keydown', (e) => {
    if (opened && e.key === 'Escape') setOpened(false);
  });
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      returnFocus
      closeOnEscape
      position="bottom-end"
      shadow="md"
      // Two streams side by side (the panel's grid): wide enough for both, never the screen.
      width={760}
      withinPortal
    >
      <Popover.Target>
        <UnstyledButton
          className={classes.badge}
          data-health={health}
          // Named by reference to its words (which are not a live region: the announcer speaks
          // once per outage, ConnectionAnnouncer.tsx).
          aria-labelledby={statusId}
          onClick={() => setOpened((o) => !o)}
        >
          <span className={classes.dot} aria-hidden />
          <span id={statusId} className={classes.text}>
            <VisuallyHidden>{t('connection.badgePrefix')} </VisuallyHidden>
            {healthText(t, health)}
            {detail && <VisuallyHidden> ({detail})</VisuallyHidden>}
          </span>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown
        aria-labelledby={titleId}
        maw="calc(100vw - 16px)"
        mah="min(640px, calc(100dvh - 96px))"
        style={{ overflowY: 'auto' }}
      >
        <ConnectionPanel titleId={titleId} onClose={() => setOpened(false)} />
      </Popover.Dropdown>
    </Popover>
  );
}

function LiveBadge({ pub, priv }: { pub: ConnectionActor; priv: ConnectionActor }) {
  const { t } = useTranslation('user-assets');
  const publicHealth = useConnectionStatus(pub);
  const privateHealth = useConnectionStatus(priv);
  const health = worstHealth([publicHealth, privateHealth]);
  const detail =
    publicHealth === privateHealth
      ? undefined
      : `${streamText(t, 'public')}: ${healthText(t, publicHealth)}, ${streamText(t, 'private')}: ${healthText(t, privateHealth)}`;
  return (
    <>
      <BadgeView health={health} detail={detail} />
      <ConnectionAnnouncer pub={pub} priv={priv} />
    </>
  );
}

/**
 * The header's connection badge: the worse of both streams in colour and words; it opens the
 * connection panel. Beside it, the page's one announcement of an outage and of its end
 * (ConnectionAnnouncer), rather than every change of the badge's words.
 */
export function ConnectionBadge() {
  const { public: pub, private: priv } = useAtomValue(liveConnectionsAtom);
  if (pub && priv) return <LiveBadge pub={pub} priv={priv} />;
  return <BadgeView health="disconnected" />;
}
