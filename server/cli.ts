/** Command-line flags of `npm run sim` (and `npm start`), parsed with node:util parseArgs. */
import { parseArgs } from 'node:util';
import { allowedHostName } from './rest/origin-guard';
import { DEFAULT_PORT, type SimulatorOptions } from './simulator';

export const HELP = `assetdeck exchange simulator

Usage: npm run sim -- [flags]

  --port N             listen port (default ${DEFAULT_PORT}; 0 picks a free one)
  --host H             listen address (default 127.0.0.1)
  --allowed-host NAME  a host name browsers may reach the server by, besides localhost,
                       IP addresses and --host (repeatable; others get 403: DNS rebinding)
  --seed S             market and trading seed, an integer (default 1)
  --tick-ms N          ticker cadence per symbol in simulated ms (default 100;
                       20 symbols, so 4 gives 5 000 frames/s per subscriber)
  --mark-ms N          re-valuation of positions and wallets in ms (default 1000)
  --speed X            simulated time runs X times faster than wall time (default 1)
  --clock real|manual  manual: time moves only via POST /__admin/clock/advance (needs --admin)
  --idle-timeout-ms N  close connections silent for this long (default 60000)
  --auth-timeout-ms N  close private connections not signed in within this long
                       with 4401 (default 10000)
  --record DIR         write one session file per websocket connection into DIR
  --app DIR            serve a built dashboard from DIR (SPA fallback to index.html)
  --admin              enable the fault controls and truth endpoint (/__admin, loopback only)
  --log                log requests (pino, to stdout)
  --help               show this text
`;

export type CliResult =
  | { kind: 'help' }
  | { kind: 'run'; options: SimulatorOptions }
  | { kind: 'error'; message: string };

function int(name: string, v: string | undefined, min: number, max: number): number | undefined {
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v)) throw new Error(`--${name} ${JSON.stringify(v)}: expected an integer`);
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new Error(`--${name} ${v}: expected ${min}..${max}`);
  }
  return n;
}

/** A `--host` or `--allowed-host` value as the Host check takes it (server/rest/origin-guard.ts). */
function hostName(flag: string, value: string): string {
  try {
    return allowedHostName(value);
  } catch (err) {
    throw new Error(`--${flag} ${(err as Error).message}`, { cause: err });
  }
}

export function parseCli(argv: readonly string[]): CliResult {
  try {
    const { values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'allowed-host': { type: 'string', multiple: true },
        seed: { type: 'string' },
        'tick-ms': { type: 'string' },
        'mark-ms': { type: 'string' },
        speed: { type: 'string' },
        clock: { type: 'string' },
        'idle-timeout-ms': { type: 'string' },
        'auth-timeout-ms': { type: 'string' },
        record: { type: 'string' },
        app: { type: 'string' },
        admin: { type: 'boolean' },
        log: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) return { kind: 'help' };
    let speed: number | undefined;
    if (values.speed !== undefined) {
      speed = Number(values.speed);
      if (!/^\d+(\.\d+)?$/.test(values.speed) || !(speed > 0) || speed > 10_000) {
        throw new Error(`--speed ${JSON.stringify(values.speed)}: expected a number in (0, 10000]`);
      }
    }
    const clock = values.clock;
    if (clock !== undefined && clock !== 'real' && clock !== 'manual') {
      throw new Error(`--clock ${JSON.stringify(clock)}: expected real or manual`);
    }
    const allowedHosts = values['allowed-host']?.map((name) => hostName('allowed-host', name));
    if (values.host !== undefined) hostName('host', values.host);
    if (clock === 'manual' && !values.admin)
      throw new Error('--clock manual needs --admin to advance it');
    return {
      kind: 'run',
      options: {
        port: int('port', values.port, 0, 65_535) ?? DEFAULT_PORT,
        host: values.host,
        allowedHosts,
        seed: int('seed', values.seed, -(2 ** 31), 2 ** 32 - 1),
        tickMs: int('tick-ms', values['tick-ms'], 1, 60_000),
        markMs: int('mark-ms', values['mark-ms'], 10, 3_600_000),
        speed,
        clock,
        idleTimeoutMs: int('idle-timeout-ms', values['idle-timeout-ms'], 100, 86_400_000),
        authTimeoutMs: int('auth-timeout-ms', values['auth-timeout-ms'], 100, 86_400_000),
        recordDir: values.record,
        appDir: values.app,
        admin: values.admin ?? false,
        logger: values.log ?? false,
      },
    };
  } catch (err) {
    return { kind: 'error', message: (err as Error).message };
  }
}
