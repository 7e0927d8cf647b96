import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  assetOverviewAtom,
  assetsAggregateInfoAtom,
  dataOf,
  refreshAssetsAtom,
  userAtom,
} from '../../../facade';
import { Amount } from '../../../ui/amount/Amount';
import { ResourceState } from '../../../ui/live/ResourceState';
import { ScreenFrame } from '../../../ui/ScreenFrame';
import { ShowAssetsToggle } from '../ShowAssetsToggle';
import classes from '../assets-area.module.css';
import { AccountDistribution } from './AccountDistribution';
import { AsOf } from './AsOf';
import { AssetActions } from './AssetActions';
import { CoinMatrix } from './CoinMatrix';
import { ComplianceNotices } from './ComplianceNotices';
import { PendingCounts } from './PendingCounts';
import { useOverviewView } from './use-assets';

/**
 * Total equity in USD and BTC, with the actions that move money. With pledge loans, a note says
 * that it counts their collateral and does not subtract what they owe (docs/assets.md): repaying
 * a loan lowers the total by the amount repaid, which the user would otherwise take for a loss.
 */
function TotalCard({
  totalUsd,
  totalBtc,
  hasLoans,
}: {
  totalUsd: string;
  totalBtc: string;
  hasLoans: boolean;
}) {
  const { t } = useTranslation('user-assets');
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={t('assetsArea.total.title')}
    >
      <Stack gap={6}>
        <Text size="sm" c="dimmed">
          {t('assetsArea.total.title')}
        </Text>
        <span className={classes.total}>
          <span data-total="usd">
            <Amount kind="usd" value={totalUsd} />
          </span>{' '}
          <Text span size="sm" fw={500}>
            USD
          </Text>
        </span>
        <Text size="sm" data-total="btc">
          ≈ <Amount kind="decimal" coin="BTC" value={totalBtc} decimals={8} /> BTC
        </Text>
        {hasLoans && (
          <Text size="xs" c="dimmed">
            {t('assetsArea.total.loansNotSubtracted')}{' '}
            <Anchor component={Link} to="/assets/pledge" size="xs" underline="always">
              {t('earn.nav.pledge')}
            </Anchor>
          </Text>
        )}
        <AssetActions />
      </Stack>
    </Paper>
  );
}

/**
 * `/assets`: the landing page of the user-assets area. Every figure adds up to the total shown
 * (DERIVATIVES live from the wallet stream, the rest refreshed every 5 s and after actions).
 */
export default function OverviewScreen() {
  const { t } = useTranslation('user-assets');
  const overview = useAtomValue(assetOverviewAtom);
  const info = dataOf(useAtomValue(assetsAggregateInfoAtom));
  const { userId } = useAtomValue(userAtom);
  const view = useOverviewView();
  const refresh = useSetAtom(refreshAssetsAtom);
  return (
    <ScreenFrame
      title={t('meta.assets.title')}
      actions={
        <Group gap="sm">
          {/* the overview's failure is the alert below (ResourceState): said there only */}
          <AsOf overviewAlerted />
          <ShowAssetsToggle />
        </Group>
      }
    >
      {info && <ComplianceNotices info={info} userId={userId} />}
      <ResourceState
        state={overview}
        reload={refresh}
        isEmpty={() => false}
        emptyText=""
        loadingText={t('assetsArea.loading')}
      >
        {() =>
          view && (
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                <TotalCard
                  totalUsd={view.totalUsd}
                  totalBtc={view.totalBtc}
                  hasLoans={(dataOf(overview)?.pledge.loans.length ?? 0) > 0}
                />
                {info && <PendingCounts info={info} />}
              </SimpleGrid>
              <AccountDistribution accounts={view.accounts} />
              <CoinMatrix accounts={view.accounts} />
            </Stack>
          )
        }
      </ResourceState>
    </ScreenFrame>
  );
}
