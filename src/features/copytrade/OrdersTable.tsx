import { Badge } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { createContext, memo, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStreamAtoms } from '../../facade';
import { formatTime } from '../../lib/time';
import { Amount } from '../../ui/amount/Amount';
import { useStepDecimals } from '../../ui/amount/instrument-decimals';
import { LtrText } from '../../ui/amount/LtrText';
import { Cell, VirtualTable, type TableColumn } from '../../ui/table/VirtualTable';
import classes from './copytrade.module.css';

/*
 * The words of an order row, each its own memoised component: a fill re-renders the row's
 * figures, not a Mantine Badge and three translations (0.7 % of the heavy benchmark's main
 * thread, docs/performance.md). The words come translated once per table and language
 * (OrderWords), not through a useTranslation per word per row: a row coming in (an order placed)
 * mounted three of them, with their subscriptions, in the frame that paints the prices.
 */
interface OrderWordList {
  partiallyFilled: string;
  filled: string;
  closing: string;
  buy: string;
  sell: string;
  market: string;
  limit: string;
}
const OrderWords = createContext<OrderWordList | null>(null);

function useOrderWords(): OrderWordList {
  const words = useContext(OrderWords);
  if (!words) throw new Error('order cells outside an OrdersTable');
  return words;
}

/** The words for the statuses an order can be listed with (the others remove it). */
const OrderStatus = memo(function OrderStatus({ status }: { status: string | undefined }) {
  const w = useOrderWords();
  switch (status) {
    case 'OpenOrderPartiallyFilled':
      return w.partiallyFilled;
    case 'OpenOrderFilled':
      return w.filled;
    case 'OpenOrderClosing':
      return w.closing;
    default:
      return status ?? '--';
  }
});

const OrderSide = memo(function OrderSide({ side }: { side: string | undefined }) {
  const w = useOrderWords();
  if (!side) return '--';
  const buy = side === 'Buy';
  return (
    <Badge variant="light" color={buy ? 'teal' : 'red'} radius="sm">
      {buy ? w.buy : w.sell}
    </Badge>
  );
});

const OrderType = memo(function OrderType({ type }: { type: string | undefined }) {
  const w = useOrderWords();
  if (type === 'Market') return w.market;
  if (type === 'Limit') return w.limit;
  return type ?? '--';
});

const OrderCells = memo(function OrderCells({ orderId }: { orderId: string }) {
  const { orderRowAtom } = useStreamAtoms();
  const o = useAtomValue(orderRowAtom(orderId));
  const steps = useStepDecimals(o?.symbol);
  // Not formatted anew at every fill of the order (as PositionCells).
  const createdAt = useMemo(() => formatTime(o?.createdAtE3), [o?.createdAtE3]);
  if (!o) return null;
  return (
    <>
      <Cell header>{o.symbol ?? '--'}</Cell>
      <Cell>
        <LtrText>{o.leaderUserId ?? '--'}</LtrText>
      </Cell>
      <Cell>
        <OrderSide side={o.side} />
      </Cell>
      <Cell>
        <OrderType type={o.orderType} />
      </Cell>
      <Cell align="end">
        <Amount kind="price" value={o.price} decimals={steps.price} flash={false} />
      </Cell>
      <Cell align="end">
        <Amount kind="qty" value={o.qty} decimals={steps.qty} />
      </Cell>
      <Cell align="end">
        <Amount kind="qty" value={o.cumExecQty} decimals={steps.qty} />
      </Cell>
      <Cell>
        <OrderStatus status={o.copyTradeOrderStatus} />
      </Cell>
      <Cell align="end">
        <LtrText>{createdAt}</LtrText>
      </Cell>
      <Cell>
        {/* the whole id, on two lines (no ellipsis and no mouse-only tooltip) */}
        <LtrText className={classes.mono}>{o.orderId}</LtrText>
      </Cell>
    </>
  );
});

const orderKey = (id: string) => id;

/** Copied orders that are listed (partially filled, filled, closing), newest first. */
export function OrdersTable({ label }: { label: string }) {
  const { t } = useTranslation('user-assets');
  const { orderKeysAtom } = useStreamAtoms();
  const ids = useAtomValue(orderKeysAtom);
  /*
   * As the area narrows, columns move into each row's details, the least important first (order
   * id, created, leader, filled, type), each where the columns left no longer fit (plus the
   * details button's 40 px); below 580 px the narrow layout keeps symbol, side and status.
   */
  const columns: TableColumn[] = useMemo(
    () => [
      {
        id: 'symbol',
        header: t('copyTrade.orders.symbol'),
        width: 'minmax(110px, 1fr)',
        // the row's name: never cut at 375 px (DOGEUSDT)
        narrow: 'minmax(96px, 1.2fr)',
      },
      {
        id: 'leader',
        header: t('copyTrade.orders.leader'),
        width: 'minmax(72px, 0.7fr)',
        narrow: false,
        hideBelow: 840,
      },
      {
        id: 'side',
        header: t('copyTrade.orders.side'),
        // never narrower than the widest badge ("ПОКУПКА", "VERKAUFEN" were cut at 88 px; a fixed
        // minimum: every row is its own grid, a content-sized track would not line up)
        width: 'minmax(116px, 0.7fr)',
        // the widest side badge of the 15 languages ("Продажа", 73 px in the narrow badge)
        narrow: '90px',
      },
      {
        id: 'type',
        header: t('copyTrade.orders.type'),
        // one word ("Рыночный"): not broken inside it
        width: 'minmax(96px, 0.7fr)',
        narrow: false,
        hideBelow: 680,
      },
      {
        id: 'price',
        header: t('copyTrade.orders.price'),
        width: 'minmax(100px, 1fr)',
        align: 'end',
        narrow: false,
      },
      {
        id: 'qty',
        header: t('copyTrade.orders.qty'),
        width: 'minmax(90px, 1fr)',
        align: 'end',
        // at 375 px a 7-digit quantity was cut ("129,…"): in the row's details there
        narrow: false,
      },
      {
        id: 'filled',
        header: t('copyTrade.orders.filled'),
        width: 'minmax(90px, 1fr)',
        align: 'end',
        narrow: false,
        hideBelow: 770,
      },
      {
        id: 'status',
        header: t('copyTrade.orders.statusLabel'),
        width: 'minmax(120px, 1fr)',
        // wraps onto two lines ("Teilweise ausgeführt") rather than being cut
        narrow: 'minmax(0, 1fr)',
      },
      {
        id: 'created',
        header: t('copyTrade.orders.createdAt'),
        width: 'minmax(150px, 1.2fr)',
        align: 'end',
        narrow: false,
        hideBelow: 990,
      },
      {
        id: 'id',
        header: t('copyTrade.orders.orderId'),
        // a 36-character id on two lines
        width: 'minmax(160px, 1.4fr)',
        narrow: false,
        hideBelow: 1120,
      },
    ],
    [t],
  );
  const words: OrderWordList = useMemo(
    () => ({
      partiallyFilled: t('copyTrade.orders.status.partiallyFilled'),
      filled: t('copyTrade.orders.status.filled'),
      closing: t('copyTrade.orders.status.closing'),
      buy: t('copyTrade.orders.buy'),
      sell: t('copyTrade.orders.sell'),
      market: t('copyTrade.orders.market'),
      limit: t('copyTrade.orders.limit'),
    }),
    [t],
  );
  return (
    <OrderWords.Provider value={words}>
      <VirtualTable<string>
        label={label}
        columns={columns}
        items={ids}
        itemKey={orderKey}
        minWidth={1120}
        narrowBelow={580}
        renderRow={(id) => <OrderCells orderId={id} />}
      />
    </OrderWords.Provider>
  );
}
