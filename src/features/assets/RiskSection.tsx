import { Badge } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useStreamAtoms } from '../../facade';
import { SETTLEMENT_COIN } from '../../lib/money';
import { Amount } from '../../ui/amount/Amount';
import { Section } from '../../ui/live/Section';
import { StatList } from '../../ui/live/StatList';
import { TopicState } from '../../ui/live/TopicState';

const LEVEL_COLOR: Record<string, string> = { SAFE: 'teal', WARNING: 'yellow', DANGER: 'red' };

/**
 * The account's margin rates and risk level, live. Its amounts are of the USDT margin wallet and
 * say so in their labels (the totals beside it are of every coin, in USD).
 */
export function RiskSection() {
  const { t } = useTranslation('user-assets');
  const { riskAtom } = useStreamAtoms();
  const risk = useAtomValue(riskAtom);
  const level = risk?.riskLevel;
  const levelText =
    level === 'SAFE'
      ? t('assets.risk.safe')
      : level === 'WARNING'
        ? t('assets.risk.warning')
        : level === 'DANGER'
          ? t('assets.risk.danger')
          : (level ?? '--');
  return (
    <Section title={t('assets.risk.title')}>
      <TopicState
        topic="risk"
        empty={!risk}
        emptyText={t('assets.risk.empty')}
        loadingText={t('assets.risk.loading')}
      >
        {risk && (
          <StatList
            label={t('assets.risk.title')}
            stats={[
              {
                id: 'level',
                label: t('assets.risk.level'),
                value: (
                  <Badge color={LEVEL_COLOR[level ?? ''] ?? 'gray'} variant="light">
                    {levelText}
                  </Badge>
                ),
              },
              {
                id: 'im',
                label: t('assets.risk.imRate'),
                value: <Amount kind="percentE4" value={risk.accountIMRateE4} />,
              },
              {
                id: 'mm',
                label: t('assets.risk.mmRate'),
                value: <Amount kind="percentE4" value={risk.accountMMRateE4} />,
              },
              {
                id: 'equity',
                label: t('assets.risk.equityUsdt'),
                value: <Amount value={risk.totalEquityE8} coin={SETTLEMENT_COIN} />,
              },
              {
                id: 'initial',
                label: t('assets.risk.initialMarginUsdt'),
                value: <Amount value={risk.totalInitialMarginE8} coin={SETTLEMENT_COIN} />,
              },
              {
                id: 'maintenance',
                label: t('assets.risk.maintenanceMarginUsdt'),
                value: <Amount value={risk.totalMaintenanceMarginE8} coin={SETTLEMENT_COIN} />,
              },
            ]}
            updatedAtE3={risk.updatedAtE3}
          />
        )}
      </TopicState>
    </Section>
  );
}
