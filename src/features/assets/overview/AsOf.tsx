import { Badge, Box, Group, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { assetOverviewAtom, assetsAggregateInfoAtom, assetsRefreshedAtAtom } from '../../../facade';
import { formatTime } from '../../../lib/time';
import { useLastFailed } from '../../../ui/live/last-failed';

/**
 * "As of 12:34:56": when the overview and the aggregate info last both answered; and, when the
 * last refresh failed, a stale marker that says so (the figures shown are older than that).
 *
 * The time is not a live region: it changes on every refresh (every few seconds), and a screen
 * reader would speak it whenever it is idle. Only the stale marker is announced: a status region
 * that stays mounted (so the announcement is not lost) and is empty while the figures are fresh;
 * the marker stays while a refresh is on its way after a failure, so one failure is said once.
 * `overviewAlerted`: the screen shows the overview's own failure as an alert (the overview
 * screen's ResourceState), so a marker that only that failure set is shown but not said again.
 */
export function AsOf({ overviewAlerted = false }: { overviewAlerted?: boolean }) {
  const { t } = useTranslation('user-assets');
  const at = useAtomValue(assetsRefreshedAtAtom);
  const overview = useAtomValue(assetOverviewAtom);
  const info = useAtomValue(assetsAggregateInfoAtom);
  // Kept through the next refresh's request (every 5 s): a marker that left with each request
  // and came back with its failure was announced again at every refresh.
  const overviewFailed = useLastFailed(overview.status);
  const infoFailed = useLastFailed(info.status);
  const stale = at !== null && (overviewFailed || infoFailed);
  const spoken = stale && (infoFailed || !overviewAlerted);
  if (at === null) return null;
  const marker = (
    <Badge color="yellow" variant="light" title={t('assetsArea.staleHint')}>
      {t('assetsArea.stale')}
    </Badge>
  );
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" c="dimmed">
        {t('assetsArea.asOf', { time: formatTime(at, 'HH:mm:ss') })}
      </Text>
      <Box component="span" role="status">
        {spoken && marker}
      </Box>
      {stale && !spoken && marker}
    </Group>
  );
}
