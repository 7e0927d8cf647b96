/**
 * Turning a failed login into what the form shows: 20001 -> wrong credentials (form level),
 * 10001 -> the field the server named, 10006 (throttled) -> the wait the server gave, a dead
 * network or timeout -> their catalogue text.
 */
import type { TFunction } from 'i18next';
import { ERROR_CODES } from '../../facade';
import { codeMessage, errorCodeOf, errorMessage } from '../../i18n/error-message';

type LoginField = 'username' | 'password';
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

/**
 * The wait of a throttled sign-in, in whole seconds: the simulator (and the exchange) put it in
 * the message as "retry-after: N" besides the Retry-After header. Undefined when not given.
 */
function retryAfterSeconds(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { message, retMsg } = err as { message?: unknown; retMsg?: unknown };
  for (const text of [retMsg, message]) {
    if (typeof text !== 'string') continue;
    const m = /retry-after:\s*(\d{1,6})/i.exec(text);
    if (m) return Math.max(1, Number(m[1]));
  }
  return undefined;
}

export function loginErrors(t: TFunction, err: unknown): LoginErrors {
  const code = errorCodeOf(err);
  if (code === ERROR_CODES.RATE_LIMITED) {
    // Say how long to wait when the server said it, never just "later".
    const wait = retryAfterSeconds(err);
    if (wait !== undefined) {
      return {
        form:
          wait >= 120
            ? t('login.rateLimitedMinutes', { n: Math.ceil(wait / 60) })
            : t('login.rateLimitedSeconds', { n: wait }),
      };
    }
  }
  if (code === ERROR_CODES.PARAM_ERROR) {
    const field = fieldNamed(err);
    const text = codeMessage(t, ERROR_CODES.PARAM_ERROR);
    return field ? { [field]: text } : { form: text };
  }
  return { form: errorMessage(t, err) };
}
