import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Loader,
  Select,
  Stack,
  Stepper,
  Text,
  TextInput,
} from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  currentLangAtom,
  dataOf,
  ERROR_CODES,
  registerPermissionAtom,
  showAssetsAtom,
  useScreenApi,
  type ChainInfo,
  type WithdrawMessage,
  type WithdrawRecord,
} from '../../facade';
import { errorCodeOf, errorMessage } from '../../i18n/error-message';
import { formMessages, validateValue } from '../../i18n/form-messages';
import { compareDecimal, isDecimalInput, subDecimal, sumDecimals } from '../../lib/money';
import { Amount } from '../amount/Amount';
import { formatAmount } from '../amount/format-amount';
import { LtrText } from '../amount/LtrText';
import amountClasses from '../amount/amount.module.css';
import focusClasses from '../focus.module.css';
import { useResource } from '../live/use-resource';
import { showToast } from '../notifications';
import { Spinner } from '../Spinner';
import { DialogActions } from './DialogActions';
import { AmountField } from './money/AmountField';
import { FundShortfall } from './money/FundShortfall';
import { amountError, chosenAmountText } from './money/amounts';
import { exactDecimals } from '../amount/format-amount';
import { followWithdrawal, useMoneyMoved, withdrawalsFollowedAtom } from './money/events';
import { accountLabel, statusColor, statusLabel } from './money/labels';
import { useFormBalances } from './money/form-balances';
import { findWithdrawal } from './money/outcome';
import { isOutcomeUnknown } from './money/request-id';
import { SubmissionError } from './money/RetryNote';
import { useMoneySubmission } from './money/submission';
import type { DialogBodyProps } from './registry';
import { LoadFailed } from './money/LoadFailed';

/** How often a submitted withdrawal is re-read until it is done. */
const WITHDRAW_POLL_MS = 3000;

type Field = 'coin' | 'chain' | 'address' | 'tag' | 'amount' | 'google' | 'email' | 'form';
type Errors = Partial<Record<Field, string>>;

/** The step and field a refusal of POST withdraw concerns (docs/assets.md, in check order). */
const FIELD_OF: Partial<Record<number, Field>> = {
  [ERROR_CODES.INVALID_AMOUNT]: 'amount',
  [ERROR_CODES.UNKNOWN_COIN]: 'coin',
  [ERROR_CODES.CHAIN_UNAVAILABLE]: 'chain',
  [ERROR_CODES.INVALID_ADDRESS]: 'address',
  [ERROR_CODES.TAG_REQUIRED]: 'tag',
  [ERROR_CODES.BELOW_MINIMUM]: 'amount',
  [ERROR_CODES.INSUFFICIENT_BALANCE]: 'amount',
  [ERROR_CODES.OVER_WITHDRAW_LIMIT]: 'amount',
  [ERROR_CODES.BAD_2FA_CODE]: 'google',
  [ERROR_CODES.BAD_EMAIL_CODE]: 'email',
  [ERROR_CODES.BAD_VERIFICATION_CODE]: 'email',
  [ERROR_CODES.RATE_LIMITED]: 'email',
};
const DETAIL_FIELDS: ReadonlySet<Field> = new Set(['coin', 'chain', 'address', 'tag', 'amount']);

interface AddressCheck {
  address: string;
  /** `invalid`: not an address of the chain (131007); `failed`: no answer (the submit checks). */
  state: 'checking' | 'exchange' | 'external' | 'invalid' | 'failed';
  exchangeName?: string;
  /** Why it is invalid, as the exchange said it. */
  message?: string;
}

/**
 * The account may not withdraw (registerPermission, read at sign-in): the dialog says so instead
 * of a form the server would refuse at its end (131020), and asks for nothing.
 */
export default function WithdrawDialog(body: DialogBodyProps<'withdraw'>) {
  const { t } = useTranslation('user-assets');
  const permission = useAtomValue(registerPermissionAtom);
  if (permission.status === 'ready' && !permission.data.canWithdraw) {
    return (
      <Stack gap="md">
        <Alert
          color="yellow"
          variant="light"
          role="note"
          title={t('money.withdraw.notPermittedTitle')}
        >
          {t('money.withdraw.notPermitted')}
        </Alert>
        <DialogActions confirmLabel={t('common.close')} onConfirm={body.close} />
      </Stack>
    );
  }
  return <WithdrawForm {...body} />;
}

/**
 * Withdraw in three steps: the details (coin, network, address checked with is-exchange, tag,
 * amount with fee, minimum, available and the daily limit, the withdraw notices), the
 * verification (Google 2FA and an email code sent on request, with its resend countdown), then
 * the withdrawal itself, pending until the simulator's blocks make it done. The requestId is
 * kept across retries of one submission (money/request-id.ts), and beyond the dialog while its
 * outcome is unknown (money/kept-submissions.ts: the records are then looked up, money/outcome.ts).
 */
function WithdrawForm({ props, close, setBusy }: DialogBodyProps<'withdraw'>) {
  const { t } = useTranslation('user-assets');
  const api = useScreenApi();
  const moved = useMoneyMoved();
  const loadCoins = useCallback(() => api.money.coinInfo(), [api]);
  const coins = useResource(loadCoins);
  const info = coins.state.status === 'ready' ? coins.state.data : undefined;
  const withdrawable = (info?.list ?? []).filter((c) => c.chains.some((ch) => ch.withdrawEnabled));

  const [step, setStep] = useState(0);
  const [coin, setCoin] = useState(props.coin ?? 'USDT');
  const [chainPick, setChain] = useState<string | undefined>(props.chain);
  const [address, setAddress] = useState('');
  const [tag, setTag] = useState('');
  const [amount, setAmount] = useState('');
  const [google, setGoogle] = useState('');
  const [emailCode, setEmailCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  // While the withdrawal is on its way the dialog cannot be dismissed and nothing in it changes.
  // Once it is sent the dialog shows its status, which the user closes: done, it is dismissable
  // again (it never sends again). The requestId of an unknown outcome outlives the dialog
  // (money/kept-submissions.ts).
  const submission = useMoneySubmission({ kind: 'withdraw', close, setBusy });
  const busy = submission.busy;
  // Read again while the dialog is open, so that "Available" and Max follow the balance.
  const overview = useFormBalances(busy);
  const [result, setResult] = useState<{ withdrawId: string } | undefined>();
  /** After an unknown outcome: whether the withdrawal records list it (they did not, or no list). */
  const [unknown, setUnknown] = useState<'notListed' | 'unchecked' | undefined>();

  // Where focus goes once the step moved to is on screen (accessibility review M3: the focused
  // Next, Back and Withdraw buttons went with their step and focus fell to the page). `start`:
  // the details' first field, or the verification's heading (what is confirmed, read before the
  // codes). `invalid`: the field a refusal names; else it stays where it is (Withdraw), or goes
  // to the start if it was lost. The status step focuses its own heading (WithdrawStatus).
  const focusGoal = useRef<'start' | 'invalid' | undefined>(undefined);
  const stepForm = useRef<HTMLFormElement>(null);
  const detailsStart = useRef<HTMLInputElement>(null);
  const verifyStart = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const goal = focusGoal.current;
    if (!goal || busy) return;
    focusGoal.current = undefined;
    const form = stepForm.current;
    const start = step === 0 ? detailsStart.current : verifyStart.current;
    const invalid =
      goal === 'invalid' ? form?.querySelector<HTMLElement>('[aria-invalid="true"]') : null;
    if (invalid) invalid.focus();
    else if (goal === 'start' || !form?.contains(document.activeElement)) start?.focus();
  }, [step, busy, errors]);
  const toStep = (next: 0 | 1) => {
    focusGoal.current = 'start';
    setStep(next);
  };

  const coinInfo = withdrawable.find((c) => c.coin === coin);
  const chains = coinInfo?.chains.filter((ch) => ch.withdrawEnabled) ?? [];
  const chain: ChainInfo | undefined = chains.find((c) => c.chain === chainPick) ?? chains[0];
  const precision = coinInfo?.precision ?? 8;
  // The last balances read; none at all: LoadFailed below.
  const ov = dataOf(overview.state);
  const available =
    ov?.accounts.find((a) => a.accountType === 'FUND')?.coins.find((c) => c.coin === coin)
      ?.available || '0';
  const fee = chain?.withdrawFee ?? '0';
  const maxAmount = compareDecimal(available, fee) > 0 ? subDecimal(available, fee) : '0';
  const amountLabel = t('money.withdraw.amount');

  const language = useAtomValue(currentLangAtom);
  const shown = useAtomValue(showAssetsAtom);
  /** A term of the network (fee, minimum): the coin's decimals, never shown smaller than it is. */
  const term = (value: string) =>
    formatAmount('decimal', value, { coin, figure: 'minimum', language });
  /**
   * The network fee: what is deducted besides the amount, written exactly (with more than the
   * coin's display decimals if it has more), so that amount + fee is the total written below it.
   */
  const feeText = formatAmount('decimal', fee, {
    coin,
    figure: 'minimum',
    decimals: exactDecimals(coin, fee),
    language,
  });
  const chainName = chain?.chain;
  const [check, setCheck, checkAddress] = useAddressCheck(coin, chainName, (message) =>
    setErrors((e) => ({ ...e, address: message })),
  );

  const notices = useWithdrawNotices(coin, chainName, language);

  const validateDetails = (): Errors => {
    const messages = formMessages(t);
    const next: Errors = {};
    const addressError = validateValue(
      address.trim(),
      [{ required: true }],
      t('money.withdraw.address'),
      messages,
    );
    if (addressError) next.address = addressError;
    else if (check?.state === 'invalid' && check.address === address.trim())
      next.address = check.message;
    if (chain?.needTag) {
      const tagError = validateValue(
        tag.trim(),
        [{ required: true }],
        t('money.withdraw.tag'),
        messages,
      );
      if (tagError) next.tag = tagError;
    }
    const amountProblem = amountError(t, amount, {
      label: amountLabel,
      precision,
      min: chain?.minWithdraw,
      max: ov ? maxAmount : undefined,
      // the limits written as the figures beside them (minimum rounded up, maximum down)
      coin,
      language,
      masked: !shown,
    });
    if (amountProblem) next.amount = amountProblem;
    // Nothing to withdraw at all: say where it would come from, not "greater than 0". The
    // notice under the form (FundShortfall) already says Funding holds none, unless assets are
    // hidden: then the field says it, else it says what to do.
    if (ov && compareDecimal(available, '0') <= 0) {
      const account = accountLabel(t, 'FUND');
      next.amount = shown
        ? t('money.withdraw.transferFirst', { account, coin })
        : t('money.transfer.notHeld', { account, coin });
    }
    return next;
  };

  /** What a submission now would send on `ch`, less its requestId and codes. */
  const bodyOf = (ch: ChainInfo) => ({
    coin,
    chain: ch.chain,
    address: address.trim(),
    ...(ch.needTag ? { tag: tag.trim() } : {}),
    amount: amount.trim(),
  });
  // The same details as a withdrawal whose outcome is unknown: it is sent again as that request.
  const repeating = chain !== undefined && submission.isRetryOf(JSON.stringify(bodyOf(chain)));

  const toVerify = (e: FormEvent) => {
    e.preventDefault();
    const found = validateDetails();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // The address as the exchange sees it, checked now if it has not been (Next pressed straight
    // from the field, or while its check was on its way): a wrong one stops here.
    const a = address.trim();
    if (check?.address === a && check.state !== 'checking') {
      if (check.state !== 'invalid') toStep(1);
      return;
    }
    void checkAddress(a).then((state) => {
      if (state !== 'invalid') toStep(1);
    });
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!chain) return;
    const body = bodyOf(chain);
    /** It went through (answered, or found in the records): the status step, and a toast. */
    const sent = (withdrawId: string) => {
      moved();
      // Single-use codes, spent: nothing of this withdrawal may be sent again.
      setGoogle('');
      setEmailCode('');
      setResult({ withdrawId });
      setStep(2);
      // Said where it outlives the dialog too: the status step may be closed at once.
      showToast(
        t('money.withdraw.submitted', {
          amount: chosenAmountText(body.amount, body.coin, language),
          coin: body.coin,
          id: withdrawId,
        }),
        { tone: 'success' },
      );
    };
    void submission.submit({
      form: e.currentTarget,
      ready: () => {
        const messages = formMessages(t);
        const found: Errors = {};
        const g = validateValue(
          google.trim(),
          [{ required: true, pattern: /^\d{6}$/ }],
          t('money.withdraw.google2fa'),
          messages,
        );
        if (g) found.google = g;
        const m = validateValue(
          emailCode.trim(),
          [{ required: true, pattern: /^\d{6}$/ }],
          t('money.withdraw.emailCode'),
          messages,
        );
        if (m) found.email = m;
        setErrors(found);
        return Object.keys(found).length === 0;
      },
      key: JSON.stringify(body),
      send: ({ requestId }) => {
        setUnknown(undefined);
        return api.money.withdraw({
          ...body,
          requestId,
          google2faCode: google.trim(),
          emailCode: emailCode.trim(),
        });
      },
      recordOf: (r) => r.withdrawId,
      answered: (r) => sent(r.withdrawId),
      failed: async (err, { since }) => {
        const code = errorCodeOf(err);
        const field = (code !== undefined && FIELD_OF[code]) || 'form';
        if (isOutcomeUnknown(err)) {
          // The answer was lost, the withdrawal may be on its way: the balances and the records
          // are re-read, and the withdrawal records tell whether it is.
          moved();
          const lookup = await submission.lookUp(
            findWithdrawal(api.money, body, since, submission.isClaimed),
            sent,
          );
          if (!lookup) return;
          setUnknown(lookup);
        }
        focusGoal.current = 'invalid';
        setErrors({ [field]: errorMessage(t, err) });
        if (DETAIL_FIELDS.has(field)) setStep(0);
      },
    });
  };

  if (!info) {
    return coins.state.status === 'error' ? (
      <LoadFailed onRetry={coins.reload} />
    ) : (
      <Spinner size="small" label={t('money.common.loading')} />
    );
  }
  // Without the funding balance the amount cannot be checked, and "Available: …" would stay.
  if (overview.state.status === 'error' && !ov && !result) {
    return <LoadFailed onRetry={overview.reload} message={t('money.common.balancesFailed')} />;
  }

  const noticeList = (notices.state.status === 'ready' ? notices.state.data.messages : []).filter(
    (n) => (!n.coin || n.coin === coin) && (!n.chain || n.chain === chain?.chain),
  );

  return (
    // Once the withdrawal is sent, or while it is, its steps are closed: going back would show the
    // form again with the codes filled in and an available balance from before it.
    <Stepper
      active={step}
      size="xs"
      allowNextStepsSelect={false}
      onStepClick={result || busy ? undefined : setStep}
    >
      <Stepper.Step label={t('money.withdraw.stepDetails')}>
        <form ref={stepForm} onSubmit={toVerify} noValidate>
          <Stack gap="sm">
            {/* side by side from 376 px of dialog; stacked on a phone, where half a row cut the
                coin's name ("USDT · Tether U") */}
            <Group grow preventGrowOverflow={false} align="flex-start" wrap="wrap">
              <Select
                label={t('money.common.coin')}
                data={withdrawable.map((c) => ({ value: c.coin, label: `${c.coin} · ${c.name}` }))}
                value={coinInfo ? coin : null}
                onChange={(v) => {
                  if (!v) return;
                  setCoin(v);
                  setChain(undefined);
                  setCheck(undefined);
                }}
                allowDeselect={false}
                searchable
                error={errors.coin}
                miw={180}
                ref={detailsStart}
              />
              <Select
                label={t('money.common.chain')}
                data={chains.map((c) => ({ value: c.chain, label: c.name }))}
                value={chain?.chain ?? null}
                onChange={(v) => {
                  if (!v) return;
                  setChain(v);
                  setCheck(undefined);
                }}
                allowDeselect={false}
                error={errors.chain}
                miw={180}
              />
            </Group>
            <TextInput
              label={t('money.withdraw.address')}
              value={address}
              onChange={(e) => {
                setAddress(e.currentTarget.value);
                setCheck(undefined);
                setErrors((x) => (x.address ? { ...x, address: undefined } : x));
              }}
              onBlur={(e) => void checkAddress(e.currentTarget.value)}
              error={errors.address}
              required
              autoComplete="off"
              spellCheck={false}
              dir="ltr"
              description={
                check?.state === 'checking'
                  ? t('money.withdraw.checking')
                  : check?.state === 'exchange'
                    ? t('money.withdraw.exchangeAddress', { name: check.exchangeName })
                    : check?.state === 'external'
                      ? t('money.withdraw.externalAddress')
                      : undefined
              }
            />
            {chain?.needTag && (
              <TextInput
                label={t('money.withdraw.tag')}
                value={tag}
                onChange={(e) => setTag(e.currentTarget.value)}
                error={errors.tag}
                required
                autoComplete="off"
                dir="ltr"
                description={t('money.withdraw.tagNeeded')}
              />
            )}
            <AmountField
              label={amountLabel}
              value={amount}
              onChange={setAmount}
              error={errors.amount}
              max={ov ? maxAmount : undefined}
              precision={precision}
            />
            {chain && (
              <List size="sm" spacing={2} listStyleType="none">
                <List.Item>
                  {t('money.withdraw.available')}:{' '}
                  {ov ? <Amount kind="decimal" value={available} coin={coin} flash={false} /> : '…'}{' '}
                  {coin}
                </List.Item>
                <List.Item>
                  {t('money.withdraw.fee')}: <LtrText>{feeText}</LtrText> {coin}
                </List.Item>
                <List.Item>
                  {t('money.withdraw.minimum')}: <LtrText>{term(chain.minWithdraw)}</LtrText> {coin}
                </List.Item>
                <List.Item>
                  {t('money.withdraw.total')}: <Deducted amount={amount} fee={fee} coin={coin} />{' '}
                  {coin}
                </List.Item>
                <List.Item>
                  {t('money.withdraw.dailyLimit')}:{' '}
                  <Amount kind="usd" value={info.withdrawLimitLeftUsd} flash={false} /> /{' '}
                  <Amount kind="usd" value={info.withdrawLimitUsd} flash={false} /> USD
                </List.Item>
              </List>
            )}
            {/* The coin is elsewhere (Spot, Derivatives): a transfer to Funding takes this
                dialog's place, in the same dialog host. */}
            {ov && chain && (
              <FundShortfall
                coin={coin}
                available={available}
                min={chain.minWithdraw}
                leave={(next) => next()}
                deposit={false}
                disabled={busy}
              />
            )}
            {noticeList.length > 0 && (
              // the network's standing notices: read in their place, not announced as alerts
              <Alert color="blue" variant="light" role="note" title={t('money.withdraw.notices')}>
                <List size="sm">
                  {noticeList.map((n, i) => (
                    <List.Item key={i}>{n.text}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            {errors.form && (
              <Alert color="red" role="alert">
                {errors.form}
              </Alert>
            )}
            <DialogActions
              submit
              confirmLabel={t('money.common.next')}
              cancelLabel={t('common.cancel')}
              onConfirm={() => undefined}
              onCancel={close}
            />
          </Stack>
        </form>
      </Stepper.Step>
      <Stepper.Step label={t('money.withdraw.stepVerify')}>
        <form ref={stepForm} onSubmit={submit} noValidate aria-busy={busy}>
          <Stack gap="sm">
            {/* The step's heading, focused when it opens: what is confirmed, read first. */}
            <Text
              component="h3"
              size="sm"
              ref={verifyStart}
              tabIndex={-1}
              className={focusClasses.focus}
            >
              {t('money.withdraw.summary', {
                amount: chosenAmountText(amount.trim(), coin, language),
                coin,
                chain: chain?.name ?? '',
              })}{' '}
              <LtrText className={amountClasses.anywhere}>{address.trim()}</LtrText>
            </Text>
            {/* What leaves the account, said again where the user confirms it. */}
            <List size="sm" spacing={2} listStyleType="none">
              <List.Item>
                {t('money.withdraw.fee')}: <LtrText>{feeText}</LtrText> {coin}
              </List.Item>
              <List.Item>
                {t('money.withdraw.total')}: <Deducted amount={amount} fee={fee} coin={coin} />{' '}
                {coin}
              </List.Item>
            </List>
            <TextInput
              label={t('money.withdraw.google2fa')}
              value={google}
              onChange={(e) => setGoogle(e.currentTarget.value)}
              error={errors.google}
              disabled={busy}
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
            <EmailCodeField
              value={emailCode}
              onChange={setEmailCode}
              error={errors.email}
              onError={(msg) => setErrors((e) => ({ ...e, email: msg }))}
              disabled={busy}
            />
            <SubmissionError
              error={errors.form}
              kind="withdraw"
              unknown={unknown}
              repeating={repeating}
            />
            <DialogActions
              submit
              confirmLabel={t('money.withdraw.submit')}
              cancelLabel={t('money.common.back')}
              onConfirm={() => undefined}
              onCancel={() => toStep(0)}
              loading={busy}
              keepsFocus
            />
          </Stack>
        </form>
      </Stepper.Step>
      <Stepper.Completed>
        {result && <WithdrawStatus withdrawId={result.withdrawId} close={close} />}
      </Stepper.Completed>
    </Stepper>
  );
}

/**
 * Asks the exchange what a withdrawal address is: one of a known exchange, an outside one, or not
 * an address of the network at all (131007, given to `onInvalid` at once, before any code is
 * asked for). `run` resolves to the state it ends in (toVerify waits for it).
 */
function useAddressCheck(
  coin: string,
  chain: string | undefined,
  onInvalid: (message: string) => void,
) {
  const { t } = useTranslation('user-assets');
  const api = useScreenApi();
  const [check, setCheck] = useState<AddressCheck | undefined>();
  const run = async (value: string): Promise<AddressCheck['state'] | undefined> => {
    const a = value.trim();
    if (!a || chain === undefined) {
      setCheck(undefined);
      return undefined;
    }
    setCheck({ address: a, state: 'checking' });
    try {
      const r = await api.money.chainAddressIsExchange({ coin, chain, address: a });
      const next: AddressCheck = r.isExchange
        ? { address: a, state: 'exchange', exchangeName: r.exchangeName }
        : { address: a, state: 'external' };
      setCheck((cur) => (cur?.address !== a ? cur : next));
      return next.state;
    } catch (err) {
      if (errorCodeOf(err) !== ERROR_CODES.INVALID_ADDRESS) {
        setCheck((cur) => (cur?.address !== a ? cur : { address: a, state: 'failed' }));
        return 'failed';
      }
      const message = errorMessage(t, err);
      setCheck((cur) => (cur?.address !== a ? cur : { address: a, state: 'invalid', message }));
      onInvalid(message);
      return 'invalid';
    }
  };
  return [check, setCheck, run] as const;
}

/**
 * The withdraw notices of a coin's network, read again when either changes, and when the page
 * language does: the server writes them in the language of the cookie the switch has already
 * set (src/i18n/language.ts), and they stayed in the old one while the dialog was open. An
 * answer to an earlier reading that comes late is dropped (useResource).
 */
function useWithdrawNotices(coin: string, chain: string | undefined, language: string) {
  const api = useScreenApi();
  const load = useCallback(
    () => api.money.withdrawMessage({ coin, chain }),
    // `language` is not sent: it is in the cookie, which has changed when it does
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, coin, chain, language],
  );
  return useResource<WithdrawMessage>(load);
}

/**
 * What leaves the account: the amount typed and the fee ("--" until the amount is a number),
 * exactly: with every decimal of either (USDT moves in 6 and shows 4: at the coin's display
 * decimals, rounded down as a balance, 10.123456 + 1 read 11.1234, less than what is deducted).
 * Shown while assets are hidden, as the amount and the fee it is the sum of are: it tells
 * nothing of the balance (masked, it hid what the user had just typed).
 */
function Deducted({ amount, fee, coin }: { amount: string; fee: string; coin: string }) {
  const language = useAtomValue(currentLangAtom);
  const a = amount.trim();
  if (a === '' || !isDecimalInput(a)) return <>--</>;
  return (
    <LtrText>
      {formatAmount('decimal', sumDecimals([a, fee]), {
        coin,
        // as many decimals as the sum has: nothing to round
        decimals: exactDecimals(coin, a, fee),
        language,
      })}
    </LtrText>
  );
}

/**
 * The email code, with "Send code" after the field rather than in its right section, whose width
 * is fixed: "Erneut senden in 59 s" was cut at 375 px (accessibility review L7). The button takes
 * the width of its words in every language and the field the rest; where both do not fit on one
 * line (at 375 px in German, Russian, Turkish…) the button goes under the field, whole. Sent
 * (or refused), focus goes to the field, where the code is typed next: the button is disabled
 * by the countdown, which would drop focus to the page (review M3), and "A code was sent" is
 * said in a polite status that is on the page from the start, so that it is announced.
 */
function EmailCodeField({
  value,
  onChange,
  error,
  onError,
  disabled,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  onError: (message: string | undefined) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('user-assets');
  const api = useScreenApi();
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [resendAt, setResendAt] = useState<number | undefined>();
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const left = resendAt === undefined ? 0 : Math.max(0, Math.ceil((resendAt - now) / 1000));

  useEffect(() => {
    if (resendAt === undefined) return;
    const timer = setInterval(() => {
      const n = Date.now();
      setNow(n);
      if (n >= resendAt) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [resendAt]);

  const send = async () => {
    if (sending) return;
    setSending(true);
    // emptied while it is on its way: a second "sent" is then announced again
    setSent(false);
    try {
      const r = await api.money.sendEmailCode({ scene: 'withdraw' });
      const n = Date.now();
      setNow(n);
      setResendAt(n + r.resendAfterSeconds * 1000);
      setSent(true);
      onError(undefined);
    } catch (err) {
      onError(errorMessage(t, err));
    } finally {
      setSending(false);
      // unless the user has gone on elsewhere meanwhile
      const active = document.activeElement;
      if (active === button.current || active === document.body) input.current?.focus();
    }
  };

  // Not Mantine's `loading`: it disables the button, and the focused button lost focus.
  const sendButton = (
    <Button
      ref={button}
      variant="light"
      flex="none"
      aria-disabled={sending || undefined}
      rightSection={sending ? <Loader size="xs" color="currentColor" /> : undefined}
      disabled={disabled || left > 0}
      onClick={() => void send()}
    >
      {left > 0 ? t('money.withdraw.resendIn', { s: left }) : t('money.withdraw.sendCode')}
    </Button>
  );
  return (
    <div>
      <TextInput
        ref={input}
        label={t('money.withdraw.emailCode')}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
        disabled={disabled}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        inputContainer={(field: ReactNode) => (
          <Group gap="xs" wrap="wrap" align="flex-start">
            <div style={{ flex: '1 1 10rem', minWidth: 0 }}>{field}</div>
            {sendButton}
          </Group>
        )}
      />
      <Text role="status" size="xs" c="dimmed" mt={4}>
        {sent ? t('money.withdraw.codeSent') : ''}
      </Text>
    </div>
  );
}

/** The submitted withdrawal, re-read every 3 s until it is no longer pending. */
function WithdrawStatus({ withdrawId, close }: { withdrawId: string; close: () => void }) {
  const { t } = useTranslation('user-assets');
  const api = useScreenApi();
  const [record, setRecord] = useState<WithdrawRecord | undefined>();
  // Opened by Withdraw, which went with the verification step: focus goes to what it says.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  // This dialog says how the withdrawal ends, so the money watch's card does not say it again;
  // closed before it ended, the card will.
  const setFollowed = useSetAtom(withdrawalsFollowedAtom);
  const ended = useRef(false);
  useEffect(() => {
    if (!ended.current) setFollowed((f) => followWithdrawal(f, withdrawId, 'following'));
    return () => {
      if (!ended.current) setFollowed((f) => followWithdrawal(f, withdrawId, undefined));
    };
  }, [setFollowed, withdrawId]);

  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      api.money.withdrawList({ limit: 20 }).then(
        (page) => {
          if (!alive) return;
          const r = page.list.find((x) => x.id === withdrawId);
          if (r) setRecord(r);
          if (r && r.status !== 'pending') {
            ended.current = true;
            setFollowed((f) => followWithdrawal(f, withdrawId, 'told'));
          }
          if (!r || r.status === 'pending') timer = setTimeout(run, WITHDRAW_POLL_MS);
        },
        () => {
          if (alive) timer = setTimeout(run, WITHDRAW_POLL_MS);
        },
      );
    };
    run();
    return () => {
      alive = false;
      if (timer) clearTimeout(timer);
    };
  }, [api, withdrawId, setFollowed]);

  const status = record?.status ?? 'pending';
  return (
    <Stack gap="sm" role="status" aria-live="polite">
      <Group gap="xs">
        <Badge color={statusColor(status)} variant="light">
          {statusLabel(t, status)}
        </Badge>
        <Text component="h3" ref={heading} tabIndex={-1} className={focusClasses.focus}>
          {status === 'success'
            ? t('money.withdraw.done')
            : status === 'failed'
              ? t('money.withdraw.failed')
              : t('money.withdraw.pending')}
        </Text>
      </Group>
      {record?.txId && (
        <Text size="sm">
          {t('money.withdraw.txId')}:{' '}
          <Text span ff="monospace" style={{ overflowWrap: 'anywhere' }} dir="ltr">
            {record.txId}
          </Text>
        </Text>
      )}
      <DialogActions confirmLabel={t('common.close')} onConfirm={close} />
    </Stack>
  );
}
