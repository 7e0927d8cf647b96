import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SavingsLot, SavingsProduct } from '../../../facade';
import { Amount } from '../../../ui/amount/Amount';
import { LtrText } from '../../../ui/amount/LtrText';
import { Section } from '../../../ui/live/Section';
import { EarnTable, type EarnColumn } from '../earn/EarnTable';
import { formatTermTime, productName } from './term';

type Row = SavingsLot & { product: SavingsProduct };

/**
 * The user's fixed-term subscriptions, one row each: what it holds (principal + interest), the
 * interest, when it was subscribed and when it matures, and whether it is still locked, in words
 * (the colour only repeats them). Shown when the overview offers a fixed-term product.
 */
export function TermLots({ products }: { products: readonly SavingsProduct[] }) {
  const { t } = useTranslation('user-assets');
  const rows: Row[] = products.flatMap((product) => product.lots.map((l) => ({ ...l, product })));
  const columns: EarnColumn<Row>[] = [
    { id: 'product', header: t('earn.savings.product'), cell: (r) => productName(t, r.product) },
    {
      id: 'amount',
      header: t('earn.savings.lotAmount'),
      align: 'end',
      cell: (r) => <Amount kind="decimal" value={r.amount} coin={r.product.coin} />,
    },
    {
      id: 'interest',
      header: t('earn.savings.interest'),
      align: 'end',
      cell: (r) => <Amount kind="decimal" value={r.interest} coin={r.product.coin} />,
    },
    {
      id: 'subscribed',
      header: t('earn.savings.subscribedAt'),
      align: 'end',
      cell: (r) => <LtrText>{formatTermTime(r.subscribedAtE3)}</LtrText>,
    },
    {
      id: 'matures',
      header: t('earn.savings.maturesAt'),
      align: 'end',
      cell: (r) => <LtrText>{formatTermTime(r.maturesAtE3)}</LtrText>,
    },
    {
      id: 'status',
      header: t('earn.savings.status'),
      align: 'end',
      cell: (r) =>
        r.status === 'LOCKED' ? (
          <Badge color="yellow" variant="light">
            {t('earn.savings.statusLocked')}
          </Badge>
        ) : (
          <Badge color="teal" variant="light">
            {t('earn.savings.statusMatured')}
          </Badge>
        ),
    },
  ];
  return (
    <Section title={t('earn.savings.lots')}>
      <Text size="sm" c="dimmed" mb="sm">
        {t('earn.savings.lotsHelp')}
      </Text>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('earn.savings.noLots')}
        </Text>
      ) : (
        <EarnTable
          label={t('earn.savings.lots')}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.lotId}
        />
      )}
    </Section>
  );
}
