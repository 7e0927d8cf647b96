/**
 * `npm run replay -- --serve FILE`: refuses a bad file exactly like --print-state (one line,
 * exit 1, before listening), refuses bad flags, serves a good file and stops on SIGTERM.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = join(__dirname, '../../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const SCRIPT = join(ROOT, 'scripts/replay.ts');
const tmp = mkdtempSync(join(tmpdir(), 'assetdeck-serve-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function replay(args: string[]) {
  try {
    const { stdout, stderr } = await run(TSX, [SCRIPT, ...args], { cwd: ROOT, timeout: 30_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

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
      const [served, printed] = await Promise.all([
        replay(['--serve', file, '--port', '0']),
        replay(['--print-state', file]),
      ]);
      expect(served.code).toBe(1);
      expect(served.stdout).toBe('');
      expect(served.stderr.trim().split('\n')).toHaveLength(1);
      expect(served.stderr).toMatch(/^replay: .*: line \d+: /);
      expect(served.stderr).toBe(printed.stderr);
    });
  }

  it('refuses bad flags and a missing file with one line', async () => {
    const good = join(ROOT, 'test/sessions/race_snapshot.jsonl');
    for (const args of [
      ['--serve', good, '--speed', '0'],
      ['--serve', good, '--speed', 'fast'],
      ['--serve', good, '--port', '70000'],
      ['--serve', good, '--print-state', good],
      ['--serve', join(tmp, 'missing.jsonl')],
      ['--serve', good, '--app', tmp], // no index.html there
      ['--bogus'],
    ]) {
      const r = await replay(args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });

  it('serves a good file, shows where the operator page is, and stops on SIGTERM', async () => {
    const child = spawn(
      TSX,
      [SCRIPT, '--serve', join(ROOT, 'test/sessions/seq_gap_reseed.jsonl'), '--port', '0'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
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
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
