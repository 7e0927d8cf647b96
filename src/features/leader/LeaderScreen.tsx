import { Stack } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { useStreamAtoms } from '../../facade';
import { Section } from '../../ui/live/Section';
import { TopicState } from '../../ui/live/TopicState';
import { ShowAssetsToggle } from '../assets/ShowAssetsToggle';
import { PositionsTable } from '../copytrade/PositionsTable';
import { BotsSection } from './BotsSection';
import { FollowerIncomeSection } from './FollowerIncomeSection';
import { IncomeChart } from './IncomeChart';
import { LeaderWalletSection } from './LeaderWalletSection';
import classes from './leader.module.css';

/** The leader's own lead positions (the ones followers copy), live. */
function LeadPositions() {
  const { t } = useTranslation('user-assets');
  const { positionCountAtom } = useStreamAtoms();
  const count = useAtomValue(positionCountAtom);
  return (
    <Section title={t('leader.positions.title')}>
      <TopicState
        topic="copytrade.position"
        prices
        empty={count === 0}
        emptyText={t('leader.positions.empty')}
        loadingText={t('leader.positions.loading')}
      >
        <PositionsTable grouped={false} label={t('leader.positions.table')} />
      </TopicState>
    </Section>
  );
}

/**
 * `/copy-trade/leader`: the leader wallet, income from followers (figures, per follower, over
 * time), the leader's own positions and open bots.
 */
export default function LeaderScreen() {
  const { t } = useTranslation('user-assets');
  return (
    <ScreenFrame title={t('meta.leader.title')} actions={<ShowAssetsToggle />}>
      <Stack gap="md">
        <div className={classes.top}>
          <LeaderWalletSection />
          <FollowerIncomeSection />
        </div>
        <IncomeChart />
        <LeadPositions />
        <BotsSection />
      </Stack>
    </ScreenFrame>
  );
}
