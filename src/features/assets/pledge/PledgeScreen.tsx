import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import {
  currentLangAtom,
  showAssetsAtom,
  useScreenApi,
  type AssetOverview,
  type PledgeLoan,
} from '../../../facade';
import { coinPrecision, compareDecimal, decimalToScaled, isDecimalInput } from '../../../lib/money';
import { Amount } from '../../../ui/amount/Amount';
import { formatAmount } from '../../../ui/amount/format-amount';
import { Section } from '../../../ui/live/Section';
import { showToast } from '../../../ui/notifications';
import { AmountFormModal, useFormModal, type AmountFormContent } from '../earn/AmountFormModal';
import { debtDecimals, useCoinPrecisions } from '../earn/coin-precision';
import { EarnScreenFrame } from '../earn/EarnScreenFrame';
import { EarnTable, type EarnColumn } from '../earn/EarnTable';
import { fundAvailable } from '../earn/fund';
import { formatRate, rateDecimals } from '../earn/percent';
import { BorrowModal } from './BorrowDialog';
import { LTV_COLOR, ltvLevel } from './ltv';

/**
 * `/assets/pledge`: the user's pledge loans with what is owed, the collateral, the LTV with its
 * level in colour and in words, the liquidation LTV and the hourly rate; Borrow (a new loan
 * against collateral from Funding, BorrowDialog.tsx); Repay in part or in full
 * (from Funding; a full repayment returns the collateral to Funding). What is owed grows every
 * hour and the overview is up to 5 s old: it is read again when the form opens and when Max is
 * pressed, and after a repayment the toast says "in full" only when the loan, read again, is gone
 * or owes nothing; otherwise it says what was repaid and what is still owed.
 *
 * While assets are hidden, one rule: a figure of the user's holdings is masked (what a loan owes,
 * its collateral, its current LTV: the ratio of the two), a term of the product is shown (the
 * liquidation LTV, the rates). A loan's level (safe, margin call, liquidation near) stays written:
 * it is a warning, not a figure.
 */
export default function PledgeScreen() {
  const { t } = useTranslation('user-assets');
  return (
    <EarnScreenFrame title={t('meta.pledge.title')} loadingText={t('earn.pledge.loading')}>
      {(overview, reload) => <Loans overview={overview} reload={reload} />}
    </EarnScreenFrame>
  );
}

function Ltv({ loan }: { loan: PledgeLoan }) {
  const { t } = useTranslation('user-assets');
  const level = ltvLevel(loan.ltv, loan.liquidationLtv);
  // A figure of the user's holdings (what is owed over the collateral): masked with them.
  const ltvE4 = isDecimalInput(loan.ltv) ? decimalToScaled(loan.ltv, 4, 'up') : undefined;
  return (
    <Group gap={6} justify="flex-end" wrap="wrap">
      <Amount kind="percentE4" value={ltvE4} flash={false} />
      <Badge color={LTV_COLOR[level]} variant="light" data-level={level}>
        {t(`earn.pledge.level.${level}`)}
      </Badge>
    </Group>
  );
}

function Loans({ overview, reload }: { overview: AssetOverview; reload: () => void }) {
  const { t } = useTranslation('user-assets');
  const language = useAtomValue(currentLangAtom);
  const shown = useAtomValue(showAssetsAtom);
  const api = useScreenApi();
  const form = useFormModal<PledgeLoan>();
  const [borrow, setBorrow] = useState({ opened: false, openings: 0 });
  const precisions = useCoinPrecisions();
  /** A debt is written in full: every decimal its coin moves in, never rounded. */
  const owedDecimals = (l: PledgeLoan) =>
    debtDecimals(l.borrowed, precisions.of(l.loanCoin) ?? coinPrecision(l.loanCoin));
  const loans = overview.pledge.loans;

  const columns: EarnColumn<PledgeLoan>[] = [
    { id: 'loan', header: t('earn.pledge.loan'), cell: (l) => l.loanCoin },
    {
      id: 'borrowed',
      header: t('earn.pledge.borrowed'),
      align: 'end',
      cell: (l) => (
        <Amount kind="decimal" value={l.borrowed} coin={l.loanCoin} decimals={owedDecimals(l)} />
      ),
    },
    {
      id: 'collateral',
      header: t('earn.pledge.collateral'),
      align: 'end',
      cell: (l) => (
        <>
          <Amount kind="decimal" value={l.collateralAmount} coin={l.collateralCoin} />{' '}
          {l.collateralCoin}
        </>
      ),
    },
    { id: 'ltv', header: t('earn.pledge.ltv'), align: 'end', cell: (l) => <Ltv loan={l} /> },
    {
      id: 'liquidation',
      header: t('earn.pledge.liquidationLtv'),
      align: 'end',
      cell: (l) => <span dir="ltr">{formatRate(l.liquidationLtv, language)}</span>,
    },
    {
      id: 'rate',
      header: t('earn.pledge.hourlyRate'),
      align: 'end',
      cell: (l) => (
        <span dir="ltr">{formatRate(l.hourlyRate, language, rateDecimals(l.hourlyRate))}</span>
      ),
    },
    {
      id: 'actions',
      header: t('earn.pledge.actions'),
      align: 'end',
      cell: (l) => (
        <Button
          size="compact-sm"
          onClick={() => {
            form.open(l);
            reload(); // what is owed now, not up to 5 s ago
          }}
          aria-label={t('earn.pledge.repayLoan', { coin: l.loanCoin, id: l.loanId })}
        >
          {t('earn.pledge.repay')}
        </Button>
      ),
    },
  ];

  // The loan as the overview has it now (its interest grows while the form is open).
  const loan = form.value && (loans.find((l) => l.loanId === form.value?.loanId) ?? form.value);
  const content = ((): AmountFormContent | null => {
    if (!loan) return null;
    const available = fundAvailable(overview, loan.loanCoin);
    const owedIsMax = compareDecimal(available, loan.borrowed) >= 0;
    /**
     * The toast after a repayment, from the loan read again (not the form's copy of what was
     * owed: interest may have been added since): in full only when the loan is gone or owes 0.
     */
    const announce = async (amount: string) => {
      let after: PledgeLoan | null | undefined; // null: gone; undefined: could not be read
      try {
        const fresh = await api.assetOverview();
        after = fresh.pledge.loans.find((l) => l.loanId === loan.loanId) ?? null;
      } catch {
        after = undefined;
      }
      let text: string;
      if (after === null || (after && compareDecimal(after.borrowed, '0') <= 0)) {
        text = t('earn.pledge.repaidFull', { coin: loan.collateralCoin });
      } else if (after) {
        const owed = formatAmount('decimal', after.borrowed, {
          coin: after.loanCoin,
          decimals: owedDecimals(after),
          figure: 'debt',
          language,
          masked: !shown,
        });
        text = t('earn.pledge.repaidPart', { amount, coin: loan.loanCoin, owed });
      } else {
        text = t('earn.pledge.repaid', { amount, coin: loan.loanCoin });
      }
      showToast(text, { tone: 'success' });
    };
    return {
      scope: `pledge.repay:${loan.loanId}`,
      title: t('earn.pledge.repayTitle', { coin: loan.loanCoin }),
      coin: loan.loanCoin,
      sourceLabel: t('earn.pledge.availableInFund'),
      source: available,
      fromFunding: true,
      max: owedIsMax ? loan.borrowed : available,
      // When what is owed is the limit, a message writes it as in full, as "Owed" does.
      ...(owedIsMax ? { maxDecimals: owedDecimals(loan) } : {}),
      precisions,
      confirmLabel: t('earn.pledge.repay'),
      note: (amount) => (
        <Stack gap={2}>
          <Text size="sm">
            {t('earn.pledge.owed')}:{' '}
            <Amount
              kind="decimal"
              value={loan.borrowed}
              coin={loan.loanCoin}
              decimals={owedDecimals(loan)}
              flash={false}
            />{' '}
            {loan.loanCoin}
          </Text>
          <Text size="xs" c="dimmed" aria-live="polite">
            {isFull(amount, loan.borrowed)
              ? t('earn.pledge.fullNote', { coin: loan.collateralCoin })
              : t('earn.pledge.partialNote')}
          </Text>
        </Stack>
      ),
      onMax: reload,
      onSubmit: (amount, requestId) => api.pledgeRepay({ loanId: loan.loanId, amount, requestId }),
      onDone: (_amount, amountText) => {
        reload();
        void announce(amountText);
      },
    };
  })();
  return (
    <Section
      title={t('earn.pledge.loans')}
      actions={
        <Button
          size="sm"
          onClick={() => setBorrow((b) => ({ opened: true, openings: b.openings + 1 }))}
        >
          {t('earn.pledge.borrow')}
        </Button>
      }
    >
      {loans.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('earn.pledge.noLoans')}
        </Text>
      ) : (
        <EarnTable
          label={t('earn.pledge.loansTable')}
          columns={columns}
          rows={loans}
          rowKey={(l) => l.loanId}
        />
      )}
      {/* Mounted from the start, so that closing it returns focus to the button that opened it. */}
      <AmountFormModal
        opened={form.opened}
        content={content}
        openings={form.openings}
        onClose={form.close}
      />
      <BorrowModal
        opened={borrow.opened}
        openings={borrow.openings}
        onClose={() => setBorrow((b) => ({ ...b, opened: false }))}
      />
    </Section>
  );
}

function isFull(amount: string, owed: string): boolean {
  return /^(?:\d+(?:\.\d*)?|\.\d+)$/.test(amount) && compareDecimal(amount, owed) === 0;
}
