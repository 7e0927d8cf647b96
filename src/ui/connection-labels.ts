/** Words for the connection machine's states and error codes (keys under `connection.`). */
import type { TFunction } from 'i18next';
import type { ConnectionErrorCode } from '../facade';
import type { ConnectionHealth, ConnectionPhase } from '../facade';
import type { StreamName } from '../facade';

export function healthText(t: TFunction, h: ConnectionHealth): string {
  switch (h) {
    case 'connected':
      return t('connection.health.connected');
    case 'unstable':
      return t('connection.health.unstable');
    case 'disconnected':
      return t('connection.health.disconnected');
  }
}

export function phaseText(t: TFunction, p: ConnectionPhase): string {
  switch (p) {
    case 'idle':
      return t('connection.phase.idle');
    case 'connecting':
      return t('connection.phase.connecting');
    case 'authenticating':
      return t('connection.phase.authenticating');
    case 'subscribing':
      return t('connection.phase.subscribing');
    case 'live':
      return t('connection.phase.live');
    case 'stale':
      return t('connection.phase.stale');
    case 'reconnecting':
      return t('connection.phase.reconnecting');
    case 'offline':
      return t('connection.phase.offline');
    case 'unauthorized':
      return t('connection.phase.unauthorized');
  }
}

export function errorText(t: TFunction, code: ConnectionErrorCode): string {
  switch (code) {
    case 'socket-error':
      return t('connection.error.socketError');
    case 'closed':
      return t('connection.error.closed');
    case 'connect-timeout':
      return t('connection.error.connectTimeout');
    case 'transport-dead':
      return t('connection.error.transportDead');
    case 'token-failed':
      return t('connection.error.tokenFailed');
    case 'token-rejected':
      return t('connection.error.tokenRejected');
    case 'auth-rejected':
      return t('connection.error.authRejected');
    case 'auth-timeout':
      return t('connection.error.authTimeout');
    case 'subscribe-rejected':
      return t('connection.error.subscribeRejected');
    case 'subscribe-timeout':
      return t('connection.error.subscribeTimeout');
    case 'unsubscribe-rejected':
      return t('connection.error.unsubscribeRejected');
    case 'heartbeat-timeout':
      return t('connection.error.heartbeatTimeout');
    case 'idle-dropped':
      return t('connection.error.idleDropped');
    case 'offline':
      return t('connection.error.offline');
    case 'sink-error':
      return t('connection.error.sinkError');
    case 'invalid-topic':
      return t('connection.error.invalidTopic');
  }
}

export function streamText(t: TFunction, s: StreamName): string {
  return s === 'public' ? t('connection.stream.public') : t('connection.stream.private');
}

/** Worst of several: disconnected, then unstable, then connected. */
export function worstHealth(list: readonly ConnectionHealth[]): ConnectionHealth {
  if (list.includes('disconnected')) return 'disconnected';
  if (list.includes('unstable')) return 'unstable';
  return 'connected';
}
