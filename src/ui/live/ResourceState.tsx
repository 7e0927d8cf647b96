import { Alert, Button, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dataOf, type Loadable } from '../../facade';
import { Spinner } from '../Spinner';
import classes from './live.module.css';

export interface ResourceStateProps<T> {
  state: Loadable<T>;
  reload: () => void;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  loadingText: string;
  children: (data: T) => ReactNode;
}

/**
 * Whether the last answer failed, still true while the next request is in flight. The assets
 * screens refresh every 5 s and the bots on their own timer: an alert that left with each request
 * and came back with its failure would be spoken again at every refresh for as long as the
 * failure lasts (and its retry button would vanish from under a keyboard user). So one failure
 * is one alert, in the page until an answer succeeds.
 */
function useLastFailed(status: Loadable<unknown>['status']): boolean {
  const [failed, setFailed] = useState(status === 'error');
  const now = status === 'pending' ? failed : status === 'error';
  // Adjusting state while rendering (not in an effect): the alert never leaves for one render.
  if (now !== failed) setFailed(now);
  return now;
}

/**
 * Loading, error (with a retry button), empty, or the content of a REST-loaded section. A failure
 * is this section's own problem (its own request, not the live connection), so its notice is an
 * alert, announced once when it appears (useLastFailed).
 */
export function ResourceState<T>({
  state,
  reload,
  isEmpty,
  emptyText,
  loadingText,
  children,
}: ResourceStateProps<T>) {
  const { t } = useTranslation('user-assets');
  const data = dataOf(state);
  const failed = useLastFailed(state.status);
  if (data === undefined) {
    if (failed) {
      return (
        <>
          <Alert role="alert" color="red" variant="light" title={t('live.loadFailedTitle')}>
            <Text size="sm" mb="xs">
              {t('live.requestFailed')}
            </Text>
            <Button size="xs" variant="light" onClick={reload}>
              {t('common.retry')}
            </Button>
          </Alert>
          {/* A retry under way, beneath the alert that stays (a status without words: silent). */}
          {state.status === 'pending' && <Spinner size="small" label={loadingText} />}
        </>
      );
    }
    return <Spinner size="small" label={loadingText} />;
  }
  return (
    <>
      {failed && (
        <Alert role="alert" color="yellow" variant="light" className={classes.notice} p="xs">
          {t('live.refreshFailedRest')}{' '}
          <Button size="compact-xs" variant="subtle" onClick={reload}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {isEmpty(data) ? (
        <Text c="dimmed" size="sm">
          {emptyText}
        </Text>
      ) : (
        children(data)
      )}
    </>
  );
}
