import { Badge, VisuallyHidden } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { createContext, memo, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userAtom, useStreamAtoms } from '../../facade';
import { SETTLEMENT_COIN } from '../../lib/money';
import { formatTime } from '../../lib/time';
import { Amount } from '../../ui/amount/Amount';
import { useStepDecimals } from '../../ui/amount/instrument-decimals';
import { LtrText } from '../../ui/amount/LtrText';
import { Cell, VirtualTable, type TableColumn } from '../../ui/table/VirtualTable';
import classes from './copytrade.module.css';
import { entryPriceDecimals } from './entry-price';
import { usePositionsPnl } from './live-totals';
import { directionOf, valuePosition } from './pnl';
import {
  flatItems,
  groupedItems,
  itemKey,
  PositionItemMemo,
  type PositionItem,
} from './position-rows';

/**
 * "Long" and "Short", translated once per table and language rather than by a useTranslation in
 * every row (a row coming in mounted one, with its subscription, in the frame that paints the
 * prices; as OrdersTable's words).
 */
const DirectionWords = createContext<{ long: string; short: string } | null>(null);

/** Long or short, in words and colour. */
// memo: a row re-renders on every quote of its symbol, its direction almost never changes (a
// Mantine Badge per row per quote was 2 % of the main thread at tick 100 ms, docs/performance.md).
const DirectionBadge = memo(function DirectionBadge({ direction }: { direction: 1 | -1 | null }) {
  const words = useContext(DirectionWords);
  if (!words) throw new Error('position cells outside a PositionsTable');
  if (direction === null) return <>--</>;
  return (
    <Badge variant="light" color={direction > 0 ? 'teal' : 'red'} radius="sm">
      {direction > 0 ? words.long : words.short}
    </Badge>
  );
});

/** One position, subscribed to its own row and to its symbol's quote. */
const PositionCells = memo(function PositionCells({
  posKey,
  symbol,
}: {
  posKey: string;
  symbol: string;
}) {
  const { positionRowAtom, liveQuoteAtom } = useStreamAtoms();
  const p = useAtomValue(positionRowAtom(posKey));
  const quote = useAtomValue(liveQuoteAtom(symbol));
  const v = useMemo(() => (p ? valuePosition(p, quote) : null), [p, quote]);
  const steps = useStepDecimals(symbol);
  // dayjs formatting per row per quote was 0.3-0.5 % of the heavy scenario's main thread; the time
  // opened never changes with a quote.
  const openedAt = useMemo(() => formatTime(p?.createdAtE3), [p?.createdAtE3]);
  // Nor does the entry price's precision (decimal.js: not once per quote).
  const entryDecimals = useMemo(
    () => entryPriceDecimals(p?.entryPrice, steps.price),
    [p?.entryPrice, steps.price],
  );
  if (!p || !v) return null;
  return (
    <>
      <Cell header>{symbol}</Cell>
      <Cell>
        <DirectionBadge direction={directionOf(p)} />
      </Cell>
      <Cell align="end">
        <Amount kind="qty" value={p.size} decimals={steps.qty} />
      </Cell>
      <Cell align="end">
        {/* An average, not on the tick grid: its own decimals (entry-price.ts). */}
        <Amount kind="price" value={p.entryPrice} decimals={entryDecimals} flash={false} />
      </Cell>
      <Cell align="end">
        <Amount kind="price" value={v.markPrice} decimals={steps.price} />
      </Cell>
      <Cell align="end">
        <Amount kind="price" value={p.liqPrice} decimals={steps.price} />
      </Cell>
      <Cell align="end">
        <LtrText>{p.leverage ? `${p.leverage}×` : '--'}</LtrText>
      </Cell>
      <Cell align="end">
        <Amount kind="decimal" coin={SETTLEMENT_COIN} value={v.pnl} tone="pnl" />
      </Cell>
      <Cell align="end">
        <Amount kind="percentE4" value={v.roeE4} tone="pnl" />
      </Cell>
      <Cell align="end">
        <LtrText>{openedAt}</LtrText>
      </Cell>
    </>
  );
});

/** Live unrealised PnL of a leader's positions together. */
function GroupPnl({ keys }: { keys: readonly string[] }) {
  return <Amount kind="decimal" coin={SETTLEMENT_COIN} value={usePositionsPnl(keys)} tone="pnl" />;
}

interface GroupCellsProps {
  leaderId: number;
  keys: readonly string[];
  span: number;
}

/** Whether two groups hold the same positions, in any order (what a group row shows). */
function sameGroup(a: GroupCellsProps, b: GroupCellsProps): boolean {
  if (a.leaderId !== b.leaderId || a.span !== b.span) return false;
  if (a.keys === b.keys) return true;
  if (a.keys.length !== b.keys.length) return false;
  const had = new Set(a.keys);
  return b.keys.every((k) => had.has(k));
}

/*
 * memo on the group's members: the table's items (and each group's key list) are built anew
 * whenever a position comes, goes or moves, and a group row rendered again starts its PnL sum
 * over (a new GroupSum): a position reopened at the front of one group re-rendered every group
 * in view, in the frame that paints the prices (docs/performance.md).
 */
const GroupCells = memo(function GroupCells({ leaderId, keys, span }: GroupCellsProps) {
  const { t } = useTranslation('user-assets');
  // A leader's lead positions and a trader's own ones carry the user's own id (docs/assets.md).
  const own = useAtomValue(userAtom).userId === leaderId;
  return (
    <Cell header span={span}>
      {/* Hidden separators: read as three parts, not one run-together string. */}
      <span className={classes.groupTitle}>
        {own
          ? t('copyTrade.positions.ownGroup')
          : t('copyTrade.positions.leaderGroup', { id: leaderId })}
      </span>
      <VisuallyHidden>, </VisuallyHidden>
      <span className={`${classes.groupMeta} ${classes.groupCount}`}>
        {t('copyTrade.positions.groupCount', { n: keys.length })}
      </span>
      <VisuallyHidden>, </VisuallyHidden>
      <span className={classes.groupMeta}>
        {t('copyTrade.positions.groupPnl')} <GroupPnl keys={keys} />
      </span>
    </Cell>
  );
}, sameGroup);

export interface PositionsTableProps {
  /** Group rows by the leader copied (followers); a leader's own positions are not grouped. */
  grouped: boolean;
  label: string;
}

/** Open copied positions, live: mark price and unrealised PnL from the tickers. */
export function PositionsTable({ grouped, label }: PositionsTableProps) {
  const { t } = useTranslation('user-assets');
  const { positionKeysAtom } = useStreamAtoms();
  const keys = useAtomValue(positionKeysAtom);
  const [itemMemo] = useState(() => new PositionItemMemo());
  const items = useMemo(
    () => (grouped ? groupedItems(keys, itemMemo) : flatItems(keys, itemMemo)),
    [grouped, keys, itemMemo],
  );
  /*
   * As the area narrows, the least important columns move into each row's details first (opened,
   * entry price, leverage, ROE, size, mark price), each where the columns left no longer fit
   * (their minimum tracks plus the details button's 40 px); below 576 px the narrow layout keeps
   * symbol, side and unrealised PnL. At 1 024 px eight of the ten columns stay.
   */
  const columns: TableColumn[] = useMemo(
    () => [
      {
        id: 'symbol',
        header: t('copyTrade.positions.symbol'),
        width: 'minmax(110px, 1.2fr)',
        narrow: 'minmax(0, 1.1fr)',
      },
      {
        id: 'side',
        header: t('copyTrade.positions.side'),
        // never narrower than the widest badge of the 15 languages (a fixed minimum: every row is
        // its own grid, so a content-sized track would not line up from row to row)
        width: 'minmax(104px, 0.7fr)',
        // the widest direction badge of the 15 languages ("ショート", 59 px in the narrow badge)
        narrow: '80px',
      },
      {
        id: 'size',
        header: t('copyTrade.positions.size'),
        width: 'minmax(90px, 1fr)',
        align: 'end',
        narrow: false,
        hideBelow: 766,
      },
      {
        id: 'entry',
        header: t('copyTrade.positions.entryPrice'),
        width: 'minmax(100px, 1fr)',
        align: 'end',
        narrow: false,
        hideBelow: 1010,
      },
      {
        id: 'mark',
        header: t('copyTrade.positions.markPrice'),
        width: 'minmax(100px, 1fr)',
        align: 'end',
        narrow: false,
        hideBelow: 676,
      },
      {
        id: 'liq',
        header: t('copyTrade.positions.liqPrice'),
        width: 'minmax(100px, 1fr)',
        align: 'end',
        narrow: false,
      },
      {
        id: 'leverage',
        header: t('copyTrade.positions.leverage'),
        width: 'minmax(64px, 0.6fr)',
        align: 'end',
        narrow: false,
        hideBelow: 910,
      },
      {
        id: 'pnl',
        header: t('copyTrade.positions.unrealisedPnl'),
        width: 'minmax(120px, 1.2fr)',
        align: 'end',
        // room for the figure (never below 96 px; not minmax(0, …))
        narrow: 'minmax(96px, 1.2fr)',
      },
      {
        id: 'roe',
        header: t('copyTrade.positions.roe'),
        width: 'minmax(80px, 0.8fr)',
        align: 'end',
        narrow: false,
        hideBelow: 846,
      },
      {
        id: 'opened',
        header: t('copyTrade.positions.openedAt'),
        width: 'minmax(150px, 1.2fr)',
        align: 'end',
        narrow: false,
        hideBelow: 1120,
      },
    ],
    [t],
  );
  const words = useMemo(
    () => ({ long: t('copyTrade.positions.long'), short: t('copyTrade.positions.short') }),
    [t],
  );
  return (
    <DirectionWords.Provider value={words}>
      <VirtualTable<PositionItem>
        label={label}
        columns={columns}
        items={items}
        itemKey={itemKey}
        minWidth={1120}
        narrowBelow={576}
        rowHasDetails={(item) => item.kind !== 'group'}
        rowClassName={(item) => (item.kind === 'group' ? classes.groupRow : undefined)}
        renderRow={(item) =>
          item.kind === 'group' ? (
            <GroupCells leaderId={item.leaderId} keys={item.keys} span={columns.length} />
          ) : (
            <PositionCells posKey={item.key} symbol={item.symbol} />
          )
        }
      />
    </DirectionWords.Provider>
  );
}
