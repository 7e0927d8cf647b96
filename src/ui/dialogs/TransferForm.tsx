import { ActionIcon, Group, Select, Stack } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ERROR_CODES,
  TRANSFERABLE_ACCOUNTS,
  currentLangAtom,
  dataOf,
  showAssetsAtom,
  useScreenApi,
  type AccountType,
  type TransferableAccount,
} from '../../facade';
import { errorCodeOf, errorMessage } from '../../i18n/error-message';
import { compareDecimal, isDecimalInput } from '../../lib/money';
import { Amount } from '../amount/Amount';
import { useResource } from '../live/use-resource';
import { showToast } from '../notifications';
import { Spinner } from '../Spinner';
import { DialogActions } from './DialogActions';
import { AmountField } from './money/AmountField';
import { amountError, chosenAmountText } from './money/amounts';
import { useMoneyMoved } from './money/events';
import { accountLabel } from './money/labels';
import { useFormBalances } from './money/form-balances';
import { findTransfer } from './money/outcome';
import { isOutcomeUnknown } from './money/request-id';
import { SubmissionError } from './money/RetryNote';
import { useMoneySubmission } from './money/submission';
import { fundedAccounts } from './money/transfer-accounts';
import { LoadFailed } from './money/LoadFailed';

export interface TransferFormProps {
  /** The accounts offered, in order (those the overview says are closed are left out). */
  accounts: readonly TransferableAccount[];
  coin?: string;
  from?: TransferableAccount;
  to?: TransferableAccount;
  close: () => void;
  /** Tells the dialog host while a request is in flight (the dialog cannot be dismissed). */
  setBusy: (busy: boolean) => void;
}

type Field = 'coin' | 'from' | 'to' | 'amount' | 'form';
type Errors = Partial<Record<Field, string>>;

/** Which field a refusal of POST transfer concerns (docs/assets.md, the order of the checks). */
const FIELD_OF: Partial<Record<number, Field>> = {
  [ERROR_CODES.INVALID_AMOUNT]: 'amount',
  [ERROR_CODES.INSUFFICIENT_BALANCE]: 'amount',
  [ERROR_CODES.UNKNOWN_COIN]: 'coin',
  [ERROR_CODES.UNKNOWN_ACCOUNT]: 'from',
  [ERROR_CODES.SAME_ACCOUNT]: 'to',
};

const SWAP_ICON = (
  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      d="M7 4v13m0 0-3-3m3 3 3-3M17 20V7m0 0-3 3m3-3 3 3"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/**
 * A transfer between two of the user's accounts: coin, from and to with their available balances,
 * swap, Max; checked with the default form messages and the coin's precision; sent as POST
 * transfer with a requestId kept across retries of the same submission (money/request-id.ts),
 * and beyond the dialog while its outcome is unknown (money/kept-submissions.ts: the records are
 * then looked up, money/outcome.ts).
 * Until the user picks an account (or swaps), From is one that holds the coin when the one asked
 * for holds none (`fundedAccounts`). From and To are stacked, the swap button between them (side
 * by side at 375 px, "Derivatives account" had 124 px of the 163 it needs).
 */
export function TransferForm({ accounts, coin, from, to, close, setBusy }: TransferFormProps) {
  const { t } = useTranslation('user-assets');
  const api = useScreenApi();
  const moved = useMoneyMoved();
  const loadCoins = useCallback(() => api.money.coinInfo(), [api]);
  // The requestId of an unknown outcome outlives this form (money/kept-submissions.ts). Done, the
  // form never sends again and stays locked, the dialog too: it is on screen, filled in, for the
  // dialog's exit transition, and a second click of a slow double-click would otherwise be a new
  // transfer with a new requestId.
  const submission = useMoneySubmission({ kind: 'transfer', close, setBusy, busyOnceDone: true });
  // In flight, or done.
  const busy = submission.busy || submission.done;
  // Read again while the form is open, so that "Available" and Max follow the balance.
  const overview = useFormBalances(busy);
  const coins = useResource(loadCoins);
  // The last balances read (a failed re-read keeps them); none at all: LoadFailed below.
  const ov = dataOf(overview.state);
  const coinList = coins.state.status === 'ready' ? coins.state.data.list : undefined;

  // After the unified upgrade the derivatives and spot accounts refuse transfers (131004).
  const offered = useMemo(
    () =>
      accounts.filter(
        (a) =>
          TRANSFERABLE_ACCOUNTS.includes(a) &&
          !(ov?.unified.upgraded && (a === 'DERIVATIVES' || a === 'SPOT')),
      ),
    [accounts, ov],
  );
  const first = offered[0] ?? accounts[0] ?? 'FUND';
  const [fromPick, setFrom] = useState<TransferableAccount>(from ?? first);
  const [toPick, setTo] = useState<TransferableAccount>(
    to ?? offered.find((a) => a !== (from ?? first)) ?? first,
  );
  // Once the user picks an account or swaps, the accounts are theirs: no default moves them.
  const [picked, setPicked] = useState(false);
  const [coinValue, setCoin] = useState<string>(coin ?? 'USDT');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  /** After an unknown outcome: whether the transfer records list it (they did not, or no list). */
  const [unknown, setUnknown] = useState<'notListed' | 'unchecked' | undefined>();

  const availableIn = (account: AccountType): string => {
    const acc = ov?.accounts.find((a) => a.accountType === account);
    const c = acc?.coins.find((x) => x.coin === coinValue);
    return c?.available || '0';
  };
  const holds = (account: AccountType): boolean => {
    const v = availableIn(account);
    return isDecimalInput(v) && compareDecimal(v, '0') > 0;
  };
  // An account the overview turned out to close is replaced by the first open one.
  const openFrom = offered.includes(fromPick) ? fromPick : (offered[0] ?? fromPick);
  const openTo = offered.includes(toPick)
    ? toPick
    : (offered.find((a) => a !== openFrom) ?? toPick);
  const { from: fromAcc, to: toAcc } =
    picked || !ov
      ? { from: openFrom, to: openTo }
      : fundedAccounts(offered, openFrom, openTo, holds);
  /** The user's choice of accounts, kept from now on. */
  const pick = (nextFrom: TransferableAccount, nextTo: TransferableAccount) => {
    setFrom(nextFrom);
    setTo(nextTo);
    setPicked(true);
  };
  const language = useAtomValue(currentLangAtom);
  const shown = useAtomValue(showAssetsAtom);
  const precision = coinList?.find((c) => c.coin === coinValue)?.precision ?? 8;
  const amountLabel = t('dialogs.transfer.amount');
  const accountOptions = offered.map((a) => ({ value: a, label: accountLabel(t, a) }));

  /** What a submission now would send, less its requestId. */
  const draft = {
    coin: coinValue,
    // ASCII already: AmountField writes Arabic-Indic digits as ASCII as they are typed
    amount: amount.trim(),
    fromAccountType: fromAcc,
    toAccountType: toAcc,
  };
  // The same details as a transfer whose outcome is unknown: it is sent again as that request.
  const repeating = draft.amount !== '' && submission.isRetryOf(JSON.stringify(draft));

  const validate = (): Errors => {
    const next: Errors = {};
    const problem = amountError(t, amount, {
      label: amountLabel,
      precision,
      max: ov ? availableIn(fromAcc) : undefined,
      // the limit written as the "Available" beside it: the coin's decimals, rounded down
      coin: coinValue,
      language,
      masked: !shown,
    });
    if (problem) next.amount = problem;
    if (fromAcc === toAcc) next.to = t('dialogs.transfer.sameAccount');
    if (ov && !holds(fromAcc)) {
      next.coin = t('money.transfer.notHeld', {
        account: accountLabel(t, fromAcc),
        coin: coinValue,
      });
    }
    return next;
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = draft;
    /** It went through: say so, once, and close (the form stays locked while it goes). */
    const finish = (text: 'money.transfer.success' | 'money.transfer.confirmed') => {
      moved();
      showToast(
        t(text, {
          amount: chosenAmountText(body.amount, body.coin, language),
          coin: body.coin,
          from: accountLabel(t, body.fromAccountType),
          to: accountLabel(t, body.toAccountType),
        }),
        { tone: 'success' },
      );
      close();
    };
    void submission.submit({
      form: e.currentTarget,
      ready: () => {
        const found = validate();
        setErrors(found);
        return Object.keys(found).length === 0;
      },
      key: JSON.stringify(body),
      send: ({ requestId }) => {
        setUnknown(undefined);
        return api.money.transfer({ ...body, requestId });
      },
      recordOf: (r) => r.transferId,
      answered: () => finish('money.transfer.success'),
      failed: async (err, { since }) => {
        const code = errorCodeOf(err);
        const field = (code !== undefined && FIELD_OF[code]) || 'form';
        if (!isOutcomeUnknown(err)) {
          setErrors({ [field]: errorMessage(t, err) });
          overview.reload();
          return;
        }
        // The answer was lost, the transfer may have gone through: the overview, the aggregate
        // info and the records are re-read, and the transfer records tell whether it did. (This
        // form's own balances are read again with its 5 s re-read once the request has settled:
        // a retry right away is checked against what it was sent with.)
        moved();
        const lookup = await submission.lookUp(
          findTransfer(api.money, body, since, submission.isClaimed),
          () => finish('money.transfer.confirmed'),
        );
        if (!lookup) return;
        setUnknown(lookup);
        setErrors({ form: errorMessage(t, err) });
      },
    });
  };

  if (coins.state.status === 'error' && !coinList) {
    return <LoadFailed onRetry={coins.reload} />;
  }
  // Without the balances nothing here can be checked, and "Available: …" would stay for ever.
  if (overview.state.status === 'error' && !ov) {
    return <LoadFailed onRetry={overview.reload} message={t('money.common.balancesFailed')} />;
  }
  if (!coinList) return <Spinner size="small" label={t('money.common.loading')} />;

  const balanceLine = (account: TransferableAccount) => (
    <>
      {t('money.transfer.available')}:{' '}
      {ov ? (
        <Amount kind="decimal" value={availableIn(account)} coin={coinValue} flash={false} />
      ) : (
        '…'
      )}{' '}
      {coinValue}
    </>
  );

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <Stack gap="sm">
        <Select
          label={t('dialogs.transfer.coin')}
          data={coinList.map((c) => c.coin)}
          value={coinValue}
          onChange={(v) => {
            if (!v) return;
            setCoin(v);
            setErrors({});
          }}
          allowDeselect={false}
          searchable
          error={errors.coin}
          disabled={busy}
        />
        {/* Stacked at every width: each field as wide as the dialog, so no account name in any
            language is cut (side by side, "Derivatives account" was cut at 375 px, and even the
            dialog's full 440 px leaves the text of each of two fields less than 163 px). */}
        <Stack gap={4}>
          <Select
            label={t('dialogs.transfer.from')}
            data={accountOptions}
            value={fromAcc}
            onChange={(v) => v && pick(v as TransferableAccount, toAcc)}
            allowDeselect={false}
            error={errors.from}
            disabled={busy}
            description={balanceLine(fromAcc)}
          />
          <Group justify="center">
            <ActionIcon
              variant="light"
              size="lg"
              aria-label={t('money.transfer.swap')}
              onClick={() => pick(toAcc, fromAcc)}
              disabled={busy}
            >
              {SWAP_ICON}
            </ActionIcon>
          </Group>
          <Select
            label={t('dialogs.transfer.to')}
            data={accountOptions}
            value={toAcc}
            onChange={(v) => v && pick(fromAcc, v as TransferableAccount)}
            allowDeselect={false}
            error={errors.to}
            disabled={busy}
            description={balanceLine(toAcc)}
          />
        </Stack>
        <AmountField
          label={amountLabel}
          value={amount}
          onChange={setAmount}
          error={errors.amount}
          max={ov ? availableIn(fromAcc) : undefined}
          precision={precision}
          disabled={busy}
        />
        <SubmissionError
          error={errors.form}
          kind="transfer"
          unknown={unknown}
          repeating={repeating}
        />
        <DialogActions
          submit
          confirmLabel={t('dialogs.transfer.confirm')}
          cancelLabel={t('common.cancel')}
          onConfirm={() => undefined}
          onCancel={close}
          loading={busy}
          keepsFocus
        />
      </Stack>
    </form>
  );
}
