import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../i18n/error-message';
import { formMessages, validateValue } from '../../../i18n/form-messages';
import { compareDecimal, E8 } from '../../../lib/money';
import { Amount } from '../../../ui/amount/Amount';
import { newRequestId } from './request-id';

/** A plain unsigned decimal as a person types it ("12", "0.5", ".5", "5."). */
const PLAIN_DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

interface AmountFormProps {
  coin: string;
  /** The label of what the amount comes from ("Available in Funding", "Held", "Owed"). */
  sourceLabel: string;
  /** That figure (decimal string, coin units). */
  source: string;
  /** Smallest amount accepted (decimal string); none when absent. */
  min?: string;
  /** Largest amount accepted (decimal string): what Max fills in. */
  max: string;
  confirmLabel: string;
  /** A line under the amount that depends on it (a full repayment returns the collateral). */
  note?: (amount: string) => ReactNode;
  /** Sends the action; rejects with the API error. */
  onSubmit: (amount: string, requestId: string) => Promise<unknown>;
  /** After the action succeeded (toast, refresh); the modal then closes. */
  onDone: (amount: string) => void;
  onClose: () => void;
  /** Told when a request goes out and when it is back (the modal then cannot be dismissed). */
  onBusyChange?: (busy: boolean) => void;
}

type Errors = { amount?: string; form?: string };

/**
 * The amount form of subscribe, redeem and repay: amount with Max, the minimum and what it
 * comes from, validated with the default form messages; one request id per submission, kept
 * across retries of the same amount (a retry after a timeout cannot move money twice) and made
 * anew after a success or when the amount changes; every control disabled while it is in flight;
 * a refused request shows the translated business error.
 */
function AmountForm({
  coin,
  sourceLabel,
  source,
  min,
  max,
  confirmLabel,
  note,
  onSubmit,
  onDone,
  onClose,
  onBusyChange,
}: AmountFormProps) {
  const { t } = useTranslation('user-assets');
  const messages = formMessages(t);
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const requestId = useRef<string | null>(null);
  const label = t('earn.form.amount', { coin });

  const validate = (value: string): string | undefined => {
    const basic = validateValue(value, [{ required: true, type: 'number' }], label, messages);
    if (basic) return basic;
    if (!PLAIN_DECIMAL.test(value)) return messages.invalidType(label, 'number');
    if (compareDecimal(value, '0') <= 0) return t('earn.form.positive', { label });
    const dot = value.indexOf('.');
    if (dot >= 0 && value.length - dot - 1 > E8) {
      return t('earn.form.decimals', { label, decimals: E8 });
    }
    if (min !== undefined && compareDecimal(value, min) < 0) {
      return t('form.number.min', { label, min });
    }
    if (compareDecimal(value, max) > 0) return t('form.number.max', { label, max });
    return undefined;
  };

  const change = (value: string) => {
    setAmount(value);
    requestId.current = null; // another amount is another request
    if (errors.amount || errors.form) setErrors({});
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const value = amount.trim();
    const invalid = validate(value);
    setErrors(invalid ? { amount: invalid } : {});
    if (invalid) return;
    requestId.current ??= newRequestId();
    setBusy(true);
    onBusyChange?.(true);
    try {
      await onSubmit(value, requestId.current);
      requestId.current = null;
      onDone(value);
      onClose();
    } catch (err) {
      setErrors({ form: errorMessage(t, err) });
    } finally {
      setBusy(false);
      onBusyChange?.(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <Group gap={6} wrap="wrap">
          <Text size="sm" c="dimmed">
            {sourceLabel}: <Amount kind="decimal" value={source} coin={coin} flash={false} /> {coin}
          </Text>
          <Button
            size="compact-xs"
            variant="light"
            disabled={busy}
            onClick={() => change(max)}
            aria-label={t('earn.form.maxLabel', { coin })}
          >
            {t('earn.form.max')}
          </Button>
        </Group>
        <TextInput
          label={label}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => change(e.currentTarget.value)}
          error={errors.amount}
          disabled={busy}
          required
          description={
            min !== undefined && (
              <>
                {t('earn.form.min')}:{' '}
                <Amount kind="decimal" value={min} coin={coin} flash={false} /> {coin}
              </>
            )
          }
        />
        {note?.(amount.trim())}
        {errors.form && (
          <Alert color="red" role="alert" variant="light">
            {errors.form}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface AmountFormModalProps extends AmountFormProps {
  opened: boolean;
  title: string;
}

/**
 * The amount form in a Modal (its title is the dialog's accessible name); while its request is in
 * flight the modal cannot be dismissed (Escape, outside click, close button), so the answer is
 * always seen.
 */
export function AmountFormModal({ opened, title, ...form }: AmountFormModalProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={form.onClose}
      title={title}
      centered
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      withCloseButton={!busy}
    >
      {opened && <AmountForm {...form} onBusyChange={setBusy} />}
    </Modal>
  );
}
