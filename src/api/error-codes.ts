/**
 * The error catalogue: every code the client can raise or receive, with its English message.
 * Translations live in the `inverse-error-code` namespace under the same code.
 */
export const ERROR_CODES = {
  /** Client: the request did not complete within its timeout (aborted). */
  REQUEST_TIMEOUT: 9000001,
  /** Client: empty or non-JSON body where JSON was expected. */
  NON_RESPONSE: 9000002,
  /** Client: HTTP status outside the accepted range. */
  HTTP_STATUS: 9000003,
  /** Client: the response could not be read as the requested type. */
  PARSE_ERROR: 9000004,
  /** Client: network failure (server unreachable, connection reset). */
  NETWORK_ERROR: 9000005,
  /** Client: the caller cancelled the request (e.g. the view unmounted); not shown to users. */
  REQUEST_ABORTED: 9000006,
  /** Server: a request parameter is missing or invalid; the message names the field. */
  PARAM_ERROR: 10001,
  /** Server: too many requests (e.g. verification codes). */
  RATE_LIMITED: 10006,
  /** Server: not signed in or session expired. Means "no permission". */
  NOT_LOGGED_IN: 10007,
  /** Server: account frozen. Means "no permission". */
  ACCOUNT_FROZEN: 10009,
  /** Server: internal error. */
  SERVER_ERROR: 10016,
  /** Server: wrong username or password. */
  BAD_CREDENTIALS: 20001,
  /** Server: wrong verification code. */
  BAD_VERIFICATION_CODE: 20002,
  /** Server: not allowed to call this API. Means "no permission". */
  API_FORBIDDEN: 33003,
  /** Client: signing out failed (toast for 2 s). */
  SIGN_OUT_FAILED: 50016,
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** English messages; the i18n layer translates by code. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  9000001: 'Request timeout, please re-try!',
  9000002: 'Non Response!',
  9000003: 'Request failed with an unexpected HTTP status.',
  9000004: 'The response could not be read.',
  9000005: 'Network error, please check your connection.',
  9000006: 'The request was cancelled.',
  10001: 'Invalid request parameter.',
  10006: 'Too many requests, please try again later.',
  10007: 'Your session has expired, please sign in again.',
  10009: 'Your account is frozen.',
  10016: 'Server error, please try again later.',
  20001: 'Incorrect username or password.',
  20002: 'Incorrect verification code.',
  33003: 'You do not have permission for this action.',
  50016: 'Sign-out failed, please try again.',
};
