import { Anchor, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AssetsAggregateInfo } from '../../../facade';
import { Section } from '../../../ui/live/Section';

/** Where the records of each kind are listed (the records screen, its tab named by `tab`). */
const RECORDS_PATHS = {
  deposit: '/assets/records?tab=deposits',
  withdraw: '/assets/records?tab=withdrawals',
  transfer: '/assets/records?tab=transfers',
} as const;

/** Pending deposits, withdrawals and transfers from the aggregate info, each linked to its records. */
export function PendingCounts({ info }: { info: AssetsAggregateInfo }) {
  const { t } = useTranslation('user-assets');
  const items = [
    { key: 'deposit', n: info.depositPendingCount },
    { key: 'withdraw', n: info.withdrawPendingCount },
    { key: 'transfer', n: info.transferPendingCount },
  ] as const;
  return (
    <Section title={t('assetsArea.pending.title')}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {items.map(({ key, n }) => (
          <div key={key}>
            <Text size="sm" c="dimmed">
              {t(`assetsArea.pending.${key}`)}
            </Text>
            <Text fw={700} size="lg" data-pending={key}>
              {n}
            </Text>
            <Anchor component={Link} to={RECORDS_PATHS[key]} size="sm">
              {t(`assetsArea.pending.${key}Link`)}
            </Anchor>
          </div>
        ))}
      </SimpleGrid>
    </Section>
  );
}
