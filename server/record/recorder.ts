/**
 * `--record DIR`: every websocket connection becomes a session file (PROTOCOL.md section 6) with
 * the REST snapshot responses its user received while it was open. The lines come from the
 * shared SessionRecorder (src/pipeline/session-recorder.ts), so the server redacts exactly as the
 * clients do: the auth token becomes "<token>"; cookies, passwords and headers never reach a file.
 *
 * Bounded, and never silent: a file stops growing at `maxFileBytes` (the line that would cross it
 * is not written, so the file stays valid), the run stops starting files at `maxTotalBytes`, the
 * lines a private connection sends before it signs in are held up to `maxPendingBytes` (then the
 * file is written with user 0), two connections never share a file name, and a file that cannot
 * be written is reported.
 */
import { createWriteStream, mkdirSync, openSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import type { StreamName } from '../../src/wire/protocol';
import { formatEvent, type SessionHeader } from '../../src/wire/session-file';
import { SessionRecorder } from '../../src/pipeline/session-recorder';
import type { Clock } from '../clock';

const MB = 1024 * 1024;

export interface RecorderOptions {
  /** Bytes one session file may hold (default 32 MB, the browser recorder's limit). */
  maxFileBytes?: number;
  /** Bytes all files of a run may hold; beyond it new connections are not recorded (1 GB). */
  maxTotalBytes?: number;
  /** Lines held for a private connection until it signs in (default 256 KB). */
  maxPendingBytes?: number;
  /** Where problems are reported (default: stderr). */
  log?: (message: string) => void;
}

/** What the files of one run share: the byte budget and the log. */
interface Shared {
  maxFileBytes: number;
  maxPendingBytes: number;
  total: { remaining: number };
  log: (message: string) => void;
}

/** One connection's file. A private connection learns its user at auth: the header waits. */
export class ConnectionRecording {
  private readonly out: WriteStream;
  private readonly rec: SessionRecorder;
  /** Lines held until the header is final (null once written). */
  private pending: string[] | null = [];
  private pendingBytes = 0;
  private written = 0;
  private full = false;
  private done = false;

  constructor(
    clock: Clock,
    readonly file: string,
    fd: number,
    readonly stream: StreamName,
    /** The user whose REST snapshots go into this file (the cookie's, then the token's). */
    public userId: number | undefined,
    deferHeader: boolean,
    private readonly shared: Shared,
  ) {
    this.out = createWriteStream(file, { fd });
    this.out.on('error', (err) => {
      // A full disk must not take the simulator down; the recording stops, and says so.
      if (!this.done) this.shared.log(`recording ${file} stopped: ${err.message}`);
      this.done = true;
    });
    this.rec = new SessionRecorder({
      userId: userId ?? 0,
      now: () => clock.now(),
      onLine: (line) => this.line(line),
    });
    this.rec.open(stream);
    if (!deferHeader) this.start(userId ?? 0);
  }

  /** Fixes the header's user (if not yet written) and writes everything held so far. */
  start(userId: number): void {
    this.userId = userId;
    if (this.pending === null) return;
    const [header, ...events] = this.pending;
    this.pending = null;
    this.pendingBytes = 0;
    const fixed = { ...(JSON.parse(header as string) as SessionHeader), userId };
    for (const line of [formatEvent(fixed), ...events]) this.write(line);
  }

  send(stream: StreamName, text: string): void {
    this.rec.send(stream, text);
  }

  recv(stream: StreamName, text: string): void {
    this.rec.recv(stream, text);
  }

  rest(sentAt: number, method: string, path: string, status: number, body: string): void {
    this.rec.rest({ sentAt, method, path, status, body });
  }

  /** Records the close and finishes the file. */
  close(code: number, reason: string): Promise<void> {
    if (this.done) return Promise.resolve();
    this.rec.close(this.stream, code, reason);
    this.rec.stop();
    if (this.pending !== null) this.start(this.userId ?? 0);
    this.done = true;
    return new Promise((resolve) => this.out.end(resolve));
  }

  private line(line: string): void {
    if (this.pending === null) return this.write(line);
    this.pending.push(line);
    this.pendingBytes += Buffer.byteLength(line, 'utf8');
    if (this.pendingBytes > this.shared.maxPendingBytes) {
      // Nobody signed in yet and the lines pile up: write them under user 0 from here on.
      const userId = this.userId;
      this.start(0);
      this.userId = userId;
    }
  }

  private write(line: string): void {
    if (this.done || this.full) return;
    const bytes = Buffer.byteLength(line, 'utf8') + 1;
    if (this.written + bytes > this.shared.maxFileBytes || bytes > this.shared.total.remaining) {
      this.full = true;
      // The run's budget is spent once a line no longer fits: no new file is started either.
      if (bytes > this.shared.total.remaining) this.shared.total.remaining = 0;
      this.shared.log(
        `recording ${this.file} is full (${this.written} bytes): later events are not written`,
      );
      return;
    }
    this.written += bytes;
    this.shared.total.remaining -= bytes;
    this.out.write(`${line}\n`);
  }
}

export class Recorder {
  private readonly open = new Set<ConnectionRecording>();
  private readonly shared: Shared;
  private refusedOnce = false;

  constructor(
    private readonly dir: string,
    private readonly clock: Clock,
    opts: RecorderOptions = {},
  ) {
    mkdirSync(dir, { recursive: true });
    this.shared = {
      maxFileBytes: opts.maxFileBytes ?? 32 * MB,
      maxPendingBytes: opts.maxPendingBytes ?? 256 * 1024,
      total: { remaining: opts.maxTotalBytes ?? 1024 * MB },
      log: opts.log ?? ((m) => process.stderr.write(`sim: ${m}\n`)),
    };
  }

  /** Starts the session file of a new connection; undefined when it cannot be recorded. */
  connection(
    connId: string,
    stream: StreamName,
    userId: number | undefined,
  ): ConnectionRecording | undefined {
    if (this.shared.total.remaining <= 0) {
      if (!this.refusedOnce) this.shared.log(`recording limit reached: ${this.dir} is not written`);
      this.refusedOnce = true;
      return undefined;
    }
    const stamp = new Date(this.clock.now()).toISOString().replace(/[:.]/g, '-');
    const base = join(this.dir, `${stamp}-${stream}-${connId.replace(/[^\w-]/g, '_')}`);
    const opened = this.create(base);
    if (!opened) return undefined;
    const rec = new ConnectionRecording(
      this.clock,
      opened.file,
      opened.fd,
      stream,
      userId,
      stream === 'private',
      this.shared,
    );
    this.open.add(rec);
    return rec;
  }

  /** A REST snapshot response of `userId`: added to each of the user's open private sessions. */
  rest(userId: number, sentAt: number, method: string, path: string, status: number, body: string) {
    for (const rec of this.open) {
      if (rec.stream === 'private' && rec.userId === userId)
        rec.rest(sentAt, method, path, status, body);
    }
  }

  async finish(rec: ConnectionRecording, code: number, reason: string): Promise<void> {
    this.open.delete(rec);
    await rec.close(code, reason);
  }

  /** Closes every open file (shutdown): the close event says the server went away. */
  async closeAll(): Promise<void> {
    const all = [...this.open];
    this.open.clear();
    await Promise.all(all.map((r) => r.close(1001, 'server shutdown')));
  }

  /**
   * A new file `base.jsonl`, else `base-1.jsonl`, `base-2.jsonl`… (a manual clock stands still and
   * connection ids restart with each run, so names repeat); never an existing file overwritten.
   */
  private create(base: string): { file: string; fd: number } | undefined {
    for (let n = 0; n < 10_000; n++) {
      const file = n === 0 ? `${base}.jsonl` : `${base}-${n}.jsonl`;
      try {
        return { file, fd: openSync(file, 'wx') };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
        this.shared.log(`cannot record to ${file}: ${(err as Error).message}`);
        return undefined;
      }
    }
    this.shared.log(`cannot record to ${base}.jsonl: too many files of that name`);
    return undefined;
  }
}
