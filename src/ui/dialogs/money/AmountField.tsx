import { Button, Group, TextInput } from '@mantine/core';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLangAtom } from '../../../facade';
import { floorTo, normalizeAmountInput } from './amounts';

export interface AmountFieldProps {
  label: string;
  value: string;
  /**
   * Told the amount as typed, with Arabic-Indic digits already ASCII and a decimal comma already
   * a point where the language writes one (`normalizeAmountInput`).
   */
  onChange: (value: string) => void;
  error?: string | undefined;
  /** A line under the label (what the amount comes from). */
  description?: ReactNode;
  /** What Max fills in, floored to `precision`; undefined while it is not known (Max disabled). */
  max: string | undefined;
  /** Decimals of the coin. */
  precision: number;
  /** While the form's request is in flight: neither the field nor Max can change the amount. */
  disabled?: boolean;
}

/**
 * The amount of a money form (transfer, withdrawal, the collateral of a borrow): a decimal text
 * field with Max beside it.
 * Digits typed in Arabic-Indic or Extended Arabic-Indic, and the Arabic decimal separator, are
 * written as ASCII at once, and so is a decimal comma in a language whose figures have one
 * ("0,5" in German becomes "0.5" as it is typed): what the field shows is what is checked and
 * sent, in the Latin digits and point of the amount the server takes. Max sits after the input rather than in its right section,
 * whose width is fixed: the button takes the width of its words in every language ("الحد
 * الأقصى" needs 61 px) and the input the rest, so neither is cut at 375 px.
 */
export function AmountField({
  label,
  value,
  onChange,
  error,
  description,
  max,
  precision,
  disabled = false,
}: AmountFieldProps) {
  const { t } = useTranslation('user-assets');
  const language = useAtomValue(currentLangAtom);
  const maxButton = (
    <Button
      variant="light"
      flex="none"
      disabled={disabled || max === undefined}
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
      onChange={(e) => onChange(normalizeAmountInput(e.currentTarget.value, language))}
      error={error}
      description={description}
      required
      disabled={disabled}
      inputContainer={(input: ReactNode) => (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
          {maxButton}
        </Group>
      )}
    />
  );
}
