/**
 * A session file read as a stream (`replay --check` event by event; `readSessionFile` whole, for
 * the replay CLI's other modes and the browser benchmark): lines are parsed in batches by the
 * project's own parser (src/wire/session-file.ts, the same rules and line-numbered errors as a
 * whole-file read), so a 1 GB file is replayed in flat memory. Opened without blocking and
 * checked on the open descriptor: a FIFO or a device is refused, never waited on.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import {
  parseSession,
  SessionFileError,
  type Session,
  type SessionEvent,
  type SessionHeader,
} from '../../src/wire/session-file';

const BATCH = 512;

/** A failure to read the file at all (not a line of it). */
class UnreadableFile extends Error {}

/** Re-numbers an error of a batch parsed after a copy of the header (batch line 2 = `first`). */
function renumber(err: unknown, first: number): never {
  if (err instanceof SessionFileError) {
    const line = err.line === 1 ? 1 : first + err.line - 2;
    throw new SessionFileError(line, err.message.replace(/^line \d+: /, ''));
  }
  throw err;
}

/**
 * Calls `onHeader` once, then `onEvent` for every event in order (with its index). Throws
 * SessionFileError naming the first bad line, UnreadableFile when the file cannot be read.
 */
export async function streamSession(
  file: string,
  onHeader: (h: SessionHeader) => void,
  onEvent: (ev: SessionEvent, index: number) => void,
): Promise<void> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    throw new UnreadableFile(`cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    if (!(await handle.stat()).isFile()) throw new UnreadableFile(`${file}: not a regular file`);
    const lines = createInterface({
      input: handle.createReadStream({ encoding: 'utf8', autoClose: false }),
      crlfDelay: Infinity,
    });
    let headerLine: string | undefined;
    let lineNo = 0;
    let index = 0;
    let lastT = 0;
    let batch: string[] = [];
    let batchFirst = 2;
    const flush = () => {
      if (batch.length === 0) return;
      let events: SessionEvent[];
      try {
        events = parseSession(`${headerLine}\n${batch.join('\n')}`).events;
      } catch (err) {
        renumber(err, batchFirst);
      }
      const first = events[0];
      if (first && first.t < lastT) {
        throw new SessionFileError(
          batchFirst,
          `time goes backwards (t=${first.t} after t=${lastT})`,
        );
      }
      for (const ev of events) onEvent(ev, index++);
      lastT = events[events.length - 1]?.t ?? lastT;
      batch = [];
      batchFirst = lineNo + 1;
    };
    for await (const raw of lines) {
      lineNo++;
      if (headerLine === undefined) {
        headerLine = raw.startsWith('\uFEFF') ? raw.slice(1) : raw;
        onHeader(parseSession(headerLine).header);
        continue;
      }
      if (raw.trim() === '') throw new SessionFileError(lineNo, 'empty line');
      batch.push(raw);
      if (batch.length >= BATCH) flush();
    }
    if (headerLine === undefined) parseSession(''); // throws: empty file
    flush();
  } finally {
    await handle.close();
  }
}

/**
 * The whole session, read as a stream of lines: for files of any size (a whole-file read fails
 * past V8's largest string, 512 MB; the browser benchmark's 10-minute session is 560 MB). Throws
 * as streamSession does.
 */
export async function readSessionFile(file: string): Promise<Session> {
  let header: SessionHeader | undefined;
  const events: SessionEvent[] = [];
  await streamSession(
    file,
    (h) => (header = h),
    (ev) => events.push(ev),
  );
  if (!header) throw new SessionFileError(1, 'empty file: expected a header line');
  return { header, events };
}
