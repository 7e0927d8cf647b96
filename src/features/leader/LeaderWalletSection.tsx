import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useStreamAtoms } from '../../facade';
import { SETTLEMENT_COIN } from '../../lib/money';
import { Amount } from '../../ui/amount/Amount';
import { Section } from '../../ui/live/Section';
import { StatList } from '../../ui/live/StatList';
import { TopicState } from '../../ui/live/TopicState';

/** The leader wallet's four balances, live. */
export function LeaderWalletSection() {
  const { t } = useTranslation('user-assets');
  const { leaderWalletAtom } = useStreamAtoms();
  const w = useAtomValue(leaderWalletAtom);
  return (
    <Section title={t('leader.wallet.title')}>
      <TopicState
        topic="copytrade.leaderWallet"
        empty={!w}
        emptyText={t('leader.wallet.empty')}
        loadingText={t('leader.wallet.loading')}
      >
        {w && (
          <StatList
            label={t('leader.wallet.title')}
            stats={[
              {
                id: 'available',
                label: t('leader.wallet.available'),
                value: <Amount value={w.availableBalanceE8} coin={SETTLEMENT_COIN} />,
              },
              {
                id: 'balance',
                label: t('leader.wallet.balance'),
                value: <Amount value={w.walletBalanceE8} coin={SETTLEMENT_COIN} />,
              },
              {
                id: 'investment',
                label: t('leader.wallet.investment'),
                value: <Amount value={w.totalInvestmentE8} coin={SETTLEMENT_COIN} />,
              },
              {
                id: 'removed',
                label: t('leader.wallet.removed'),
                value: <Amount value={w.totalRemovedInvestmentE8} coin={SETTLEMENT_COIN} />,
              },
            ]}
            updatedAtE3={w.updatedAtE3}
          />
        )}
      </TopicState>
    </Section>
  );
}
