/** Amount checks of the money forms: plain decimal strings compared exactly, never floats. */
import Decimal from 'decimal.js';
import type { TFunction } from 'i18next';
import { compareDecimal, isDecimalInput } from '../../../lib/money';
import { formMessages, validateValue } from '../../../i18n/form-messages';

/** Decimals written after the point ("1.50" has 2). */
function decimalsOf(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/** `value` cut (never rounded up) to `precision` decimals: the most a "Max" button may fill in. */
export function floorTo(value: string, precision: number): string {
  if (!isDecimalInput(value)) return '0';
  return new Decimal(value).toDecimalPlaces(precision, Decimal.ROUND_DOWN).toFixed();
}

export interface AmountRules {
  label: string;
  /** Decimals the coin moves in. */
  precision: number;
  /** At most this (the available balance); undefined: not checked here. */
  max?: string;
  /** At least this (a minimum withdrawal). */
  min?: string;
}

/**
 * The first problem with `raw` as an amount, with the default form messages: required, a
 * number, a plain positive decimal, the coin's precision, min and max.
 */
export function amountError(t: TFunction, raw: string, rules: AmountRules): string | undefined {
  const messages = formMessages(t);
  const value = raw.trim();
  const { label } = rules;
  const basic = validateValue(value, [{ required: true, type: 'number' }], label, messages);
  if (basic) return basic;
  // "1e3" and "+5" are numbers to the form rules, not amounts: an amount is sent as typed.
  if (!isDecimalInput(value) || value.startsWith('+') || value.startsWith('-')) {
    return value.startsWith('-')
      ? t('dialogs.transfer.amountPositive')
      : messages.invalidType(label, 'number');
  }
  if (compareDecimal(value, '0') <= 0) return t('dialogs.transfer.amountPositive');
  if (decimalsOf(value) > rules.precision) {
    return t('money.form.precision', { label, decimals: rules.precision });
  }
  if (rules.min !== undefined && compareDecimal(value, rules.min) < 0) {
    return t('form.number.min', { label, min: rules.min });
  }
  if (rules.max !== undefined && compareDecimal(value, rules.max) > 0) {
    return t('form.number.max', { label, max: rules.max });
  }
  return undefined;
}
