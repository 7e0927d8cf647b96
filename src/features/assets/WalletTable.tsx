import { useAtomValue } from 'jotai';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStreamAtoms } from '../../facade';
import { formatTime } from '../../lib/time';
import type { Wallet } from '../../facade';
import { rateByUsdAtom } from '../../facade';
import { Amount } from '../../ui/amount/Amount';
import { LtrText } from '../../ui/amount/LtrText';
import { Cell, VirtualTable, type TableColumn } from '../../ui/table/VirtualTable';
import { usdValue } from './usd';

/** Every E8 field of the wallet entity (PROTOCOL.md section 5), in the order of the columns. */
export const WALLET_AMOUNT_FIELDS = [
  'equityE8',
  'walletBalanceE8',
  'availableBalanceE8',
  'totalUnrealisedPnlE8',
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
] as const satisfies readonly (keyof Wallet)[];

const PNL_FIELDS: ReadonlySet<string> = new Set([
  'totalUnrealisedPnlE8',
  'cumRealisedPnlE8',
  'totalUnrealisedPnlByMpE8',
  'totalUnrealisedPnlByLpE8',
  'totalUnrealisedPnlByBpE8',
]);

const WalletCells = memo(function WalletCells({ coin }: { coin: string }) {
  const { walletRowAtom } = useStreamAtoms();
  const w = useAtomValue(walletRowAtom(coin));
  const rate = useAtomValue(rateByUsdAtom).get(coin);
  if (!w) return null;
  return (
    <>
      <Cell header>{coin}</Cell>
      <Cell align="end">
        <Amount kind="usd" value={usdValue(w.equityE8, rate)} />
      </Cell>
      {WALLET_AMOUNT_FIELDS.map((f) => (
        <Cell key={f} align="end">
          <Amount value={w[f]} coin={coin} tone={PNL_FIELDS.has(f) ? 'pnl' : undefined} />
        </Cell>
      ))}
      <Cell align="end">
        <LtrText>{formatTime(w.updatedAtE3)}</LtrText>
      </Cell>
      <Cell align="end">
        <LtrText>{w.walletVersion ?? '--'}</LtrText>
      </Cell>
    </>
  );
});

const coinKey = (c: string) => c;

/** Every derivatives wallet with every field of the wallet entity, live. */
export function WalletTable({ label }: { label: string }) {
  const { t } = useTranslation('user-assets');
  const { walletCoinsAtom } = useStreamAtoms();
  const coins = useAtomValue(walletCoinsAtom);
  const columns: TableColumn[] = useMemo(() => {
    const amount = (id: string, header: string): TableColumn => ({
      id,
      header,
      width: 'minmax(130px, 1fr)',
      align: 'end',
    });
    const headers: Record<(typeof WALLET_AMOUNT_FIELDS)[number], string> = {
      equityE8: t('assets.wallets.equity'),
      walletBalanceE8: t('assets.wallets.walletBalance'),
      availableBalanceE8: t('assets.wallets.available'),
      totalUnrealisedPnlE8: t('assets.wallets.unrealisedPnl'),
      cumRealisedPnlE8: t('assets.wallets.cumRealisedPnl'),
      totalPositionBalanceE8: t('assets.wallets.positionMargin'),
      totalOrderBalanceE8: t('assets.wallets.orderMargin'),
      givenCashE8: t('assets.wallets.givenCash'),
      serviceCashE8: t('assets.wallets.serviceCash'),
      totalUnrealisedPnlByMpE8: t('assets.wallets.unrealisedByMark'),
      totalUnrealisedPnlByLpE8: t('assets.wallets.unrealisedByLast'),
      totalUnrealisedPnlByBpE8: t('assets.wallets.unrealisedByBest'),
      totalCrossCoveredLossE8: t('assets.wallets.crossCoveredLoss'),
      afterCrossAbE8: t('assets.wallets.afterCrossAvailable'),
    };
    return [
      { id: 'coin', header: t('assets.wallets.coin'), width: 'minmax(80px, 0.6fr)' },
      amount('usd', t('assets.wallets.equityUsd')),
      ...WALLET_AMOUNT_FIELDS.map((f) => amount(f, headers[f])),
      { id: 'updated', header: t('live.updatedAt'), width: 'minmax(150px, 1fr)', align: 'end' },
      {
        id: 'version',
        header: t('assets.wallets.version'),
        width: 'minmax(80px, 0.6fr)',
        align: 'end',
      },
    ];
  }, [t]);
  return (
    <VirtualTable<string>
      label={label}
      columns={columns}
      items={coins}
      itemKey={coinKey}
      minWidth={2360}
      maxHeight={400}
      stickyFirst
      renderRow={(coin) => <WalletCells coin={coin} />}
    />
  );
}
