/**
 * Turning a failed login into what the form shows: 20001 -> wrong credentials (form level),
 * 10001 -> the field the server named, a dead network or timeout -> their catalogue text.
 */
import type { TFunction } from 'i18next';
import { ERROR_CODES } from '../../facade';
import { codeMessage, errorCodeOf, errorMessage } from '../../i18n/error-message';

export type LoginField = 'username' | 'password';
export interface LoginErrors {
  username?: string;
  password?: string;
  form?: string;
}

/** The field a 10001 message names ("username: required", "password is too long", ...). */
function fieldNamed(err: unknown): LoginField | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { message, retMsg } = err as { message?: unknown; retMsg?: unknown };
  const text = [retMsg, message]
    .filter((s) => typeof s === 'string')
    .join(' ')
    .toLowerCase();
  if (text.includes('username')) return 'username';
  if (text.includes('password')) return 'password';
  return undefined;
}

export function loginErrors(t: TFunction, err: unknown): LoginErrors {
  const code = errorCodeOf(err);
  if (code === ERROR_CODES.PARAM_ERROR) {
    const field = fieldNamed(err);
    const text = codeMessage(t, ERROR_CODES.PARAM_ERROR);
    return field ? { [field]: text } : { form: text };
  }
  return { form: errorMessage(t, err) };
}
