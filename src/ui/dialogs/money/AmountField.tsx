import { Button, TextInput } from '@mantine/core';
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
 * The amount of a money form (transfer, withdrawal): a decimal text field with Max inside it.
 * Digits typed in Arabic-Indic or Extended Arabic-Indic, and the Arabic decimal separator, are
 * written as ASCII at once: what the field shows is what is checked and sent, in the Latin
 * digits every amount on screen uses.
 */
export function AmountField({ label, value, onChange, error, max, precision }: AmountFieldProps) {
  const { t } = useTranslation('user-assets');
  return (
    <TextInput
      label={label}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(normalizeAmountInput(e.currentTarget.value))}
      error={error}
      required
      rightSectionWidth={64}
      rightSection={
        <Button
          size="compact-xs"
          variant="subtle"
          disabled={max === undefined}
          onClick={() => max !== undefined && onChange(floorTo(max, precision))}
        >
          {t('money.common.max')}
        </Button>
      }
    />
  );
}
