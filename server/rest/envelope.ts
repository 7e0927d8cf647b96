/**
 * The two REST envelopes: the web app's own (`ret_code`, `time_now` in seconds with
 * microseconds) and Bybit V5's (`retCode`, `time` in ms), and the error that handlers throw to
 * answer a business error.
 */
import { ERROR_CODES, ERROR_MESSAGES, type ErrorCode } from '../../src/api/error-codes';
import type { RestEnvelope, V5Envelope } from '../../src/wire/protocol';

/** A REST `time_now`: seconds with six decimals ("1732150000.123000"). */
function timeNow(ms: number): string {
  const s = Math.floor(ms / 1000);
  const micros = (ms - s * 1000) * 1000;
  return `${s}.${String(micros).padStart(6, '0')}`;
}

export function okEnvelope<T>(result: T, nowMs: number): RestEnvelope<T> {
  return {
    ret_code: 0,
    ret_msg: 'OK',
    result,
    ext_code: '',
    ext_info: null,
    time_now: timeNow(nowMs),
  };
}

export function errorEnvelope(code: number, message: string, nowMs: number): RestEnvelope<null> {
  return {
    ret_code: code,
    ret_msg: message,
    result: null,
    ext_code: '',
    ext_info: null,
    time_now: timeNow(nowMs),
  };
}

export function v5Envelope<T>(result: T, nowMs: number, retCode = 0, retMsg = 'OK'): V5Envelope<T> {
  return { retCode, retMsg, result, retExtInfo: {}, time: nowMs };
}

/** Thrown by a handler to answer `ret_code` != 0 (HTTP 200, as the exchange does). */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_MESSAGES[code],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A request parameter is missing or invalid: the message names the field. */
export function paramError(field: string, problem: string): ApiError {
  return new ApiError(ERROR_CODES.PARAM_ERROR, `${field}: ${problem}`);
}
