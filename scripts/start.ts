/**
 * `npm start`: the simulator and the dashboard (Vite dev server, whose proxy sends /api and /ws to
 * the simulator) in one process, and one URL to open. Takes the simulator's flags
 * (`npm start -- --seed 3 --speed 10`); `--web-port N` picks the dashboard port (default 5173).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { ACCOUNTS } from '../server/accounts/demo';
import { HELP, parseCli } from '../server/cli';
import { keepAlive, stopOnSignals } from '../server/process';
import { startSimulator, type Simulator } from '../server/simulator';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function splitWebPort(argv: string[]): { webPort: number | undefined; rest: string[] } {
  const rest: string[] = [];
  let webPort: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    let value: string;
    if (a === '--web-port') value = argv[++i] ?? '';
    else if (a.startsWith('--web-port=')) value = a.slice('--web-port='.length);
    else {
      rest.push(a);
      continue;
    }
    if (!/^\d{1,5}$/.test(value) || Number(value) > 65_535) {
      throw new Error(`--web-port ${JSON.stringify(value)}: expected a port number`);
    }
    webPort = Number(value);
  }
  return { webPort, rest };
}

async function startSim(options: Parameters<typeof startSimulator>[0], portGiven: boolean) {
  try {
    return await startSimulator(options);
  } catch (err) {
    // The default port is taken (another simulator?): any free port will do, the proxy follows.
    if (!portGiven && (err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      return startSimulator({ ...options, port: 0 });
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const log = (msg: string) => process.stderr.write(`start: ${msg}\n`);
  let split: ReturnType<typeof splitWebPort>;
  try {
    split = splitWebPort(process.argv.slice(2));
  } catch (err) {
    log((err as Error).message);
    process.exit(2);
  }
  const cli = parseCli(split.rest);
  if (cli.kind === 'help') {
    process.stdout.write(
      `${HELP}  --web-port N         dashboard port (npm start only, default 5173)\n`,
    );
    return;
  }
  if (cli.kind === 'error') {
    log(cli.message);
    process.exit(2);
  }
  keepAlive(log);
  const portGiven = split.rest.some((a) => a === '--port' || a.startsWith('--port='));
  let sim: Simulator | undefined;
  let vite: ViteDevServer | undefined;
  stopOnSignals(async () => {
    await vite?.close();
    await sim?.stop();
  }, log);
  try {
    sim = await startSim(cli.options, portGiven);
    // vite.config.ts reads the simulator's port from here when it is loaded.
    process.env.ASSETDECK_SIM_PORT = String(sim.port);
    vite = await createServer({
      root: ROOT,
      configFile: resolve(ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      server: { port: split.webPort ?? 5173, strictPort: split.webPort !== undefined },
    });
    await vite.listen();
  } catch (err) {
    log(`cannot start: ${(err as Error).message}`);
    await vite?.close();
    await sim?.stop();
    process.exit(1);
  }
  const url = vite.resolvedUrls?.local[0] ?? `http://127.0.0.1:${split.webPort ?? 5173}/`;
  const logins = ACCOUNTS.filter((a) => a.login)
    .map((a) => `${a.login?.username}/${a.login?.password}`)
    .join(', ');
  process.stdout.write(
    `assetdeck is running: open ${url}\n` +
      `  demo accounts: ${logins}; 2FA code 123456\n` +
      `  simulator: port ${sim.port}, seed ${cli.options.seed ?? 1}; Ctrl+C stops both\n`,
  );
}

void main();
