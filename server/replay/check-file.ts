/**
 * One file of `replay --check`: streams the session through the project's replay (flat memory:
 * the deltas of a window are kept for re-seeding, see Replayer's `historyWindowMs`) and compares
 * the final state with its sibling `NAME.state.json`.
 */
import { readFile } from 'node:fs/promises';
import { Replayer } from '../../src/pipeline/replay';
import { diffDumps, type Difference } from '../../src/pipeline/replay-query';
import { streamSession } from './session-stream';

/**
 * Deltas kept for re-application on top of a later snapshot (session ms): twice the 30 s after
 * which the app (src/api/http.ts) gives a snapshot request up, so a recorded answer never needs an
 * older one; one that would is an error, not a different state.
 */
const CHECK_HISTORY_WINDOW_MS = 60_000;
/** Differences carried back per file (the count is exact). */
const MAX_DIFFERENCES = 5;

export interface FileResult {
  file: string;
  status: 'ok' | 'differ' | 'error';
  events: number;
  ms: number;
  /** error: what went wrong (a bad line names it). */
  detail?: string;
  /** differ: the first differences and how many there are. */
  differences?: Difference[];
  differenceCount?: number;
}

/** The expected dump of a session file: `x.jsonl` -> `x.state.json`. */
function expectedPath(file: string): string {
  return file.replace(/\.jsonl$/, '') + '.state.json';
}

export async function checkFile(file: string): Promise<FileResult> {
  const started = performance.now();
  const r = new Replayer({ historyWindowMs: CHECK_HISTORY_WINDOW_MS, maxRejections: 0 });
  const done = (rest: Omit<FileResult, 'file' | 'events' | 'ms'>): FileResult => ({
    file,
    events: r.count,
    ms: Math.round(performance.now() - started),
    ...rest,
  });
  let expected: unknown;
  const want = expectedPath(file);
  try {
    expected = JSON.parse(await readFile(want, 'utf8'));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return done({
      status: 'error',
      detail:
        code === 'ENOENT'
          ? `no expected dump ${want}`
          : `${want}: ${(err as Error).message.split('\n')[0]}`,
    });
  }
  try {
    await streamSession(
      file,
      () => undefined,
      (ev, i) => r.feed(ev, i),
    );
  } catch (err) {
    return done({ status: 'error', detail: (err as Error).message.split('\n')[0] as string });
  }
  const differences = diffDumps(r.dump(), expected);
  if (differences.length === 0) return done({ status: 'ok' });
  return done({
    status: 'differ',
    differences: differences.slice(0, MAX_DIFFERENCES),
    differenceCount: differences.length,
  });
}
