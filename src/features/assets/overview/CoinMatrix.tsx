import { Accordion, Group, Pagination, Stack, Switch, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coinRows, isSmallBalance, type AccountView, type CoinRow } from '../../../facade';
import { Amount } from '../../../ui/amount/Amount';
import { Section } from '../../../ui/live/Section';
import { CoinName } from '../CoinIcon';
import classes from '../assets-area.module.css';
import { useHideSmallBalances } from './hide-small';

const COINS_PER_PAGE = 20;

/** One coin: its total and value; opened, what each account holds of it. */
function CoinItem({ row }: { row: CoinRow }) {
  const { t } = useTranslation('user-assets');
  return (
    <Accordion.Item value={row.coin} data-coin={row.coin}>
      <Accordion.Control>
        <span className={classes.matrixHeader}>
          <CoinName coin={row.coin} />
          <span className={classes.matrixFigures}>
            <Amount kind="decimal" coin={row.coin} value={row.amount} />
            <Text component="span" size="xs" c="dimmed">
              <Amount kind="usd" value={row.usdValue} />
            </Text>
          </span>
        </span>
      </Accordion.Control>
      <Accordion.Panel>
        <dl
          className={classes.cardGrid}
          aria-label={t('assetsArea.coins.byAccount', { coin: row.coin })}
        >
          {row.accounts.map((a) => (
            <div key={a.accountType} style={{ display: 'contents' }}>
              <dt>{t(`assetsArea.accounts.${a.accountType}`)}</dt>
              <dd>
                <Amount kind="decimal" coin={row.coin} value={a.amount} />
                <Text component="span" size="xs" c="dimmed" display="block">
                  <Amount kind="usd" value={a.usdValue} />
                </Text>
              </dd>
            </div>
          ))}
        </dl>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/**
 * Every coin the user holds with its amount in every account: one row per coin that opens to
 * the accounts holding it (no sideways scrolling at any width), most valuable first, a page of
 * 20 at a time; small balances (under 1 USD) can be hidden, remembered on this device.
 */
export function CoinMatrix({ accounts }: { accounts: readonly AccountView[] }) {
  const { t } = useTranslation('user-assets');
  const [hideSmall, setHideSmall] = useHideSmallBalances();
  const [page, setPage] = useState(1);
  const all = useMemo(() => coinRows(accounts), [accounts]);
  const rows = hideSmall ? all.filter((r) => !isSmallBalance(r.usdCents)) : all;
  const pages = Math.max(1, Math.ceil(rows.length / COINS_PER_PAGE));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * COINS_PER_PAGE, current * COINS_PER_PAGE);
  return (
    <Section
      title={t('assetsArea.coins.title')}
      actions={
        <Switch
          label={t('assetsArea.coins.hideSmall')}
          checked={hideSmall}
          onChange={(e) => setHideSmall(e.currentTarget.checked)}
        />
      }
    >
      <Stack gap="sm">
        {shown.length === 0 ? (
          <Text c="dimmed" size="sm">
            {all.length === 0 ? t('assetsArea.coins.empty') : t('assetsArea.coins.allSmall')}
          </Text>
        ) : (
          <Accordion multiple variant="separated" chevronPosition="left">
            {shown.map((row) => (
              <CoinItem key={row.coin} row={row} />
            ))}
          </Accordion>
        )}
        {hideSmall && all.length > rows.length && (
          <Text size="xs" c="dimmed">
            {t('assetsArea.coins.hiddenCount', { n: all.length - rows.length })}
          </Text>
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
    </Section>
  );
}
