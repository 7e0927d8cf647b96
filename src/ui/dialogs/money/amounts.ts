/** Amount checks of the money forms: plain decimal strings compared exactly, never floats. */
import Decimal from 'decimal.js';
import type { TFunction } from 'i18next';
import { compareDecimal, isDecimalInput } from '../../../lib/money';
import { decimalSeparator } from '../../../lib/money-intl';
import { formMessages, validateValue } from '../../../i18n/form-messages';
import { formatAmount, fractionDigits } from '../../amount/format-amount';

/** Arabic-Indic (U+0660-0669) and Extended Arabic-Indic (U+06F0-06F9, Persian, Urdu) digits. */
const ARABIC_DIGIT = /[\u0660-\u0669\u06F0-\u06F9]/g;
/** The Arabic decimal separator (U+066B). */
const ARABIC_POINT = /\u066B/g;

/**
 * An amount as typed with ASCII digits and point: Arabic-Indic and Extended Arabic-Indic digits
 * become 0-9, the Arabic decimal separator a point ("١٠٫٥" → "10.5"), and in a language whose
 * figures have a decimal comma (de-DE, es-ES, id-ID, ru-RU, tr-TR, vi-VN: "0,5" on screen) a
 * comma becomes a point ("0,5" → "0.5"). Nothing else changes, so whatever is not an amount
 * (thousands separators among them: "1.000,5" → "1.000.5") stays refused by `amountError`. What
 * is checked and what is sent are the same ASCII string.
 */
export function normalizeAmountInput(raw: string, language?: string): string {
  const ascii = raw
    .replace(ARABIC_DIGIT, (d) => {
      const code = d.charCodeAt(0);
      return String(code - (code >= 0x06f0 ? 0x06f0 : 0x0660));
    })
    .replace(ARABIC_POINT, '.');
  return language !== undefined && decimalSeparator(language) === ','
    ? ascii.replace(/,/g, '.')
    : ascii;
}

/**
 * Digits in groups, as a figure with thousands separators is written ("1,000", "1.000.000",
 * "1 234.5", "1'000"): refused with a message saying how to write it, not "not a number". One
 * point alone between digits is a decimal amount, not this.
 */
const GROUPED = /^\d+(?:[.,'\s\u00A0\u202F]\d+)+$/;
const isGrouped = (v: string) => GROUPED.test(v) && !/^\d+\.\d+$/.test(v);

/**
 * Digits grouped by points in threes ("1.000", "8.884", "12.500.000"): in a language whose decimal
 * separator is a comma, that point is the thousands separator its figures are written with
 * ("Verfügbar: 8.733,1449"), so "1.000" there means one thousand, not 1. A point there that
 * cannot group ("0.5", "1.25", "0.001": a group of three after a leading 0 groups nothing) is read
 * as the decimal point the field shows.
 *
 * Only the ambiguous shape is refused, not every point: the money fields write a decimal comma as
 * a point as it is typed (`normalizeAmountInput`; AmountField, the earn form), so by the time an
 * amount is checked a typed "1,000" reads "1.000" too, and it is as ambiguous.
 */
const POINT_GROUPED = /^[1-9]\d{0,2}(?:\.\d{3})+$/;

/**
 * A request amount as the server takes it (`parseAmount` of server/assets/assets.ts): digits
 * with no leading zero (or a single 0), then, if there is a point, at least one digit after it.
 * Laxer input (`.5`, `5.`, `05`, `+5`) is refused here with a message rather than sent and
 * refused with a vague 131005; it is not rewritten: an amount is sent as typed.
 */
const PLAIN_AMOUNT = /^(?:0|[1-9]\d*)(?:\.\d+)?$/;

/** `value` cut (never rounded up) to `precision` decimals: the most a "Max" button may fill in. */
export function floorTo(value: string, precision: number): string {
  if (!isDecimalInput(value)) return '0';
  return new Decimal(value).toDecimalPlaces(precision, Decimal.ROUND_DOWN).toFixed();
}

/**
 * An amount the user chose (typed, then sent), for a sentence: a confirmation, a toast. Written
 * through the formatting module in the page language ("12.123456" is "12,123456" in German, as
 * every figure beside it) with every decimal typed: what the user chose is shown exactly, never
 * rounded. Not masked: it is the amount the user has just typed in the field.
 */
export function chosenAmountText(value: string, coin: string, language?: string): string {
  return formatAmount('decimal', value, {
    coin,
    decimals: isDecimalInput(value) ? fractionDigits(value) : 0,
    ...(language !== undefined ? { language } : {}),
  });
}

export interface AmountRules {
  label: string;
  /** Decimals the coin moves in. */
  precision: number;
  /** At most this (the available balance); undefined: not checked here. */
  max?: string;
  /** At least this (a minimum withdrawal). */
  min?: string;
  /**
   * The coin: when given, `max` and `min` are written in the messages as the screens write the
   * coin's amounts (src/ui/amount, the coin's decimals, the page's separators), a maximum rounded
   * down and a minimum rounded up, so a limit shown is always one the amount may take. Without
   * it they are written as given.
   */
  coin?: string;
  /**
   * The decimals `max` is written with, when it is a figure shown with more than the coin's
   * display decimals (a debt, shown in full); default the coin's display decimals.
   */
  maxDecimals?: number;
  /** The page language, for the separators of the limits written (default English). */
  language?: string;
  /** The user hides their assets: a maximum (their balance) is written masked, like on screen. */
  masked?: boolean;
}

/** A limit as the messages write it (see `AmountRules.coin`). */
function limitText(value: string, bound: 'max' | 'min', rules: AmountRules): string {
  if (rules.coin === undefined) return value;
  return formatAmount('decimal', value, {
    coin: rules.coin,
    figure: bound === 'max' ? 'balance' : 'minimum',
    ...(bound === 'max' && rules.maxDecimals !== undefined ? { decimals: rules.maxDecimals } : {}),
    ...(rules.language !== undefined ? { language: rules.language } : {}),
    // a minimum is a term of the product, not the user's money
    masked: bound === 'max' && rules.masked === true,
  });
}

/**
 * The first problem with `raw` as an amount, with the default form messages: required, a
 * number, a plain positive decimal, the coin's precision, min and max. Arabic-Indic digits are
 * read as their ASCII digits, and a decimal comma as a point in the languages that write one
 * (`normalizeAmountInput`); there, digits grouped by points in threes are refused as thousands
 * separators (`POINT_GROUPED`).
 */
export function amountError(t: TFunction, raw: string, rules: AmountRules): string | undefined {
  const messages = formMessages(t);
  const value = normalizeAmountInput(raw, rules.language).trim();
  const { label } = rules;
  if (isGrouped(value)) return t('money.form.separators', { label });
  if (
    rules.language !== undefined &&
    decimalSeparator(rules.language) === ',' &&
    POINT_GROUPED.test(value)
  ) {
    return t('money.form.separators', { label });
  }
  const basic = validateValue(value, [{ required: true, type: 'number' }], label, messages);
  if (basic) return basic;
  // "1e3" and "+5" are numbers to the form rules, not amounts: an amount is sent as typed.
  if (!isDecimalInput(value) || value.startsWith('+') || value.startsWith('-')) {
    return value.startsWith('-')
      ? t('money.form.positive', { label })
      : messages.invalidType(label, 'number');
  }
  if (!PLAIN_AMOUNT.test(value)) {
    // ".5", "5.": a digit missing beside the point; "05", "00.5": leading zeros
    return value.startsWith('.') || value.endsWith('.')
      ? t('money.form.pointDigits', { label })
      : t('money.form.leadingZeros', { label });
  }
  if (compareDecimal(value, '0') <= 0) return t('money.form.positive', { label });
  if (fractionDigits(value) > rules.precision) {
    return t('money.form.precision', { label, decimals: rules.precision });
  }
  if (rules.min !== undefined && compareDecimal(value, rules.min) < 0) {
    return t('form.number.min', { label, min: limitText(rules.min, 'min', rules) });
  }
  if (rules.max !== undefined && compareDecimal(value, rules.max) > 0) {
    return t('form.number.max', { label, max: limitText(rules.max, 'max', rules) });
  }
  return undefined;
}
