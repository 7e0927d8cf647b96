/**
 * Frame decoding: raw socket text in, a validated DecodedFrame out. A frame that is not valid
 * JSON, or not of a shape in PROTOCOL.md, becomes `{kind: 'invalid'}` with the reason: it is
 * rejected whole and never throws.
 */
import {
  isPrivateTopic,
  type DecodedFrame,
  type InvalidFrame,
  type OpResponse,
  type PrivateDataFrame,
  type StreamName,
  type TickerFrame,
} from './protocol';
import { isSafeInt, validateEntities, validateTicker, ValidationError } from './validate';

/** Frames above this size are refused before parsing (a sanity bound, not a protocol limit). */
export const MAX_FRAME_CHARS = 16 * 1024 * 1024;

const invalid = (reason: string): InvalidFrame => ({ kind: 'invalid', reason });

type Parsed = { ok: true; obj: Record<string, unknown> } | { ok: false; frame: InvalidFrame };

function parse(text: unknown): Parsed {
  const fail = (reason: string): Parsed => ({ ok: false, frame: invalid(reason) });
  if (typeof text !== 'string') return fail('frame is not text');
  if (text.length > MAX_FRAME_CHARS) return fail(`frame of ${text.length} chars is too large`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return fail('frame is not valid JSON');
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return fail('frame is not a JSON object');
  }
  return { ok: true, obj: raw as Record<string, unknown> };
}

function own(raw: Record<string, unknown>, k: string): unknown {
  return Object.prototype.hasOwnProperty.call(raw, k) ? raw[k] : undefined;
}

function decodeResponse(raw: Record<string, unknown>): OpResponse | InvalidFrame {
  const op = own(raw, 'op');
  if (typeof op !== 'string') return invalid('frame has neither topic nor op');
  const success = own(raw, 'success');
  const retMsg = own(raw, 'ret_msg');
  const reqId = own(raw, 'req_id');
  const connId = own(raw, 'conn_id');
  const args = own(raw, 'args');
  if (success !== undefined && typeof success !== 'boolean')
    return invalid('success: expected boolean');
  if (retMsg !== undefined && typeof retMsg !== 'string')
    return invalid('ret_msg: expected string');
  if (reqId !== undefined && typeof reqId !== 'string') return invalid('req_id: expected string');
  if (connId !== undefined && typeof connId !== 'string')
    return invalid('conn_id: expected string');
  if (args !== undefined && !(Array.isArray(args) && args.every((a) => typeof a === 'string'))) {
    return invalid('args: expected array of strings');
  }
  const out: OpResponse = {
    kind: 'response',
    op,
    // A private pong has no `success`; it is an answer, not a failure.
    success: success ?? true,
    retMsg: retMsg ?? '',
  };
  if (reqId !== undefined) out.reqId = reqId;
  if (connId !== undefined) out.connId = connId;
  if (args !== undefined) out.args = args as string[];
  return out;
}

function frameType(raw: Record<string, unknown>): 'delta' | 'snapshot' | undefined {
  const t = own(raw, 'type');
  return t === 'delta' || t === 'snapshot' ? t : undefined;
}

/** Decodes one frame of the private stream. */
export function decodePrivate(text: unknown): DecodedFrame {
  const parsed = parse(text);
  if (!parsed.ok) return parsed.frame;
  const obj = parsed.obj;
  const topic = own(obj, 'topic');
  if (topic === undefined) return decodeResponse(obj);
  if (typeof topic !== 'string') return invalid('topic: expected string');
  if (!isPrivateTopic(topic)) return invalid(`unknown private topic ${JSON.stringify(topic)}`);
  const type = frameType(obj);
  if (!type) return invalid('type: expected "delta" or "snapshot"');
  const seq = own(obj, 'seq');
  if (!isSafeInt(seq) || seq < 0) return invalid('seq: expected non-negative integer');
  const creationTime = own(obj, 'creationTime');
  if (!isSafeInt(creationTime)) return invalid('creationTime: expected integer');
  const id = own(obj, 'id');
  if (id !== undefined && typeof id !== 'string') return invalid('id: expected string');
  try {
    const items = validateEntities(topic, own(obj, 'data'));
    const frame = { kind: 'data', topic, type, seq, creationTime, items } as PrivateDataFrame;
    if (id !== undefined) frame.id = id;
    return frame;
  } catch (err) {
    if (err instanceof ValidationError) return invalid(`${topic}: ${err.message}`);
    throw err;
  }
}

/** Decodes one frame of the public (Bybit V5 linear) stream. */
export function decodePublic(text: unknown): DecodedFrame {
  const parsed = parse(text);
  if (!parsed.ok) return parsed.frame;
  const obj = parsed.obj;
  const topic = own(obj, 'topic');
  if (topic === undefined) return decodeResponse(obj);
  if (typeof topic !== 'string') return invalid('topic: expected string');
  if (!topic.startsWith('tickers.'))
    return invalid(`unsupported public topic ${JSON.stringify(topic)}`);
  const type = frameType(obj);
  if (!type) return invalid('type: expected "delta" or "snapshot"');
  const ts = own(obj, 'ts');
  if (!isSafeInt(ts)) return invalid('ts: expected integer');
  const cs = own(obj, 'cs');
  if (cs !== undefined && !isSafeInt(cs)) return invalid('cs: expected integer');
  try {
    const data = validateTicker(own(obj, 'data'));
    if (`tickers.${data.symbol}` !== topic) return invalid(`data.symbol does not match ${topic}`);
    const frame: TickerFrame = { kind: 'ticker', topic, type, ts, data };
    if (cs !== undefined) frame.cs = cs;
    return frame;
  } catch (err) {
    if (err instanceof ValidationError) return invalid(`${topic}: ${err.message}`);
    throw err;
  }
}

export function decodeFrame(stream: StreamName, text: unknown): DecodedFrame {
  return stream === 'private' ? decodePrivate(text) : decodePublic(text);
}
