/**
 * `npm run replay -- --serve FILE`: refuses a bad file exactly like --print-state (one line,
 * exit 1, before listening), refuses bad flags, serves a good file and stops on SIGTERM. The bad
 * inputs run in process (runReplay, the function behind the command); one real process checks
 * serving and the signal, one the exit code of a refusal.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runReplay } from '@scripts/replay';

const execRun = promisify(execFile);
const ROOT = join(__dirname, '../../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const SCRIPT = join(ROOT, 'scripts/replay.ts');
const GOOD = join(ROOT, 'test/sessions/race_snapshot.jsonl');
const tmp = mkdtempSync(join(tmpdir(), 'assetdeck-serve-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The command in process; a server it started (a bug, for a bad input) is stopped. */
async function replay(args: string[]) {
  let stdout = '';
  let stderr = '';
  const r = await runReplay(args, { out: (t) => (stdout += t), err: (t) => (stderr += t) });
  if (r.code === null) await r.server.stop();
  return { code: r.code, stdout, stderr };
}

const children: ChildProcess[] = [];
afterEach(() => {
  // A failed assertion must not leave a server running.
  for (const c of children.splice(0))
    if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

const HEADER =
  '{"kind":"header","version":1,"recordedAt":"2026-11-21T00:00:00.000Z","userId":1001}';

describe('replay --serve', () => {
  const bad: [string, string][] = [
    ['an empty', ''],
    ['a truncated', `${HEADER}\n{"t":0,"kind":"open","stream":"priv`],
    ['an unknown version', HEADER.replace('"version":1', '"version":3')],
    [
      'backwards',
      `${HEADER}\n{"t":5,"kind":"open","stream":"private"}\n{"t":1,"kind":"open","stream":"public"}\n`,
    ],
    ['a not-JSON', `${HEADER}\nrm -rf /\n`],
  ];
  for (const [name, text] of bad) {
    it(`refuses ${name} file exactly as --print-state does`, async () => {
      const file = join(tmp, `${name}.jsonl`);
      writeFileSync(file, text);
      const served = await replay(['--serve', file, '--port', '0']);
      const printed = await replay(['--print-state', file]);
      expect(served.code).toBe(1);
      expect(served.stdout).toBe('');
      expect(served.stderr.trim().split('\n')).toHaveLength(1);
      expect(served.stderr).toMatch(/^replay: .*: line \d+: /);
      expect(served.stderr).toBe(printed.stderr);
    });
  }

  it('refuses bad flags and a missing file with one line (never on the default port)', async () => {
    for (const args of [
      ['--serve', GOOD, '--speed', '0', '--port', '0'],
      ['--serve', GOOD, '--speed', 'fast', '--port', '0'],
      ['--serve', GOOD, '--port', '70000'],
      ['--serve', GOOD, '--port', ''],
      ['--serve', GOOD, '--speed', '-2', '--port', '0'], // not parseArgs' "ambiguous"
      ['--serve', GOOD, '--port', '-1'],
      ['--serve', GOOD, '--print-state', GOOD],
      ['--serve', join(tmp, 'missing.jsonl'), '--port', '0'],
      ['--serve', GOOD, '--app', tmp, '--port', '0'], // no index.html there
      ['--serve', GOOD, '--allowed-host', 'devbox.lan:8790', '--port', '0'],
      ['--serve', GOOD, '--allowed-host', '*.example', '--port', '0'],
      ['--print-state', GOOD, '--allowed-host', 'devbox.lan'],
      ['--bogus'],
    ]) {
      const r = await replay(args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stdout, args.join(' ')).toBe('');
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
    const speed = await replay(['--serve', GOOD, '--speed', '-2', '--port', '0']);
    expect(speed.stderr).toBe(
      'replay: --speed "-2": out of range: expected a number from 0.01 to 1000\n',
    );
    const port = await replay(['--serve', GOOD, '--port', '70000']);
    expect(port.stderr).toBe(
      'replay: --port "70000": out of range: expected a whole number from 0 to 65535\n',
    );
    const host = await replay(['--serve', GOOD, '--allowed-host', 'devbox.lan:1', '--port', '0']);
    expect(host.stderr).toBe(
      'replay: --allowed-host "devbox.lan:1": expected a host name without a port (app.example)\n',
    );
  });

  it('takes the names given with --allowed-host (repeated) and refuses other names with 403', async () => {
    const r = await runReplay(
      [
        '--serve',
        GOOD,
        '--port',
        '0',
        '--allowed-host',
        'DevBox.lan',
        '--allowed-host',
        'app.test',
      ],
      { out: () => undefined, err: () => undefined },
    );
    if (r.code !== null) throw new Error(`not serving: exit ${r.code}`);
    try {
      const status = (host: string) =>
        new Promise<number>((resolve, reject) => {
          const url = new URL(r.server.url);
          const req = request(
            { host: url.hostname, port: url.port, path: '/api/v5/market/time', headers: { host } },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          );
          req.on('error', reject);
          req.end();
        });
      for (const host of ['devbox.lan:8790', 'app.test', 'localhost:1', '127.0.0.1'])
        expect(await status(host), host).toBe(200);
      for (const host of ['rebind.attacker.example:8790', 'sub.devbox.lan'])
        expect(await status(host), host).toBe(403);
    } finally {
      await r.server.stop();
    }
  });

  it('a refusal is exit 1 and one line from the real process', async () => {
    const r = await execRun(TSX, [SCRIPT, '--serve', GOOD, '--speed', '0', '--port', '0'], {
      cwd: ROOT,
      timeout: 30_000,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^replay: --speed "0": out of range: expected a number from 0\.01 to 1000\n$/,
    );
  });

  it('serves a good file, shows where the operator page is, and stops on SIGTERM', async () => {
    const child = spawn(
      TSX,
      [SCRIPT, '--serve', join(ROOT, 'test/sessions/seq_gap_reseed.jsonl'), '--port', '0'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(child);
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
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
    expect(out).toContain('/__replay');
    const state = (await (await fetch(`${url}/__replay/state`)).json()) as Record<string, unknown>;
    expect(state).toMatchObject({ state: 'waiting', total: 19, userId: 1001 });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
