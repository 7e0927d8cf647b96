/**
 * "Record session" in the connection panel: start and stop a recording of this page's own socket
 * traffic and snapshot answers (recording-controller.ts), with the elapsed time and the number of
 * events while it runs, and the file downloaded when it stops. A recording that stopped by itself
 * (size limit, sign-out) says why and offers the file again.
 */
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useAtomValue, useStore } from 'jotai';
import { useId, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../lib/money';
import { useServices } from '../../facade';
import { isSignedInAtom } from '../../facade';
import { recordingFor, RECORDING_LIMIT_MB } from './recording-controller';
import classes from './recording.module.css';

/** 75 000 ms -> "1:15"; an hour or more -> "1:02:03". */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export function RecordSessionControl() {
  const { t, i18n } = useTranslation('user-assets');
  const store = useStore();
  const { wireTap } = useServices();
  const controller = recordingFor(store, { tap: wireTap });
  const snap = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  const signedIn = useAtomValue(isSignedInAtom);
  const titleId = useId();
  const hintId = useId();
  const count = (n: number) => formatDecimal(String(n), { language: i18n.language, decimals: 0 });
  const last = snap.last;
  // Dismiss unmounts the alert that holds it: focus moves to the panel's own button first, so it
  // is not dropped to <body>, outside the focus-trapped panel (review M4). When that button is
  // disabled (signed out), to the section's title.
  const actionRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const dismiss = () => {
    const action = actionRef.current;
    if (action && !action.disabled) action.focus();
    else titleRef.current?.focus();
    controller.dismiss();
  };

  return (
    <Stack gap="xs" aria-labelledby={titleId} role="group">
      <Title order={3} size="h6" id={titleId} ref={titleRef} tabIndex={-1}>
        {t('recording.title')}
      </Title>
      <Text size="sm" c="dimmed" id={hintId}>
        {t('recording.hint')}
      </Text>
      <Text size="sm" role="status">
        {snap.recording ? t('recording.recording') : t('recording.idle')}
      </Text>
      {snap.recording && (
        <dl className={classes.figures}>
          <dt>{t('recording.elapsed')}</dt>
          <dd dir="ltr">
            <time dateTime={`PT${Math.floor(snap.elapsedMs / 1000)}S`}>
              {formatElapsed(snap.elapsedMs)}
            </time>
          </dd>
          <dt>{t('recording.events')}</dt>
          <dd dir="ltr">{count(snap.events)}</dd>
        </dl>
      )}
      <Group gap="xs">
        {snap.recording ? (
          <Button ref={actionRef} color="red" size="xs" onClick={() => controller.stop()}>
            {t('recording.stop')}
          </Button>
        ) : (
          <Button
            ref={actionRef}
            size="xs"
            onClick={() => controller.start()}
            disabled={!signedIn}
            aria-describedby={hintId}
          >
            {t('recording.start')}
          </Button>
        )}
      </Group>
      {!signedIn && !snap.recording && (
        <Text size="xs" c="dimmed">
          {t('recording.signInFirst')}
        </Text>
      )}
      {last && (
        <Alert
          role={last.reason === 'stopped' ? 'status' : 'alert'}
          color={last.reason === 'stopped' ? 'teal' : 'yellow'}
          variant="light"
          p="xs"
        >
          <Text size="sm">
            {last.reason === 'limit'
              ? t('recording.stoppedLimit', { limit: RECORDING_LIMIT_MB })
              : last.reason === 'signed-out'
                ? t('recording.stoppedSignOut')
                : t('recording.saved', { n: count(last.events) })}
          </Text>
          <Group gap="xs" mt={6}>
            <Button size="compact-xs" variant="light" onClick={() => controller.downloadAgain()}>
              {t('recording.downloadAgain')}
            </Button>
            <Button size="compact-xs" variant="subtle" onClick={dismiss}>
              {t('recording.dismiss')}
            </Button>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}

export default RecordSessionControl;
