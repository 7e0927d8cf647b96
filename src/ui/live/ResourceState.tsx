import { Alert, Button, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dataOf, type Loadable } from '../../facade';
import { Spinner } from '../Spinner';
import { useLastFailed } from './last-failed';
import { LoadFailedAlert } from './LoadFailedAlert';
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
          <LoadFailedAlert text={t('live.requestFailed')} onRetry={reload} />
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
