import { Badge, Button, Group, Loader, Select, Stack, Tabs, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TFunction } from 'i18next';
import {
  useScreenApi,
  type DepositRecord,
  type MoneyApi,
  type Page,
  type RecordQuery,
  type TransferRecord,
  type WithdrawRecord,
} from '../../../facade';
import { Amount } from '../../../ui/amount/Amount';
import { exactDecimals } from '../../../ui/amount/format-amount';
import { DATE_TIME_FIELD_FORMAT, DateTimeField } from '../../../ui/dates/DateTimeField';
import { LtrText } from '../../../ui/amount/LtrText';
import { moneyMovedAtom } from '../../../ui/dialogs/money/events';
import { depositStatus } from '../../../ui/dialogs/money/deposit-status';
import { accountLabel, statusColor, statusLabel } from '../../../ui/dialogs/money/labels';
import { useMoneyDialogs } from '../../../ui/dialogs/open-money';
import { LoadFailedAlert } from '../../../ui/live/LoadFailedAlert';
import { useResource } from '../../../ui/live/use-resource';
import { ScreenFrame } from '../../../ui/ScreenFrame';
import { Spinner } from '../../../ui/Spinner';
import { downloadText } from '../../../ui/download';
import { recordsCsv, type CsvColumn } from './csv';
import { readAllRecords } from './export-records';
import classes from './records.module.css';
import { TxId } from './TxId';
import { HELD_POLL_MS, RECORDS_POLL_MS, usePaged, type Paged } from './use-paged';

const TABS = ['deposits', 'withdrawals', 'transfers'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => TABS.includes(v as Tab);
type Preset = '7d' | '30d' | '90d' | 'custom';

interface Filter {
  coin: string | null;
  start: string | null;
  end: string | null;
}

function queryOf(f: Filter): RecordQuery {
  const q: RecordQuery = {};
  if (f.coin) q.coin = f.coin;
  if (f.start) q.startTimeE3 = String(dayjs(f.start).valueOf());
  if (f.end) q.endTimeE3 = String(dayjs(f.end).valueOf());
  return q;
}

const timeOf = (e3: string) => dayjs(Number(e3)).format('YYYY-MM-DD HH:mm:ss');

/**
 * `/assets/records`: deposits, withdrawals and transfers, newest first, paged by cursor; the
 * deposit and withdrawal lists filter by coin and time range (SPEC 2's time-picker placeholders)
 * and re-read themselves while a record is pending.
 */
export default function RecordsScreen() {
  const { t } = useTranslation('user-assets');
  const open = useMoneyDialogs();
  // The tab is in the address (`?tab=withdrawals`): the overview's pending counts link to their
  // list, and a reload or a shared link keeps it. Anything else there means deposits.
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = isTab(asked) ? asked : 'deposits';
  const setTab = (next: Tab) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        out.set('tab', next);
        return out;
      },
      { replace: true },
    );
  const [filter, setFilter] = useState<Filter>({ coin: null, start: null, end: null });
  const [preset, setPreset] = useState<Preset | null>(null);

  const api = useScreenApi();
  const loadCoins = useCallback(() => api.money.coinInfo(), [api]);
  const coins = useResource(loadCoins);
  const coinOptions =
    coins.state.status === 'ready' ? coins.state.data.list.map((c) => c.coin) : [];

  const pickPreset = (p: string | null) => {
    const next = p as Preset | null;
    setPreset(next);
    if (!next || next === 'custom') {
      if (!next) setFilter((f) => ({ ...f, start: null, end: null }));
      return;
    }
    const days = next === '7d' ? 7 : next === '30d' ? 30 : 90;
    setFilter((f) => ({
      ...f,
      start: dayjs().subtract(days, 'day').startOf('minute').format(DATE_TIME_FIELD_FORMAT),
      end: null,
    }));
  };

  const filters = (
    <Group
      gap="sm"
      align="flex-end"
      wrap="wrap"
      role="group"
      aria-label={t('money.records.filters')}
    >
      <Select
        label={t('money.common.coin')}
        placeholder={t('money.records.allCoins')}
        data={coinOptions}
        value={filter.coin}
        onChange={(coin) => setFilter((f) => ({ ...f, coin }))}
        clearable
        searchable
        w={140}
      />
      <Select
        label={t('money.records.timeRange')}
        placeholder={t('money.records.selectTime')}
        data={[
          { value: '7d', label: t('money.records.last7') },
          { value: '30d', label: t('money.records.last30') },
          { value: '90d', label: t('money.records.last90') },
          { value: 'custom', label: t('money.records.custom') },
        ]}
        value={preset}
        onChange={pickPreset}
        clearable
        w={170}
      />
      <DateTimeField
        label={t('money.records.startTime')}
        placeholder={t('money.records.startTime')}
        clearLabel={t('money.records.clearStartTime')}
        value={filter.start}
        onChange={(start) => {
          setPreset('custom');
          setFilter((f) => ({ ...f, start }));
        }}
        maxDate={filter.end ?? undefined}
        clearable
        w={190}
      />
      <DateTimeField
        label={t('money.records.endTime')}
        placeholder={t('money.records.endTime')}
        clearLabel={t('money.records.clearEndTime')}
        value={filter.end}
        onChange={(end) => {
          setPreset('custom');
          setFilter((f) => ({ ...f, end }));
        }}
        minDate={filter.start ?? undefined}
        clearable
        w={190}
      />
    </Group>
  );

  return (
    <ScreenFrame
      title={t('money.records.title')}
      actions={
        <Group gap="xs">
          <Button size="xs" onClick={() => open.deposit()}>
            {t('money.actions.deposit')}
          </Button>
          <Button size="xs" variant="light" onClick={() => open.withdraw()}>
            {t('money.actions.withdraw')}
          </Button>
          <Button size="xs" variant="light" onClick={() => open.transfer()}>
            {t('money.actions.transfer')}
          </Button>
        </Group>
      }
    >
      <Tabs value={tab} onChange={(v) => isTab(v) && setTab(v)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="deposits">{t('money.records.tabs.deposits')}</Tabs.Tab>
          <Tabs.Tab value="withdrawals">{t('money.records.tabs.withdrawals')}</Tabs.Tab>
          <Tabs.Tab value="transfers">{t('money.records.tabs.transfers')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="deposits" pt="sm">
          <RecordList spec={DEPOSITS} query={queryOf(filter)} filters={filters} />
        </Tabs.Panel>
        <Tabs.Panel value="withdrawals" pt="sm">
          <RecordList spec={WITHDRAWALS} query={queryOf(filter)} filters={filters} />
        </Tabs.Panel>
        <Tabs.Panel value="transfers" pt="sm">
          <RecordList spec={TRANSFERS} />
        </Tabs.Panel>
      </Tabs>
    </ScreenFrame>
  );
}

interface Column<T> {
  key: string;
  label: string;
  cell: (row: T) => ReactNode;
  /** 'end': a number, aligned at the inline end (the right, the left in RTL) like every table's. */
  align?: 'end';
}

function RecordsTable<T extends { id?: string; transferId?: string }>({
  label,
  columns,
  paged,
  emptyText,
}: {
  label: string;
  columns: Column<T>[];
  paged: Paged<T>;
  emptyText: string;
}) {
  const { t } = useTranslation('user-assets');
  const { rows, error, loading, hasMore, loadMore, reload } = paged;
  const tableRef = useRef<HTMLTableElement>(null);
  // "Load more" was used: when the last page came and the button went, focus goes to the table
  // rather than to the page (accessibility review M2).
  const askedMore = useRef(false);
  useEffect(() => {
    if (hasMore || !askedMore.current) return;
    askedMore.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) tableRef.current?.focus();
  }, [hasMore]);
  if (rows === undefined) {
    if (error !== undefined) {
      return <LoadFailedAlert text={t('money.records.failed')} onRetry={reload} />;
    }
    return <Spinner size="small" label={t('money.common.loading')} />;
  }
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {/* Explicit table roles: below 768 px each row is a card (records.module.css), and WebKit
          drops the table semantics of elements whose display is changed. A cell's visible label
          is hidden from assistive technology, which has the column header: each value is
          announced once, with its column's name (accessibility review L8). */}
      {/* eslint-disable jsx-a11y-x/no-redundant-roles, jsx-a11y-x/no-interactive-element-to-noninteractive-role --
          the explicit roles above are on purpose, as in EarnTable */}
      <table ref={tableRef} tabIndex={-1} role="table" className={classes.table} aria-label={label}>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((c) => (
              <th key={c.key} role="columnheader" scope="col" data-align={c.align}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((r, i) => (
            <tr key={r.id ?? r.transferId ?? i} role="row">
              {columns.map((c) => (
                <td key={c.key} role="cell" data-align={c.align}>
                  <span className={classes.cellLabel} aria-hidden="true">
                    {c.label}
                  </span>
                  <span className={classes.cellValue}>{c.cell(r)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {/* eslint-enable jsx-a11y-x/no-redundant-roles, jsx-a11y-x/no-interactive-element-to-noninteractive-role */}
      {error !== undefined && (
        <Text size="sm" c="red" role="alert">
          {t('money.records.failed')}
        </Text>
      )}
      {hasMore && (
        // Not Mantine's `loading`: it disables the button, and a focused button that becomes
        // disabled loses focus to the page (accessibility review M2). Busy, it stays focused and
        // a second press does nothing.
        <Button
          variant="light"
          w="fit-content"
          aria-disabled={loading || undefined}
          rightSection={loading ? <Loader size="xs" /> : undefined}
          onClick={() => {
            if (loading) return;
            askedMore.current = true;
            loadMore();
          }}
        >
          {t('money.records.loadMore')}
        </Button>
      )}
    </Stack>
  );
}

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('user-assets');
  return (
    <Badge color={statusColor(status)} variant="light">
      {statusLabel(t, status)}
    </Badge>
  );
}

/** The parts every kind of record has; what differs is in a `RecordsSpec`. */
interface RecordBase {
  createdAtE3: string;
  coin: string;
  amount: string;
  status: string;
}

type T = TFunction;

const timeColumn = (t: T): Column<RecordBase> => ({
  key: 'time',
  label: t('money.records.cols.time'),
  cell: (r) => <LtrText>{timeOf(r.createdAtE3)}</LtrText>,
});
const coinColumn = (t: T): Column<RecordBase> => ({
  key: 'coin',
  label: t('money.common.coin'),
  cell: (r) => r.coin,
});
const chainColumn = (t: T): Column<{ chain: string }> => ({
  key: 'chain',
  label: t('money.common.chain'),
  cell: (r) => r.chain,
});
/** An amount (or fee) of the record's coin: a fact, written exactly (`exactDecimals`). */
function RecordAmount({ value, coin }: { value: string; coin: string }) {
  return (
    <Amount
      kind="decimal"
      value={value}
      coin={coin}
      decimals={exactDecimals(coin, value)}
      flash={false}
    />
  );
}

const amountColumn = (t: T): Column<RecordBase> => ({
  key: 'amount',
  label: t('money.records.cols.amount'),
  cell: (r) => <RecordAmount value={r.amount} coin={r.coin} />,
  align: 'end',
});
/** The status column; `shown` is the status a record shows (a deposit's: `depositStatus`). */
const statusColumn = <R extends RecordBase>(
  t: T,
  shown: (r: R) => string = (r) => r.status,
): Column<R> => ({
  key: 'status',
  label: t('money.records.cols.status'),
  cell: (r) => <StatusBadge status={shown(r)} />,
});

/** The first columns of deposits and withdrawals: time, coin, chain, amount. */
const onChainColumns = (t: T): Column<RecordBase & { chain: string }>[] => [
  timeColumn(t),
  coinColumn(t),
  chainColumn(t),
  amountColumn(t),
];

const txIdColumn = (t: T): Column<{ txId: string }> => ({
  key: 'txId',
  label: t('money.records.cols.txId'),
  cell: (r) => <TxId txId={r.txId} />,
});

/**
 * The export's first columns. Amounts are the wire's exact decimal strings, not the screen's
 * formatting (no grouping separators for a spreadsheet to misread); the time is ISO 8601 with
 * the user's UTC offset, so that it means one instant wherever the file is opened.
 */
const baseCsv = (t: T): CsvColumn<RecordBase>[] => [
  { label: t('money.records.cols.time'), value: (r) => dayjs(Number(r.createdAtE3)).format() },
  { label: t('money.common.coin'), value: (r) => r.coin },
  { label: t('money.records.cols.amount'), value: (r) => r.amount },
];
const onChainCsv = (t: T): CsvColumn<RecordBase & { chain: string }>[] => [
  ...baseCsv(t).slice(0, 2),
  { label: t('money.common.chain'), value: (r) => r.chain },
  ...baseCsv(t).slice(2),
];

/** One kind of record: how to page it, when to re-read it, its columns and its export. */
interface RecordsSpec<R> {
  load: (
    money: MoneyApi,
    query: RecordQuery & { cursor: string; limit: number },
  ) => Promise<Page<R>>;
  /** How often the rows are re-read because of this one (`usePaged`'s pollEvery). */
  pollEvery: (r: R) => number | undefined;
  columns: (t: T) => Column<R>[];
  /** The columns of its CSV export: every field a user may need for their books, as text. */
  csv: (t: T) => CsvColumn<R>[];
  /** Keys of the table's accessible name and of its empty text. */
  label: string;
  empty: string;
  /** The export's file name starts with this. */
  file: string;
}

const DEPOSITS: RecordsSpec<DepositRecord> = {
  load: (money, q) => money.depositList(q),
  // Awaiting credit (every confirmation in, held): no block will move it, someone has to.
  pollEvery: (r) =>
    r.status !== 'pending'
      ? undefined
      : depositStatus(r) === 'awaiting'
        ? HELD_POLL_MS
        : RECORDS_POLL_MS,
  columns: (t) => [
    ...onChainColumns(t),
    {
      key: 'to',
      label: t('money.records.cols.creditedTo'),
      cell: (r) => accountLabel(t, r.toAccountType),
    },
    {
      key: 'confirmations',
      label: t('money.records.cols.confirmations'),
      cell: (r) => <LtrText>{`${r.confirmations}/${r.requiredConfirmations}`}</LtrText>,
    },
    txIdColumn(t),
    statusColumn<DepositRecord>(t, depositStatus),
  ],
  csv: (t) => [
    ...onChainCsv(t),
    { label: t('money.records.cols.creditedTo'), value: (r) => accountLabel(t, r.toAccountType) },
    {
      label: t('money.records.cols.confirmations'),
      value: (r) => `${r.confirmations}/${r.requiredConfirmations}`,
    },
    { label: t('money.records.cols.address'), value: (r) => r.address },
    { label: t('money.records.cols.txId'), value: (r) => r.txId },
    { label: t('money.records.cols.status'), value: (r) => statusLabel(t, depositStatus(r)) },
    { label: t('money.records.cols.id'), value: (r) => r.id },
  ],
  label: 'money.records.tables.deposits',
  empty: 'money.records.empty',
  file: 'deposits',
};

const WITHDRAWALS: RecordsSpec<WithdrawRecord> = {
  load: (money, q) => money.withdrawList(q),
  pollEvery: (r) => (r.status === 'pending' ? RECORDS_POLL_MS : undefined),
  columns: (t) => [
    ...onChainColumns(t),
    {
      key: 'fee',
      label: t('money.records.cols.fee'),
      cell: (r) => <RecordAmount value={r.fee} coin={r.coin} />,
      align: 'end',
    },
    {
      key: 'address',
      label: t('money.records.cols.address'),
      cell: (r) => (
        <span className={classes.wrap} dir="ltr">
          {r.address}
          {r.tag ? ` (${r.tag})` : ''}
        </span>
      ),
    },
    txIdColumn(t),
    statusColumn(t),
  ],
  csv: (t) => [
    ...onChainCsv(t),
    { label: t('money.records.cols.fee'), value: (r) => r.fee },
    { label: t('money.records.cols.address'), value: (r) => r.address },
    { label: t('money.withdraw.tag'), value: (r) => r.tag },
    { label: t('money.records.cols.txId'), value: (r) => r.txId },
    { label: t('money.records.cols.status'), value: (r) => statusLabel(t, r.status) },
    { label: t('money.records.cols.id'), value: (r) => r.id },
  ],
  label: 'money.records.tables.withdrawals',
  empty: 'money.records.empty',
  file: 'withdrawals',
};

/** Transfers are not filtered: the query stays empty. */
const TRANSFERS: RecordsSpec<TransferRecord> = {
  load: (money, { cursor, limit }) => money.transferList({ cursor, limit }),
  pollEvery: (r) => (r.status === 'PENDING' ? RECORDS_POLL_MS : undefined),
  columns: (t) => [
    timeColumn(t),
    coinColumn(t),
    amountColumn(t),
    {
      key: 'from',
      label: t('dialogs.transfer.from'),
      cell: (r) => accountLabel(t, r.fromAccountType),
    },
    { key: 'to', label: t('dialogs.transfer.to'), cell: (r) => accountLabel(t, r.toAccountType) },
    statusColumn(t),
  ],
  csv: (t) => [
    ...baseCsv(t),
    { label: t('dialogs.transfer.from'), value: (r) => accountLabel(t, r.fromAccountType) },
    { label: t('dialogs.transfer.to'), value: (r) => accountLabel(t, r.toAccountType) },
    { label: t('money.records.cols.status'), value: (r) => statusLabel(t, r.status) },
    { label: t('money.records.cols.id'), value: (r) => r.transferId },
  ],
  label: 'money.records.tables.transfers',
  empty: 'money.records.emptyTransfers',
  file: 'transfers',
};

const NO_QUERY: RecordQuery = {};

/** A record's identity in its list: deposits and withdrawals have an id, transfers a transferId. */
const recordId = (r: { id?: string; transferId?: string }) => r.id ?? r.transferId ?? '';

/**
 * One list of records: pages of `spec`, re-read while one is pending or after money moved; its
 * `filters` and the export share the line above it (the export at its end, on a line of its own
 * when they do not fit).
 */
function RecordList<R extends { id?: string; transferId?: string }>({
  spec,
  query = NO_QUERY,
  filters,
}: {
  spec: RecordsSpec<R>;
  query?: RecordQuery;
  filters?: ReactNode;
}) {
  const api = useScreenApi();
  const moved = useAtomValue(moneyMovedAtom);
  const { t } = useTranslation('user-assets');
  const key = JSON.stringify(query);
  const load = useCallback(
    (cursor: string, limit: number) =>
      spec.load(api.money, { ...(JSON.parse(key) as RecordQuery), cursor, limit }),
    [api, key, spec],
  );
  const paged = usePaged<R>(load, spec.pollEvery, moved, recordId);
  const columns = useMemo(() => spec.columns(t), [spec, t]);
  const exportable = paged.rows !== undefined && paged.rows.length > 0;
  return (
    <Stack gap="sm">
      {(filters !== undefined || exportable) && (
        <Group align="flex-end" gap="sm" wrap="wrap">
          {filters}
          {exportable && <ExportRecords spec={spec} load={load} />}
        </Group>
      )}
      <RecordsTable
        label={t(spec.label)}
        columns={columns}
        paged={paged}
        emptyText={t(spec.empty)}
      />
    </Stack>
  );
}

type ExportOutcome = { kind: 'failed' } | { kind: 'capped'; count: number };

/**
 * "Export CSV": every record of the list under the filters shown, read page after page
 * (`readAllRecords`), saved as a CSV file (`csv.ts`). Busy, the button stays focusable and a
 * second press does nothing (as "Load more"). A failure or a list longer than an export holds is
 * said under the button.
 */
function ExportRecords<R extends { id?: string; transferId?: string }>({
  spec,
  load,
}: {
  spec: RecordsSpec<R>;
  load: (cursor: string, limit: number) => Promise<Page<R>>;
}) {
  const { t } = useTranslation('user-assets');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ExportOutcome | undefined>();
  const run = async () => {
    if (busy) return;
    setBusy(true);
    setOutcome(undefined);
    try {
      const { rows, capped } = await readAllRecords(load, recordId);
      const stamp = dayjs().format('YYYYMMDD-HHmmss');
      downloadText(
        `assetdeck-${spec.file}-${stamp}.csv`,
        recordsCsv(spec.csv(t), rows),
        'text/csv;charset=utf-8',
      );
      if (capped) setOutcome({ kind: 'capped', count: rows.length });
    } catch {
      setOutcome({ kind: 'failed' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4} align="flex-end" ms="auto">
      <Button
        size="xs"
        variant="default"
        aria-disabled={busy || undefined}
        rightSection={busy ? <Loader size="xs" /> : undefined}
        onClick={() => void run()}
      >
        {t('money.records.export')}
      </Button>
      {outcome?.kind === 'failed' && (
        <Text size="sm" c="red" role="alert">
          {t('money.records.exportFailed')}
        </Text>
      )}
      {outcome?.kind === 'capped' && (
        <Text size="sm" role="status">
          {t('money.records.exportCapped', { n: outcome.count })}
        </Text>
      )}
    </Stack>
  );
}
