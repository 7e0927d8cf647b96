import { Alert, Text, VisuallyHidden } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionActor } from '../../facade';
import { useStreamAtoms } from '../../facade';
import { errorText } from '../connection-labels';
import type { StreamTopic, TopicStatus } from '../../facade';
import {
  phaseOf,
  useConnectionAttempt,
  useConnectionLastError,
  useConnectionPhase,
  useConnectionStatus,
  useStaleTopicCount,
  type ConnectionPhase,
} from '../../facade';
import { liveConnectionsAtom } from '../../facade';
import type { StreamName } from '../../facade';
import { Spinner } from '../Spinner';
import { LIVE_UNAVAILABLE_AFTER_MS, useHeldFor } from './held-for';
import classes from './live.module.css';

/*
 * LIVE_UNAVAILABLE_AFTER_MS is also how long a section's connection notice lies over the top of
 * its content before it takes its own room above it: a brief reconnect (first backoff steps 1
 * and 2 s, test/e2e/screens' forced drop) passes without moving anything, but an outage that
 * lasts does not keep the column headers, figures and first row covered (review M6).
 */

/**
 * Tells when a stream's values on screen may be old: its connection is down or silent. Visible
 * words (a note), not a live region: several sections show it at once, and the page announces
 * an outage once (src/features/connection/ConnectionAnnouncer.tsx, accessibility review L3).
 */
function ConnectionNoticeFor({
  actor,
  stream,
  compact,
  onShown,
}: {
  actor: ConnectionActor;
  stream: StreamName;
  compact: boolean;
  onShown?: ((stream: StreamName, shown: boolean) => void) | undefined;
}) {
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
  const shown = text !== null;
  useEffect(() => {
    if (!onShown) return;
    onShown(stream, shown);
    return () => onShown(stream, false);
  }, [onShown, stream, shown]);
  if (!text) return null;
  if (compact) {
    // A mark beside the figure, its words for screen readers and on hover: a line of text here
    // would make the figure's row taller, and move everything below it, for a brief reconnect.
    return (
      <span role="note" className={classes.compactNotice} title={text}>
        <span aria-hidden>⚠</span>
        <VisuallyHidden>{text}</VisuallyHidden>
      </span>
    );
  }
  return (
    <Alert role="note" color="yellow" variant="light" p="xs">
      {text}
    </Alert>
  );
}

/**
 * The connection notice of one stream, once the session has opened it. `compact`: a line of
 * small text, for one figure rather than a whole section.
 */
export function ConnectionNotice({
  stream,
  compact = false,
  onShown,
}: {
  stream: StreamName;
  compact?: boolean;
  /** Told whether the notice shows (a section's notices use it to leave the overlay). */
  onShown?: (stream: StreamName, shown: boolean) => void;
}) {
  const actor = useAtomValue(liveConnectionsAtom)[stream];
  return actor ? (
    <ConnectionNoticeFor actor={actor} stream={stream} compact={compact} onShown={onShown} />
  ) : null;
}

/**
 * A section's passing notices ("Refreshing…", a connection notice): laid over the top of its
 * content, so that nothing moves while a brief interruption comes and goes (issue 15, item 6);
 * once a connection notice has shown for LIVE_UNAVAILABLE_AFTER_MS, in the flow above the content,
 * which moves down once and stays readable for the whole outage (review M6). The same element
 * either way, so the notices are not mounted again. None of them is a live region: "Refreshing…"
 * passes, and the page says once that the connection was lost (review L3).
 */
function SectionNotices({ pending, prices }: { pending: boolean; prices: boolean }) {
  const { t } = useTranslation('user-assets');
  const [shown, setShown] = useState<Readonly<Record<StreamName, boolean>>>({
    public: false,
    private: false,
  });
  const onShown = useCallback(
    (stream: StreamName, on: boolean) =>
      setShown((s) => (s[stream] === on ? s : { ...s, [stream]: on })),
    [],
  );
  const inFlow = useHeldFor(shown.private || shown.public, LIVE_UNAVAILABLE_AFTER_MS);
  return (
    <div className={inFlow ? classes.inFlow : classes.overlay} data-in-flow={inFlow || undefined}>
      {/* Not beside "Connection lost … Reconnecting…": nothing is being refreshed then, the
          topic waits for the connection (it said both for the whole of an outage). */}
      {pending && !shown.private && (
        <Text size="xs" className={classes.refreshing}>
          {t('live.refreshing')}
        </Text>
      )}
      <ConnectionNotice stream="private" onShown={onShown} />
      {prices && <ConnectionNotice stream="public" onShown={onShown} />}
    </div>
  );
}

/** Why the private stream is not live, in words; null while it is (or is just connecting). */
function reasonText(
  t: TFunction,
  phase: ConnectionPhase,
  attempt: number,
  lastError: ReturnType<typeof useConnectionLastError>,
): string | null {
  const error = lastError ? ` ${t('live.lastError', { error: errorText(t, lastError) })}` : '';
  switch (phase) {
    case 'offline':
      return t('live.reason.offline');
    case 'unauthorized':
      return t('live.reason.unauthorized');
    case 'reconnecting':
      return `${t('live.reason.reconnecting', { n: attempt })}${error}`;
    case 'idle':
      return t('live.reason.stopped');
    default:
      return null;
  }
}

/**
 * Why a section has no live data. A note, not a live region: every section of the page shows it
 * at the same moment, and each would have spoken it; the page says it once instead
 * (ConnectionAnnouncer). A screen reader that reaches the section still reads it, titled.
 */
function Unavailable({ reason }: { reason: string }) {
  const { t } = useTranslation('user-assets');
  return (
    <Alert role="note" color="yellow" variant="light" title={t('live.unavailableTitle')}>
      {reason}
    </Alert>
  );
}

/** No data yet while the session's private stream exists: why, from its connection. */
function NoDataLive({
  actor,
  topic,
  status,
  loadingText,
}: {
  actor: ConnectionActor;
  topic: StreamTopic;
  status: TopicStatus['status'];
  loadingText: string;
}) {
  const { t } = useTranslation('user-assets');
  const phase = useConnectionPhase(actor);
  const attempt = useConnectionAttempt(actor);
  const lastError = useConnectionLastError(actor);
  const wanted = useSelector(actor, (s) => s.context.wanted.includes(topic));
  const connected = phase === 'live' || phase === 'stale';
  const late = useHeldFor(!connected, LIVE_UNAVAILABLE_AFTER_MS);
  // Never subscribed, and not going to be: this account has no such data (e.g. leader topics).
  if (status === 'idle' && !wanted) {
    return (
      <Text c="dimmed" size="sm">
        {t('live.notAvailable')}
      </Text>
    );
  }
  const reason = reasonText(t, phase, attempt, lastError);
  if (late) return <Unavailable reason={reason ?? t('live.reason.connecting')} />;
  return (
    <>
      {/* A note, as Unavailable: its words change with each attempt, and a live region would
          speak every attempt in every section. */}
      {reason && (
        <Alert role="note" color="yellow" variant="light" className={classes.notice} p="xs">
          {reason}
        </Alert>
      )}
      <Spinner size="small" label={loadingText} />
    </>
  );
}

/**
 * No data yet and no stream opened (yet): a spinner, then a plain "unavailable", silent like the
 * rest. No announcer speaks here: streams are opened at sign-in and closed at sign-out, so a
 * signed-in page is without them only for a moment.
 */
function NoDataOffline({ loadingText }: { loadingText: string }) {
  const { t } = useTranslation('user-assets');
  const late = useHeldFor(true, LIVE_UNAVAILABLE_AFTER_MS);
  if (late) return <Unavailable reason={t('live.unavailable')} />;
  return <Spinner size="small" label={loadingText} />;
}

/**
 * A topic's own failure: its snapshot requests keep failing (the ingest retries by itself and
 * keeps the status 'error' meanwhile, so this stays mounted, unchanged, for the whole failure).
 * `announced`: an alert, spoken once when it appears; else a note, shown and readable but silent.
 */
function FailureNotice({ announced, hasData }: { announced: boolean; hasData: boolean }) {
  const { t } = useTranslation('user-assets');
  const role = announced ? 'alert' : 'note';
  if (!hasData) {
    return (
      <Alert role={role} color="red" variant="light" title={t('live.loadFailedTitle')}>
        {t('live.loadFailed')}
      </Alert>
    );
  }
  return (
    <Alert role={role} color="yellow" variant="light" className={classes.notice} p="xs">
      {t('live.refreshFailed')}
    </Alert>
  );
}

/**
 * A failure that begins while the private stream is live is this section's own problem (one
 * topic's snapshot failed): its notice is announced, once. One that begins while the stream is
 * down is part of the connection problem (the snapshot requests fail with the network), which the
 * page announces once (ConnectionAnnouncer): each section would only repeat it. Decided when the
 * failure begins and kept until it ends: a notice shown silently does not turn into an alert
 * (which a screen reader may then speak) when the connection comes back.
 */
function FailureWithStream({ actor, hasData }: { actor: ConnectionActor; hasData: boolean }) {
  // Read once, when the failure begins (no subscription: later phases do not change it).
  const [announced] = useState(() => {
    const phase = phaseOf(actor.getSnapshot());
    return phase === 'live' || phase === 'stale';
  });
  return <FailureNotice announced={announced} hasData={hasData} />;
}

/** Without a stream there is no connection to blame, and nothing else says it: announced. */
function TopicFailure({ actor, hasData }: { actor: ConnectionActor | null; hasData: boolean }) {
  return actor ? (
    <FailureWithStream actor={actor} hasData={hasData} />
  ) : (
    <FailureNotice announced hasData={hasData} />
  );
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
 * Loading, error, empty and stale states of a section fed by one stream topic. Without data: a
 * spinner while the data is on its way; with the private stream down, why (reconnecting,
 * offline, refused) and, after LIVE_UNAVAILABLE_AFTER_MS, that the live data is unavailable;
 * "not available" for a topic this account is not subscribed to; an error while the first
 * snapshot keeps failing (the ingest retries on its own). With data: a notice when a refresh
 * failed, or when a connection is down so the values may be old. What is spoken: a connection
 * problem by the page's announcer, once (ConnectionAnnouncer), whichever sections show it; a
 * topic's own failure by its notice, once (FailureWithStream); every other notice is silent.
 */
export function TopicState({
  topic,
  empty,
  emptyText,
  loadingText,
  prices = false,
  children,
}: TopicStateProps) {
  const { topicStatusAtom } = useStreamAtoms();
  const st = useAtomValue(topicStatusAtom(topic));
  const actor = useAtomValue(liveConnectionsAtom).private;
  if (!st.hasData) {
    if (st.status === 'error') return <TopicFailure actor={actor} hasData={false} />;
    return actor ? (
      <NoDataLive actor={actor} topic={topic} status={st.status} loadingText={loadingText} />
    ) : (
      <NoDataOffline loadingText={loadingText} />
    );
  }
  // The notices of a brief interruption (reconnecting, resyncing) lie over the top of the
  // section's content instead of pushing it down and back (issue 15, item 6): nothing on the page
  // moves while they come and go; a connection notice that lasts takes its own room
  // (SectionNotices). A refresh that keeps failing is no passing state: it takes its own room.
  return (
    <div className={classes.live}>
      {st.status === 'error' && <TopicFailure actor={actor} hasData />}
      <SectionNotices pending={st.status === 'pending'} prices={prices} />
      {empty ? (
        <Text c="dimmed" size="sm">
          {emptyText}
        </Text>
      ) : (
        children
      )}
    </div>
  );
}
