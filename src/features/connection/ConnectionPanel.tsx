import { Button, CloseButton, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useAtomValue, useStore } from 'jotai';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionActor } from '../../facade';
import { useStreamAtoms } from '../../facade';
import { formatDecimal } from '../../lib/money';
import type { StreamTopic } from '../../facade';
import { currentLangAtom } from '../../facade';
import {
  isTopicStale,
  useCanReconnectNow,
  useConnectionAttempt,
  useConnectionFps,
  useConnectionLastError,
  useConnectionLastErrorDetail,
  useConnectionPhase,
  useConnectionRtt,
  useConnectionStatus,
  useReconnectDueAt,
  useRefusedTopics,
  useRejectedFrames,
} from '../../facade';
import { liveConnectionsAtom } from '../../facade';
import { isPrivateTopic, type StreamName } from '../../facade';
import { LtrText } from '../../ui/amount/LtrText';
import classes from './connection.module.css';
import { errorText, healthText, phaseText, streamText } from '../../ui/connection-labels';
import { RecordingSlot } from './RecordingSlot';
import { useNow } from './use-now';

/** A count or measure in the page language (separators per locale). */
function useNum(): (n: number, decimals?: number) => string {
  const language = useAtomValue(currentLangAtom);
  return (n, decimals = 0) => formatDecimal(String(n), { decimals, rounding: 'halfUp', language });
}

function useAgo(): (at: number | undefined, now: number) => string {
  const { t } = useTranslation('user-assets');
  return (at, now) => {
    if (at === undefined || !Number.isFinite(at)) return t('connection.never');
    const s = Math.max(0, Math.floor((now - at) / 1000));
    return s < 60
      ? t('connection.secondsAgo', { n: s })
      : t('connection.minutesAgo', { n: Math.floor(s / 60) });
  };
}

function TopicStatusText({ topic }: { topic: StreamTopic }) {
  const { t } = useTranslation('user-assets');
  const { topicStatusAtom } = useStreamAtoms();
  const st = useAtomValue(topicStatusAtom(topic));
  switch (st.status) {
    case 'ready':
      return <>{t('connection.topic.ready')}</>;
    case 'pending':
      return <>{t('connection.topic.pending')}</>;
    case 'error':
      return <>{t('connection.topic.error')}</>;
    default:
      return <>{t('connection.topic.idle')}</>;
  }
}

/** What each per-stream part of the panel is given. */
interface StreamViewProps {
  actor: ConnectionActor;
  stream: StreamName;
  now: number;
}

/** Per subscribed topic: its data state (private), when its last frame came, stale or not. */
function TopicFreshness({ actor, stream, now }: StreamViewProps) {
  const { t } = useTranslation('user-assets');
  const ago = useAgo();
  const active = useSelector(actor, (s) => s.context.active.join(','));
  const snapshot = actor.getSnapshot();
  const topics = active === '' ? [] : active.split(',');
  if (topics.length === 0) return null;
  return (
    <table
      className={classes.topics}
      aria-label={t('connection.topicsOf', { stream: streamText(t, stream) })}
    >
      <thead>
        <tr>
          <th scope="col">{t('connection.topic.name')}</th>
          {stream === 'private' && <th scope="col">{t('connection.topic.data')}</th>}
          <th scope="col">{t('connection.topic.lastFrame')}</th>
        </tr>
      </thead>
      <tbody>
        {topics.map((topic) => {
          const stale = isTopicStale(snapshot, topic);
          return (
            <tr key={topic}>
              <th scope="row" dir="ltr">
                {topic}
              </th>
              {stream === 'private' && (
                <td>{isPrivateTopic(topic) ? <TopicStatusText topic={topic} /> : '--'}</td>
              )}
              <td data-align="end" className={stale ? classes.stale : undefined}>
                {ago(snapshot.context.meter.topicLastFrameAt(topic), now)}
                {stale && ` · ${t('connection.topic.stale')}`}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function StreamFigures({ actor, stream, now }: StreamViewProps) {
  const { t } = useTranslation('user-assets');
  const num = useNum();
  const health = useConnectionStatus(actor);
  const phase = useConnectionPhase(actor);
  const attempt = useConnectionAttempt(actor);
  const dueAt = useReconnectDueAt(actor);
  const canReconnectNow = useCanReconnectNow(actor);
  const refused = useRefusedTopics(actor);
  const rtt = useConnectionRtt(actor);
  const fps = useConnectionFps(actor);
  const lastError = useConnectionLastError(actor);
  const detail = useConnectionLastErrorDetail(actor);
  const rejected = useRejectedFrames(actor);
  return (
    <>
      <dl className={classes.figures}>
        <dt>{t('connection.status')}</dt>
        <dd>
          {healthText(t, health)} · {phaseText(t, phase)}
        </dd>
        <dt>{t('connection.attempts')}</dt>
        <dd>
          <LtrText>{num(attempt)}</LtrText>
        </dd>
        {dueAt !== null && (
          <>
            <dt>{t('connection.nextAttempt')}</dt>
            <dd>
              {t('connection.inSeconds', {
                // `now` re-renders this once a second; the machine's own clock says what is left.
                n: num(Math.ceil(Math.max(0, dueAt - actor.getSnapshot().context.now()) / 1000)),
              })}
            </dd>
          </>
        )}
        <dt>{t('connection.rtt')}</dt>
        <dd>{rtt === null ? '--' : t('connection.ms', { n: num(rtt) })}</dd>
        <dt>{t('connection.fps')}</dt>
        <dd>
          <LtrText>{num(fps, 1)}</LtrText>
        </dd>
        <dt>{t('connection.rejected')}</dt>
        <dd>
          <LtrText>{num(rejected)}</LtrText>
        </dd>
        <dt>{t('connection.lastError')}</dt>
        <dd title={detail || undefined}>
          {lastError ? errorText(t, lastError) : t('connection.none')}
        </dd>
        {refused !== '' && (
          <>
            <dt>{t('connection.refusedTopics')}</dt>
            <dd>
              <LtrText>{refused.split(',').join(', ')}</LtrText>
            </dd>
          </>
        )}
      </dl>
      {canReconnectNow && (
        <Button
          size="xs"
          variant="light"
          mb={4}
          onClick={() => actor.send({ type: 'RECONNECT_NOW' })}
        >
          {t('connection.reconnectNow')}
        </Button>
      )}
      <TopicFreshness actor={actor} stream={stream} now={now} />
    </>
  );
}

function StreamDetails({ stream, now }: { stream: StreamName; now: number }) {
  const { t } = useTranslation('user-assets');
  const actor = useAtomValue(liveConnectionsAtom)[stream];
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Title order={3} size="h6" id={id} mb={4}>
        {streamText(t, stream)}
      </Title>
      {actor ? (
        <StreamFigures actor={actor} stream={stream} now={now} />
      ) : (
        <p className={classes.figures}>{t('connection.notStarted')}</p>
      )}
    </section>
  );
}

/** What the ingest took in, read once a second (it changes with every write). */
function IngestFigures() {
  const { t } = useTranslation('user-assets');
  const num = useNum();
  const store = useStore();
  const { ingestStatsAtom } = useStreamAtoms();
  const s = store.get(ingestStatsAtom);
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Title order={3} size="h6" id={id} mb={4}>
        {t('connection.ingest.title')}
      </Title>
      <dl className={classes.figures}>
        <dt>{t('connection.ingest.applied')}</dt>
        <dd>
          <LtrText>{num(s.framesApplied)}</LtrText>
        </dd>
        <dt>{t('connection.ingest.rejected')}</dt>
        <dd>
          <LtrText>{num(s.framesRejected)}</LtrText>
        </dd>
        <dt>{t('connection.ingest.resyncs')}</dt>
        <dd>
          <LtrText>{num(s.resyncs)}</LtrText>
        </dd>
        <dt>{t('connection.ingest.repeats')}</dt>
        <dd>
          <LtrText>{num(s.seqRepeats)}</LtrText>
        </dd>
        <dt>{t('connection.ingest.ignored')}</dt>
        <dd>
          <LtrText>{num(s.tickerDeltasIgnored)}</LtrText>
        </dd>
        <dt>{t('connection.ingest.snapshots')}</dt>
        <dd>
          <LtrText>{num(s.snapshotsApplied)}</LtrText>
        </dd>
        <dt>{t('connection.ingest.snapshotFailures')}</dt>
        <dd>
          <LtrText>{num(s.snapshotFailures)}</LtrText>
        </dd>
        <dt>{t('connection.ingest.writes')}</dt>
        <dd>
          <LtrText>{num(s.fps)}</LtrText>
        </dd>
      </dl>
    </section>
  );
}

export interface ConnectionPanelProps {
  titleId: string;
  onClose: () => void;
}

/**
 * Both connections in detail: the record-session control when present (first, so that it needs
 * no scrolling), then per stream, side by side where there is room, state, attempts, round trip,
 * frames per second, last error and per-topic freshness; then the ingest's counters. Figures sit
 * in the value column in either direction (isolated left to right inside it, not the cell).
 */
export function ConnectionPanel({ titleId, onClose }: ConnectionPanelProps) {
  const { t } = useTranslation('user-assets');
  const now = useNow(1_000);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h5" id={titleId}>
          {t('connection.title')}
        </Title>
        <CloseButton aria-label={t('common.close')} onClick={onClose} />
      </Group>
      {/* The one control first: reachable without scrolling on any screen. */}
      <RecordingSlot />
      {/* Side by side where there is room: the panel stays within a screen's height. */}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <StreamDetails stream="public" now={now} />
        <StreamDetails stream="private" now={now} />
      </SimpleGrid>
      <IngestFigures />
    </Stack>
  );
}
