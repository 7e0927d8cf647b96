import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useStreamAtoms } from '../../facade';
import { SETTLEMENT_COIN } from '../../lib/money';
import { Amount } from '../../ui/amount/Amount';
import { Section } from '../../ui/live/Section';
import { StatList } from '../../ui/live/StatList';
import { ConnectionNotice, TopicState } from '../../ui/live/TopicState';
import { useUnrealisedTotal } from './live-totals';

/** The follower's copy-trading account totals, live. */
export function AccountTotals() {
  const { t } = useTranslation('user-assets');
  const { copyAccountAtom, topicStatusAtom } = useStreamAtoms();
  const acc = useAtomValue(copyAccountAtom);
  const unrealised = useUnrealisedTotal();
  // Before the positions are known (or while their first snapshot fails) the sum of none is no
  // figure: "0.0000" would look real.
  const positionsKnown = useAtomValue(topicStatusAtom('copytrade.position')).hasData;
  return (
    <Section title={t('copyTrade.account.title')}>
      <TopicState
        topic="copytrade.account"
        empty={!acc}
        emptyText={t('copyTrade.account.empty')}
        loadingText={t('copyTrade.account.loading')}
      >
        {acc && (
          <StatList
            label={t('copyTrade.account.title')}
            stats={[
              {
                id: 'assets',
                label: t('copyTrade.account.assets'),
                value: <Amount value={acc.assetsE8} coin={SETTLEMENT_COIN} />,
              },
              {
                id: 'income',
                label: t('copyTrade.account.income'),
                value: <Amount value={acc.incomeE8} coin={SETTLEMENT_COIN} tone="pnl" />,
              },
              {
                id: 'yield',
                label: t('copyTrade.account.yieldRate'),
                value: <Amount kind="percentE4" value={acc.yieldRateE4} tone="pnl" />,
              },
              {
                id: 'unrealised',
                label: t('copyTrade.account.unrealisedPnl'),
                value: (
                  <>
                    <Amount
                      kind="decimal"
                      value={positionsKnown ? unrealised : undefined}
                      coin={SETTLEMENT_COIN}
                      tone="pnl"
                    />
                    {/* valued at live prices: say when they are not live */}
                    <ConnectionNotice stream="public" compact />
                  </>
                ),
              },
              {
                id: 'available',
                label: t('copyTrade.account.available'),
                value: <Amount value={acc.availableE8} coin={SETTLEMENT_COIN} />,
              },
              {
                id: 'wallet',
                label: t('copyTrade.account.wallet'),
                value: <Amount value={acc.walletE8} coin={SETTLEMENT_COIN} />,
              },
              {
                id: 'shareProfit',
                label: t('copyTrade.account.shareProfit'),
                value: <Amount value={acc.shareProfitE8} coin={SETTLEMENT_COIN} />,
              },
              {
                id: 'realised',
                label: t('copyTrade.account.cumRealisedPnl'),
                value: <Amount value={acc.cumRealisedPnlE8} coin={SETTLEMENT_COIN} tone="pnl" />,
              },
            ]}
            updatedAtE3={acc.updatedAtE3}
          />
        )}
      </TopicState>
    </Section>
  );
}
