/**
 * Connection status for people, derived from a connection actor's snapshot, and React hooks that
 * read it with useSelector returning primitives (so a badge re-renders only when its value
 * changes, never per frame).
 */
import { useSelector } from '@xstate/react';
import type { ConnectionActor, ConnectionSnapshot } from '../../machines/connection.machine';
import type { ConnectionErrorCode } from '../../machines/connection.types';

/** The machine's state, flattened to one name. */
export type ConnectionPhase =
  | 'idle'
  | 'connecting'
  | 'authenticating'
  | 'subscribing'
  | 'live'
  | 'stale'
  | 'reconnecting'
  | 'offline'
  | 'unauthorized';

/**
 * The three states people understand, describing NOW: connected (live data), unstable (data
 * flows, but no frame for a while, or the connection is back from repeated drops and has not held
 * for the settling time yet: `stableAfterMs`, 5 s), disconnected (no live data: whatever is on
 * screen may be old). A connection that dropped earlier and has held since is connected: the
 * panel's reconnect attempts and last error tell the history.
 */
export type ConnectionHealth = 'connected' | 'unstable' | 'disconnected';

/**
 * Live connections lost within the unstable window (the machine forgets them after a steady
 * minute) before a reconnection that has not settled yet says "unstable".
 */
const UNSTABLE_AFTER_DROPS = 2;

export function phaseOf(s: ConnectionSnapshot): ConnectionPhase {
  if (s.matches('idle')) return 'idle';
  if (s.matches('offline')) return 'offline';
  if (s.matches('unauthorized')) return 'unauthorized';
  if (s.matches({ active: { ready: { activity: 'stale' } } })) return 'stale';
  if (s.matches({ active: 'ready' })) return 'live';
  if (s.matches({ active: 'authenticating' })) return 'authenticating';
  if (s.matches({ active: 'subscribing' })) return 'subscribing';
  if (s.matches({ active: 'reconnecting' })) return 'reconnecting';
  return 'connecting';
}

export function healthOf(s: ConnectionSnapshot): ConnectionHealth {
  const phase = phaseOf(s);
  if (phase === 'live') {
    const settling = s.matches({ active: { ready: { uptime: 'settling' } } });
    return settling && s.context.drops >= UNSTABLE_AFTER_DROPS ? 'unstable' : 'connected';
  }
  return phase === 'stale' ? 'unstable' : 'disconnected';
}

const selectAttempt = (s: ConnectionSnapshot): number => s.context.attempt;
const selectRttMs = (s: ConnectionSnapshot): number | null => s.context.rttMs;
const selectFps = (s: ConnectionSnapshot): number => s.context.fps;
const selectLastError = (s: ConnectionSnapshot): ConnectionErrorCode | null => s.context.lastError;
const selectLastErrorDetail = (s: ConnectionSnapshot): string => s.context.lastErrorDetail;
const selectStaleTopics = (s: ConnectionSnapshot): string => s.context.staleTopics;
const selectStaleTopicCount = (s: ConnectionSnapshot): number => s.context.staleTopicCount;
const selectRejectedFrames = (s: ConnectionSnapshot): number => s.context.rejectedFrames;
/** The whole delay of the current backoff while reconnecting, else null. */
export const selectReconnectDelayMs = (s: ConnectionSnapshot): number | null =>
  phaseOf(s) === 'reconnecting' ? s.context.backoffMs : null;
/**
 * When the next attempt is due while reconnecting (ms on the machine's clock, `now()` of its
 * context), else null: the time left is `dueAt - snapshot.context.now()`.
 */
export const selectReconnectDueAt = (s: ConnectionSnapshot): number | null =>
  phaseOf(s) === 'reconnecting' ? s.context.backoffDueAt : null;
/** Whether "reconnect now" means something: waiting out a backoff, or offline. */
export const canReconnectNow = (s: ConnectionSnapshot): boolean => {
  const phase = phaseOf(s);
  return phase === 'reconnecting' || phase === 'offline';
};
/** Topics the server refused, sorted and comma-joined ('' when none). */
export const selectRefusedTopics = (s: ConnectionSnapshot): string => s.context.refused.join(',');

/** True when `topic` is subscribed on the live connection but has had no frame for a while. */
export function isTopicStale(s: ConnectionSnapshot, topic: string): boolean {
  const list = s.context.staleTopics;
  return list !== '' && list.split(',').includes(topic);
}

/** Everything above at once, for logs and non-React code (not for useSelector: it is an object). */
export function describeConnection(s: ConnectionSnapshot) {
  return {
    stream: s.context.stream,
    status: healthOf(s),
    phase: phaseOf(s),
    attempt: selectAttempt(s),
    rttMs: selectRttMs(s),
    fps: selectFps(s),
    lastError: selectLastError(s),
    lastErrorDetail: selectLastErrorDetail(s),
    staleTopics: selectStaleTopics(s),
    refusedTopics: selectRefusedTopics(s),
    reconnectDueAt: selectReconnectDueAt(s),
    rejectedFrames: selectRejectedFrames(s),
  };
}

/** 'connected' | 'unstable' | 'disconnected'. */
export const useConnectionStatus = (actor: ConnectionActor): ConnectionHealth =>
  useSelector(actor, healthOf);
export const useConnectionPhase = (actor: ConnectionActor): ConnectionPhase =>
  useSelector(actor, phaseOf);
export const useConnectionAttempt = (actor: ConnectionActor): number =>
  useSelector(actor, selectAttempt);
export const useConnectionRtt = (actor: ConnectionActor): number | null =>
  useSelector(actor, selectRttMs);
export const useConnectionFps = (actor: ConnectionActor): number => useSelector(actor, selectFps);
export const useConnectionLastError = (actor: ConnectionActor): ConnectionErrorCode | null =>
  useSelector(actor, selectLastError);
export const useConnectionLastErrorDetail = (actor: ConnectionActor): string =>
  useSelector(actor, selectLastErrorDetail);
/** Sorted, comma-joined stale topics ('' when none). */
export const useStaleTopics = (actor: ConnectionActor): string =>
  useSelector(actor, selectStaleTopics);
export const useStaleTopicCount = (actor: ConnectionActor): number =>
  useSelector(actor, selectStaleTopicCount);
export const useRejectedFrames = (actor: ConnectionActor): number =>
  useSelector(actor, selectRejectedFrames);
export const useReconnectDueAt = (actor: ConnectionActor): number | null =>
  useSelector(actor, selectReconnectDueAt);
export const useCanReconnectNow = (actor: ConnectionActor): boolean =>
  useSelector(actor, canReconnectNow);
/** Sorted, comma-joined topics the server refused ('' when none). */
export const useRefusedTopics = (actor: ConnectionActor): string =>
  useSelector(actor, selectRefusedTopics);
export const useTopicStale = (actor: ConnectionActor, topic: string): boolean =>
  useSelector(actor, (s) => isTopicStale(s, topic));
