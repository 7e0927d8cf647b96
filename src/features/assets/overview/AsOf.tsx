import { Badge, Group, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { assetOverviewAtom, assetsAggregateInfoAtom, assetsRefreshedAtAtom } from '../../../facade';
import { formatTime } from '../../../lib/time';

/**
 * "As of 12:34:56": when the overview and the aggregate info last both answered; and, when the
 * last refresh failed, a stale marker that says so (the figures shown are older than that).
 */
export function AsOf() {
  const { t } = useTranslation('user-assets');
  const at = useAtomValue(assetsRefreshedAtAtom);
  const overview = useAtomValue(assetOverviewAtom);
  const info = useAtomValue(assetsAggregateInfoAtom);
  const stale = at !== null && (overview.status === 'error' || info.status === 'error');
  if (at === null) return null;
  return (
    <Group gap={6} role="status" aria-live="polite" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t('assetsArea.asOf', { time: formatTime(at, 'HH:mm:ss') })}
      </Text>
      {stale && (
        <Badge color="yellow" variant="light" title={t('assetsArea.staleHint')}>
          {t('assetsArea.stale')}
        </Badge>
      )}
    </Group>
  );
}
