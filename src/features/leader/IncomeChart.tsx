import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenApi } from '../../facade';
import { ResourceState } from '../../ui/live/ResourceState';
import { Section } from '../../ui/live/Section';
import { useResource } from '../../ui/live/use-resource';
import { Spinner } from '../../ui/Spinner';
import { HISTORY_DAYS } from './history';

const IncomeChartFigure = lazy(() => import('./IncomeChartFigure'));

/** Share profit per day over the last 30 days, today's bar live from the stream. */
export function IncomeChart() {
  const { t } = useTranslation('user-assets');
  const api = useScreenApi();
  const load = useCallback(() => api.leaderIncomeHistory({ days: HISTORY_DAYS }), [api]);
  const { state, reload } = useResource(load);
  return (
    <Section title={t('leader.chart.title')}>
      <ResourceState
        state={state}
        reload={reload}
        isEmpty={(r) => r.list.length === 0}
        emptyText={t('leader.chart.empty')}
        loadingText={t('leader.chart.loading')}
      >
        {(r) => (
          <Suspense fallback={<Spinner size="small" label={t('leader.chart.loading')} />}>
            <IncomeChartFigure history={r.list} />
          </Suspense>
        )}
      </ResourceState>
    </Section>
  );
}
