/**
 * Client frames of both streams: parsed defensively (a frame is untrusted text) into an op with
 * its req_id and args, and the answers in each stream's shape (PROTOCOL.md sections 3 and 4).
 */
import type { Conn } from './conn';

/** Topics one subscribe/unsubscribe may carry. */
export const MAX_ARGS = 100;

export type ParsedOp =
  | { ok: true; op: string; reqId: string | undefined; args: string[] }
  | { ok: false; op: string; reqId: string | undefined; message: string };

export function parseOp(text: string): ParsedOp {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, op: '', reqId: undefined, message: 'error:invalid json' };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, op: '', reqId: undefined, message: 'error:frame must be a JSON object' };
  }
  const o = raw as Record<string, unknown>;
  const own = (k: string) => (Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined);
  const rawReq = own('req_id');
  // Bybit echoes req_id as a string; a number is accepted and echoed as its text.
  const reqId =
    typeof rawReq === 'string' ? rawReq : typeof rawReq === 'number' ? String(rawReq) : undefined;
  const op = own('op');
  if (typeof op !== 'string' || op === '') {
    return { ok: false, op: '', reqId, message: 'error:op must be a non-empty string' };
  }
  if (rawReq !== undefined && reqId === undefined) {
    return { ok: false, op, reqId, message: 'error:req_id must be a string' };
  }
  const args = own('args');
  if (args !== undefined && !(Array.isArray(args) && args.every((a) => typeof a === 'string'))) {
    return { ok: false, op, reqId, message: 'error:args must be an array of strings' };
  }
  const list = (args as string[] | undefined) ?? [];
  if (list.length > MAX_ARGS) {
    return { ok: false, op, reqId, message: `error:too many args (at most ${MAX_ARGS})` };
  }
  return { ok: true, op, reqId, args: list };
}

/** The public stream's answer: {success, ret_msg, conn_id, req_id, op}. */
export function publicReply(
  conn: Conn,
  op: string,
  reqId: string | undefined,
  success: boolean,
  msg: string,
) {
  const r: Record<string, unknown> = { success, ret_msg: msg, conn_id: conn.id };
  if (reqId !== undefined) r.req_id = reqId;
  r.op = op;
  conn.reply(r);
}

/** The private stream's answer: {success, ret_msg, op, conn_id, req_id}. */
export function privateReply(
  conn: Conn,
  op: string,
  reqId: string | undefined,
  success: boolean,
  msg: string,
) {
  const r: Record<string, unknown> = { success, ret_msg: msg, op, conn_id: conn.id };
  if (reqId !== undefined) r.req_id = reqId;
  conn.reply(r);
}
