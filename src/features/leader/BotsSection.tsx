import { Badge } from '@mantine/core';
import { memo, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeaderBot } from '../../facade';
import { useScreenApi } from '../../facade';
import { formatTime } from '../../lib/time';
import { SETTLEMENT_COIN } from '../../lib/money';
import { Amount } from '../../ui/amount/Amount';
import { LtrText } from '../../ui/amount/LtrText';
import { ResourceState } from '../../ui/live/ResourceState';
import { Section } from '../../ui/live/Section';
import { useResource } from '../../ui/live/use-resource';
import { Cell, VirtualTable, type TableColumn } from '../../ui/table/VirtualTable';

/** Bots are valued by the server: re-read every minute. */
export const BOTS_REFRESH_MS = 60_000;

function useStrategyText(): (s: string) => string {
  const { t } = useTranslation('user-assets');
  return (s) =>
    s === 'grid'
      ? t('leader.bots.grid')
      : s === 'dca'
        ? t('leader.bots.dca')
        : s === 'martingale'
          ? t('leader.bots.martingale')
          : s;
}

const BotCells = memo(function BotCells({ bot }: { bot: LeaderBot }) {
  const { t } = useTranslation('user-assets');
  const strategy = useStrategyText();
  return (
    <>
      <Cell header>{bot.symbol}</Cell>
      <Cell>{strategy(bot.strategy)}</Cell>
      <Cell align="end">
        <Amount value={bot.investmentE8} coin={SETTLEMENT_COIN} />
      </Cell>
      <Cell align="end">
        <Amount value={bot.pnlE8} coin={SETTLEMENT_COIN} tone="pnl" />
      </Cell>
      <Cell>
        <Badge variant="light" color={bot.status === 'running' ? 'teal' : 'gray'} radius="sm">
          {bot.status === 'running' ? t('leader.bots.running') : t('leader.bots.paused')}
        </Badge>
      </Cell>
      <Cell align="end">
        <LtrText>{formatTime(bot.createdAtE3)}</LtrText>
      </Cell>
    </>
  );
});

const botKey = (b: LeaderBot) => b.botId;

/** The leader's open trading bots (REST, refreshed every minute). */
export function BotsSection() {
  const { t } = useTranslation('user-assets');
  const api = useScreenApi();
  const load = useCallback(() => api.leaderBots(), [api]);
  const { state, reload } = useResource(load, BOTS_REFRESH_MS);
  const columns: TableColumn[] = useMemo(
    () => [
      {
        id: 'symbol',
        header: t('leader.bots.symbol'),
        width: 'minmax(110px, 1fr)',
        narrow: 'minmax(0, 1fr)',
      },
      {
        id: 'strategy',
        header: t('leader.bots.strategy'),
        width: 'minmax(90px, 0.8fr)',
        narrow: false,
        hideBelow: 640,
      },
      {
        id: 'investment',
        header: t('leader.bots.investment'),
        width: 'minmax(120px, 1fr)',
        align: 'end',
        narrow: false,
      },
      {
        id: 'pnl',
        header: t('leader.bots.pnl'),
        width: 'minmax(120px, 1fr)',
        align: 'end',
        // room for the figure (not minmax(0, …))
        narrow: 'minmax(88px, 1fr)',
      },
      {
        id: 'status',
        header: t('leader.bots.status'),
        // never narrower than the widest badge ("ПРИОСТАНОВЛЕН" was cut; a fixed minimum: every
        // row is its own grid, a content-sized track would not line up from row to row)
        width: 'minmax(148px, 0.8fr)',
        narrow: '136px',
      },
      {
        id: 'created',
        header: t('leader.bots.createdAt'),
        width: 'minmax(150px, 1.2fr)',
        align: 'end',
        narrow: false,
        hideBelow: 760,
      },
    ],
    [t],
  );
  return (
    <Section title={t('leader.bots.title')}>
      <ResourceState
        state={state}
        reload={reload}
        isEmpty={(r) => r.list.length === 0}
        emptyText={t('leader.bots.empty')}
        loadingText={t('leader.bots.loading')}
      >
        {(r) => (
          <VirtualTable<LeaderBot>
            label={t('leader.bots.table')}
            columns={columns}
            items={r.list}
            itemKey={botKey}
            minWidth={760}
            narrowBelow={540}
            maxHeight={320}
            renderRow={(b) => <BotCells bot={b} />}
          />
        )}
      </ResourceState>
    </Section>
  );
}
