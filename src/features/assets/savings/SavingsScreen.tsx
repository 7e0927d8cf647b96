import { Alert, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useCallback, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  currentLangAtom,
  useScreenApi,
  type AssetOverview,
  type AutoSavingCoin,
  type SavingsProduct,
} from '../../../facade';
import { compareDecimal } from '../../../lib/money';
import { Amount } from '../../../ui/amount/Amount';
import { Section } from '../../../ui/live/Section';
import { showToast } from '../../../ui/notifications';
import { AmountFormModal, useFormModal, type AmountFormContent } from '../earn/AmountFormModal';
import { useCoinPrecisions } from '../earn/coin-precision';
import { EarnScreenFrame } from '../earn/EarnScreenFrame';
import { EarnTable, type EarnColumn } from '../earn/EarnTable';
import { fundAvailable } from '../earn/fund';
import { formatRate } from '../earn/percent';
import { useOptimisticSwitches } from '../earn/use-optimistic-switches';
import classes from '../earn/earn.module.css';
import {
  canRedeem,
  lockedAmount,
  nextMaturity,
  productName,
  termText,
  termTimeInText,
} from './term';
import { TermLots } from './TermLots';

type Order = { kind: 'subscribe' | 'redeem'; product: SavingsProduct };

/**
 * `/assets/savings`: the savings products with APY, term, what the user holds, what can be
 * redeemed now and the interest so far, Subscribe (from Funding) and Redeem (back to Funding)
 * each in a small form; the fixed-term subscriptions with their maturity; and auto-saving per coin
 * where it is supported. A fixed-term product is redeemed only from its maturity: Redeem offers
 * what has matured and is disabled, with the date it unlocks as its description, while nothing has.
 */
export default function SavingsScreen() {
  const { t } = useTranslation('user-assets');
  return (
    <EarnScreenFrame title={t('meta.savings.title')} loadingText={t('earn.savings.loading')}>
      {(overview, reload) => (
        <Stack gap="md">
          <Products overview={overview} reload={reload} />
          {overview.savings.products.some((p) => p.termDays > 0) && (
            <TermLots products={overview.savings.products} />
          )}
          <AutoSaving coins={overview.savings.autoSaving} reload={reload} />
        </Stack>
      )}
    </EarnScreenFrame>
  );
}

function Products({ overview, reload }: { overview: AssetOverview; reload: () => void }) {
  const { t } = useTranslation('user-assets');
  const language = useAtomValue(currentLangAtom);
  const api = useScreenApi();
  const form = useFormModal<Order>();
  const precisions = useCoinPrecisions();
  const products = overview.savings.products;
  const lockId = useId();
  const term = (p: SavingsProduct) => termText(t, p);
  const name = (p: SavingsProduct) => productName(t, p);
  /** Held but nothing matured yet: when it unlocks (the reason Redeem is disabled). */
  const lockedUntil = (p: SavingsProduct) =>
    compareDecimal(p.amount, '0') > 0 && !canRedeem(p) ? nextMaturity(p) : undefined;

  const columns: EarnColumn<SavingsProduct>[] = [
    { id: 'product', header: t('earn.savings.product'), cell: name },
    {
      id: 'apy',
      header: t('earn.savings.apy'),
      align: 'end',
      cell: (p) => <span dir="ltr">{formatRate(p.apy, language)}</span>,
    },
    { id: 'term', header: t('earn.savings.term'), align: 'end', cell: term },
    {
      id: 'held',
      header: t('earn.savings.held'),
      align: 'end',
      cell: (p) => <Amount kind="decimal" value={p.amount} coin={p.coin} />,
    },
    {
      id: 'redeemable',
      header: t('earn.savings.redeemable'),
      align: 'end',
      cell: (p) => <Amount kind="decimal" value={p.redeemable} coin={p.coin} />,
    },
    {
      id: 'interest',
      header: t('earn.savings.interest'),
      align: 'end',
      cell: (p) => <Amount kind="decimal" value={p.cumInterest} coin={p.coin} />,
    },
    {
      id: 'actions',
      header: t('earn.savings.actions'),
      align: 'end',
      cell: (p) => {
        const until = lockedUntil(p);
        const reasonId = `${lockId}-${p.productId}`;
        return (
          <div className={classes.actions}>
            <Button
              size="compact-sm"
              onClick={() => form.open({ kind: 'subscribe', product: p })}
              aria-label={t('earn.savings.subscribeTo', { product: `${p.coin} ${term(p)}` })}
            >
              {t('earn.savings.subscribe')}
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              disabled={!canRedeem(p)}
              onClick={() => form.open({ kind: 'redeem', product: p })}
              aria-label={t('earn.savings.redeemFrom', { product: `${p.coin} ${term(p)}` })}
              aria-describedby={until ? reasonId : undefined}
            >
              {t('earn.savings.redeem')}
            </Button>
            {until && (
              <Text id={reasonId} size="xs" c="dimmed" className={classes.actionNote}>
                {t('earn.savings.lockedUntil', { date: termTimeInText(until) })}
              </Text>
            )}
          </div>
        );
      },
    },
  ];

  // The product as the overview has it now (what is held and redeemable moves).
  const p =
    form.value &&
    (products.find((x) => x.productId === form.value?.product.productId) ?? form.value.product);
  const available = p ? fundAvailable(overview, p.coin) : '0';
  const content = ((): AmountFormContent | null => {
    if (!form.value || !p) return null;
    const product = `${p.coin} ${term(p)}`;
    if (form.value.kind === 'subscribe') {
      return {
        scope: `savings.subscribe:${p.productId}`,
        title: t('earn.savings.subscribeTitle', { product }),
        coin: p.coin,
        sourceLabel: t('earn.savings.availableInFund'),
        source: available,
        fromFunding: true,
        min: p.minAmount,
        max: available,
        precisions,
        confirmLabel: t('earn.savings.subscribe'),
        note:
          p.termDays > 0
            ? () => (
                <Text size="xs" c="dimmed">
                  {t('earn.savings.termNote', { days: p.termDays })}
                </Text>
              )
            : undefined,
        onSubmit: (amount, requestId) =>
          api.savingsSubscribe({ productId: p.productId, amount, requestId }),
        onDone: (_amount, shown) => {
          showToast(t('earn.savings.subscribed', { amount: shown, coin: p.coin }), {
            tone: 'success',
          });
          reload();
        },
      };
    }
    return {
      scope: `savings.redeem:${p.productId}`,
      title: t('earn.savings.redeemTitle', { product }),
      coin: p.coin,
      sourceLabel: p.termDays === 0 ? t('earn.savings.held') : t('earn.savings.redeemableNow'),
      source: p.redeemable,
      max: p.redeemable,
      precisions,
      confirmLabel: t('earn.savings.redeem'),
      note: () => <RedeemNote product={p} />,
      onSubmit: (amount, requestId) =>
        api.savingsRedeem({ productId: p.productId, amount, requestId }),
      onDone: (_amount, shown) => {
        showToast(t('earn.savings.redeemed', { amount: shown, coin: p.coin }), { tone: 'success' });
        reload();
      },
    };
  })();
  return (
    <Section title={t('earn.savings.products')}>
      {products.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('earn.savings.noProducts')}
        </Text>
      ) : (
        <EarnTable
          label={t('earn.savings.productsTable')}
          columns={columns}
          rows={products}
          rowKey={(x) => x.productId}
        />
      )}
      {/* Mounted from the start, so that closing it returns focus to the button that opened it. */}
      <AmountFormModal
        opened={form.opened}
        content={content}
        openings={form.openings}
        onClose={form.close}
      />
    </Section>
  );
}

/** Where a redemption goes and, for a fixed-term product, what stays locked and until when. */
function RedeemNote({ product: p }: { product: SavingsProduct }) {
  const { t } = useTranslation('user-assets');
  const locked = lockedAmount(p);
  const until = nextMaturity(p);
  return (
    <Stack gap={2}>
      {p.termDays > 0 && (
        <Text size="xs" c="dimmed">
          {t('earn.savings.maturedOnly')}
        </Text>
      )}
      {compareDecimal(locked, '0') > 0 && until && (
        <Text size="xs" c="dimmed">
          {t('earn.savings.stillLocked')}: <Amount kind="decimal" value={locked} coin={p.coin} />{' '}
          {p.coin} · {t('earn.savings.lockedUntil', { date: termTimeInText(until) })}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('earn.savings.redeemNote')}
      </Text>
    </Stack>
  );
}

const AUTO_SAVING_MESSAGES = {
  on: 'earn.savings.autoOn',
  off: 'earn.savings.autoOff',
  failed: 'earn.savings.autoFailed',
  unknown: 'earn.savings.autoUnknown',
} as const;

function AutoSaving({ coins, reload }: { coins: readonly AutoSavingCoin[]; reload: () => void }) {
  const { t } = useTranslation('user-assets');
  const api = useScreenApi();
  const server = useMemo(() => new Map(coins.map((c) => [c.coin, c.isSelected] as const)), [coins]);
  const send = useCallback(
    (coin: string, isSelected: boolean) => api.autoSaving({ coin, isSelected }),
    [api],
  );
  const sw = useOptimisticSwitches({
    server,
    send,
    messages: AUTO_SAVING_MESSAGES,
    onDone: reload,
  });
  return (
    <Section title={t('earn.savings.autoSaving')}>
      <Text size="sm" c="dimmed" mb="sm">
        {t('earn.savings.autoSavingHelp')}
      </Text>
      {sw.error && (
        <Alert color="red" variant="light" role="alert" mb="sm">
          {sw.error}
        </Alert>
      )}
      {coins.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('earn.savings.noAutoSaving')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {coins.map((c) => (
            <Group component="li" key={c.coin} justify="space-between" wrap="nowrap" gap="sm">
              <Text fw={600}>{c.coin}</Text>
              <Switch
                aria-label={t('earn.savings.autoSaveCoin', { coin: c.coin })}
                checked={c.isSupported ? sw.checked(c.coin, c.isSelected) : false}
                disabled={!c.isSupported || sw.busy(c.coin)}
                description={c.isSupported ? undefined : t('earn.savings.autoUnsupported')}
                onChange={(e) => sw.toggle(c.coin, e.currentTarget.checked)}
              />
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}
