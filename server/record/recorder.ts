/**
 * `--record DIR`: every websocket connection becomes a session file (PROTOCOL.md section 6) with
 * the REST snapshot responses its user received while it was open. The lines come from the
 * shared SessionRecorder (src/stream/session-recorder.ts), so the server redacts exactly as the
 * clients do: the auth token becomes "<token>"; cookies, passwords and headers never reach a file.
 */
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import type { StreamName } from '../../src/stream/protocol';
import { formatEvent, type SessionHeader } from '../../src/stream/session-file';
import { SessionRecorder } from '../../src/stream/session-recorder';
import type { Clock } from '../clock';

/** One connection's file. A private connection learns its user at auth: the header waits. */
export class ConnectionRecording {
  private readonly out: WriteStream;
  private readonly rec: SessionRecorder;
  /** Lines held until the header is final (null once written). */
  private pending: string[] | null = [];
  private done = false;

  constructor(
    clock: Clock,
    file: string,
    readonly stream: StreamName,
    /** The user whose REST snapshots go into this file (the cookie's, then the token's). */
    public userId: number | undefined,
    deferHeader: boolean,
  ) {
    this.out = createWriteStream(file, { flags: 'wx' });
    this.out.on('error', () => {
      // A full disk must not take the simulator down; the recording just stops.
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

  /** Fixes the header's user and writes everything held so far. */
  start(userId: number): void {
    if (this.pending === null) return;
    this.userId = userId;
    const [header, ...events] = this.pending;
    this.pending = null;
    const fixed = { ...(JSON.parse(header as string) as SessionHeader), userId };
    this.write([formatEvent(fixed), ...events].join('\n') + '\n');
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
    if (this.pending !== null) this.pending.push(line);
    else this.write(line + '\n');
  }

  private write(text: string): void {
    if (!this.done) this.out.write(text);
  }
}

export class Recorder {
  private readonly open = new Set<ConnectionRecording>();

  constructor(
    private readonly dir: string,
    private readonly clock: Clock,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  /** Starts the session file of a new connection. */
  connection(connId: string, stream: StreamName, userId: number | undefined): ConnectionRecording {
    const stamp = new Date(this.clock.now()).toISOString().replace(/[:.]/g, '-');
    const file = join(this.dir, `${stamp}-${stream}-${connId.replace(/[^\w-]/g, '_')}.jsonl`);
    const rec = new ConnectionRecording(this.clock, file, stream, userId, stream === 'private');
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
}
