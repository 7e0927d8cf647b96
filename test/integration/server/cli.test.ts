/**
 * The commands as people run them: `npm run sim` (server/main.ts) and `npm start`
 * (scripts/start.ts) as child processes: flags, one URL printed, requests through the Vite proxy,
 * and a clean exit on SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WsClient } from './helpers';

const ROOT = resolve(__dirname, '../../..');
const children: ChildProcess[] = [];

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function run(script: string, args: string[]): Run {
  // node --import tsx, not the tsx binary: tsx's parent relays SIGTERM to its child and, if the
  // child does not confirm within 30 ms (a busy machine), kills it and exits 143.
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

/**
 * The first match of `pattern` in the output, as soon as it is printed; rejects if the process
 * ends first.
 */
function urlFrom(r: Run, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const m = pattern.exec(r.stdout());
      if (!m) return false;
      r.child.stdout?.off('data', onData);
      r.child.off('close', onClose);
      resolve(m[1] as string);
      return true;
    };
    const onData = () => void check();
    const onClose = () => {
      if (!check()) reject(new Error(`exited with no URL printed: ${r.stdout()} ${r.stderr()}`));
    };
    // Listeners added after run()'s own: the text of each chunk is already in r.stdout().
    r.child.stdout?.on('data', onData);
    r.child.on('close', onClose); // after the output streams have ended
    check();
  });
}

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

describe('npm run sim', () => {
  // Flags, help and refusals are parseCli's, tested in process (test/unit/server/cli.test.ts);
  // this one real process checks what only a process has: the URL printed, a clean SIGTERM.
  it('starts on 127.0.0.1, prints its URL, and stops cleanly on SIGTERM', async () => {
    const r = run('server/main.ts', ['--port', '0', '--seed', '3']);
    const url = await urlFrom(r, /simulator on (http:\/\/127\.0\.0\.1:\d+)/);
    const res = await fetch(`${url}/v5/market/time`);
    expect(((await res.json()) as { retCode: number }).retCode).toBe(0);
    const ws = await WsClient.open(`${url.replace('http', 'ws')}/v5/public/linear`);
    r.child.kill('SIGTERM');
    expect(await r.exited).toBe(0);
    expect((await ws.closed).code).toBe(1001);
  });
});

describe('npm start', () => {
  it('serves the dashboard and proxies /api and /ws to the simulator, with one URL printed', async () => {
    const r = run('scripts/start.ts', ['--port', '0', '--web-port', '0']);
    const url = await urlFrom(r, /open (http:\/\/\S+)/);
    expect(r.stdout().match(/http:\/\//g)?.length).toBe(1);
    const page = await fetch(url);
    expect(await page.text()).toMatch(/<html/i);
    const api = await fetch(
      `${url.replace(/\/$/, '')}/api/v5/market/instruments-info?category=linear`,
    );
    expect(((await api.json()) as { result: { list: unknown[] } }).result.list.length).toBe(20);
    const ws = await WsClient.open(
      `${url.replace('http', 'ws').replace(/\/$/, '')}/ws/v5/public/linear`,
    );
    expect((await ws.op('subscribe', ['tickers.BTCUSDT'])).success).toBe(true);
    await ws.waitFor((f) => f.includes('"type":"snapshot"'));
    await ws.close();
    r.child.kill('SIGTERM');
    expect(await r.exited).toBe(0);
  });
});
