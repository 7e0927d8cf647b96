/**
 * Reading a response: the body by requested type, and the envelope (`ret_code`, or Bybit V5
 * `retCode`) turned into its value or the business error it carries.
 */
import { NO_PERMISSION_CODES } from '../wire/protocol';
import {
  ApiError,
  BusinessError,
  NoPermissionError,
  NonResponseError,
  ParseError,
  type RequestInfo,
} from './errors';

const RESPONSE_TYPES = ['json', 'text', 'formData', 'blob', 'arrayBuffer'] as const;
export type ResponseType = (typeof RESPONSE_TYPES)[number];
const RESPONSE_TYPE_SET: ReadonlySet<string> = new Set(RESPONSE_TYPES);
export function isResponseType(v: unknown): v is ResponseType {
  return typeof v === 'string' && RESPONSE_TYPE_SET.has(v);
}

/**
 * What a request resolves to when the status is inside a widened `acceptStatus` range but not
 * 2xx (e.g. a 404 with acceptStatus [200, 499]): no headers, no data, and the status.
 */
export interface EmptyResponse {
  readonly empty: true;
  readonly status: number;
  readonly statusText: string;
  readonly headers: Readonly<Record<string, never>>;
  readonly data: null;
}
export function isEmptyResponse(v: unknown): v is EmptyResponse {
  return typeof v === 'object' && v !== null && (v as { empty?: unknown }).empty === true;
}

function retCodeOf(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return Number(v);
  return undefined;
}

/** The envelope's value: `result` (or the envelope), or the business error it carries. */
export function unwrapEnvelope(parsed: unknown, wantEnvelope: boolean, req: RequestInfo): unknown {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new NonResponseError(req);
  }
  const env = parsed as Record<string, unknown>;
  const web = 'ret_code' in env;
  const code = retCodeOf(web ? env.ret_code : env.retCode);
  if (code === undefined) throw new NonResponseError(req);
  if (code !== 0) {
    const msg = web ? env.ret_msg : env.retMsg;
    const text = typeof msg === 'string' ? msg : '';
    const Err = web && NO_PERMISSION_CODES.has(code) ? NoPermissionError : BusinessError;
    throw new Err(code, text, env.result ?? null, req);
  }
  return wantEnvelope ? env : env.result;
}

/** The body read as `type`; transport failures go through `classify`. */
export async function readBody(
  res: Response,
  type: ResponseType,
  req: RequestInfo,
  classify: (err: unknown) => ApiError,
): Promise<unknown> {
  switch (type) {
    case 'json': {
      let text: string;
      try {
        text = await res.text();
      } catch (err) {
        throw classify(err);
      }
      if (text.trim() === '') throw new NonResponseError(req);
      try {
        return JSON.parse(text) as unknown;
      } catch (err) {
        throw new NonResponseError(req, err);
      }
    }
    case 'text':
      return res.text().catch((err: unknown) => Promise.reject(classify(err)));
    case 'blob':
      return res.blob().catch((err: unknown) => Promise.reject(classify(err)));
    case 'arrayBuffer':
      return res.arrayBuffer().catch((err: unknown) => Promise.reject(classify(err)));
    case 'formData': {
      // Read first so that a broken connection is a NetworkError and bad content a ParseError.
      let bytes: ArrayBuffer;
      try {
        bytes = await res.arrayBuffer();
      } catch (err) {
        throw classify(err);
      }
      try {
        return await new Response(bytes, { headers: res.headers }).formData();
      } catch (err) {
        throw new ParseError('The body is not form data.', req, err);
      }
    }
  }
}
