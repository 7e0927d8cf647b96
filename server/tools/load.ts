/**
 * `npx tsx server/tools/load.ts [tickMs…]`: how many ticker frames per second one client
 * subscribed to every symbol actually receives, against the target (20 symbols / tickMs), with
 * the CPU the process used. A measurement to read, not a test: nothing here asserts a time.
 */
import WebSocket from 'ws';
import { startSimulator } from '../simulator';

const WARMUP_MS = 500;
const MEASURE_MS = 3_000;

async function measure(tickMs: number): Promise<string> {
  const sim = await startSimulator({ port: 0, tickMs });
  try {
    const ws = new WebSocket(`${sim.wsUrl}/v5/public/linear`);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    let frames = 0;
    ws.on('message', () => frames++);
    const symbols = sim.sim.market.symbols();
    ws.send(
      JSON.stringify({ req_id: '1', op: 'subscribe', args: symbols.map((s) => `tickers.${s}`) }),
    );
    await new Promise((r) => setTimeout(r, WARMUP_MS));
    const n0 = frames;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    await new Promise((r) => setTimeout(r, MEASURE_MS));
    const secs = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    ws.close();
    const rate = Math.round((frames - n0) / secs);
    const target = Math.round((symbols.length * 1000) / tickMs);
    const cpuPct = (((cpu.user + cpu.system) / 1e6 / secs) * 100).toFixed(0);
    return `tickMs ${tickMs}: ${rate} frames/s received, target ${target} (${((rate / target) * 100).toFixed(0)} %), CPU ${cpuPct} % of one core (server and client)`;
  } finally {
    await sim.stop();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2).map(Number);
  const ticks =
    args.length > 0 && args.every((n) => Number.isInteger(n) && n >= 1) ? args : [100, 4, 2];
  for (const t of ticks) process.stdout.write(`${await measure(t)}\n`);
}

void main();
