import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenApi, type AssetOverview, type UnifiedCoin } from '../../../facade';
import { coinPrecision } from '../../../lib/money';
import { Amount } from '../../../ui/amount/Amount';
import { useDialogs } from '../../../ui/dialogs/dialog-state';
import { Section } from '../../../ui/live/Section';
import { StatList } from '../../../ui/live/StatList';
import { debtDecimals, useCoinPrecisions } from '../earn/coin-precision';
import { EarnScreenFrame } from '../earn/EarnScreenFrame';
import { EarnTable, type EarnColumn } from '../earn/EarnTable';
import { useOptimisticSwitches } from '../earn/use-optimistic-switches';
import { CollateralSwitch } from './CollateralSwitch';

const EMPTY: readonly UnifiedCoin[] = [];
const COLLATERAL_MESSAGES = {
  on: 'earn.unified.collateralOn',
  off: 'earn.unified.collateralOff',
  failed: 'earn.unified.switchFailed',
  unknown: 'earn.unified.switchUnknown',
} as const;

/**
 * `/assets/unified`: the unified trading account's equity, margin in use and loan; its coins with
 * amount, USD value, what is borrowed and a collateral switch each; and, for an eligible user, the
 * call to upgrade (the shell's upgrade dialog).
 */
export default function UnifiedScreen() {
  const { t } = useTranslation('user-assets');
  return (
    <EarnScreenFrame title={t('meta.unified.title')} loadingText={t('earn.unified.loading')}>
      {(overview, reload) => <UnifiedBody overview={overview} reload={reload} />}
    </EarnScreenFrame>
  );
}

function UnifiedBody({ overview, reload }: { overview: AssetOverview; reload: () => void }) {
  const { t } = useTranslation('user-assets');
  const { openDialog } = useDialogs();
  const { unified } = overview;
  const coins = unified.coins ?? EMPTY;
  const api = useScreenApi();
  const server = useMemo(
    () => new Map(coins.map((c) => [c.coin, c.collateralSwitch] as const)),
    [coins],
  );
  const send = useCallback(
    (coin: string, next: boolean) => api.collateralSwitch({ coin, collateralSwitch: next }),
    [api],
  );
  const collateral = useOptimisticSwitches({
    server,
    send,
    messages: COLLATERAL_MESSAGES,
    onDone: reload,
  });
  const precisions = useCoinPrecisions();
  /** A debt is written in full, as the pledge screen's "Owed": every decimal its coin moves in. */
  const borrowedDecimals = (c: UnifiedCoin) =>
    debtDecimals(c.borrowed, precisions.of(c.coin) ?? coinPrecision(c.coin));

  const columns: EarnColumn<UnifiedCoin>[] = [
    { id: 'coin', header: t('earn.unified.coin'), cell: (c) => c.coin },
    {
      id: 'amount',
      header: t('earn.unified.amount'),
      align: 'end',
      cell: (c) => <Amount kind="decimal" value={c.amount} coin={c.coin} />,
    },
    {
      id: 'usd',
      header: t('earn.unified.usdValue'),
      align: 'end',
      cell: (c) => <Amount kind="usd" value={c.usdValue} />,
    },
    {
      id: 'borrowed',
      header: t('earn.unified.borrowed'),
      align: 'end',
      cell: (c) => (
        <Amount kind="decimal" value={c.borrowed} coin={c.coin} decimals={borrowedDecimals(c)} />
      ),
    },
    {
      id: 'collateral',
      header: t('earn.unified.collateral'),
      align: 'end',
      cell: (c) => (
        <Group justify="flex-end" gap={0}>
          <CollateralSwitch
            coin={c}
            checked={collateral.checked(c.coin, c.collateralSwitch)}
            busy={collateral.busy(c.coin)}
            onChange={collateral.toggle}
          />
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      {unified.upgradeEligible && (
        // A standing offer, not news: role=note, not the default alert (read out on every visit).
        <Alert role="note" color="blue" variant="light" title={t('earn.unified.upgradeTitle')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('earn.unified.upgradeBody')}</Text>
            <Button size="sm" onClick={() => openDialog('upgradeUnified', {})}>
              {t('earn.unified.upgrade')}
            </Button>
          </Stack>
        </Alert>
      )}
      <Section title={t('earn.unified.summary')}>
        <StatList
          label={t('earn.unified.summary')}
          stats={[
            {
              id: 'equity',
              label: t('earn.unified.equity'),
              value: <Amount kind="usd" value={unified.equityUsd} />,
            },
            {
              id: 'margin',
              label: t('earn.unified.margin'),
              value: <Amount kind="usd" value={unified.marginUsd} />,
            },
            {
              id: 'loan',
              label: t('earn.unified.loan'),
              // what the account owes, in USD at 2 decimals: never shown smaller than it is
              value: <Amount kind="usd" value={unified.loanUsd} figure="debt" />,
            },
            {
              id: 'status',
              label: t('earn.unified.status'),
              value: unified.upgraded ? t('earn.unified.upgraded') : t('earn.unified.classic'),
            },
          ]}
          updatedAtE3={overview.updatedAtE3}
        />
      </Section>
      <Section title={t('earn.unified.coins')}>
        {collateral.error && (
          <Alert color="red" variant="light" role="alert" mb="sm">
            {collateral.error}
          </Alert>
        )}
        {coins.length === 0 ? (
          <Text c="dimmed" size="sm">
            {unified.upgraded ? t('earn.unified.noCoins') : t('earn.unified.notUpgraded')}
          </Text>
        ) : (
          <EarnTable
            label={t('earn.unified.coinsTable')}
            columns={columns}
            rows={coins}
            rowKey={(c) => c.coin}
          />
        )}
      </Section>
    </Stack>
  );
}
