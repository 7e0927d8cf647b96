/**
 * Recorded session files (PROTOCOL.md section 6): JSON Lines, a header then events with
 * non-decreasing `t`. Parsing is pure data handling: nothing in a file is ever executed, and
 * every error names its line.
 */
import type { StreamName } from './protocol';

export const SESSION_VERSION = 1;

export interface SessionHeader {
  kind: 'header';
  version: number;
  recordedAt: string;
  userId: number;
}

export type SessionEvent =
  | { t: number; kind: 'open'; stream: StreamName }
  | { t: number; kind: 'send'; stream: StreamName; frame: string }
  | { t: number; kind: 'recv'; stream: StreamName; frame: string }
  | { t: number; kind: 'close'; stream: StreamName; code: number; reason: string }
  | {
      t: number;
      kind: 'rest';
      sent: number;
      method: string;
      path: string;
      status: number;
      body: string;
    };

export interface Session {
  header: SessionHeader;
  events: SessionEvent[];
}

export class SessionFileError extends Error {
  constructor(
    readonly line: number,
    detail: string,
  ) {
    super(`line ${line}: ${detail}`);
    this.name = 'SessionFileError';
  }
}

type Obj = Record<string, unknown>;

function field<T>(o: Obj, k: string, ok: (v: unknown) => v is T, what: string, line: number): T {
  const v = Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined;
  if (!ok(v)) throw new SessionFileError(line, `"${k}" must be ${what}`);
  return v;
}
const isStr = (v: unknown): v is string => typeof v === 'string';
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isStream = (v: unknown): v is StreamName => v === 'public' || v === 'private';
/**
 * The status of a final HTTP answer: the replay server sends it back as recorded, and an
 * informational 1xx there leaves the client waiting for an answer that never comes (fetch, which
 * the recorder reads statuses from, never reports one).
 */
const isStatus = (v: unknown): v is number => isInt(v) && v >= 200 && v <= 599;

function parseHeader(o: Obj): SessionHeader {
  if (o.kind !== 'header') throw new SessionFileError(1, 'the first line must be the header');
  const version = field(o, 'version', isInt, 'an integer', 1);
  if (version !== SESSION_VERSION) {
    throw new SessionFileError(
      1,
      `unsupported session version ${version} (expected ${SESSION_VERSION})`,
    );
  }
  return {
    kind: 'header',
    version,
    recordedAt: field(o, 'recordedAt', isStr, 'a string', 1),
    userId: field(o, 'userId', isInt, 'an integer', 1),
  };
}

function parseEvent(o: Obj, line: number): SessionEvent {
  const t = field(o, 't', isTime, 'a non-negative number', line);
  const kind = o.kind;
  switch (kind) {
    case 'open':
      return { t, kind, stream: field(o, 'stream', isStream, '"public" or "private"', line) };
    case 'send':
    case 'recv':
      return {
        t,
        kind,
        stream: field(o, 'stream', isStream, '"public" or "private"', line),
        frame: field(o, 'frame', isStr, 'a string', line),
      };
    case 'close':
      return {
        t,
        kind,
        stream: field(o, 'stream', isStream, '"public" or "private"', line),
        code: field(o, 'code', isInt, 'an integer', line),
        reason: o.reason === undefined ? '' : field(o, 'reason', isStr, 'a string', line),
      };
    case 'rest': {
      const sent = field(o, 'sent', isTime, 'a non-negative number', line);
      if (sent > t) throw new SessionFileError(line, `"sent" (${sent}) is after "t" (${t})`);
      return {
        t,
        kind,
        sent,
        method: field(o, 'method', isStr, 'a string', line),
        path: field(o, 'path', isStr, 'a string', line),
        status: field(o, 'status', isStatus, 'an HTTP status, an integer from 200 to 599', line),
        body: field(o, 'body', isStr, 'a string', line),
      };
    }
    default:
      throw new SessionFileError(line, `unknown event kind ${JSON.stringify(kind)}`);
  }
}

function parseLine(text: string, line: number): Obj {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new SessionFileError(line, 'not valid JSON (is the file truncated?)');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    throw new SessionFileError(line, 'not a JSON object');
  }
  return v as Obj;
}

/** Parses a whole session file; throws SessionFileError naming the first bad line. */
export function parseSession(text: string): Session {
  // A byte-order mark (editors on Windows add one) is not part of the first line, and a line may
  // end with CRLF: both are how the file was saved, not what it says.
  const lines = (text.startsWith('\uFEFF') ? text.slice(1) : text).split('\n');
  for (let i = 0; i < lines.length; i++) lines[i] = (lines[i] as string).replace(/\r$/, '');
  // One final newline is allowed; anything else blank is an error.
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length === 0 || (lines.length === 1 && lines[0]?.trim() === '')) {
    throw new SessionFileError(1, 'empty file: expected a header line');
  }
  const header = parseHeader(parseLine(lines[0] as string, 1));
  const events: SessionEvent[] = [];
  let last = 0;
  for (let i = 1; i < lines.length; i++) {
    const raw = lines[i] as string;
    if (raw.trim() === '') throw new SessionFileError(i + 1, 'empty line');
    const ev = parseEvent(parseLine(raw, i + 1), i + 1);
    if (ev.t < last)
      throw new SessionFileError(i + 1, `time goes backwards (t=${ev.t} after t=${last})`);
    last = ev.t;
    events.push(ev);
  }
  return { header, events };
}

/** One event as a line of a session file. */
export function formatEvent(ev: SessionEvent | SessionHeader): string {
  return JSON.stringify(ev);
}
