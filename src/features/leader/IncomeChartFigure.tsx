/**
 * The income chart itself (Mantine CompositeChart over recharts): its own chunk, so the rest of
 * the leader screen does not wait for the charting library.
 */
import '@mantine/charts/styles.css';
import { CompositeChart } from '@mantine/charts';
import { Button, Paper, Text, VisuallyHidden } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IncomePoint } from '../../facade';
import { useStreamAtoms } from '../../facade';
import { formatTime } from '../../lib/time';
import { coordinateToDecimal, SETTLEMENT_COIN } from '../../lib/money';
import { showAssetsAtom } from '../../facade';
import { Amount, useAmountFormat } from '../../ui/amount/Amount';
import { LtrText } from '../../ui/amount/LtrText';
import { HISTORY_DAYS } from './history';
import { incomeSeries, type IncomeSeriesPoint } from './income-series';
import classes from './leader.module.css';

const dayLabel = (ms: number) => formatTime(ms, 'MM-DD', { utc: true });

/** The table's daily and running figures: PnL figures, as <Amount tone="pnl"> writes them. */
const PNL = { coin: SETTLEMENT_COIN, figure: 'pnl', sign: 'exceptZero' } as const;

interface TooltipArgs {
  active?: boolean;
  payload?: readonly { payload?: IncomeSeriesPoint }[];
}

/**
 * A day's profit share and the running total under the pointer: PnL figures, written as "Profit
 * share today" and "in total" are (signed, to the nearest), never a second rule for one value.
 */
/** The chart's axis titles: the muted text colour, whose contrast src/ui/tones.ts ensures. */
export const AXIS_LABEL_STYLES = { axisLabel: { fill: 'var(--mantine-color-dimmed)' } } as const;

export function IncomeTooltip({ active, payload }: TooltipArgs) {
  const { t } = useTranslation('user-assets');
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <Paper withBorder shadow="sm" p="xs" radius="sm">
      <Text size="xs" fw={600}>
        {formatTime(point.dayMs, 'YYYY-MM-DD', { utc: true })}
      </Text>
      <Text size="xs">
        {t('leader.chart.daily')}:{' '}
        <Amount value={point.dailyE8} coin={SETTLEMENT_COIN} tone="pnl" flash={false} />
      </Text>
      <Text size="xs">
        {t('leader.chart.cumulative')}:{' '}
        <Amount value={point.cumulativeE8} coin={SETTLEMENT_COIN} tone="pnl" flash={false} />
      </Text>
    </Paper>
  );
}

/**
 * Daily bars and the running total, with the same figures in a table: visually hidden (for
 * screen readers) until "Daily figures as a table" shows it. The drawing's tooltip needs a
 * pointer; the table is how a keyboard or magnifier user reads the days (accessibility review
 * L11).
 */
export default function IncomeChartFigure({ history }: { history: readonly IncomePoint[] }) {
  const { t } = useTranslation('user-assets');
  const { leaderIncomeAtom } = useStreamAtoms();
  const income = useAtomValue(leaderIncomeAtom);
  const masked = !useAtomValue(showAssetsAtom);
  const format = useAmountFormat();
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const points = useMemo(
    () =>
      incomeSeries(history, income?.todayShareProfitE8, income?.updatedAtE3).map((p) => ({
        ...p,
        label: dayLabel(p.dayMs),
      })),
    [history, income?.todayShareProfitE8, income?.updatedAtE3],
  );
  // Axis ticks are positions recharts picked on its number scale, not amounts we hold: written
  // through the same formatter (and masked with the assets).
  const tick = useCallback(
    (v: number) => format('decimal', coordinateToDecimal(v), { decimals: 2 }),
    [format],
  );
  // Dates and figures left to right and isolated, so they read the same in RTL.
  const dayTable = (
    <table className={classes.dayTable}>
      <caption>{t('leader.chart.tableCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('leader.chart.date')}</th>
          <th scope="col">{t('leader.chart.daily')}</th>
          <th scope="col">{t('leader.chart.cumulative')}</th>
        </tr>
      </thead>
      <tbody>
        {points.map((p) => (
          <tr key={p.dayMs}>
            <th scope="row">
              <LtrText>{formatTime(p.dayMs, 'YYYY-MM-DD', { utc: true })}</LtrText>
            </th>
            <td>
              <LtrText>{format('e8', p.dailyE8, PNL)}</LtrText>
            </td>
            <td>
              <LtrText>{format('e8', p.cumulativeE8, PNL)}</LtrText>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <figure className={classes.figure}>
      <figcaption className={classes.caption}>
        {t('leader.chart.caption', { days: HISTORY_DAYS })}{' '}
        <span className={classes.total}>
          {t('leader.chart.allTime')}{' '}
          {/* The figure "Profit share in total" shows above, with the same sign and rounding. */}
          <Amount value={income?.cumShareProfitE8} coin={SETTLEMENT_COIN} tone="pnl" />
        </span>
      </figcaption>
      {masked ? (
        // Hidden assets hide the shape too: bars and line would give the amounts away.
        <Text c="dimmed" size="sm" className={classes.chartHidden}>
          {t('leader.chart.hidden')}
        </Text>
      ) : (
        <>
          {/* Hidden from assistive technology and out of the tab order (recharts' keyboard
              layer off): the table below is its text alternative. */}
          <div dir="ltr" aria-hidden className={classes.chart}>
            <CompositeChart
              h={260}
              composedChartProps={{ accessibilityLayer: false }}
              data={points}
              dataKey="label"
              withLegend
              withRightYAxis
              // Two scales: each axis names its series and unit (the bars are far smaller).
              yAxisLabel={t('leader.chart.dailyAxis', { coin: SETTLEMENT_COIN })}
              rightYAxisLabel={t('leader.chart.cumulativeAxis', { coin: SETTLEMENT_COIN })}
              valueFormatter={tick}
              // The axis titles in the muted text colour (4.5:1 or more in both schemes), not
              // recharts' default grey #808080 (3.9:1).
              styles={AXIS_LABEL_STYLES}
              tooltipAnimationDuration={0}
              tooltipProps={{ content: (args) => <IncomeTooltip {...(args as TooltipArgs)} /> }}
              series={[
                { name: 'daily', label: t('leader.chart.daily'), color: 'brand.5', type: 'bar' },
                {
                  name: 'cumulative',
                  label: t('leader.chart.cumulative'),
                  color: 'teal.6',
                  type: 'line',
                  yAxisId: 'right',
                },
              ]}
              rightYAxisProps={{ tickFormatter: tick }}
              withDots={false}
            />
          </div>
          <Button
            variant="default"
            size="xs"
            mt="xs"
            aria-expanded={asTable}
            aria-controls={asTable ? tableId : undefined}
            onClick={() => setAsTable((v) => !v)}
          >
            {t('leader.chart.tableToggle')}
          </Button>
          {/* The same figures: always there for screen readers (the drawing is hidden from
              them), on screen once asked for. */}
          {asTable ? (
            <div id={tableId} className={classes.dayTableBox}>
              {dayTable}
            </div>
          ) : (
            <VisuallyHidden>{dayTable}</VisuallyHidden>
          )}
        </>
      )}
    </figure>
  );
}
