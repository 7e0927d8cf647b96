import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useStreamAtoms } from '../../../facade';
import { Section } from '../../../ui/live/Section';
import { TopicState } from '../../../ui/live/TopicState';
import { PositionsTable } from '../../copytrade/PositionsTable';

/**
 * The user's open derivatives positions, live, in the same table the copy-trading screens use
 * (mark price and unrealised PnL from the tickers): whatever the private position topic carries
 * for the signed-in user (a follower's copies, a leader's lead positions, a trader's own ones:
 * docs/assets.md, Positions).
 */
export function OwnPositionsSection() {
  const { t } = useTranslation('user-assets');
  const { positionCountAtom } = useStreamAtoms();
  const count = useAtomValue(positionCountAtom);
  return (
    <Section title={t('assetsArea.positions.title')}>
      <TopicState
        topic="copytrade.position"
        prices
        empty={count === 0}
        emptyText={t('assetsArea.positions.empty')}
        loadingText={t('assetsArea.positions.loading')}
      >
        <PositionsTable grouped={false} label={t('assetsArea.positions.table')} />
      </TopicState>
    </Section>
  );
}
