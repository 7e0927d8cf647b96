/**
 * `npm run sim -- [flags]`: the simulator alone. Prints its URL, stops cleanly on SIGINT/SIGTERM
 * (a second signal exits at once).
 */
import { HELP, parseCli } from './cli';
import { keepAlive, stopOnSignals } from './process';
import { startSimulator, type Simulator } from './simulator';

async function main(): Promise<void> {
  const cli = parseCli(process.argv.slice(2));
  if (cli.kind === 'help') {
    process.stdout.write(HELP);
    return;
  }
  if (cli.kind === 'error') {
    process.stderr.write(`sim: ${cli.message}\n\n${HELP}`);
    process.exit(2);
  }
  const log = (msg: string) => process.stderr.write(`sim: ${msg}\n`);
  keepAlive(log);
  let sim: Simulator;
  try {
    sim = await startSimulator(cli.options);
  } catch (err) {
    log(`cannot start: ${(err as Error).message}`);
    process.exit(1);
  }
  stopOnSignals(() => sim.stop(), log);
  const o = cli.options;
  process.stdout.write(
    `assetdeck simulator on ${sim.url} (seed ${o.seed ?? 1}, ${sim.clock.kind} clock` +
      `${o.admin ? ', admin on /__admin' : ''}${o.recordDir ? `, recording to ${o.recordDir}` : ''})\n`,
  );
}

void main();
