import { Alert, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionActor } from '../../../machines/connection.machine';
import { useStreamAtoms } from '../../app/live-context';
import type { StreamTopic } from '../../state/atoms';
import {
  useConnectionPhase,
  useConnectionStatus,
  useStaleTopicCount,
} from '../../stream/connection-status';
import { liveConnectionsAtom } from '../../stream/live';
import type { StreamName } from '../../stream/protocol';
import { Spinner } from '../Spinner';
import classes from './live.module.css';

/** Tells when a stream's values on screen may be old: its connection is down or silent. */
function ConnectionNoticeFor({ actor, stream }: { actor: ConnectionActor; stream: StreamName }) {
  const { t } = useTranslation('user-assets');
  const status = useConnectionStatus(actor);
  const phase = useConnectionPhase(actor);
  const staleTopics = useStaleTopicCount(actor);
  let text: string | null = null;
  if (status === 'disconnected') {
    text = stream === 'public' ? t('live.pricesDisconnected') : t('live.disconnected');
  } else if (phase === 'stale') {
    text = t('live.silent');
  } else if (stream === 'public' && staleTopics > 0) {
    text = t('live.pricesStale');
  }
  if (!text) return null;
  return (
    <Alert role="status" color="yellow" variant="light" className={classes.notice} p="xs">
      {text}
    </Alert>
  );
}

/** The connection notice of one stream, once the session has opened it. */
export function ConnectionNotice({ stream }: { stream: StreamName }) {
  const actor = useAtomValue(liveConnectionsAtom)[stream];
  return actor ? <ConnectionNoticeFor actor={actor} stream={stream} /> : null;
}

export interface TopicStateProps {
  topic: StreamTopic;
  /** Nothing to show (no rows, no object). */
  empty: boolean;
  /** What nothing means here, e.g. "No open positions". */
  emptyText: string;
  /** The spinner's name, e.g. "Loading positions". */
  loadingText: string;
  /** The section shows live prices too: tell when the public stream is down. */
  prices?: boolean;
  children?: ReactNode;
}

/**
 * Loading, error, empty and stale states of a section fed by one stream topic: a spinner until
 * the first data, an error while the first snapshot keeps failing (the ingest retries on its
 * own), and over the data a notice when a refresh failed, or when the connection is down so the
 * values may be old.
 */
export function TopicState({
  topic,
  empty,
  emptyText,
  loadingText,
  prices = false,
  children,
}: TopicStateProps) {
  const { t } = useTranslation('user-assets');
  const { topicStatusAtom } = useStreamAtoms();
  const st = useAtomValue(topicStatusAtom(topic));
  if (!st.hasData) {
    if (st.status === 'error') {
      return (
        <Alert role="alert" color="red" variant="light" title={t('live.loadFailedTitle')}>
          {t('live.loadFailed')}
        </Alert>
      );
    }
    return <Spinner size="small" label={loadingText} />;
  }
  return (
    <>
      {st.status === 'error' && (
        <Alert role="alert" color="yellow" variant="light" className={classes.notice} p="xs">
          {t('live.refreshFailed')}
        </Alert>
      )}
      {st.status === 'pending' && (
        <Text role="status" size="xs" c="dimmed" className={classes.notice}>
          {t('live.refreshing')}
        </Text>
      )}
      <ConnectionNotice stream="private" />
      {prices && <ConnectionNotice stream="public" />}
      {empty ? (
        <Text c="dimmed" size="sm">
          {emptyText}
        </Text>
      ) : (
        children
      )}
    </>
  );
}
