import { Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { useStreamAtoms } from '../../facade';
import { Section } from '../../ui/live/Section';
import { TopicState } from '../../ui/live/TopicState';
import { ShowAssetsToggle } from '../assets/ShowAssetsToggle';
import { AccountTotals } from './AccountTotals';
import { OrdersTable } from './OrdersTable';
import { PositionsTable } from './PositionsTable';

function PositionsSection() {
  const { t } = useTranslation('user-assets');
  const { positionCountAtom } = useStreamAtoms();
  const count = useAtomValue(positionCountAtom);
  return (
    <Section title={t('copyTrade.positions.title')}>
      <TopicState
        topic="copytrade.position"
        prices
        empty={count === 0}
        emptyText={t('copyTrade.positions.empty')}
        loadingText={t('copyTrade.positions.loading')}
      >
        <PositionsTable grouped label={t('copyTrade.positions.table')} />
      </TopicState>
    </Section>
  );
}

function OrdersSection() {
  const { t } = useTranslation('user-assets');
  const { orderCountAtom } = useStreamAtoms();
  const count = useAtomValue(orderCountAtom);
  return (
    <Section title={t('copyTrade.orders.titleOpenPositions')}>
      {/* the stream keeps partially filled, filled and closing orders: those of open positions */}
      <Text size="sm" c="dimmed" mb="xs">
        {t('copyTrade.orders.scope')}
      </Text>
      <TopicState
        topic="copytrade.order"
        empty={count === 0}
        emptyText={t('copyTrade.orders.emptyOpenPositions')}
        loadingText={t('copyTrade.orders.loading')}
      >
        <OrdersTable label={t('copyTrade.orders.table')} />
      </TopicState>
    </Section>
  );
}

/** `/copy-trade`: the follower's account totals, copied positions by leader, and orders, live. */
export default function FollowerScreen() {
  const { t } = useTranslation('user-assets');
  return (
    <ScreenFrame title={t('meta.copyTrade.title')} actions={<ShowAssetsToggle />}>
      <Stack gap="md">
        <AccountTotals />
        <PositionsSection />
        <OrdersSection />
      </Stack>
    </ScreenFrame>
  );
}
