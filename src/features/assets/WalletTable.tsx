import { Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { memo, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStreamAtoms } from '../../facade';
import { formatTime } from '../../lib/time';
import type { Wallet } from '../../facade';
import { rateByUsdAtom } from '../../facade';
import { Amount } from '../../ui/amount/Amount';
import { LtrText } from '../../ui/amount/LtrText';
import classes from './wallets.module.css';
import { usdValueToCent } from './usd';

type AmountField = keyof Wallet & `${string}E8`;

/**
 * The columns a trader reads, in order: what the wallet is worth, what it holds, what can be used
 * and what open positions add. On a narrow screen only the coin, equity and the details button
 * stay in the row; the rest is in the row's details.
 */
const WALLET_COLUMNS = [
  'equityE8',
  'walletBalanceE8',
  'availableBalanceE8',
  'totalUnrealisedPnlE8',
] as const satisfies readonly AmountField[];

/**
 * The wallet entity's other amounts (PROTOCOL.md section 5), in the row's details. The wallet's
 * version (an internal counter for ordering updates) is never shown.
 */
const WALLET_DETAIL_FIELDS = [
  'cumRealisedPnlE8',
  'totalPositionBalanceE8',
  'totalOrderBalanceE8',
  'givenCashE8',
  'serviceCashE8',
  'totalUnrealisedPnlByMpE8',
  'totalUnrealisedPnlByLpE8',
  'totalUnrealisedPnlByBpE8',
  'totalCrossCoveredLossE8',
  'afterCrossAbE8',
] as const satisfies readonly AmountField[];

const PNL_FIELDS: ReadonlySet<string> = new Set([
  'totalUnrealisedPnlE8',
  'cumRealisedPnlE8',
  'totalUnrealisedPnlByMpE8',
  'totalUnrealisedPnlByLpE8',
  'totalUnrealisedPnlByBpE8',
]);

const HEADER_KEYS: Record<AmountField, string> = {
  equityE8: 'assets.wallets.equity',
  walletBalanceE8: 'assets.wallets.walletBalance',
  availableBalanceE8: 'assets.wallets.available',
  totalUnrealisedPnlE8: 'assets.wallets.unrealisedPnl',
  cumRealisedPnlE8: 'assets.wallets.cumRealisedPnl',
  totalPositionBalanceE8: 'assets.wallets.positionMargin',
  totalOrderBalanceE8: 'assets.wallets.orderMargin',
  givenCashE8: 'assets.wallets.givenCash',
  serviceCashE8: 'assets.wallets.serviceCash',
  totalUnrealisedPnlByMpE8: 'assets.wallets.unrealisedByMark',
  totalUnrealisedPnlByLpE8: 'assets.wallets.unrealisedByLast',
  totalUnrealisedPnlByBpE8: 'assets.wallets.unrealisedByBest',
  totalCrossCoveredLossE8: 'assets.wallets.crossCoveredLoss',
  afterCrossAbE8: 'assets.wallets.afterCrossAvailable',
};

/** Columns after the first two (coin, equity) that a narrow screen moves into the details. */
const WIDE_ONLY = WALLET_COLUMNS.slice(1);

const WalletRows = memo(function WalletRows({ coin }: { coin: string }) {
  const { t } = useTranslation('user-assets');
  const { walletRowAtom } = useStreamAtoms();
  const w = useAtomValue(walletRowAtom(coin));
  const rate = useAtomValue(rateByUsdAtom).get(coin);
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  if (!w) return null;
  const amount = (f: AmountField) => (
    <Amount value={w[f]} coin={coin} tone={PNL_FIELDS.has(f) ? 'pnl' : undefined} />
  );
  // Cut to the cent as the total above adds it (usd.ts): the total is its rows.
  const usd = <Amount kind="usd" value={usdValueToCent(w.equityE8, rate)} />;
  // The details repeat the row's wide-only columns for narrow screens (hidden when wide).
  const details: { id: string; label: string; value: ReactNode; narrowOnly?: boolean }[] = [
    ...WIDE_ONLY.map((f) => ({
      id: f,
      label: t(HEADER_KEYS[f]),
      value: amount(f),
      narrowOnly: true,
    })),
    { id: 'usd', label: t('assets.wallets.equityUsd'), value: usd, narrowOnly: true },
    ...WALLET_DETAIL_FIELDS.map((f) => ({ id: f, label: t(HEADER_KEYS[f]), value: amount(f) })),
    {
      id: 'updated',
      label: t('live.updatedAt'),
      value: <LtrText>{formatTime(w.updatedAtE3)}</LtrText>,
    },
  ];
  return (
    <>
      <Table.Tr className={classes.row}>
        <Table.Th scope="row" className={classes.coin}>
          {coin}
        </Table.Th>
        <Table.Td className={classes.num}>{amount('equityE8')}</Table.Td>
        {WIDE_ONLY.map((f) => (
          <Table.Td key={f} className={`${classes.num} ${classes.wideOnly}`}>
            {amount(f)}
          </Table.Td>
        ))}
        <Table.Td className={`${classes.num} ${classes.wideOnly}`}>{usd}</Table.Td>
        <Table.Td className={classes.toggleCell}>
          <UnstyledButton
            className={classes.toggle}
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((o) => !o)}
          >
            {/* An SVG, not "›": the bidi algorithm mirrors that character in RTL, and the CSS
                mirrors the chevron again (wallets.module.css), which turned it the wrong way. */}
            <svg
              aria-hidden
              focusable="false"
              viewBox="0 0 16 16"
              width="1em"
              height="1em"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinecap="round"
              strokeLinejoin="round"
              className={classes.chevron}
              data-open={open || undefined}
              data-chevron
            >
              <path d="M6 3l5 5-5 5" />
            </svg>
            <span className={classes.toggleText}>
              {open ? t('assets.wallets.hideDetails') : t('assets.wallets.details')}
            </span>
            <VisuallyHidden> {coin}</VisuallyHidden>
          </UnstyledButton>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr className={classes.detailsRow}>
          <Table.Td colSpan={WALLET_COLUMNS.length + 3} id={detailsId}>
            <dl className={classes.details} aria-label={t('assets.wallets.detailsOf', { coin })}>
              {details.map((d) => (
                <div
                  key={d.id}
                  className={
                    d.narrowOnly ? `${classes.detail} ${classes.narrowOnly}` : classes.detail
                  }
                >
                  <dt className={classes.detailLabel}>{d.label}</dt>
                  <dd className={classes.detailValue}>{d.value}</dd>
                </div>
              ))}
            </dl>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
});

/**
 * The derivatives wallets, live: per coin its equity, wallet balance, available balance,
 * unrealised PnL and equity in USD; every other amount of the wallet in the row's details.
 * Fits its area at any width (a narrow screen keeps coin and equity in the row).
 */
export function WalletTable({ label }: { label: string }) {
  const { t } = useTranslation('user-assets');
  const { walletCoinsAtom } = useStreamAtoms();
  const coins = useAtomValue(walletCoinsAtom);
  return (
    <div className={classes.frame}>
      <Table aria-label={label} className={classes.table} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('assets.wallets.coin')}</Table.Th>
            {WALLET_COLUMNS.map((f) => (
              <Table.Th
                key={f}
                scope="col"
                className={f === 'equityE8' ? classes.num : `${classes.num} ${classes.wideOnly}`}
              >
                {t(HEADER_KEYS[f])}
              </Table.Th>
            ))}
            <Table.Th scope="col" className={`${classes.num} ${classes.wideOnly}`}>
              {t('assets.wallets.equityUsd')}
            </Table.Th>
            <Table.Th scope="col" className={classes.toggleCell}>
              <VisuallyHidden>{t('assets.wallets.details')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {coins.map((c) => (
            <WalletRows key={c} coin={c} />
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
