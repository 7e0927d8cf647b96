/**
 * Errors of the HTTP client: one base class with a catalogue `code` (error-codes.ts), one
 * subclass per way a request can fail. The i18n layer translates by `code`.
 */
import { NO_PERMISSION_CODES } from '../wire/protocol';
import { ERROR_CODES, ERROR_MESSAGES } from './error-codes';

/** Which request failed (for logs; never shown to users). */
export interface RequestInfo {
  method: string;
  url: string;
}

/** The catalogue message of a code, if it has one. */
function catalogueMessage(code: number): string | undefined {
  return (ERROR_MESSAGES as Record<number, string | undefined>)[code];
}

export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: number;
  readonly request: RequestInfo | undefined;

  constructor(code: number, message?: string, request?: RequestInfo, cause?: unknown) {
    super(
      message || catalogueMessage(code) || `Error ${code}`,
      cause === undefined ? {} : { cause },
    );
    this.code = code;
    this.request = request;
  }
}

/** 9000001: no complete response within the timeout; the request was aborted. */
export class TimeoutError extends ApiError {
  override name = 'TimeoutError';
  readonly timeoutMs: number;
  constructor(timeoutMs: number, request?: RequestInfo) {
    super(ERROR_CODES.REQUEST_TIMEOUT, undefined, request);
    this.timeoutMs = timeoutMs;
  }
}

/** 9000002: the body was empty, not JSON, or not a response envelope. */
export class NonResponseError extends ApiError {
  override name = 'NonResponseError';
  constructor(request?: RequestInfo, cause?: unknown) {
    super(ERROR_CODES.NON_RESPONSE, undefined, request, cause);
  }
}

/** 9000003: HTTP status outside the accepted range. */
export class HttpStatusError extends ApiError {
  override name = 'HttpStatusError';
  readonly status: number;
  readonly statusText: string;
  constructor(status: number, statusText: string, request?: RequestInfo) {
    super(
      ERROR_CODES.HTTP_STATUS,
      `${catalogueMessage(ERROR_CODES.HTTP_STATUS)} (${status}${statusText ? ` ${statusText}` : ''})`,
      request,
    );
    this.status = status;
    this.statusText = statusText;
  }
}

/** 9000004: the body could not be read as the requested type (or the type is unknown). */
export class ParseError extends ApiError {
  override name = 'ParseError';
  constructor(detail: string, request?: RequestInfo, cause?: unknown) {
    super(
      ERROR_CODES.PARSE_ERROR,
      `${catalogueMessage(ERROR_CODES.PARSE_ERROR)} ${detail}`,
      request,
      cause,
    );
  }
}

/** 9000005: the server could not be reached or the connection broke. */
export class NetworkError extends ApiError {
  override name = 'NetworkError';
  constructor(request?: RequestInfo, cause?: unknown) {
    super(ERROR_CODES.NETWORK_ERROR, undefined, request, cause);
  }
}

/** 9000006: the caller cancelled the request through its AbortSignal. */
export class AbortedError extends ApiError {
  override name = 'AbortedError';
  constructor(request?: RequestInfo) {
    super(ERROR_CODES.REQUEST_ABORTED, undefined, request);
  }
}

/** A non-zero `ret_code` (or V5 `retCode`): the server refused the call. `code` is that code. */
export class BusinessError extends ApiError {
  override name = 'BusinessError';
  readonly retCode: number;
  readonly retMsg: string;
  readonly result: unknown;
  constructor(retCode: number, retMsg: string, result: unknown, request?: RequestInfo) {
    super(retCode, retMsg, request);
    this.retCode = retCode;
    this.retMsg = retMsg;
    this.result = result;
  }
}

/** 10007, 33003, 10009: the session has no permission; the app signs the user out. */
export class NoPermissionError extends BusinessError {
  override name = 'NoPermissionError';
}

/**
 * True when `err` says the session has no permission (10007, 33003, 10009): a
 * NoPermissionError, or anything carrying such a `code` (or `ret_code`), number or numeric text.
 * The one test for it: the session, the seeder and the connection machine all ask here.
 */
export function isNoPermission(err: unknown): boolean {
  if (err instanceof NoPermissionError) return true;
  if (typeof err !== 'object' || err === null) return false;
  const { code, ret_code: retCode } = err as { code?: unknown; ret_code?: unknown };
  const c = Number(code ?? retCode);
  return Number.isInteger(c) && NO_PERMISSION_CODES.has(c);
}

/** The numeric `code` (or `ret_code`) an error carries, if any. */
export function errorCodeOf(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { code, ret_code: retCode } = err as { code?: unknown; ret_code?: unknown };
  const c = typeof code === 'number' ? code : retCode;
  return typeof c === 'number' && Number.isInteger(c) ? c : undefined;
}
