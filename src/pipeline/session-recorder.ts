/**
 * Recording a session file (PROTOCOL.md section 6) from the client's side: the shared logic of
 * `npm run record` (Node) and the dashboard's "Record session" control (browser). Events are
 * timed from the start of the recording, never decreasing; secrets never reach a line: the auth
 * op's token becomes "<token>", the one-time-token answer's token too, and headers (cookies,
 * Set-Cookie) are never recorded at all. Memory is bounded: past `maxChars` the recording stops
 * itself, keeping a valid file.
 *
 * The wire tap is how the app's own transport and HTTP client feed a recorder: a TapSlot made
 * once at the root and handed to each (injected, never a module global); one null check per
 * frame when nothing records.
 */
import { isRecordedRest, isTokenPath } from '../api/tap';
import type { StreamName } from '../wire/protocol';
import type { RestExchange, WireTap } from '../wire/tap';
import {
  formatEvent,
  SESSION_VERSION,
  type SessionEvent,
  type SessionHeader,
} from '../wire/session-file';

const TOKEN_PLACEHOLDER = '<token>';
const REDACTED = '<redacted>';
/** Long opaque runs in a client frame that is not JSON might be a token: they are masked. */
const OPAQUE_RUN = /[A-Za-z0-9_-]{24,}/g;
/** Keys whose values are credentials wherever they appear in a recorded body. */
const SECRET_KEY =
  /^(token|password|passwd|secret|cookie|set-cookie|sessiontoken|accesstoken|refreshtoken|apikey|apisecret)$/i;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** A client frame with its credentials replaced: an auth op's args become ["<token>"]. */
export function redactClientFrame(stream: StreamName, text: string): string {
  const parsed = parse(text);
  if (!parsed.ok) return stream === 'private' ? text.replace(OPAQUE_RUN, REDACTED) : text;
  const o = parsed.value;
  if (isObject(o) && o.op === 'auth') return JSON.stringify({ ...o, args: [TOKEN_PLACEHOLDER] });
  return text;
}

/** Replaces secret-named values in place; true when anything was replaced. */
function scrub(v: unknown): boolean {
  let changed = false;
  if (Array.isArray(v)) {
    for (const x of v) changed = scrub(x) || changed;
  } else if (isObject(v)) {
    for (const k of Object.keys(v)) {
      if (SECRET_KEY.test(k) && typeof v[k] === 'string') {
        v[k] = /token/i.test(k) ? TOKEN_PLACEHOLDER : REDACTED;
        changed = true;
      } else changed = scrub(v[k]) || changed;
    }
  }
  return changed;
}

/**
 * A REST body as it may be recorded: the raw text unless it holds credentials (the one-time
 * token answer, or any `token`/`password`/`cookie`-like field), which are replaced.
 */
export function redactRestBody(path: string, body: string): string {
  const parsed = parse(body);
  if (!parsed.ok) return isTokenPath(path) ? body.replace(OPAQUE_RUN, REDACTED) : body;
  return scrub(parsed.value) ? JSON.stringify(parsed.value) : body;
}

export type StopReason = 'stopped' | 'limit' | 'signed-out';

export interface SessionRecorderOptions {
  /** The session's user (header `userId`; 0 when nobody is signed in). */
  userId: number;
  /** ms clock; default Date.now. */
  now?: () => number;
  /**
   * Stop by itself past this many characters of file (about bytes for JSON text); default
   * unbounded. The line that would cross it is not written, so the file stays valid.
   */
  maxChars?: number;
  /** Receives every line as written (header first); when given, lines are not kept in memory. */
  onLine?: (line: string) => void;
  /** Called once when the recording stops, whatever the reason. */
  onStop?: (reason: StopReason) => void;
}

/** One recording: feed it wire events (it is a WireTap), then `text()` or the `onLine` sink. */
export class SessionRecorder implements WireTap {
  readonly startedAt: number;
  private readonly clock: () => number;
  private readonly maxChars: number;
  private readonly lines: string[] | null;
  private lastT = 0;
  private chars = 0;
  private count = 0;
  private stoppedAt: number | undefined;
  private reason: StopReason | undefined;
  private readonly decoder = new TextDecoder();

  constructor(private readonly opts: SessionRecorderOptions) {
    this.clock = opts.now ?? Date.now;
    this.startedAt = this.clock();
    this.maxChars = opts.maxChars ?? Number.POSITIVE_INFINITY;
    this.lines = opts.onLine ? null : [];
    const header: SessionHeader = {
      kind: 'header',
      version: SESSION_VERSION,
      recordedAt: new Date(this.startedAt).toISOString(),
      userId: opts.userId,
    };
    this.write(formatEvent(header));
  }

  now(): number {
    return this.clock();
  }

  open(stream: StreamName): void {
    this.push({ t: this.t(), kind: 'open', stream });
  }

  send(stream: StreamName, text: string): void {
    this.push({ t: this.t(), kind: 'send', stream, frame: redactClientFrame(stream, text) });
  }

  recv(stream: StreamName, data: unknown): void {
    let frame: string;
    if (typeof data === 'string') frame = data;
    else if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
      frame = this.decoder.decode(data as ArrayBuffer | ArrayBufferView);
    } else return; // a Blob cannot be read synchronously; browsers deliver text frames as strings
    this.push({ t: this.t(), kind: 'recv', stream, frame });
  }

  close(stream: StreamName, code: number, reason: string): void {
    this.push({ t: this.t(), kind: 'close', stream, code, reason });
  }

  rest(x: RestExchange): void {
    if (!isRecordedRest(x.method, x.path)) return;
    const t = this.t(x.arrivedAt);
    const sent = Math.min(t, Math.max(0, Math.floor(x.sentAt - this.startedAt)));
    this.push({
      t,
      kind: 'rest',
      sent,
      method: x.method.toUpperCase(),
      path: x.path,
      status: x.status,
      body: redactRestBody(x.path, x.body),
    });
  }

  /** Ends the recording (idempotent); later events are ignored. */
  stop(reason: StopReason = 'stopped'): void {
    if (this.reason !== undefined) return;
    this.reason = reason;
    this.stoppedAt = this.clock();
    this.opts.onStop?.(reason);
  }

  get recording(): boolean {
    return this.reason === undefined;
  }
  get stopReason(): StopReason | undefined {
    return this.reason;
  }
  /** Events written (the header not counted). */
  get eventCount(): number {
    return this.count;
  }
  /** Characters written so far, newlines included. */
  get size(): number {
    return this.chars;
  }
  get elapsedMs(): number {
    return Math.max(0, (this.stoppedAt ?? this.clock()) - this.startedAt);
  }

  /** The file: header and events, one per line, with a final newline. */
  text(): string {
    if (!this.lines) throw new Error('this recorder streams its lines to onLine');
    return this.lines.join('\n') + '\n';
  }

  private t(at = this.clock()): number {
    // Never decreasing, whatever the clock does (a laptop's clock may step back).
    this.lastT = Math.max(this.lastT, Math.floor(at - this.startedAt));
    return this.lastT;
  }

  private push(ev: SessionEvent): void {
    if (this.reason !== undefined) return;
    const line = formatEvent(ev);
    if (this.chars + line.length + 1 > this.maxChars) {
      this.stop('limit');
      return;
    }
    this.count++;
    this.write(line);
  }

  private write(line: string): void {
    this.chars += line.length + 1;
    if (this.lines) this.lines.push(line);
    else this.opts.onLine?.(line);
  }
}
