import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { currentLangAtom, showAssetsAtom, useRefreshAssets } from '../../../facade';
import { errorMessage } from '../../../i18n/error-message';
import { coinPrecision } from '../../../lib/money';
import { Amount } from '../../../ui/amount/Amount';
import { formatAmount } from '../../../ui/amount/format-amount';
import { LtrText } from '../../../ui/amount/LtrText';
import {
  amountError,
  chosenAmountText,
  floorTo,
  normalizeAmountInput,
} from '../../../ui/dialogs/money/amounts';
import { isOutcomeUnknown } from '../../../ui/dialogs/money/request-id';
import { Spinner } from '../../../ui/Spinner';
import { roundTo, type CoinPrecisions } from './coin-precision';
import { KEPT_FOR_MS } from '../../../ui/dialogs/money/kept-submissions';
import { LoadFailed } from '../../../ui/dialogs/money/LoadFailed';
import { useMoneySubmission } from '../../../ui/dialogs/money/submission';
import {
  FundShortfall,
  useOpener,
  useThenAfterClose,
} from '../../../ui/dialogs/money/FundShortfall';

interface AmountFormProps {
  /**
   * What the form does to what, in no language ("savings.subscribe:USDT-FLEX"): with the amount,
   * the details a request id is kept for (the same scope and amount after an unknown outcome are
   * the same submission, even in a form opened again).
   */
  scope: string;
  coin: string;
  /** The label of what the amount comes from ("Available in Funding", "Held", "Owed"). */
  sourceLabel: string;
  /** That figure (decimal string, coin units). */
  source: string;
  /** Smallest amount accepted (decimal string); none when absent. */
  min?: string;
  /** Largest amount accepted (decimal string): what Max fills in (cut to the coin's decimals). */
  max: string;
  /**
   * The decimals `max` is written with in the form's message, when it is a figure written with
   * more than the coin's display decimals (a debt); default the coin's display decimals.
   */
  maxDecimals?: number;
  /** The decimals of each coin (coin-info): the amount may have no more than its coin's. */
  precisions: CoinPrecisions;
  confirmLabel: string;
  /** A line under the amount that depends on it (a full repayment returns the collateral). */
  note?: (amount: string) => ReactNode;
  /** Max was pressed (after it filled in `max`): a debt re-reads what is owed. */
  onMax?: () => void;
  /**
   * `source` is what the Funding account has available: when it holds none, or less than `min`,
   * the form says so with a transfer to Funding and a deposit (FundShortfall.tsx).
   */
  fromFunding?: boolean;
  /** Sends the action; rejects with the API error. */
  onSubmit: (amount: string, requestId: string) => Promise<unknown>;
  /**
   * After the action succeeded (toast, refresh); the modal then closes. `shown` is the amount as
   * a sentence writes it (`chosenAmountText`: the page language, every decimal typed).
   */
  onDone: (amount: string, shown: string) => void;
  onClose: () => void;
  /** Told when a request goes out and when it is back (the modal then cannot be dismissed). */
  onBusyChange?: (busy: boolean) => void;
  /** Closes the modal, then runs `next` (the modal's `useThenAfterClose`). */
  leave: (next: () => void) => void;
}

type Errors = {
  amount?: string;
  form?: string;
  /** The form error is an unknown outcome: the money may have moved (say how to retry). */
  unknown?: boolean;
};

/**
 * The amount form of subscribe, redeem and repay: amount with Max, the minimum and what it
 * comes from, validated with the default form messages and the coin's precision (coin-info) before
 * anything is sent; a limit in a message is written as the figure beside it (a maximum rounded
 * down, a minimum up: never beyond what is allowed). Sent as the money dialogs send
 * (`useMoneySubmission`): the request id, keyed by scope and amount, is kept while the outcome is
 * unknown (a timeout, a lost answer), also beyond this form for the session (kind 'earn' of
 * `kept-submissions.ts`), so the same amount again is a replay, never a second order; made anew
 * after a definite answer or for another amount. Every control is disabled while a request is in
 * flight, and for good once one has succeeded (the modal still shows the form while it closes: a
 * second click must not order again). A refused request shows the translated business error; an
 * unknown outcome says so, with how to retry, and re-reads the overview.
 */
function AmountForm({
  scope,
  coin,
  sourceLabel,
  source,
  min,
  max,
  maxDecimals,
  precisions,
  confirmLabel,
  note,
  onMax,
  fromFunding,
  onSubmit,
  onDone,
  onClose,
  onBusyChange,
  leave,
}: AmountFormProps) {
  const { t } = useTranslation('user-assets');
  const language = useAtomValue(currentLangAtom);
  const shown = useAtomValue(showAssetsAtom);
  const maxHelpId = useId();
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  // Done: this form never sends again (it stays on screen while the modal closes), and the modal
  // is dismissable again as soon as the answer is back. It belongs to the session it was opened
  // in, as the dialog host's forms do: another tab's sign-in as someone else must not find it
  // still able to send (review H2; it had no guard before useMoneySubmission).
  const submission = useMoneySubmission({ kind: 'earn', close: onClose, setBusy: onBusyChange });
  const { busy, done } = submission;
  const refreshAssets = useRefreshAssets();
  const label = t('earn.form.amount', { coin });
  const precision = precisions.of(coin);
  // The minimum as shown, rounded up to the decimals it is shown with: what is written is allowed.
  const minShown = min === undefined ? undefined : roundTo(min, coinPrecision(coin), 'up');

  if (precision === undefined) {
    if (precisions.failed) {
      return <LoadFailed onRetry={precisions.reload} />;
    }
    return <Spinner size="small" label={t('money.common.loading')} />;
  }

  // The money forms' rules (src/ui/dialogs/money/amounts.ts): the server's amount grammar, the
  // coin's precision, and the limits written as the figures beside them (a minimum rounded up, a
  // maximum down or, for a debt, with all its decimals), masked like them while assets are hidden.
  const validate = (value: string): string | undefined =>
    amountError(t, value, {
      label,
      precision,
      ...(min === undefined ? {} : { min }),
      max,
      ...(maxDecimals === undefined ? {} : { maxDecimals }),
      coin,
      language,
      masked: !shown,
    });

  const change = (raw: string) => {
    // Arabic-Indic digits and a decimal comma as ASCII at once, as the money dialogs do: what is
    // shown is what is sent.
    const value = normalizeAmountInput(raw, language);
    setAmount(value);
    // Another amount is another submission (`ids.idFor`); the same one again is the same.
    if (errors.amount || errors.form) setErrors({});
  };

  const keyOf = (value: string) => JSON.stringify([scope, value]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = amount.trim();
    void submission.submit({
      form: e.currentTarget,
      ready: () => {
        const invalid = validate(value);
        setErrors(invalid ? { amount: invalid } : {});
        return !invalid;
      },
      key: keyOf(value),
      send: ({ requestId }) => onSubmit(value, requestId),
      answered: () => {
        onDone(value, chosenAmountText(value, coin, language));
        onClose();
      },
      failed: (err) => {
        const unknown = isOutcomeUnknown(err);
        setErrors({ form: errorMessage(t, err), unknown });
        // The money may have moved: the figures beside the form are read again.
        if (unknown) refreshAssets();
      },
    });
  };

  const locked = busy || done;
  // The amount typed is that of a submission whose outcome is unknown (this form's or one closed
  // before): sending it again is a replay. Said beside the error, or alone once it is gone.
  const retrying = submission.isRetryOf(keyOf(amount.trim()));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group gap={6} wrap="wrap">
          <Text size="sm" c="dimmed">
            {sourceLabel}: <Amount kind="decimal" value={source} coin={coin} flash={false} /> {coin}
          </Text>
          {/* Named by its visible text (WCAG 2.5.3), what it does as its description. */}
          <Button
            size="compact-xs"
            variant="light"
            disabled={locked}
            onClick={() => {
              change(floorTo(max, precision));
              onMax?.();
            }}
            aria-describedby={maxHelpId}
          >
            {t('earn.form.max')}
          </Button>
          <VisuallyHidden id={maxHelpId}>{t('earn.form.maxLabel', { coin })}</VisuallyHidden>
        </Group>
        {fromFunding && (
          <FundShortfall
            coin={coin}
            available={source}
            {...(min === undefined ? {} : { min })}
            leave={leave}
            disabled={locked}
          />
        )}
        <TextInput
          label={label}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => change(e.currentTarget.value)}
          error={errors.amount}
          disabled={locked}
          required
          description={
            minShown !== undefined && (
              <>
                {/* A term of the product, not the user's money: shown while assets are hidden,
                    as the limit in the messages (amounts.ts) and the withdraw dialog's minimum. */}
                {t('earn.form.min')}:{' '}
                <LtrText>
                  {formatAmount('decimal', minShown, {
                    coin,
                    figure: 'minimum',
                    language,
                    masked: false,
                  })}
                </LtrText>{' '}
                {coin}
              </>
            )
          }
        />
        {note?.(amount.trim())}
        {errors.form ? (
          <Alert color="red" role="alert" variant="light">
            {errors.form}
            {errors.unknown && (
              <Text size="sm" mt={4}>
                {t('money.transfer.retryNote', { minutes: KEPT_FOR_MS / 60_000 })}
              </Text>
            )}
          </Alert>
        ) : (
          retrying && (
            <Text size="sm" c="dimmed">
              {t('money.common.repeatNote')}
            </Text>
          )
        )}
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={locked}>
            {t('common.cancel')}
          </Button>
          {/* Not Mantine's `loading`: it disables the button, and a focused button that becomes
              disabled drops focus to the page. Busy, it is aria-disabled and a press does nothing. */}
          <Button
            type="submit"
            disabled={done}
            aria-disabled={busy || undefined}
            rightSection={busy ? <Loader size="xs" color="currentColor" /> : undefined}
            onClick={(e) => {
              if (busy) e.preventDefault();
            }}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What the modal shows: its title (the dialog's accessible name) and the form. */
export type AmountFormContent = Omit<AmountFormProps, 'onClose' | 'onBusyChange' | 'leave'> & {
  title: string;
};

export interface AmountFormModalProps {
  opened: boolean;
  /** The form of the last opening; kept while the modal closes. */
  content: AmountFormContent | null;
  /** Counts the openings: each one starts with a fresh form. */
  openings: number;
  onClose: () => void;
}

/**
 * The amount form in a Modal. It stays mounted, closed, between openings (the screen renders it
 * from the start): Mantine's Modal remembers the control that had focus when `opened` turns true
 * and gives focus back to it when it turns false, which an unmounted modal never does. While its
 * request is in flight the modal cannot be dismissed (Escape, outside click, close button), so the
 * answer is always seen.
 */
export function AmountFormModal({ opened, content, openings, onClose }: AmountFormModalProps) {
  const { t } = useTranslation('user-assets');
  const [busy, setBusy] = useState(false);
  const opener = useOpener(opened && content !== null);
  const focusFallback = useFocusFallback(opened && content !== null, opener);
  const { leave, afterExit } = useThenAfterClose(opener, onClose);
  const close = useCallback(() => {
    if (!busy) onClose();
  }, [busy, onClose]);
  return (
    <Modal
      opened={opened && content !== null}
      onClose={close}
      title={content?.title}
      centered
      trapFocus
      returnFocus
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      withCloseButton={!busy}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      onExitTransitionEnd={() => {
        focusFallback();
        afterExit();
      }}
    >
      {content && (
        <AmountForm
          key={openings}
          {...content}
          onClose={onClose}
          onBusyChange={setBusy}
          leave={leave}
        />
      )}
    </Modal>
  );
}

/** How long after the form closed its opener may still go (the overview's refresh removes it). */
const FALLBACK_WATCH_MS = 15_000;

/**
 * Focus when the control that opened the form goes: a loan repaid in full loses its row (and its
 * Repay button), a product redeemed in full its enabled Redeem, when the overview refreshes after
 * the form closed and gave focus back. The browser then drops focus to the page; it goes to the
 * heading of the section the control was in instead (WCAG 2.4.3), unless the user has moved it.
 * The opener and its section are taken at the opening (the row may be gone by the time the form
 * closes); while focus is still in the closing modal, the modal's end of exit (the returned
 * callback) looks again.
 */
function useFocusFallback(opened: boolean, openedBy: RefObject<HTMLElement | null>): () => void {
  const opener = useRef<{ el: HTMLElement; region: HTMLElement; heading: HTMLElement } | null>(
    null,
  );
  const check = useRef<() => void>(noop);
  useEffect(() => {
    if (opened) {
      // The opener, taken at the opening by `useOpener` (whose effect has run before this one).
      const el = openedBy.current;
      const region = el?.closest('section');
      const heading = region?.querySelector<HTMLElement>('h1, h2, h3');
      opener.current = el && region && heading ? { el, region, heading } : null;
      return;
    }
    if (!opener.current) return;
    const { el, region, heading } = opener.current;
    const gone = () => !el.isConnected || (el instanceof HTMLButtonElement && el.disabled);
    const lost = () => document.activeElement === null || document.activeElement === document.body;
    const inDialog = () => document.activeElement?.closest('[role="dialog"]') != null;
    const rescue = () => {
      if (!gone()) return;
      if (lost()) {
        heading.tabIndex = -1;
        heading.focus();
        stop();
      } else if (!inDialog()) {
        stop(); // the user has put focus somewhere
      }
    };
    const watch = new MutationObserver(rescue);
    const timer = setTimeout(() => stop(), FALLBACK_WATCH_MS);
    function stop() {
      watch.disconnect();
      clearTimeout(timer);
      check.current = noop;
    }
    watch.observe(region, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
    check.current = rescue;
    rescue();
    return stop;
  }, [opened, openedBy]);
  return useCallback(() => check.current(), []);
}

const noop = () => undefined;

/**
 * Which form is open, for a screen's AmountFormModal: `value` is the last one opened, kept after
 * `close()` so the modal can close (and return focus) with its content in place.
 */
export function useFormModal<T>() {
  const [state, setState] = useState<{ value: T | null; opened: boolean; openings: number }>({
    value: null,
    opened: false,
    openings: 0,
  });
  const open = useCallback(
    (value: T) => setState((s) => ({ value, opened: true, openings: s.openings + 1 })),
    [],
  );
  const close = useCallback(() => setState((s) => ({ ...s, opened: false })), []);
  return { ...state, open, close };
}
