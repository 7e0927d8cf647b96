import { Badge, Group, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { assetOverviewAtom, dataOf, type LeaderBot } from '../../../facade';
import { SETTLEMENT_COIN } from '../../../lib/money';
import { formatTime } from '../../../lib/time';
import { Amount } from '../../../ui/amount/Amount';
import { LtrText } from '../../../ui/amount/LtrText';
import classes from '../assets-area.module.css';
import { AccountScreen } from './AccountScreen';

/** The user's trading bots: investment and PnL in USDT, status, opened (cards at every width). */
function BotList({ bots }: { bots: readonly LeaderBot[] }) {
  const { t } = useTranslation('user-assets');
  const strategy = (s: LeaderBot['strategy']) => t(`leader.bots.${s}`);
  return (
    <section aria-labelledby="assets-bots-title">
      <Title order={3} size="h5" mb="xs" id="assets-bots-title">
        {t('assetsArea.bots.title')}
      </Title>
      {bots.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('leader.bots.empty')}
        </Text>
      ) : (
        <ul className={classes.cardList} aria-label={t('assetsArea.bots.title')}>
          {bots.map((b) => (
            <li key={b.botId} className={classes.card} data-bot={b.botId}>
              <Group justify="space-between" gap="xs">
                <Text fw={600} dir="ltr">
                  {b.symbol}
                </Text>
                <Group gap={6}>
                  <Badge variant="light" radius="sm">
                    {strategy(b.strategy)}
                  </Badge>
                  <Badge
                    variant="light"
                    color={b.status === 'running' ? 'teal' : 'gray'}
                    radius="sm"
                  >
                    {b.status === 'running' ? t('leader.bots.running') : t('leader.bots.paused')}
                  </Badge>
                </Group>
              </Group>
              <dl className={classes.cardGrid}>
                <dt>{t('leader.bots.investment')}</dt>
                <dd>
                  <Amount value={b.investmentE8} coin={SETTLEMENT_COIN} />
                </dd>
                <dt>{t('leader.bots.pnl')}</dt>
                <dd>
                  <Amount value={b.pnlE8} coin={SETTLEMENT_COIN} tone="pnl" />
                </dd>
                <dt>{t('leader.bots.createdAt')}</dt>
                <dd>
                  <LtrText>{formatTime(b.createdAtE3)}</LtrText>
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** `/assets/bots`: the BOT account's value and coins, and every bot with its PnL. */
export default function BotsScreen() {
  const bots = dataOf(useAtomValue(assetOverviewAtom))?.bots ?? [];
  return (
    <AccountScreen page="assetsBots" accounts={['BOT']} extra={() => <BotList bots={bots} />} />
  );
}
