/**
 * `--record DIR`: every websocket connection becomes a session file (PROTOCOL.md section 6) with
 * the REST snapshot responses its user received while it was open. Secrets never reach a file:
 * the auth token becomes "<token>", and cookies, passwords and headers are not recorded at all.
 */
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import type { StreamName } from '../../src/stream/protocol';
import { formatEvent, SESSION_VERSION, type SessionEvent } from '../../src/stream/session-file';
import type { Clock } from '../clock';

export const TOKEN_PLACEHOLDER = '<token>';
/** Long opaque runs in an unparseable frame might be a token: they are masked too. */
const OPAQUE_RUN = /[A-Za-z0-9_-]{24,}/g;

/** A client frame with its credentials replaced by placeholders. */
export function redactClientFrame(stream: StreamName, text: string): string {
  if (stream !== 'private') return text;
  let obj: unknown;
  try {
    obj = JSON.parse(text);
  } catch {
    return text.replace(OPAQUE_RUN, '<redacted>');
  }
  if (typeof obj === 'object' && obj !== null && !Array.isArray(obj)) {
    const o = obj as Record<string, unknown>;
    if (o.op === 'auth') return JSON.stringify({ ...o, args: [TOKEN_PLACEHOLDER] });
  }
  return text;
}

export class SessionRecorder {
  private readonly out: WriteStream;
  private readonly startedAt: number;
  private lastT = 0;
  private pending: string[] | null = [];
  private done = false;

  constructor(
    private readonly clock: Clock,
    file: string,
    readonly stream: StreamName,
    public userId: number | undefined,
    /** Private connections learn their user at auth: the header waits until then. */
    deferHeader: boolean,
  ) {
    this.startedAt = clock.now();
    this.out = createWriteStream(file, { flags: 'wx' });
    this.out.on('error', () => {
      // A full disk must not take the simulator down; the recording just stops.
      this.done = true;
    });
    this.push({ t: 0, kind: 'open', stream });
    if (!deferHeader) this.start(userId ?? 0);
  }

  /** Writes the header (once the user is known) and everything buffered before it. */
  start(userId: number): void {
    if (this.pending === null) return;
    this.userId = userId;
    const header = {
      kind: 'header' as const,
      version: SESSION_VERSION,
      recordedAt: new Date(this.startedAt).toISOString(),
      userId,
    };
    const lines = [formatEvent(header), ...this.pending];
    this.pending = null;
    this.write(lines.join('\n') + '\n');
  }

  send(stream: StreamName, text: string): void {
    this.push({ t: this.t(), kind: 'send', stream, frame: redactClientFrame(stream, text) });
  }

  recv(stream: StreamName, text: string): void {
    this.push({ t: this.t(), kind: 'recv', stream, frame: text });
  }

  rest(sentAtMs: number, method: string, path: string, status: number, body: string): void {
    const t = this.t();
    const sent = Math.min(t, Math.max(0, sentAtMs - this.startedAt));
    this.push({ t, kind: 'rest', sent, method, path, status, body });
  }

  /** Records the close and finishes the file. */
  close(code: number, reason: string): Promise<void> {
    if (this.done) return Promise.resolve();
    this.push({ t: this.t(), kind: 'close', stream: this.stream, code, reason });
    if (this.pending !== null) this.start(this.userId ?? 0);
    this.done = true;
    return new Promise((resolve) => this.out.end(resolve));
  }

  private t(): number {
    // Never decreasing, whatever the clock does.
    this.lastT = Math.max(this.lastT, this.clock.now() - this.startedAt);
    return this.lastT;
  }

  private push(ev: SessionEvent): void {
    if (this.done) return;
    const line = formatEvent(ev);
    if (this.pending !== null) this.pending.push(line);
    else this.write(line + '\n');
  }

  private write(text: string): void {
    if (!this.done) this.out.write(text);
  }
}

export class Recorder {
  private readonly open = new Set<SessionRecorder>();

  constructor(
    private readonly dir: string,
    private readonly clock: Clock,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  /** Starts the session file of a new connection. */
  connection(connId: string, stream: StreamName, userId: number | undefined): SessionRecorder {
    const stamp = new Date(this.clock.now()).toISOString().replace(/[:.]/g, '-');
    const file = join(this.dir, `${stamp}-${stream}-${connId.replace(/[^\w-]/g, '_')}.jsonl`);
    const rec = new SessionRecorder(this.clock, file, stream, userId, stream === 'private');
    this.open.add(rec);
    return rec;
  }

  /** A REST snapshot response of `userId`: added to each of the user's open private sessions. */
  rest(
    userId: number,
    sentAtMs: number,
    method: string,
    path: string,
    status: number,
    body: string,
  ) {
    for (const rec of this.open) {
      if (rec.stream === 'private' && rec.userId === userId)
        rec.rest(sentAtMs, method, path, status, body);
    }
  }

  async finish(rec: SessionRecorder, code: number, reason: string): Promise<void> {
    this.open.delete(rec);
    await rec.close(code, reason);
  }

  /** Closes every open file (shutdown): the close event says the server went away. */
  async closeAll(): Promise<void> {
    const all = [...this.open];
    this.open.clear();
    await Promise.all(all.map((r) => r.close(1001, 'server shutdown')));
  }
}
