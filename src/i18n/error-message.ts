/**
 * The text people see for an error: the catalogue entry for its `code` (namespace
 * inverse-error-code, keyed by code), or a generic line when the code is unknown.
 */
import type { TFunction } from 'i18next';
import { ERROR_MESSAGES, type ErrorCode } from '../api/error-codes';

import { errorCodeOf } from '../api/errors';

export { errorCodeOf };

const isCatalogued = (code: number | undefined): code is ErrorCode =>
  code !== undefined && Object.prototype.hasOwnProperty.call(ERROR_MESSAGES, code);

/** Translated message for a catalogued code. */
export function codeMessage(t: TFunction, code: ErrorCode): string {
  return t(`${code}`, { ns: 'inverse-error-code' });
}

/** Translated message for any thrown value. */
export function errorMessage(t: TFunction, err: unknown): string {
  const code = errorCodeOf(err);
  return isCatalogued(code) ? codeMessage(t, code) : t('common.unexpectedError');
}
