import { describe, expect, it } from 'vitest';
import type { ConnectionErrorCode } from '@machines/connection.types';
import {
  errorText,
  healthText,
  phaseText,
  streamText,
  worstHealth,
} from '@src/ui/connection-labels';
import { LANGUAGES } from '@src/i18n/languages';
import type { ConnectionPhase } from '@src/pipeline/connection-status';
import { testI18n } from '../../ui/test-utils';

const PHASES: ConnectionPhase[] = [
  'idle',
  'connecting',
  'authenticating',
  'subscribing',
  'live',
  'stale',
  'reconnecting',
  'offline',
  'unauthorized',
];
// every code of docs/connection.md
const ERRORS: ConnectionErrorCode[] = [
  'socket-error',
  'closed',
  'connect-timeout',
  'transport-dead',
  'token-failed',
  'token-rejected',
  'auth-rejected',
  'auth-timeout',
  'subscribe-rejected',
  'subscribe-timeout',
  'unsubscribe-rejected',
  'heartbeat-timeout',
  'idle-dropped',
  'offline',
  'sink-error',
  'invalid-topic',
];

describe('connection words', () => {
  it.each([...LANGUAGES])(
    '%s has a distinct text for every phase, error and status',
    async (lng) => {
      const i18n = await testI18n(lng);
      const t = i18n.getFixedT(lng, 'user-assets');
      const texts = [
        ...PHASES.map((p) => phaseText(t, p)),
        ...ERRORS.map((e) => errorText(t, e)),
        ...(['connected', 'unstable', 'disconnected'] as const).map((h) => healthText(t, h)),
        streamText(t, 'public'),
        streamText(t, 'private'),
      ];
      for (const text of texts) expect(text).not.toMatch(/^connection\./);
      expect(new Set(ERRORS.map((e) => errorText(t, e))).size).toBe(ERRORS.length);
    },
  );

  it('takes the worst of both streams', () => {
    expect(worstHealth(['connected', 'connected'])).toBe('connected');
    expect(worstHealth(['unstable', 'connected'])).toBe('unstable');
    expect(worstHealth(['unstable', 'disconnected'])).toBe('disconnected');
  });
});
