import { Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sortByValue, type CoinBalance } from '../../../facade';
import { Amount } from '../../../ui/amount/Amount';
import { CoinName } from '../CoinIcon';
import classes from '../assets-area.module.css';

const ROWS_PER_PAGE = 20;
/** Below this width the coins are cards (no table to scroll sideways). */
const NARROW_QUERY = '(max-width: 40em)';

export interface CoinListProps {
  /** The list's accessible name. */
  label: string;
  coins: readonly CoinBalance[];
  emptyText: string;
}

function CoinCards({ label, coins }: { label: string; coins: readonly CoinBalance[] }) {
  const { t } = useTranslation('user-assets');
  return (
    <ul className={classes.cardList} aria-label={label}>
      {coins.map((c) => (
        <li key={c.coin} className={classes.card} data-coin={c.coin}>
          <CoinName coin={c.coin} />
          <dl className={classes.cardGrid}>
            <dt>{t('assetsArea.columns.amount')}</dt>
            <dd>
              <Amount kind="decimal" coin={c.coin} value={c.amount} />
            </dd>
            <dt>{t('assetsArea.columns.available')}</dt>
            <dd>
              {c.available ? <Amount kind="decimal" coin={c.coin} value={c.available} /> : '--'}
            </dd>
            <dt>{t('assetsArea.columns.usdValue')}</dt>
            <dd>
              <Amount kind="usd" value={c.usdValue} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function CoinTable({ label, coins }: { label: string; coins: readonly CoinBalance[] }) {
  const { t } = useTranslation('user-assets');
  return (
    <div className={classes.tableWrap}>
      <Table aria-label={label} verticalSpacing={6} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('assetsArea.columns.coin')}</Table.Th>
            <Table.Th scope="col" ta="end">
              {t('assetsArea.columns.amount')}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {t('assetsArea.columns.available')}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {t('assetsArea.columns.usdValue')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {coins.map((c) => (
            <Table.Tr key={c.coin} data-coin={c.coin}>
              <Table.Th scope="row">
                <CoinName coin={c.coin} />
              </Table.Th>
              <Table.Td ta="end">
                <Amount kind="decimal" coin={c.coin} value={c.amount} />
              </Table.Td>
              <Table.Td ta="end">
                {c.available ? <Amount kind="decimal" coin={c.coin} value={c.available} /> : '--'}
              </Table.Td>
              <Table.Td ta="end">
                <Amount kind="usd" value={c.usdValue} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/**
 * An account's coins with amount, available and USD value, most valuable first, 20 to a page:
 * a table on wide screens, cards on narrow ones.
 */
export function CoinList({ label, coins, emptyText }: CoinListProps) {
  const { t } = useTranslation('user-assets');
  const narrow = useMediaQuery(NARROW_QUERY) ?? false;
  const [page, setPage] = useState(1);
  const sorted = useMemo(() => sortByValue(coins), [coins]);
  if (sorted.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {emptyText}
      </Text>
    );
  }
  const pages = Math.ceil(sorted.length / ROWS_PER_PAGE);
  const current = Math.min(page, pages);
  const shown = sorted.slice((current - 1) * ROWS_PER_PAGE, current * ROWS_PER_PAGE);
  return (
    <Stack gap="sm">
      {narrow ? (
        <CoinCards label={label} coins={shown} />
      ) : (
        <CoinTable label={label} coins={shown} />
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            size="sm"
            aria-label={t('assetsArea.coins.pages')}
          />
        </Group>
      )}
    </Stack>
  );
}
