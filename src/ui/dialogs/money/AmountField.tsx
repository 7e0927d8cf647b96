import { Button, Group, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { floorTo, normalizeAmountInput } from './amounts';

export interface AmountFieldProps {
  label: string;
  value: string;
  /** Told the amount as typed, with Arabic-Indic digits already ASCII (`normalizeAmountInput`). */
  onChange: (value: string) => void;
  error?: string | undefined;
  /** What Max fills in, floored to `precision`; undefined while it is not known (Max disabled). */
  max: string | undefined;
  /** Decimals of the coin. */
  precision: number;
}

/**
 * The amount of a money form (transfer, withdrawal): a decimal text field with Max beside it.
 * Digits typed in Arabic-Indic or Extended Arabic-Indic, and the Arabic decimal separator, are
 * written as ASCII at once: what the field shows is what is checked and sent, in the Latin
 * digits every amount on screen uses. Max sits after the input rather than in its right section,
 * whose width is fixed: the button takes the width of its words in every language ("الحد
 * الأقصى" needs 61 px) and the input the rest, so neither is cut at 375 px.
 */
export function AmountField({ label, value, onChange, error, max, precision }: AmountFieldProps) {
  const { t } = useTranslation('user-assets');
  const maxButton = (
    <Button
      variant="light"
      flex="none"
      disabled={max === undefined}
      onClick={() => max !== undefined && onChange(floorTo(max, precision))}
    >
      {t('money.common.max')}
    </Button>
  );
  return (
    <TextInput
      label={label}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(normalizeAmountInput(e.currentTarget.value))}
      error={error}
      required
      inputContainer={(input: ReactNode) => (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
          {maxButton}
        </Group>
      )}
    />
  );
}
