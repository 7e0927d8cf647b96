/**
 * `npm run replay -- ...`: the recorded-session tool (docs/replay.md, `--help` for the usage).
 *
 * - `--print-state FILE [--at T | --every S]`: the state dump (PROTOCOL.md section 7) at the end,
 *   at an instant, or every S seconds (one compact JSON line per step).
 * - `--diff A B [--align by-seq]`, `--diff FILE DUMP.json`: where two sessions (or a session and
 *   a saved dump) part; exit 0 when they agree, 1 when they differ, 2 on a bad file.
 * - `--check DIR... [--jobs N] [--shard K/N]`: every session of a folder against its sibling
 *   `.state.json`, on worker threads, streamed; exit 1 on any difference.
 * - `--serve FILE [--speed N] [--port P] [--host H] [--allowed-host NAME] [--app DIR]
 *   [--start-now]`: the session as a server the dashboard connects to (server/replay/server.ts),
 *   with the operator's page (a seekable timeline) at /__replay and keys when stdin is a TTY. A
 *   bad file is refused exactly as by --print-state, before anything listens.
 *
 * `runReplay(argv, io)` is the whole command without the process (tests call it in process);
 * the file's own run maps it onto stdout, stderr, signals and the exit code.
 */
import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { SessionFileError, type Session } from '../src/wire/session-file';
import { replayToDump } from '../src/pipeline/replay';
import {
  compactJson,
  diffByTime,
  diffBySeq,
  diffDumps,
  dumpAt,
  epochOf,
  formatDifference,
  parseInstant,
  series,
  type Difference,
} from '../src/pipeline/replay-query';
import { canonicalJson } from '../src/lib/canonical-json';
import { checkSpeed, MAX_SPEED, MIN_SPEED } from '../server/replay/playback';
import { allowedHostName } from '../server/rest/origin-guard';
import type { ReplayServer } from '../server/replay/server';
import { readSessionFile } from '../server/replay/session-stream';

const USAGE =
  'usage: replay --print-state FILE [--at T | --every S] | --diff A B [--align by-seq] | ' +
  '--check DIR [--jobs N] [--shard K/N] | --serve FILE [...] | --help';

export const HELP = `usage: npm run --silent replay -- <mode> [options]

  --print-state FILE            the state dump (PROTOCOL.md section 7) at the end of FILE
      --at T                    ... as of instant T: ms from the start (15000, or 15s), a
                                wall-clock time of the recording (ISO 8601, UTC unless it has
                                an offset: 2024-11-21T00:47:00[Z|+08:00], or a UTC time of
                                day 00:47:00[.250]), or line:N (after line N); before the
                                start is refused, after the end prints the end (with a note)
      --every S                 one compact JSON line per step of S seconds (250ms also
                                works): {"at","line","state","t"}, the last at the end
  --diff A.jsonl B.jsonl        replay both in step; print the first instant (ms from each
                                start) where their states differ, with the paths and both
                                values; exit 0 agree, 1 differ, 2 bad file
      --align by-seq            align on the private frames' topic seq instead of time
      --ignore-stats            leave the frame counters (stats) out of the comparison
  --diff FILE DUMP.json         compare FILE's final state with a saved dump the same way
  --check DIR|FILE...           replay each *.jsonl (subfolders too) to its sibling .state.json,
                                on worker threads, streamed; one line per file and a summary;
                                exit 1 on any difference or unreadable file
      --jobs N                  worker threads (default: the machine's cores; 0: none)
      --shard K/N               only every N-th file from the K-th (a CI matrix of N jobs)
  --serve FILE                  serve FILE to the dashboard (docs/replay.md), operator page
                                with a seekable timeline at /__replay
      --speed N                 0.01 to 1000 (default 1)
      --port P, --host H        default 127.0.0.1:8790
      --allowed-host NAME       a host name browsers may reach the server by, besides
                                localhost, IP addresses and --host (repeatable; requests
                                naming another get 403: DNS rebinding)
      --app DIR                 also serve a built dashboard (npm run build; --app dist)
      --start-now               play at once instead of waiting for a dashboard
  --help                        this text

Exit codes: 0 done (or agree), 1 a failure or a difference (one line on stderr for a failure),
2 a bad file given to --diff.
`;

export interface ReplayIo {
  out(text: string): void;
  err(text: string): void;
  /**
   * Backpressure: a promise when the output should be let drain before more is written (a slow
   * reader of a pipe), else undefined. `--every` waits on it between lines, so a long series
   * never piles up in memory. Default: never wait.
   */
  ready?(): Promise<void> | undefined;
  /** Serving: whether stdin is a terminal (the keys), default false. */
  tty?: boolean;
}

/** What the command came to: an exit code, or a server that runs until stopped. */
export type ReplayRun = { code: 0 | 1 | 2 } | { code: null; server: ReplayServer };

/** A failure: one line, exit 1 (or `code`). */
class Failure extends Error {
  constructor(
    message: string,
    readonly code: 1 | 2 = 1,
  ) {
    super(message);
  }
}

/**
 * FILE's text, if it is a regular file. Opened without blocking (a FIFO with no writer would
 * otherwise hold the open, or the read, for ever) and checked on the open descriptor, so a name
 * swapped between a check and the read cannot slip a FIFO or a device (/dev/zero) past it.
 */
function readRegularFile(file: string): string {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    throw new Failure(`cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    if (!fstatSync(fd).isFile()) throw new Failure(`${file}: not a regular file`);
    return readFileSync(fd, 'utf8');
  } catch (err) {
    if (err instanceof Failure) throw err;
    throw new Failure(`cannot read ${file}: ${(err as Error).message}`);
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads and parses FILE as a stream of lines (any size: a whole-file read fails past V8's
 * largest string, 512 MB, and the browser benchmark's 10-minute session is 560 MB), or fails with
 * one line naming the problem (and its line).
 */
async function load(file: string): Promise<Session> {
  try {
    return await readSessionFile(file);
  } catch (err) {
    if (err instanceof SessionFileError) throw new Failure(`${file}: ${err.message}`);
    throw new Failure((err as Error).message);
  }
}

type Values = Record<string, string | boolean | string[] | undefined>;

const iso = (ms: number): string => new Date(ms).toISOString();

/** `--every S`: seconds, or with a unit (250ms, 2s, 1m). */
function parseStep(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  const n = Number(m?.[1]);
  if (!m || !(n > 0))
    throw new Failure(
      `--every ${JSON.stringify(text)}: expected seconds (5, 0.5, 250ms, 1m) above 0`,
    );
  return m[2] === 'ms' ? n : m[2] === 'm' ? n * 60_000 : n * 1000;
}

async function printState(file: string, v: Values, io: ReplayIo): Promise<void> {
  const session = await load(file);
  const at = typeof v.at === 'string' ? v.at : undefined;
  const every = typeof v.every === 'string' ? v.every : undefined;
  if (at !== undefined && every !== undefined)
    throw new Failure('--at and --every: one or the other');
  try {
    if (every !== undefined) {
      const step = parseStep(every);
      for (const s of series(session.events, session.header, step)) {
        io.out(compactJson(s) + '\n');
        const drained = io.ready?.();
        if (drained) await drained;
      }
      return;
    }
    if (at === undefined) {
      io.out(canonicalJson(replayToDump(session.events)));
      return;
    }
    const end = session.events[session.events.length - 1]?.t ?? 0;
    const instant = parseInstant(at, session.header, end);
    if (instant.kind === 'time' && instant.t > end) {
      // Past the end is the state at the end, but never silently.
      const epoch = epochOf(session.header);
      const wall = (t: number) => (Number.isFinite(epoch) ? ` (${iso(epoch + t)})` : '');
      io.err(
        `replay: note: --at ${instant.text} is t=${instant.t} ms${wall(instant.t)}, after the ` +
          `recording's end at t=${end} ms${wall(end)}: printing the state at the end\n`,
      );
    }
    io.out(canonicalJson(dumpAt(session.events, instant)));
  } catch (err) {
    if (err instanceof Failure) throw err;
    throw new Failure(`${file}: ${(err as Error).message}`);
  }
}

const differencesText = (ds: readonly Difference[]): string =>
  ds.map((d) => `  ${formatDifference(d)}\n`).join('');

/** A saved state dump (--diff FILE DUMP.json); exit 2 when it is not one. */
function loadDump(file: string): unknown {
  let text: string;
  try {
    text = readRegularFile(file);
  } catch (err) {
    throw new Failure((err as Error).message, 2);
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new Failure(`${file}: not JSON`, 2);
  }
  const o = v as Record<string, unknown> | null;
  if (typeof o !== 'object' || o === null || !('wallets' in o) || !('copytrade' in o)) {
    throw new Failure(`${file}: not a state dump (PROTOCOL.md section 7)`, 2);
  }
  return v;
}

async function loadForDiff(file: string): Promise<Session> {
  try {
    return await load(file);
  } catch (err) {
    throw new Failure((err as Error).message, 2);
  }
}

async function diff(files: readonly string[], v: Values, io: ReplayIo): Promise<0 | 1> {
  if (files.length !== 2) throw new Failure(`--diff takes two files; ${USAGE}`);
  const [fa, fb] = files as [string, string];
  const align = v.align ?? 'time';
  if (align !== 'time' && align !== 'by-seq') {
    throw new Failure(`--align ${JSON.stringify(align)}: expected by-seq (or time)`);
  }
  const options = { stats: v['ignore-stats'] !== true };
  const a = await loadForDiff(fa);
  const against = /\.json$/i.test(fb) ? loadDump(fb) : undefined;
  const b = against === undefined ? await loadForDiff(fb) : undefined;
  const legend = `  (A: ${fa}, B: ${fb})\n`;
  if (against !== undefined) {
    const ds = diffDumps(replayToDump(a.events), against, options);
    if (ds.length === 0) {
      io.out(`replay: ${fa} ends in the state of ${fb}\n`);
      return 0;
    }
    io.out(
      `replay: ${fa}'s final state (line ${a.events.length + 1}) differs from ${fb}: ` +
        `${ds.length} difference(s)\n${legend}${differencesText(ds)}`,
    );
    return 1;
  }
  const sb = b as Session;
  if (align === 'by-seq') {
    const part = diffBySeq(a.events, sb.events, options);
    if (!part) {
      io.out(`replay: ${fa} and ${fb} agree at every shared topic seq and at the end\n`);
      return 0;
    }
    const where =
      part.at === 'end'
        ? 'the end (every shared topic seq agrees)'
        : `private connection ${part.at.connection}, ${part.at.topic} seq ${part.at.seq}`;
    const only =
      part.onlyA + part.onlyB > 0
        ? `  (frames in one session only: ${part.onlyA} in A, ${part.onlyB} in B)\n`
        : '';
    io.out(
      `replay: ${fa} and ${fb} part at ${where}: A line ${part.lineA} (t=${part.tA} ms), ` +
        `B line ${part.lineB} (t=${part.tB} ms)\n${legend}${only}${differencesText(part.differences)}`,
    );
    return 1;
  }
  const part = diffByTime(a.events, sb.events, options);
  if (!part) {
    io.out(`replay: ${fa} and ${fb} agree at every instant\n`);
    return 0;
  }
  const lines = ([first, last]: [number, number]) =>
    first > last
      ? `no line at that instant (line ${last} before it)`
      : first === last
        ? `line ${first}`
        : `lines ${first}-${last}`;
  const epoch = epochOf(a.header);
  const wall = Number.isFinite(epoch) ? ` (${new Date(epoch + part.t).toISOString()} in A)` : '';
  io.out(
    `replay: ${fa} and ${fb} part at t=${part.t} ms${wall}: A ${lines(part.linesA)}, ` +
      `B ${lines(part.linesB)}\n${legend}${differencesText(part.differences)}`,
  );
  return 1;
}

/** `x.state.json` named to --check is its session's: `x.jsonl` (it looked for x.state.json.state.json). */
const sessionOfDump = (p: string): string =>
  /\.state\.json$/i.test(p) ? p.replace(/\.state\.json$/i, '.jsonl') : p;

/**
 * How many session files --check will find under `paths` (as server/replay/check.ts looks:
 * `*.jsonl` in folders and their subfolders, files as named), or undefined when a path cannot be
 * read (the check says so itself).
 */
function countSessionFiles(paths: readonly string[]): number | undefined {
  const found = new Set<string>();
  for (const p of paths) {
    try {
      if (!statSync(p).isDirectory()) {
        found.add(p);
        continue;
      }
      for (const n of readdirSync(p, { recursive: true, encoding: 'utf8' })) {
        if (n.endsWith('.jsonl')) found.add(join(p, n));
      }
    } catch {
      return undefined;
    }
  }
  return found.size;
}

async function check(named: readonly string[], v: Values, io: ReplayIo): Promise<0 | 1> {
  const { runCheck, parseShard } = await import('../server/replay/check');
  const paths = named.map(sessionOfDump);
  let jobs: number | undefined;
  if (typeof v.jobs === 'string') {
    jobs = Number(v.jobs);
    if (v.jobs.trim() === '' || !Number.isInteger(jobs) || jobs < 0 || jobs > 256) {
      throw new Failure(`--jobs ${JSON.stringify(v.jobs)}: expected 0 to 256`);
    }
  }
  let shard;
  try {
    shard = typeof v.shard === 'string' ? parseShard(v.shard) : undefined;
  } catch (err) {
    throw new Failure((err as Error).message);
  }
  // Nothing to check is one line, not a summary of 0 files followed by a failure.
  const files = countSessionFiles(paths);
  if (files === 0) throw new Failure(`no session files (*.jsonl) in ${paths.join(', ')}`);
  if (files !== undefined && shard && files < shard.index) {
    throw new Failure(
      `--shard ${shard.index}/${shard.count}: no file for this shard ` +
        `(${files} session file(s) in ${paths.join(', ')})`,
    );
  }
  let summary;
  try {
    summary = await runCheck(paths, {
      out: (t) => io.out(t),
      ...(jobs !== undefined ? { jobs } : {}),
      ...(shard ? { shard } : {}),
    });
  } catch (err) {
    throw new Failure((err as Error).message.split('\n')[0] as string);
  }
  if (summary.files === 0) throw new Failure(`no session files (*.jsonl) in ${paths.join(', ')}`);
  return summary.ok === summary.files ? 0 : 1;
}

/**
 * `--allowed-host` names (and `--host`) as the Host check takes them
 * (server/rest/origin-guard.ts), or a failure naming the flag.
 */
function hostNames(v: Values): string[] {
  const name = (flag: string, value: string) => {
    try {
      return allowedHostName(value);
    } catch (err) {
      throw new Failure(`--${flag} ${(err as Error).message}`);
    }
  };
  if (typeof v.host === 'string') name('host', v.host);
  const given = v['allowed-host'];
  return Array.isArray(given) ? given.map((n) => name('allowed-host', String(n))) : [];
}

async function serve(file: string, v: Values, io: ReplayIo): Promise<ReplayServer> {
  const num = (name: string, expected: string, ok: (n: number) => boolean): number | undefined => {
    const raw = v[name];
    if (typeof raw !== 'string') return undefined;
    const n = Number(raw);
    if (raw.trim() === '' || !ok(n)) {
      throw new Failure(`--${name} ${JSON.stringify(raw)}: out of range: expected ${expected}`);
    }
    return n;
  };
  const speed = num('speed', `a number from ${MIN_SPEED} to ${MAX_SPEED}`, (n) => {
    try {
      return checkSpeed(n) === n;
    } catch {
      return false;
    }
  });
  const port =
    num(
      'port',
      'a whole number from 0 to 65535',
      (n) => Number.isInteger(n) && n >= 0 && n <= 65_535,
    ) ?? 8790;
  const allowedHosts = hostNames(v);
  const session = await load(file);
  // The server is loaded only to serve: --print-state starts fast.
  const [{ startReplayServer }, { statusLine }, { attachTerminal }] = await Promise.all([
    import('../server/replay/server'),
    import('../server/replay/operator'),
    import('../server/replay/terminal'),
  ]);
  let term: ReturnType<typeof attachTerminal> | undefined;
  let server: ReplayServer;
  try {
    server = await startReplayServer({
      session,
      name: file,
      port,
      ...(speed !== undefined ? { speed } : {}),
      ...(typeof v.host === 'string' ? { host: v.host } : {}),
      ...(allowedHosts.length > 0 ? { allowedHosts } : {}),
      ...(typeof v.app === 'string' ? { appDir: v.app } : {}),
      autoStart: v['start-now'] === true,
      onChange: () => term?.render(),
    });
  } catch (err) {
    throw new Failure(`cannot serve: ${(err as Error).message}`);
  }
  io.out(
    `replay: serving ${file} (user ${session.header.userId}, ${session.events.length} events) on ${server.url}\n` +
      `replay: operator page ${server.url}/__replay; dashboard: npm run dev with ASSETDECK_SIM_PORT=${server.port}` +
      `${typeof v.app === 'string' ? `, or open ${server.url}` : ''}\n` +
      `replay: playback ${server.playback.state === 'waiting' ? 'starts when a dashboard subscribes' : 'started'}\n`,
  );
  if (io.tty) {
    term = attachTerminal(
      { input: process.stdin, output: process.stdout },
      server.playback,
      () => statusLine(server.status()),
      () => void server.stop().then(() => process.exit(0)),
    );
    const stop = server.stop.bind(server);
    return {
      ...server,
      stop: () => {
        term?.detach();
        term = undefined;
        return stop();
      },
    };
  }
  return server;
}

/** The flags that take a value. */
const VALUE_FLAGS = new Set(
  [
    'print-state',
    'at',
    'every',
    'align',
    'jobs',
    'shard',
    'serve',
    'speed',
    'port',
    'host',
    'allowed-host',
    'app',
  ].map((f) => `--${f}`),
);

/**
 * `--at -5` as `--at=-5`: parseArgs takes a value that starts with a dash for a forgotten one
 * ("argument is ambiguous ... use '--at=-XYZ'"); a negative number given to a flag that takes a
 * value is that value, which the flag's own check then refuses saying what it expects.
 */
function negativeValuesJoined(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const next = argv[i + 1];
    if (VALUE_FLAGS.has(a) && next !== undefined && /^-\.?\d/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else {
      out.push(a);
    }
  }
  return out;
}

/** The command: flags, then --print-state or --serve. Never throws; failures are one line. */
export async function runReplay(argv: readonly string[], io: ReplayIo): Promise<ReplayRun> {
  try {
    let values: Values;
    let positionals: string[];
    try {
      ({ values, positionals } = parseArgs({
        args: negativeValuesJoined(argv),
        strict: true,
        allowPositionals: true,
        options: {
          help: { type: 'boolean', short: 'h' },
          'print-state': { type: 'string' },
          at: { type: 'string' },
          every: { type: 'string' },
          diff: { type: 'boolean' },
          align: { type: 'string' },
          'ignore-stats': { type: 'boolean' },
          check: { type: 'boolean' },
          jobs: { type: 'string' },
          shard: { type: 'string' },
          serve: { type: 'string' },
          speed: { type: 'string' },
          port: { type: 'string' },
          host: { type: 'string' },
          'allowed-host': { type: 'string', multiple: true },
          app: { type: 'string' },
          'start-now': { type: 'boolean' },
        },
      }));
    } catch (err) {
      throw new Failure(`${(err as Error).message.split('\n')[0]}; ${USAGE}`);
    }
    if (values.help === true) {
      io.out(HELP);
      return { code: 0 };
    }
    const printFile = values['print-state'];
    const serveFile = values.serve;
    const modes = [printFile !== undefined, serveFile !== undefined, values.diff, values.check];
    if (modes.filter(Boolean).length !== 1) throw new Failure(USAGE);
    const only = (allowed: string[]) => {
      const extra = Object.keys(values).filter((k) => !allowed.includes(k));
      if (extra.length > 0) throw new Failure(`--${extra[0]} does not go with this mode; ${USAGE}`);
    };
    if (values.diff === true) {
      only(['diff', 'align', 'ignore-stats']);
      return { code: await diff(positionals, values, io) };
    }
    if (values.check === true) {
      only(['check', 'jobs', 'shard']);
      if (positionals.length === 0) throw new Failure(`--check needs a folder; ${USAGE}`);
      return { code: await check(positionals, values, io) };
    }
    if (positionals.length > 0) {
      throw new Failure(`unexpected argument ${JSON.stringify(positionals[0])}; ${USAGE}`);
    }
    if (typeof printFile === 'string' && printFile !== '') {
      only(['print-state', 'at', 'every']);
      await printState(printFile, values, io);
      return { code: 0 };
    }
    if (typeof serveFile === 'string' && serveFile !== '') {
      only(['serve', 'speed', 'port', 'host', 'allowed-host', 'app', 'start-now']);
      return { code: null, server: await serve(serveFile, values, io) };
    }
    throw new Failure(USAGE);
  } catch (err) {
    // Anything unexpected is one line too: nothing in a file may produce a stack trace.
    io.err(`replay: ${(err as Error).message}\n`);
    return { code: err instanceof Failure ? err.code : 1 };
  }
}

/**
 * Standard output as the command writes it. A reader that goes away (`... | head -1`) is the end
 * of the job, not an error: EPIPE exits 0 at once, without a word (it was an unhandled 'error'
 * event: a stack trace and exit 1). Another write error is one line and exit 1.
 */
function processOutput(): Pick<ReplayIo, 'out' | 'ready'> {
  const stdout = process.stdout;
  stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    process.stderr.write(`replay: cannot write the output: ${err.message}\n`);
    process.exit(1);
  });
  return {
    out: (t) => void stdout.write(t),
    ready: () => {
      // Gone (its 'error' is on the way, and exits): write nothing more.
      if (stdout.destroyed) return new Promise<void>(() => undefined);
      if (!stdout.writableNeedDrain) return undefined;
      return new Promise<void>((resolve) => {
        const done = () => {
          stdout.off('drain', done);
          stdout.off('close', done);
          resolve();
        };
        stdout.on('drain', done);
        stdout.on('close', done);
      });
    },
  };
}

async function main(): Promise<void> {
  const run = await runReplay(process.argv.slice(2), {
    ...processOutput(),
    err: (t) => process.stderr.write(t),
    tty: process.stdin.isTTY === true,
  });
  if (run.code !== null) {
    process.exitCode = run.code;
    return;
  }
  const quit = () => void run.server.stop().then(() => process.exit(0));
  process.once('SIGINT', quit);
  process.once('SIGTERM', quit);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
