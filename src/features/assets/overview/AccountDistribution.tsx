import { Group, Table, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showAssetsAtom, type AccountView } from '../../../facade';
import { Amount } from '../../../ui/amount/Amount';
import { Section } from '../../../ui/live/Section';
import { ACCOUNT_COLORS, accountPath, cssColor } from './accounts-meta';
import classes from '../assets-area.module.css';

const DistributionDonut = lazy(() => import('./DistributionDonut'));

/** The drawing coordinate of a value in cents (never read as money). */
const coordinate = (cents: bigint) => Number(cents) / 100;

/**
 * Each account kind with its USD value and its share of the total: a donut to look at and a
 * table to read (the donut's text alternative). The shares add up to exactly 100 %. While assets
 * are hidden a text takes the donut's place (as the leader's income chart does).
 */
export function AccountDistribution({ accounts }: { accounts: readonly AccountView[] }) {
  const { t } = useTranslation('user-assets');
  const drawn = accounts.filter((a) => a.usdCents > 0n);
  const masked = !useAtomValue(showAssetsAtom);
  return (
    <Section title={t('assetsArea.distribution.title')}>
      <Group align="center" gap="lg" wrap="wrap">
        {drawn.length > 0 && masked && (
          // Hidden assets hide the drawing too: its slices (the SVG paths) are the shares.
          <Text c="dimmed" size="xs" className={classes.donutHidden}>
            {t('leader.chart.hidden')}
          </Text>
        )}
        {drawn.length > 0 && !masked && (
          <Suspense fallback={<div style={{ inlineSize: 168, blockSize: 168 }} />}>
            <DistributionDonut
              data={drawn.map((a) => ({
                name: t(`assetsArea.accounts.${a.accountType}`),
                value: coordinate(a.usdCents),
                color: ACCOUNT_COLORS[a.accountType],
              }))}
            />
          </Suspense>
        )}
        <div className={classes.tableWrap} style={{ flex: '1 1 260px' }}>
          <Table aria-label={t('assetsArea.distribution.table')} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('assetsArea.distribution.account')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('assetsArea.distribution.value')}
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('assetsArea.distribution.share')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {accounts.map((a) => {
                const path = accountPath(a.accountType);
                const name = t(`assetsArea.accounts.${a.accountType}`);
                return (
                  <Table.Tr key={a.accountType} data-account={a.accountType}>
                    <Table.Th scope="row" fw={500}>
                      <Group gap={8} wrap="nowrap">
                        <span
                          aria-hidden
                          style={{
                            inlineSize: 10,
                            blockSize: 10,
                            borderRadius: 2,
                            flex: 'none',
                            background: cssColor(ACCOUNT_COLORS[a.accountType]),
                          }}
                        />
                        {path ? (
                          <Text component={Link} to={path} size="sm" td="underline">
                            {name}
                          </Text>
                        ) : (
                          <Text size="sm">{name}</Text>
                        )}
                      </Group>
                    </Table.Th>
                    <Table.Td ta="end">
                      <Amount kind="usd" value={a.usdValue} />
                    </Table.Td>
                    <Table.Td ta="end">
                      <Amount kind="percentE4" value={String(a.shareBp)} flash={false} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </div>
      </Group>
    </Section>
  );
}
