import { Badge, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  currentLangAtom,
  dataOf,
  ERROR_CODES,
  showAssetsAtom,
  useRefreshAssets,
  useScreenApi,
  type AssetOverview,
  type PledgeCollateralCoin,
  type PledgeLoanCoin,
} from '../../../facade';
import { errorCodeOf, errorMessage } from '../../../i18n/error-message';
import { compareDecimal } from '../../../lib/money';
import { Amount } from '../../../ui/amount/Amount';
import { formatAmount } from '../../../ui/amount/format-amount';
import { LtrText } from '../../../ui/amount/LtrText';
import { DialogActions } from '../../../ui/dialogs/DialogActions';
import { AmountField } from '../../../ui/dialogs/money/AmountField';
import {
  amountError,
  chosenAmountText,
  normalizeAmountInput,
} from '../../../ui/dialogs/money/amounts';
import { useFormBalances, useReadAgainWhileOpen } from '../../../ui/dialogs/money/form-balances';
import { LoadFailed } from '../../../ui/dialogs/money/LoadFailed';
import { isOutcomeUnknown } from '../../../ui/dialogs/money/request-id';
import { SubmissionError } from '../../../ui/dialogs/money/RetryNote';
import { useMoneySubmission } from '../../../ui/dialogs/money/submission';
import { useResource } from '../../../ui/live/use-resource';
import { showToast } from '../../../ui/notifications';
import { Spinner } from '../../../ui/Spinner';
import { debtDecimals, useCoinPrecisions } from '../earn/coin-precision';
import { fundAvailable } from '../earn/fund';
import {
  FundShortfall,
  useOpener,
  useThenAfterClose,
} from '../../../ui/dialogs/money/FundShortfall';
import { formatRate, rateDecimals } from '../earn/percent';
import {
  annualRate,
  fillLtv,
  isPositiveAmount,
  loanToValue,
  maxLoan,
  minCollateral,
  owedAfterAnHour,
  withinLtv,
} from './borrow-math';
import { findLoan, type BorrowDetails } from './loan-lookup';
import { LTV_COLOR, ltvLevel, marginCallLtv } from './ltv';

/** An amount field: what was typed, or derived from the other field (just inside the limit). */
interface Entry {
  value: string;
  derived: boolean;
}
const EMPTY: Entry = { value: '', derived: false };

type Field = 'loan' | 'collateral' | 'form';
type Errors = Partial<Record<Field, string>>;

/** Which field a refusal of the server is about (the rest are said under the form). */
const FIELD_OF: Partial<Record<number, Field>> = {
  [ERROR_CODES.AMOUNT_OUT_OF_RANGE]: 'loan',
  [ERROR_CODES.LTV_TOO_HIGH]: 'loan',
  [ERROR_CODES.UNKNOWN_COIN]: 'loan',
  [ERROR_CODES.INSUFFICIENT_BALANCE]: 'collateral',
  [ERROR_CODES.NOT_COLLATERAL]: 'collateral',
};

export interface BorrowModalProps {
  opened: boolean;
  /** Counts the openings: each one starts with a fresh form. */
  openings: number;
  onClose: () => void;
}

/**
 * The borrow form in a Modal, mounted from the start (so that closing it gives focus back to the
 * Borrow button). While its request is in flight it cannot be dismissed (Escape, outside click,
 * close button), so the answer is always seen.
 */
export function BorrowModal({ opened, openings, onClose }: BorrowModalProps) {
  const { t } = useTranslation('user-assets');
  const [busy, setBusy] = useState(false);
  const { leave, afterExit } = useThenAfterClose(useOpener(opened), onClose);
  const close = useCallback(() => {
    if (!busy) onClose();
  }, [busy, onClose]);
  return (
    <Modal
      opened={opened}
      onClose={close}
      onExitTransitionEnd={afterExit}
      title={t('earn.pledge.borrowTitle')}
      centered
      trapFocus
      returnFocus
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      withCloseButton={!busy}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <BorrowForm key={openings} onClose={onClose} onBusyChange={setBusy} leave={leave} />
    </Modal>
  );
}

/**
 * A new pledge loan (docs/assets.md, "Savings and pledge loans", Borrowing): the coin to borrow
 * and the coin to pledge, each amount, either typed and the other filled in just inside the
 * collateral's initial LTV (`fillLtv`; until the user types in it too); the initial LTV the two
 * make, with the initial, margin-call and liquidation LTVs, the hourly and annual rate and what is
 * owed after an hour. The balances and the prices are read when the form opens and again every 5 s
 * and on focus while it is open (not while a request is on its way). Validated before anything is
 * sent (each amount at its coin's precision, the smallest loan, the collateral against Funding,
 * the initial LTV against its limit, exactly as the server checks it). The request id is kept
 * after an unknown outcome (kept-submissions, kind `borrow`): the same details again are a replay,
 * never a second loan; and the loans are looked up for it (loan-lookup.ts). The form belongs to
 * the session it was opened in; once it has succeeded it never sends again.
 *
 * Masking (one rule on the pledge screen): a figure of the user's holdings is masked while assets
 * are hidden (Funding's balance, and the limit it puts on the collateral in a message); a term of
 * the product is shown (the LTV limits, the rates, the smallest loan); and so is what is computed
 * only from the amounts typed in the form (its initial LTV, what it will owe): the fields show
 * those amounts anyway.
 */
function BorrowForm({
  onClose,
  onBusyChange,
  leave,
}: {
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
  /** Closes the modal, then runs `next` (a money dialog: FundShortfall). */
  leave: (next: () => void) => void;
}) {
  const { t } = useTranslation('user-assets');
  const api = useScreenApi();
  const language = useAtomValue(currentLangAtom);
  const shown = useAtomValue(showAssetsAtom);
  const refreshAssets = useRefreshAssets();
  // Done: this form never sends again (it stays on screen while the modal closes), and the modal
  // is dismissable again as soon as the answer is back.
  const submission = useMoneySubmission({ kind: 'borrow', close: onClose, setBusy: onBusyChange });
  const { busy, done } = submission;
  const locked = busy || done;

  const balances = useFormBalances(locked);
  const loadRates = useCallback(() => api.exchangeRate({ fresh: true }), [api]);
  const rates = useResource(loadRates);
  useReadAgainWhileOpen(rates.reload, locked);
  const precisions = useCoinPrecisions();

  const [loanCoinPick, setLoanCoin] = useState<string | null>(null);
  const [collateralPick, setCollateralCoin] = useState<string | null>(null);
  const [loan, setLoan] = useState<Entry>(EMPTY);
  const [collateral, setCollateral] = useState<Entry>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  /** After an unknown outcome: whether the loans list it (they did not, or could not be read). */
  const [unknown, setUnknown] = useState<'notListed' | 'unchecked' | undefined>();

  const ov: AssetOverview | undefined = dataOf(balances.state);
  const rateList = dataOf(rates.state)?.list;

  if (balances.state.status === 'error' && !ov) {
    return <LoadFailed onRetry={balances.reload} message={t('money.common.balancesFailed')} />;
  }
  if (rates.state.status === 'error' && !rateList) {
    return <LoadFailed onRetry={rates.reload} message={t('earn.pledge.pricesFailed')} />;
  }
  if (precisions.failed) return <LoadFailed onRetry={precisions.reload} />;
  if (!ov || !rateList || precisions.of('USDT') === undefined) {
    return <Spinner size="small" label={t('money.common.loading')} />;
  }
  const { loanCoins, collateralCoins } = ov.pledge;
  const loanTerms: PledgeLoanCoin | undefined =
    loanCoins.find((c) => c.coin === loanCoinPick) ?? loanCoins[0];
  const offeredCollateral = collateralCoins.filter((c) => c.coin !== loanTerms?.coin);
  // By default the first coin Funding holds (else the first offered).
  const collateralTerms: PledgeCollateralCoin | undefined =
    offeredCollateral.find((c) => c.coin === collateralPick) ??
    offeredCollateral.find((c) => compareDecimal(fundAvailable(ov, c.coin), '0') > 0) ??
    offeredCollateral[0];
  if (!loanTerms || !collateralTerms) {
    return (
      <Stack gap="sm">
        <Text size="sm">{t('earn.pledge.nothingToBorrow')}</Text>
        <DialogActions confirmLabel={t('common.close')} onConfirm={onClose} />
      </Stack>
    );
  }

  const loanCoin = loanTerms.coin;
  const collateralCoin = collateralTerms.coin;
  const loanPrecision = precisions.of(loanCoin) ?? 8;
  const collateralPrecision = precisions.of(collateralCoin) ?? 8;
  const rateOf = (coin: string) => rateList.find((r) => r.coin === coin)?.rate;
  const loanRate = rateOf(loanCoin);
  const collateralRate = rateOf(collateralCoin);
  const limit = collateralTerms.initialLtv;
  const available = fundAvailable(ov, collateralCoin);

  // The field not typed in is filled in from the other just inside the initial LTV (`fillLtv`),
  // at the prices of the moment.
  const target = fillLtv(limit);
  const loanValue = loan.derived
    ? (maxLoan(collateral.value, collateralRate, loanRate, target, loanPrecision) ?? '')
    : loan.value;
  const collateralValue = collateral.derived
    ? (minCollateral(loan.value, loanRate, collateralRate, target, collateralPrecision) ?? '')
    : collateral.value;
  const ltv = loanToValue(loanValue, loanRate, collateralValue, collateralRate);
  const overLimit = ltv !== undefined && compareDecimal(ltv, limit) > 0;
  const level = ltv === undefined ? undefined : ltvLevel(ltv, collateralTerms.liquidationLtv);
  const mostToBorrow = maxLoan(collateralValue, collateralRate, loanRate, limit, loanPrecision);

  const loanLabel = t('earn.pledge.loanAmount', { coin: loanCoin });
  const collateralLabel = t('earn.pledge.collateralAmount', { coin: collateralCoin });
  const draft: BorrowDetails = {
    loanCoin,
    loanAmount: loanValue.trim(),
    collateralCoin,
    collateralAmount: collateralValue.trim(),
  };
  const keyOf = (d: BorrowDetails) => JSON.stringify(d);
  // The same details as a borrow whose outcome is unknown: it is sent again as that request.
  const repeating =
    isPositiveAmount(draft.loanAmount) &&
    isPositiveAmount(draft.collateralAmount) &&
    submission.isRetryOf(keyOf(draft));

  /** Once the user types, the coins shown are theirs: no default moves them any more. */
  const keepCoins = () => {
    setLoanCoin(loanCoin);
    setCollateralCoin(collateralCoin);
  };
  const typeLoan = (raw: string) => {
    const value = normalizeAmountInput(raw, language);
    keepCoins();
    setLoan({ value, derived: false });
    // The collateral follows, unless the user has typed one.
    if (collateral.derived || collateral.value === '') {
      setCollateral({ value: '', derived: value !== '' });
    }
    setErrors({});
  };
  const typeCollateral = (value: string) => {
    keepCoins();
    setCollateral({ value, derived: false });
    if (loan.derived || loan.value === '') setLoan({ value: '', derived: value !== '' });
    setErrors({});
  };
  const pickLoanCoin = (coin: string | null) => {
    if (!coin) return;
    setLoanCoin(coin);
    setErrors({});
  };
  const pickCollateral = (coin: string | null) => {
    if (!coin) return;
    setCollateralCoin(coin);
    setErrors({});
  };

  const validate = (): Errors => {
    const next: Errors = {};
    const loanProblem = amountError(t, draft.loanAmount, {
      label: loanLabel,
      precision: loanPrecision,
      min: loanTerms.minAmount,
      coin: loanCoin,
      language,
    });
    if (loanProblem) next.loan = loanProblem;
    const collateralProblem = amountError(t, draft.collateralAmount, {
      label: collateralLabel,
      precision: collateralPrecision,
      max: available,
      coin: collateralCoin,
      language,
      masked: !shown,
    });
    if (collateralProblem) next.collateral = collateralProblem;
    if (next.loan || next.collateral) return next;
    if (ltv === undefined || loanRate === undefined || collateralRate === undefined) {
      next.form = t('earn.pledge.noPrice');
    } else if (
      !withinLtv(draft.loanAmount, loanRate, draft.collateralAmount, collateralRate, limit)
    ) {
      next.loan = t('earn.pledge.ltvOver', {
        ltv: formatRate(ltv, language),
        limit: formatRate(limit, language),
        max: formatAmount('decimal', mostToBorrow ?? '0', {
          coin: loanCoin,
          decimals: loanPrecision,
          language,
        }),
        coin: loanCoin,
      });
    }
    return next;
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = draft;
    const entries = { loan, collateral };
    const finish = (text: 'earn.pledge.borrowDone' | 'earn.pledge.borrowConfirmed') => {
      refreshAssets();
      showToast(
        t(text, {
          amount: chosenAmountText(body.loanAmount, loanCoin, language),
          coin: loanCoin,
          collateral: chosenAmountText(body.collateralAmount, collateralCoin, language),
          collateralCoin,
        }),
        { tone: 'success' },
      );
      onClose();
    };
    void submission.submit({
      form: e.currentTarget,
      ready: () => {
        const found = validate();
        setErrors(found);
        return Object.keys(found).length === 0;
      },
      key: keyOf(body),
      send: ({ requestId }) => {
        // What is sent is what the fields say from now on: a retry sends exactly this again, not
        // a figure filled in anew at the prices of the moment (until a definite answer, below).
        setLoan({ value: body.loanAmount, derived: false });
        setCollateral({ value: body.collateralAmount, derived: false });
        setUnknown(undefined);
        return api.pledgeBorrow({ ...body, requestId });
      },
      recordOf: (r) => r.loanId,
      answered: () => finish('earn.pledge.borrowDone'),
      failed: async (err, { since }) => {
        if (!isOutcomeUnknown(err)) {
          const code = errorCodeOf(err);
          const field = (code !== undefined && FIELD_OF[code]) || 'form';
          setErrors({ [field]: errorMessage(t, err) });
          // Refused: nothing was borrowed, and the field filled in follows the prices again.
          setLoan(entries.loan);
          setCollateral(entries.collateral);
          balances.reload();
          rates.reload();
          return;
        }
        // The answer was lost, the loan may have been taken: the figures are read again and the
        // loans tell whether it was.
        refreshAssets();
        const lookup = await submission.lookUp(
          findLoan(() => api.assetOverview(), body, since, submission.isClaimed),
          () => finish('earn.pledge.borrowConfirmed'),
        );
        if (!lookup) return;
        setUnknown(lookup);
        setErrors({ form: errorMessage(t, err) });
      },
    });
  };

  /** A term of the product: a percentage, never masked. */
  const pct = (fraction: string, decimals?: number) => (
    <LtrText>{formatRate(fraction, language, decimals)}</LtrText>
  );
  const hourly = loanTerms.hourlyRate;
  const owed = isPositiveAmount(draft.loanAmount)
    ? owedAfterAnHour(draft.loanAmount, hourly, loanPrecision)
    : undefined;

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <Stack gap="sm">
        <Select
          label={t('earn.pledge.loanCoin')}
          data={loanCoins.map((c) => c.coin)}
          value={loanCoin}
          onChange={pickLoanCoin}
          allowDeselect={false}
          disabled={locked}
        />
        <TextInput
          label={loanLabel}
          inputMode="decimal"
          autoComplete="off"
          value={loanValue}
          onChange={(e) => typeLoan(e.currentTarget.value)}
          error={errors.loan}
          required
          disabled={locked}
          description={
            <>
              {/* Terms of the product, and a figure of the amounts typed: shown. */}
              {t('earn.pledge.minLoan')}:{' '}
              <LtrText>
                {formatAmount('decimal', loanTerms.minAmount, {
                  coin: loanCoin,
                  figure: 'minimum',
                  language,
                })}
              </LtrText>{' '}
              {loanCoin}
              {mostToBorrow !== undefined && (
                <>
                  {' · '}
                  {t('earn.pledge.maxLoan')}:{' '}
                  <LtrText>
                    {formatAmount('decimal', mostToBorrow, {
                      coin: loanCoin,
                      decimals: loanPrecision,
                      language,
                    })}
                  </LtrText>{' '}
                  {loanCoin}
                </>
              )}
            </>
          }
        />
        <Select
          label={t('earn.pledge.collateralCoin')}
          data={offeredCollateral.map((c) => c.coin)}
          value={collateralCoin}
          onChange={pickCollateral}
          allowDeselect={false}
          disabled={locked}
        />
        <AmountField
          label={collateralLabel}
          value={collateralValue}
          onChange={typeCollateral}
          error={errors.collateral}
          description={
            <>
              {t('earn.pledge.availableInFund')}:{' '}
              <Amount kind="decimal" value={available} coin={collateralCoin} flash={false} />{' '}
              {collateralCoin}
            </>
          }
          max={available}
          precision={collateralPrecision}
          disabled={locked}
        />
        <FundShortfall
          coin={collateralCoin}
          available={available}
          leave={leave}
          disabled={locked}
        />
        <Stack gap={4} component="dl" m={0}>
          <Line term={t('earn.pledge.initialLtv')}>
            <Group gap={6} wrap="wrap" component="span" justify="flex-end">
              <Text span fw={600} size="sm">
                {ltv === undefined ? '--' : pct(ltv)}
              </Text>
              {overLimit ? (
                <Badge color="red" variant="light" data-level="overLimit">
                  {t('earn.pledge.aboveLimit')}
                </Badge>
              ) : (
                level && (
                  <Badge color={LTV_COLOR[level]} variant="light" data-level={level}>
                    {t(`earn.pledge.level.${level}`)}
                  </Badge>
                )
              )}
            </Group>
          </Line>
          <Line term={t('earn.pledge.initialLtvLimit')}>{pct(limit)}</Line>
          <Line term={t('earn.pledge.marginCallLtv')}>
            {pct(marginCallLtv(collateralTerms.liquidationLtv))}
          </Line>
          <Line term={t('earn.pledge.liquidationLtv')}>{pct(collateralTerms.liquidationLtv)}</Line>
          <Line term={t('earn.pledge.hourlyRate')}>{pct(hourly, rateDecimals(hourly))}</Line>
          <Line term={t('earn.pledge.annualRate')}>{pct(annualRate(hourly))}</Line>
          <Line term={t('earn.pledge.owedAfterHour')}>
            {owed === undefined ? (
              '--'
            ) : (
              <>
                <LtrText>
                  {formatAmount('decimal', owed, {
                    coin: loanCoin,
                    decimals: debtDecimals(owed, loanPrecision),
                    figure: 'debt',
                    language,
                  })}
                </LtrText>{' '}
                {loanCoin}
              </>
            )}
          </Line>
        </Stack>
        <Text size="xs" c="dimmed">
          {t('earn.pledge.borrowNote', { collateralCoin, coin: loanCoin })}
        </Text>
        <SubmissionError
          error={errors.form}
          kind="borrow"
          unknown={unknown}
          repeating={repeating}
          variant="light"
        />
        <DialogActions
          submit
          confirmLabel={t('earn.pledge.borrow')}
          cancelLabel={t('common.cancel')}
          onConfirm={() => undefined}
          onCancel={onClose}
          loading={busy}
          keepsFocus
        />
      </Stack>
    </form>
  );
}

/** One line of the summary: a term and its value (a description list, read as such). */
function Line({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" align="baseline">
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" size="sm" m={0} ta="end">
        {children}
      </Text>
    </Group>
  );
}
