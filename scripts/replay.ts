/**
 * `npm run --silent replay -- --print-state FILE`: replays FILE headless and prints the state
 * dump (PROTOCOL.md section 7). Exit 0 when the file was read, 1 with one line on stderr if not.
 *
 * `npm run replay -- --serve FILE [--speed N] [--port P] [--host H] [--app DIR] [--start-now]`:
 * serves FILE as a server the dashboard connects to (server/replay/server.ts), with the
 * operator's page at /__replay and keys when stdin is a TTY. A bad file is refused exactly as by
 * --print-state, before anything listens.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseSession, type Session } from '../src/stream/session-file';
import { replayToDump } from '../src/stream/replay';
import { canonicalJson } from '../src/lib/canonical-json';
import { checkSpeed } from '../server/replay/playback';

const USAGE =
  'usage: replay --print-state FILE | --serve FILE [--speed N] [--port P] [--host H] [--app DIR] [--start-now]';

function fail(msg: string): never {
  process.stderr.write(`replay: ${msg}\n`);
  process.exit(1);
}

/** Reads and parses FILE, or exits with one line naming the problem (and its line). */
function load(file: string): Session {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    fail(`cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    return parseSession(text);
  } catch (err) {
    fail(`${file}: ${(err as Error).message}`);
  }
}

function printState(file: string): void {
  const session = load(file);
  try {
    process.stdout.write(canonicalJson(replayToDump(session.events)));
  } catch (err) {
    fail(`${file}: ${(err as Error).message}`);
  }
}

async function serve(file: string, v: Record<string, string | boolean | undefined>) {
  const num = (name: string, ok: (n: number) => boolean): number | undefined => {
    const raw = v[name];
    if (typeof raw !== 'string') return undefined;
    const n = Number(raw);
    if (raw.trim() === '' || !ok(n)) fail(`--${name} ${JSON.stringify(raw)}: out of range`);
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
  const tty = process.stdin.isTTY === true;
  let term: ReturnType<typeof attachTerminal> | undefined;
  let server: Awaited<ReturnType<typeof startReplayServer>>;
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
    fail(`cannot serve: ${(err as Error).message}`);
  }
  const quit = () => {
    term?.detach();
    term = undefined;
    void server.stop().then(() => process.exit(0));
  };
  process.stdout.write(
    `replay: serving ${file} (user ${session.header.userId}, ${session.events.length} events) on ${server.url}\n` +
      `replay: operator page ${server.url}/__replay; dashboard: npm run dev with ASSETDECK_SIM_PORT=${server.port}` +
      `${typeof v.app === 'string' ? `, or open ${server.url}` : ''}\n` +
      `replay: playback ${server.playback.state === 'waiting' ? 'starts when a dashboard subscribes' : 'started'}\n`,
  );
  if (tty)
    term = attachTerminal(
      { input: process.stdin, output: process.stdout },
      server.playback,
      () => statusLine(server.status()),
      quit,
    );
  process.once('SIGINT', quit);
  process.once('SIGTERM', quit);
}

function main(): void {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
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
    fail(`${(err as Error).message.split('\n')[0]}; ${USAGE}`);
  }
  const printFile = values['print-state'];
  const serveFile = values.serve;
  if (typeof printFile === 'string' && printFile !== '' && serveFile === undefined) {
    printState(printFile);
  } else if (typeof serveFile === 'string' && serveFile !== '' && printFile === undefined) {
    void serve(serveFile, values);
  } else fail(USAGE);
}

main();
