/** Process plumbing shared by `npm run sim` and `npm start`. */

/** Installs SIGINT/SIGTERM handlers that stop the simulator, then exit. */
export function stopOnSignals(stop: () => Promise<void>, log: (msg: string) => void): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    log(`${signal}: stopping`);
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        log(`shutdown failed: ${(err as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/** Logs what escaped a handler instead of dying: a simulator should outlive a bug. */
export function keepAlive(log: (msg: string) => void): void {
  process.on('unhandledRejection', (reason) => log(`unhandled rejection: ${String(reason)}`));
}
