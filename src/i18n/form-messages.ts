/**
 * Default form validation messages from i18next (required, string/number/array length and range,
 * pattern, date, type), and a small rule checker that uses them. Hand-written rather than a form
 * library: the forms here are few and small, and the messages must come from our catalogue.
 */
import Decimal from 'decimal.js';
import type { TFunction } from 'i18next';

export type ValueType = 'string' | 'number' | 'integer' | 'email' | 'url' | 'date' | 'array';

/** Every default message; `label` is the field's (translated) label. */
export function formMessages(t: TFunction) {
  const typeName = (type: ValueType) => t(`form.typeNames.${type}`);
  const bounds = (group: 'string' | 'number' | 'array') => ({
    len: (label: string, len: number) => t(`form.${group}.len`, { label, len }),
    min: (label: string, min: number) => t(`form.${group}.min`, { label, min }),
    max: (label: string, max: number) => t(`form.${group}.max`, { label, max }),
    range: (label: string, min: number, max: number) =>
      t(`form.${group}.range`, { label, min, max }),
  });
  return {
    required: (label: string) => t('form.required', { label }),
    invalidType: (label: string, type: ValueType) =>
      t('form.types', { label, type: typeName(type) }),
    invalidDate: (label: string) => t('form.date.invalid', { label }),
    patternMismatch: (label: string) => t('form.pattern.mismatch', { label }),
    string: bounds('string'),
    number: bounds('number'),
    array: bounds('array'),
  };
}
export type FormMessages = ReturnType<typeof formMessages>;

export interface Rule {
  required?: boolean;
  type?: ValueType;
  /** Characters for strings, value for numbers, items for arrays. */
  min?: number;
  max?: number;
  len?: number;
  pattern?: RegExp;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

function typeOk(value: unknown, type: ValueType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number'
        ? Number.isFinite(value)
        : typeof value === 'string' && NUMERIC.test(value.trim());
    case 'integer':
      return typeof value === 'number'
        ? Number.isInteger(value)
        : typeof value === 'string' && /^[+-]?\d+$/.test(value.trim());
    case 'email':
      return typeof value === 'string' && EMAIL.test(value);
    case 'url':
      try {
        return typeof value === 'string' && /^https?:$/.test(new URL(value).protocol);
      } catch {
        return false;
      }
    case 'date':
      return (
        (value instanceof Date || typeof value === 'string' || typeof value === 'number') &&
        !Number.isNaN(new Date(value).getTime())
      );
    case 'array':
      return Array.isArray(value);
  }
}

/** The first failed rule's message for `value`, or undefined when it passes. */
export function validateValue(
  value: unknown,
  rules: readonly Rule[],
  label: string,
  messages: FormMessages,
): string | undefined {
  const required = rules.some((r) => r.required);
  if (isEmpty(value)) return required ? messages.required(label) : undefined;
  const type = rules.find((r) => r.type)?.type;
  if (type && !typeOk(value, type)) {
    return type === 'date' ? messages.invalidDate(label) : messages.invalidType(label, type);
  }
  const sized = sizeOf(value, type);
  for (const { len, min, max } of rules) {
    if (!sized) break;
    const m = messages[sized.group];
    const below = (n: number) => sized.size.lt(n);
    const above = (n: number) => sized.size.gt(n);
    if (len !== undefined && !sized.size.eq(len)) return m.len(label, len);
    if (min !== undefined && max !== undefined && (below(min) || above(max))) {
      return m.range(label, min, max);
    }
    if (min !== undefined && below(min)) return m.min(label, min);
    if (max !== undefined && above(max)) return m.max(label, max);
  }
  for (const { pattern } of rules) {
    if (pattern && typeof value === 'string' && !pattern.test(value)) {
      return messages.patternMismatch(label);
    }
  }
  return undefined;
}

/** What min/max/len measure; numbers as Decimal so an amount string is compared exactly. */
function sizeOf(
  value: unknown,
  type: ValueType | undefined,
): { group: 'string' | 'number' | 'array'; size: Decimal } | undefined {
  if (Array.isArray(value)) return { group: 'array', size: new Decimal(value.length) };
  if (typeof value === 'number') return { group: 'number', size: new Decimal(value) };
  if (typeof value === 'string') {
    return type === 'number' || type === 'integer'
      ? { group: 'number', size: new Decimal(value.trim()) }
      : { group: 'string', size: new Decimal([...value].length) };
  }
  return undefined;
}
