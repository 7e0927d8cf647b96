import { Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStreamAtoms } from '../../facade';
import type { Follower } from '../../facade';
import { SETTLEMENT_COIN } from '../../lib/money';
import { Amount } from '../../ui/amount/Amount';
import { LtrText } from '../../ui/amount/LtrText';
import { Section } from '../../ui/live/Section';
import { StatList } from '../../ui/live/StatList';
import { TopicState } from '../../ui/live/TopicState';
import { Cell, VirtualTable, type TableColumn } from '../../ui/table/VirtualTable';
import classes from './leader.module.css';

const sameFollower = (a: { f: Follower }, b: { f: Follower }) =>
  a.f.followerUserId === b.f.followerUserId &&
  a.f.investmentE8 === b.f.investmentE8 &&
  a.f.incomeE8 === b.f.incomeE8 &&
  a.f.yieldRateE4 === b.f.yieldRateE4;

/** One follower; re-rendered only when its own figures change (income arrives as one object). */
const FollowerCells = memo(function FollowerCells({ f }: { f: Follower }) {
  return (
    <>
      {/* the user id under the "Follower" heading (as the orders' leader column): a word before it
          was cut at 375 px in most languages ("ユーザー 1002", "Пользователь 1002") */}
      <Cell header>
        <LtrText>{f.followerUserId}</LtrText>
      </Cell>
      <Cell align="end">
        <Amount value={f.investmentE8} coin={SETTLEMENT_COIN} />
      </Cell>
      <Cell align="end">
        <Amount value={f.incomeE8} coin={SETTLEMENT_COIN} tone="pnl" />
      </Cell>
      <Cell align="end">
        <Amount kind="percentE4" value={f.yieldRateE4} tone="pnl" />
      </Cell>
    </>
  );
}, sameFollower);

const followerKey = (f: Follower) => String(f.followerUserId);

/** Follower count, share profit today and in total, and each follower's figures, live. */
export function FollowerIncomeSection() {
  const { t } = useTranslation('user-assets');
  const { leaderIncomeAtom } = useStreamAtoms();
  const income = useAtomValue(leaderIncomeAtom);
  const followers = useMemo(() => income?.followers ?? [], [income?.followers]);
  const columns: TableColumn[] = useMemo(
    () => [
      {
        id: 'user',
        header: t('leader.followers.follower'),
        width: 'minmax(110px, 1fr)',
        narrow: 'minmax(0, 0.9fr)',
      },
      {
        id: 'investment',
        header: t('leader.followers.investment'),
        width: 'minmax(120px, 1fr)',
        align: 'end',
        // room for the figures (not minmax(0, …))
        narrow: 'minmax(88px, 1.2fr)',
      },
      {
        id: 'income',
        header: t('leader.followers.income'),
        width: 'minmax(120px, 1fr)',
        align: 'end',
        narrow: 'minmax(80px, 1fr)',
      },
      {
        id: 'yield',
        header: t('leader.followers.yieldRate'),
        width: 'minmax(90px, 0.8fr)',
        align: 'end',
        narrow: false,
      },
    ],
    [t],
  );
  return (
    <Section title={t('leader.income.title')}>
      <TopicState
        topic="copytrade.leaderIncome"
        empty={!income}
        emptyText={t('leader.income.empty')}
        loadingText={t('leader.income.loading')}
      >
        {income && (
          <>
            <StatList
              label={t('leader.income.title')}
              stats={[
                {
                  id: 'followers',
                  label: t('leader.income.followerCount'),
                  value: <LtrText>{income.followerCount ?? followers.length}</LtrText>,
                },
                {
                  id: 'today',
                  label: t('leader.income.today'),
                  value: (
                    <Amount value={income.todayShareProfitE8} coin={SETTLEMENT_COIN} tone="pnl" />
                  ),
                },
                {
                  id: 'total',
                  label: t('leader.income.total'),
                  value: (
                    <Amount value={income.cumShareProfitE8} coin={SETTLEMENT_COIN} tone="pnl" />
                  ),
                },
              ]}
            />
            <div className={classes.tableGap}>
              {followers.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t('leader.followers.empty')}
                </Text>
              ) : (
                <>
                  {/* under "Income from followers", a bare "Income" read as what the follower
                      brought the leader: the columns are the follower's own figures */}
                  <Text size="sm" c="dimmed" mb="xs">
                    {t('leader.followers.scope')}
                  </Text>
                  <VirtualTable<Follower>
                    label={t('leader.followers.table')}
                    columns={columns}
                    items={followers}
                    itemKey={followerKey}
                    minWidth={480}
                    maxHeight={320}
                    renderRow={(f) => <FollowerCells f={f} />}
                  />
                </>
              )}
            </div>
          </>
        )}
      </TopicState>
    </Section>
  );
}
