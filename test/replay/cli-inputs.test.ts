/**
 * Issue 14, item 9: what `replay --print-state` reads. Only regular files (a FIFO with no writer
 * used to block the process for ever; a directory or a device is refused with one line), and a
 * file saved by an editor that adds a byte-order mark and CRLF line ends is read like any other.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { printState } from './print-state';
import { parseSession } from '@src/wire/session-file';

const ROOT = join(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const SCRIPT = join(ROOT, 'scripts/replay.ts');
const SHARED = join(ROOT, 'test/sessions/follower_example.jsonl');
const tmp = mkdtempSync(join(tmpdir(), 'assetdeck-replay-in-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('replay --print-state inputs', () => {
  it('accepts a byte-order mark and CRLF line ends: the same dump as the plain file', async () => {
    const plain = readFileSync(SHARED, 'utf8');
    const p = join(tmp, 'bom-crlf.jsonl');
    writeFileSync(p, `\uFEFF${plain.replace(/\n/g, '\r\n')}`);
    const a = await printState(SHARED);
    const b = await printState(p);
    expect(b.stderr).toBe('');
    expect(b.code).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    expect(parseSession(`\uFEFF${plain}`).events).toEqual(parseSession(plain).events);
  });

  it('refuses a directory with one line: not a regular file', async () => {
    const d = join(tmp, 'a-dir.jsonl');
    mkdirSync(d);
    const r = await printState(d);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^replay: .*a-dir\.jsonl: not a regular file[^\n]*\n$/);
  });

  it('refuses a FIFO with no writer at once instead of waiting for ever (a real process)', async () => {
    const fifo = join(tmp, 'pipe.jsonl');
    execFileSync('mkfifo', [fifo]);
    // A real process: before the fix the read blocked the whole event loop. The ceiling only
    // turns a hang into a failure; a fixed command answers as soon as it has started.
    const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve) => {
        const child = execFile(
          TSX,
          [SCRIPT, '--print-state', fifo],
          { cwd: ROOT, timeout: 60_000 },
          (err, stdout, stderr) =>
            resolve({ code: err ? (child.exitCode ?? -1) : 0, stdout, stderr }),
        );
      },
    );
    expect(r.stderr).toMatch(/^replay: .*pipe\.jsonl: not a regular file[^\n]*\n$/);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
  }, 90_000);

  it('refuses a device (/dev/zero would never end) with one line', async () => {
    const r = await printState('/dev/null');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\/dev\/null: not a regular file/);
  });
});
