import { Alert, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/error-message';
import { formMessages, validateValue } from '../../i18n/form-messages';
import { compareDecimal, isDecimalInput } from '../../lib/money';
import { DialogActions } from './DialogActions';
import type { AccountKind, TransferRequest } from './dialog-state';

/** Coins every account holds from the start (PROTOCOL.md section 5). */
export const TRANSFER_COINS = ['USDT', 'BTC', 'ETH', 'XRP', 'EOS'] as const;

export interface TransferFormProps {
  accounts: readonly AccountKind[];
  coin?: string;
  from?: AccountKind;
  to?: AccountKind;
  onSubmit?: (req: TransferRequest) => Promise<void> | void;
  close: () => void;
}

type Errors = Partial<Record<'amount' | 'to' | 'form', string>>;

/** Pick accounts, coin and amount; the caller performs the transfer through `onSubmit`. */
export function TransferForm({ accounts, coin, from, to, onSubmit, close }: TransferFormProps) {
  const { t } = useTranslation('user-assets');
  const messages = formMessages(t);
  const first = accounts[0] ?? 'derivatives';
  const [fromAcc, setFrom] = useState<AccountKind>(from ?? first);
  const [toAcc, setTo] = useState<AccountKind>(to ?? accounts.find((a) => a !== fromAcc) ?? first);
  const [coinValue, setCoin] = useState<string>(coin ?? 'USDT');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const options = accounts.map((a) => ({ value: a, label: t(`accounts.${a}`) }));
  const amountLabel = t('dialogs.transfer.amount');

  const validate = (): Errors => {
    const next: Errors = {};
    const amountError = validateValue(
      amount.trim(),
      [{ required: true, type: 'number' }],
      amountLabel,
      messages,
    );
    const value = amount.trim();
    if (amountError) next.amount = amountError;
    // A number to the form rules may still be "1e3": an amount is a plain decimal, sent as typed.
    else if (!isDecimalInput(value)) next.amount = messages.invalidType(amountLabel, 'number');
    else if (compareDecimal(value, '0') <= 0) next.amount = t('dialogs.transfer.amountPositive');
    if (fromAcc === toAcc) next.to = t('dialogs.transfer.sameAccount');
    return next;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0 || !onSubmit) return;
    setBusy(true);
    try {
      await onSubmit({ coin: coinValue, from: fromAcc, to: toAcc, amount: amount.trim() });
      close();
    } catch (err) {
      setErrors({ form: errorMessage(t, err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <Select
          label={t('dialogs.transfer.from')}
          data={options}
          value={fromAcc}
          onChange={(v) => v && setFrom(v as AccountKind)}
          allowDeselect={false}
        />
        <Select
          label={t('dialogs.transfer.to')}
          data={options}
          value={toAcc}
          onChange={(v) => v && setTo(v as AccountKind)}
          allowDeselect={false}
          error={errors.to}
        />
        <Select
          label={t('dialogs.transfer.coin')}
          data={[...TRANSFER_COINS]}
          value={coinValue}
          onChange={(v) => v && setCoin(v)}
          allowDeselect={false}
        />
        <TextInput
          label={amountLabel}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
          error={errors.amount}
          required
        />
        {!onSubmit && (
          <Alert color="gray" variant="light">
            {t('dialogs.transfer.unavailable')}
          </Alert>
        )}
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <DialogActions
          submit
          confirmLabel={t('dialogs.transfer.confirm')}
          cancelLabel={t('common.cancel')}
          onConfirm={() => undefined}
          onCancel={close}
          loading={busy}
        />
      </Stack>
    </form>
  );
}
