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
  // -- the user-assets area (docs/assets.md): nothing moved when one of these is answered
  /** The source account does not hold that much of the coin (available balance). */
  INSUFFICIENT_BALANCE: 131001,
  /** Transfer from an account to itself. */
  SAME_ACCOUNT: 131002,
  /** The coin is not supported there. */
  UNKNOWN_COIN: 131003,
  /** The account kind does not exist or cannot take part in this action. */
  UNKNOWN_ACCOUNT: 131004,
  /** Amount not positive, malformed, or with more decimals than the coin allows. */
  INVALID_AMOUNT: 131005,
  /** The chain is not supported for the coin, or deposits/withdrawals on it are suspended. */
  CHAIN_UNAVAILABLE: 131006,
  /** The address is not valid for the chain. */
  INVALID_ADDRESS: 131007,
  /** The chain needs a tag (memo) and none was given. */
  TAG_REQUIRED: 131008,
  /** Below the chain's minimum withdrawal (or above what fee + amount allows). */
  BELOW_MINIMUM: 131009,
  /** Over the daily withdrawal limit. */
  OVER_WITHDRAW_LIMIT: 131010,
  /** Wrong or missing Google authenticator code. */
  BAD_2FA_CODE: 131011,
  /** Wrong, missing or expired email / mobile code. */
  BAD_EMAIL_CODE: 131012,
  /** Not eligible for the unified account upgrade (already upgraded, open positions or orders). */
  UPGRADE_NOT_ELIGIBLE: 131013,
  /** The coin cannot be collateral. */
  NOT_COLLATERAL: 131014,
  /** Unknown savings product or pledge loan. */
  UNKNOWN_PRODUCT: 131015,
  /** Below the savings product's minimum, or more than is in it / owed. */
  AMOUNT_OUT_OF_RANGE: 131016,
  /** A redemption of a fixed-term product above what has matured (the rest is still locked). */
  TERM_LOCKED: 131017,
  /** A new pledge loan while the user already has the most open loans allowed. */
  TOO_MANY_LOANS: 131018,
  /** A new pledge loan whose initial LTV would be above the collateral's initial LTV limit. */
  LTV_TOO_HIGH: 131019,
  /** A withdrawal by a user whose registerPermission says canWithdraw false (not verified). */
  WITHDRAW_NOT_PERMITTED: 131020,
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
  131001: 'Insufficient available balance.',
  131002: 'Choose two different accounts.',
  131003: 'This coin is not supported here.',
  131004: 'This account cannot be used for this action.',
  131005: 'Enter a valid amount.',
  131006: 'This network is not available for this coin right now.',
  131007: 'This address is not valid for the selected network.',
  131008: 'This network needs a tag (memo).',
  131009: 'The amount is below the minimum.',
  131010: 'This exceeds your daily withdrawal limit.',
  131011: 'Incorrect Google Authenticator code.',
  131012: 'Incorrect or expired verification code.',
  131013: 'Your account cannot be upgraded right now: close all positions and orders first.',
  131014: 'This coin cannot be used as collateral.',
  131015: 'This product or loan does not exist.',
  131016: 'The amount is outside the allowed range.',
  131017:
    'This amount is still locked: a fixed-term subscription can be redeemed only from its maturity date.',
  131018: 'You have the most open loans allowed: repay one in full before you borrow again.',
  131019:
    'The initial LTV would be above the limit for this collateral: pledge more collateral or borrow less.',
  131020: 'Withdrawals need a verified identity: verify your identity first.',
};
