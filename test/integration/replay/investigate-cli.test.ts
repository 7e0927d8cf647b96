/**
 * One real process per investigation mode of `npm run replay` (the rest runs in process through
 * runReplay): --help, --print-state --at, --every, --diff (agree and differ, and a bad file),
 * --check on worker threads. Exit codes and streams as a shell sees them.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCorpus } from '../../support/replay-corpus';

const run = promisify(execFile);
const ROOT = join(__dirname, '../../..');
const SCRIPT = join(ROOT, 'scripts/replay.ts');
const SESSION = join(ROOT, 'test/sessions/follower_session.jsonl');
const tmp = mkdtempSync(join(tmpdir(), 'assetdeck-investigate-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function replay(
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return replayIn({}, ...args);
}

/** The command with `env` added to the environment (a time zone). */
async function replayIn(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', SCRIPT, ...args], {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('replay investigation modes as real processes', () => {
  it('--help prints the usage of every mode, exit 0', async () => {
    const r = await replay('--help');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    for (const flag of [
      '--print-state',
      '--at',
      '--every',
      '--diff',
      '--align by-seq',
      '--check',
      '--jobs',
      '--shard',
      '--serve',
    ]) {
      expect(r.stdout).toContain(flag);
    }
  });

  it('--print-state --at prints the dump as of T, exit 0', async () => {
    const r = await replay('--print-state', SESSION, '--at', '00:47:00');
    expect(r.code).toBe(0);
    const dump = JSON.parse(r.stdout) as { stats: { framesApplied: number } };
    expect(dump.stats.framesApplied).toBeGreaterThan(0);
    expect(r.stdout.startsWith('{\n "copytrade"')).toBe(true);
  });

  it('--at: a date-time without an offset is UTC in any time zone of the machine', async () => {
    const byMs = await replay('--print-state', SESSION, '--at', '20000');
    for (const TZ of ['Asia/Shanghai', 'America/New_York']) {
      const r = await replayIn({ TZ }, '--print-state', SESSION, '--at', '2024-11-21T00:47:00');
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(byMs.stdout);
    }
  });

  it('--every prints one JSON line per step, exit 0', async () => {
    const r = await replay('--print-state', SESSION, '--every', '20');
    expect(r.code).toBe(0);
    const ts = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => (JSON.parse(l) as { t: number }).t);
    expect(ts).toEqual([0, 20_000, 40_000, 60_000]);
  });

  it('--every into a reader that goes away (| head -1) exits 0 without a word', async () => {
    // It was an unhandled EPIPE: a stack trace on stderr and exit 1.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', SCRIPT, '--print-state', SESSION, '--every', '0.01'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const first = await new Promise<string>((resolve) => {
      let text = '';
      const onData = (d: Buffer) => {
        text += d.toString();
        const nl = text.indexOf('\n');
        if (nl < 0) return;
        child.stdout.off('data', onData);
        child.stdout.destroy(); // as head does after its line
        resolve(text.slice(0, nl));
      };
      child.stdout.on('data', onData);
    });
    expect((JSON.parse(first) as { t: number }).t).toBe(0);
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
  });

  it('--every to a slow reader: every line, in order, the same bytes as a fast one', async () => {
    const fast = await replay('--print-state', SESSION, '--every', '0.5');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', SCRIPT, '--print-state', SESSION, '--every', '0.5'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const closed = new Promise((resolve) => child.stdout.on('close', resolve));
    const chunks: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => {
      chunks.push(d);
      // Reads a chunk every 2 ms: the command's writes wait for the pipe to drain.
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 2);
    });
    expect(await exited).toBe(0);
    await closed;
    expect(Buffer.concat(chunks).toString()).toBe(fast.stdout);
  });

  it('--diff exits 0 when the sessions agree, 1 when they differ, 2 on a bad file', async () => {
    expect((await replay('--diff', SESSION, SESSION)).code).toBe(0);
    const other = join(ROOT, 'test/sessions/reconnect_session.jsonl');
    const differ = await replay('--diff', SESSION, other);
    expect(differ.code).toBe(1);
    expect(differ.stdout).toMatch(/part at t=\d+ ms/);
    const bad = join(tmp, 'bad.jsonl');
    writeFileSync(bad, 'not a session\n');
    const r = await replay('--diff', SESSION, bad);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^replay: .*bad\.jsonl: line 1: /);
  });

  it('--check runs worker threads over a folder, one line per file, exit 0', async () => {
    const dir = join(tmp, 'corpus');
    writeCorpus(dir, 12);
    const r = await replay('--check', dir, '--jobs', '2');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('ok '))).toHaveLength(12);
    expect(lines.at(-1)).toMatch(/12 file\(s\): 12 ok, 0 differ, 0 error\(s\).* on 2 worker\(s\)/);
  });

  it('--serve seeks on the operator endpoint to the state --at gives, and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        SCRIPT,
        '--serve',
        SESSION,
        '--port',
        '0',
        '--start-now',
        '--speed',
        '1000',
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL in: ${out}`)), 30_000);
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1] as string);
          }
        });
      });
      const seek = await fetch(`${url}/__replay/control`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'seek', to: 'line:400' }),
      });
      expect(seek.status).toBe(200);
      expect(await seek.json()).toMatchObject({ state: 'paused', line: 400, seeked: true });
      // The dashboard's wallet snapshot is now the state after line 400.
      const login = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'follower', password: 'follower123' }),
      });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const wallets = (await (
        await fetch(`${url}/api/v3/private/asset/wallets`, { headers: { cookie } })
      ).json()) as { result: { list: { coin: string }[] } };
      const at = await replay('--print-state', SESSION, '--at', 'line:400');
      expect(Object.fromEntries(wallets.result.list.map((w) => [w.coin, w]))).toEqual(
        (JSON.parse(at.stdout) as { wallets: unknown }).wallets,
      );
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
