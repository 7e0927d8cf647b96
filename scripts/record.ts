/**
 * `npm run record -- --url URL --user NAME --out FILE [--duration S] [--force]`: records a session
 * file (PROTOCOL.md section 6) of what a user's sockets see, with the recording client of
 * server/replay/recording-client.ts. Lines are streamed to FILE as they come (memory stays flat).
 * FILE is opened only once signed in (a wrong password or a dead server leaves it as it was), and
 * an existing FILE is refused unless --force.
 * The password comes from --password, ASSETDECK_PASSWORD or the demo table; it is never written.
 */
import { createWriteStream, lstatSync, openSync, type WriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { RecordError, startRecording, type Recording } from '../server/replay/recording-client';
import { DEMO_LOGINS } from '../src/config/demo';

export const HELP = `Record a session file of what a user's sockets see.

Usage: npm run record -- --url URL --user NAME --out FILE [--duration S] [--force]

  --url URL        the dashboard or simulator origin, e.g. http://127.0.0.1:8790
  --user NAME      the account to sign in as
  --password P     its password (default: the environment variable
                   ASSETDECK_PASSWORD, else the demo table's password of a demo
                   account); never written to FILE. Prefer ASSETDECK_PASSWORD:
                   a flag is visible to other users in the process list (ps)
  --out FILE       where to write the session (JSON Lines); opened once signed in,
                   and never over an existing file unless --force
  --force          replace FILE if it exists
  --duration S     stop after S seconds (default: at Ctrl-C)
  --symbols A,B    ticker symbols (default: every linear symbol of instruments-info)
  --help           show this text
`;

export interface RecordCli {
  url: string;
  username: string;
  password: string;
  out: string;
  /** Replace `out` if it exists (else an existing file is refused). */
  force: boolean;
  durationS: number | undefined;
  symbols: string[] | undefined;
}

/** Parses the flags; throws RecordError with a one-line message. */
export function parseRecordArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): RecordCli | 'help' {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        url: { type: 'string' },
        user: { type: 'string' },
        password: { type: 'string' },
        out: { type: 'string' },
        duration: { type: 'string' },
        symbols: { type: 'string' },
        force: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    throw new RecordError((err as Error).message);
  }
  if (values.help) return 'help';
  const str = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  const url = str('url');
  const username = str('user');
  const out = str('out');
  if (!url || !/^https?:\/\/[^/]+/.test(url))
    throw new RecordError('--url: expected http(s)://host:port');
  if (!username) throw new RecordError('--user: required');
  if (!out) throw new RecordError('--out: required');
  const password =
    str('password') ??
    (env.ASSETDECK_PASSWORD || undefined) ??
    DEMO_LOGINS.find((a) => a.username === username)?.password;
  if (!password) {
    throw new RecordError(`--password (or ASSETDECK_PASSWORD) is required for ${username}`);
  }
  const d = str('duration');
  if (d !== undefined && !(/^\d+(\.\d+)?$/.test(d) && Number(d) > 0 && Number(d) <= 86_400)) {
    throw new RecordError(`--duration ${JSON.stringify(d)}: expected seconds in (0, 86400]`);
  }
  const symbols = str('symbols')
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (symbols?.some((s) => !/^[A-Z0-9]{2,40}$/.test(s))) {
    throw new RecordError('--symbols: expected upper-case symbols separated by commas');
  }
  return {
    url,
    username,
    password,
    out,
    force: values.force === true,
    durationS: d === undefined ? undefined : Number(d),
    symbols,
  };
}

/** How long a stop waits for snapshot requests in flight to land (they belong in the file). */
const SETTLE_ON_STOP_MS = 5_000;

async function main(): Promise<void> {
  const fail = (msg: string): never => {
    process.stderr.write(`record: ${msg}\n`);
    process.exit(1);
  };
  let cli: RecordCli | 'help';
  try {
    cli = parseRecordArgs(process.argv.slice(2), process.env);
  } catch (err) {
    return fail((err as Error).message);
  }
  if (cli === 'help') {
    process.stdout.write(HELP);
    return;
  }
  const file = cli.out;
  // Refused before signing in, so no sign-in is spent on it; the open below ('wx') refuses it
  // again should the file appear in between.
  if (!cli.force && exists(file)) {
    return fail(
      `${file} exists: not overwriting it (--force replaces it, or choose another --out)`,
    );
  }
  let out: WriteStream | undefined;
  /** The output, opened at the first line: the header, written once signed in. */
  const output = (): WriteStream => {
    if (out) return out;
    let fd: number;
    try {
      fd = openSync(file, cli.force ? 'w' : 'wx');
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      throw new RecordError(
        e.code === 'EEXIST'
          ? `${file} exists: not overwriting it (--force replaces it, or choose another --out)`
          : `cannot write ${file}: ${e.message}`,
      );
    }
    out = createWriteStream(file, { fd });
    out.on('error', (err) => fail(`cannot write ${file}: ${err.message}`));
    return out;
  };
  let rec: Recording | undefined;
  let finishing: Promise<void> | undefined;
  /** Ends the file (closes recorded) and exits; `error` is the one line of a failed recording. */
  const finish = (error?: string) => {
    finishing ??= (async () => {
      if (rec && !error) {
        // Seeds still in flight land in the file first (bounded: a stream may be down).
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          rec.settled().catch(() => undefined),
          new Promise<void>((r) => (timer = setTimeout(r, SETTLE_ON_STOP_MS))),
        ]);
        clearTimeout(timer);
      }
      await rec?.stop();
      await new Promise<void>((resolve) => (out ? out.end(resolve) : resolve()));
      if (error) fail(error);
      process.stderr.write(
        `record: ${rec?.recorder.eventCount ?? 0} events written to ${cli.out}\n`,
      );
      process.exit(0);
    })();
  };
  let failed: string | undefined;
  try {
    rec = await startRecording({
      url: cli.url,
      username: cli.username,
      password: cli.password,
      ...(cli.symbols ? { symbols: cli.symbols } : {}),
      onLine: (line) => output().write(`${line}\n`),
      log: (m) => process.stderr.write(`record: ${m}\n`),
      // A failure after the start (token refused, no token) ends the run with one line.
      onFailure: (err) => {
        failed = err.message;
        if (rec) finish(err.message);
      },
    });
  } catch (err) {
    return fail((err as Error).message);
  }
  if (failed) return finish(failed);
  const { durationS } = cli;
  process.stderr.write(
    `record: user ${rec.userId}, ${rec.symbols.length} symbols, writing ${cli.out}` +
      `${durationS ? ` for ${durationS} s` : ' until Ctrl-C'}\n`,
  );
  process.once('SIGINT', () => finish());
  process.once('SIGTERM', () => finish());
  if (durationS) setTimeout(() => finish(), durationS * 1000);
}

/** Whether anything (a file, a folder, a dangling link) is at `path`. */
function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
