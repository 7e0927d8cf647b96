/**
 * `npm run --silent replay -- --print-state FILE`: replays FILE headless and prints the state
 * dump (PROTOCOL.md section 7). Exit 0 when the file was read, 1 with one line on stderr if not.
 *
 * `npm run replay -- --serve FILE [--speed N] [--port P] [--host H] [--app DIR] [--start-now]`:
 * serves FILE as a server the dashboard connects to (server/replay/server.ts), with the
 * operator's page at /__replay and keys when stdin is a TTY. A bad file is refused exactly as by
 * --print-state, before anything listens.
 *
 * `runReplay(argv, io)` is the whole command without the process (tests call it in process);
 * the file's own run maps it onto stdout, stderr, signals and the exit code.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { parseSession, type Session } from '../src/wire/session-file';
import { replayToDump } from '../src/pipeline/replay';
import { canonicalJson } from '../src/lib/canonical-json';
import { checkSpeed } from '../server/replay/playback';
import type { ReplayServer } from '../server/replay/server';

const USAGE =
  'usage: replay --print-state FILE | --serve FILE [--speed N] [--port P] [--host H] [--app DIR] [--start-now]';

export interface ReplayIo {
  out(text: string): void;
  err(text: string): void;
  /** Serving: whether stdin is a terminal (the keys), default false. */
  tty?: boolean;
}

/** What the command came to: an exit code, or a server that runs until stopped. */
export type ReplayRun = { code: 0 | 1 } | { code: null; server: ReplayServer };

/** A failure: one line, exit 1. */
class Failure extends Error {}

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

/** Reads and parses FILE, or fails with one line naming the problem (and its line). */
function load(file: string): Session {
  const text = readRegularFile(file);
  try {
    return parseSession(text);
  } catch (err) {
    throw new Failure(`${file}: ${(err as Error).message}`);
  }
}

function printState(file: string, io: ReplayIo): void {
  const session = load(file);
  let dump: string;
  try {
    dump = canonicalJson(replayToDump(session.events));
  } catch (err) {
    throw new Failure(`${file}: ${(err as Error).message}`);
  }
  io.out(dump);
}

type Values = Record<string, string | boolean | undefined>;

async function serve(file: string, v: Values, io: ReplayIo): Promise<ReplayServer> {
  const num = (name: string, ok: (n: number) => boolean): number | undefined => {
    const raw = v[name];
    if (typeof raw !== 'string') return undefined;
    const n = Number(raw);
    if (raw.trim() === '' || !ok(n))
      throw new Failure(`--${name} ${JSON.stringify(raw)}: out of range`);
    return n;
  };
  const speed = num('speed', (n) => {
    try {
      return checkSpeed(n) === n;
    } catch {
      return false;
    }
  });
  const port = num('port', (n) => Number.isInteger(n) && n >= 0 && n <= 65_535) ?? 8790;
  const session = load(file);
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

/** The command: flags, then --print-state or --serve. Never throws; failures are one line. */
export async function runReplay(argv: readonly string[], io: ReplayIo): Promise<ReplayRun> {
  try {
    let values: Values;
    try {
      ({ values } = parseArgs({
        args: [...argv],
        strict: true,
        allowPositionals: false,
        options: {
          'print-state': { type: 'string' },
          serve: { type: 'string' },
          speed: { type: 'string' },
          port: { type: 'string' },
          host: { type: 'string' },
          app: { type: 'string' },
          'start-now': { type: 'boolean' },
        },
      }));
    } catch (err) {
      throw new Failure(`${(err as Error).message.split('\n')[0]}; ${USAGE}`);
    }
    const printFile = values['print-state'];
    const serveFile = values.serve;
    if (typeof printFile === 'string' && printFile !== '' && serveFile === undefined) {
      printState(printFile, io);
      return { code: 0 };
    }
    if (typeof serveFile === 'string' && serveFile !== '' && printFile === undefined) {
      return { code: null, server: await serve(serveFile, values, io) };
    }
    throw new Failure(USAGE);
  } catch (err) {
    // Anything unexpected is one line too: nothing in a file may produce a stack trace.
    io.err(`replay: ${(err as Error).message}\n`);
    return { code: 1 };
  }
}

async function main(): Promise<void> {
  const run = await runReplay(process.argv.slice(2), {
    out: (t) => process.stdout.write(t),
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
