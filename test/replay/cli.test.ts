/**
 * `npm run --silent replay -- --print-state FILE`: the same bytes every time, exit 0; any bad file
 * is one line on stderr naming the line, exit 1. The bad inputs run in process (runReplay, the
 * function behind the command); two real runs check the process's exit code and streams.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runReplay } from '@scripts/replay';
import { printState } from './print-state';

const run = promisify(execFile);
const ROOT = join(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const SCRIPT = join(ROOT, 'scripts/replay.ts');
const SHARED = join(ROOT, 'test/sessions/follower_example.jsonl');
const tmp = mkdtempSync(join(tmpdir(), 'assetdeck-replay-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The command as a process. */
async function spawnReplay(
  file: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(TSX, [SCRIPT, '--print-state', file], { cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

function file(name: string, text: string): string {
  const p = join(tmp, name);
  writeFileSync(p, text);
  return p;
}

const HEADER =
  '{"kind":"header","version":1,"recordedAt":"2026-11-21T00:00:00.000Z","userId":1001}';

describe('replay --print-state', () => {
  it('prints the same bytes twice for the same file, and exits 0 (a real process)', async () => {
    const a = await spawnReplay(SHARED);
    const b = await printState(SHARED);
    expect(a.code).toBe(0);
    expect(a.stderr).toBe('');
    expect(a.stdout.length).toBeGreaterThan(1000);
    expect(b.stdout).toBe(a.stdout);
    expect(JSON.parse(a.stdout).stats.framesApplied).toBe(307);
  });

  it('exits 1 with one line on stderr and nothing on stdout for a bad file (a real process)', async () => {
    const r = await spawnReplay(file('bad.jsonl', `${HEADER}\nhello world\n`));
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^replay: .*bad\.jsonl: line 2: not valid JSON[^\n]*\n$/);
  });

  const bad: [string, string, RegExp][] = [
    ['an empty file', '', /line 1: empty file/],
    [
      'a truncated file',
      `${HEADER}\n{"t":0,"kind":"open","stream":"priv`,
      /line 2: not valid JSON/,
    ],
    [
      'an unknown version',
      HEADER.replace('"version":1', '"version":2'),
      /line 1: unsupported session version 2/,
    ],
    [
      'times going backwards',
      `${HEADER}\n{"t":5,"kind":"open","stream":"private"}\n{"t":4,"kind":"close","stream":"private","code":1000,"reason":""}\n`,
      /line 3: time goes backwards/,
    ],
    ['a line that is not JSON', `${HEADER}\nhello world\n`, /line 2: not valid JSON/],
    [
      'a header that is not first',
      '{"t":0,"kind":"open","stream":"private"}\n',
      /line 1: the first line must be the header/,
    ],
    [
      'an unknown event kind',
      `${HEADER}\n{"t":0,"kind":"exec","cmd":"rm -rf /"}\n`,
      /line 2: unknown event kind "exec"/,
    ],
  ];
  for (const [what, text, message] of bad) {
    it(`rejects ${what} with one line naming the line, exit 1`, async () => {
      const r = await printState(file(`${what.replace(/\W+/g, '_')}.jsonl`, text));
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    });
  }

  it('exits 1 with one line when the file cannot be read', async () => {
    const r = await printState(join(tmp, 'missing.jsonl'));
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/cannot read/);
  });

  it('refuses bad flags with the usage, one line', async () => {
    for (const argv of [[], ['--bogus'], ['--print-state', SHARED, '--serve', SHARED]]) {
      let err = '';
      const r = await runReplay(argv, { out: () => undefined, err: (t) => (err += t) });
      expect(r.code, argv.join(' ')).toBe(1);
      expect(err, argv.join(' ')).toMatch(/^replay: .*usage: replay --print-state FILE[^\n]*\n$/);
    }
  });

  it('never executes anything from a file: code-like content is data', async () => {
    const marker = join(tmp, 'pwned');
    const frame = JSON.stringify({
      id: 'f1',
      topic: 'copytrade.order',
      type: 'delta',
      seq: 1,
      creationTime: 1,
      data: [
        {
          orderId: `require('fs').writeFileSync('${marker}','x')`,
          copyTradeOrderStatus: 'OpenOrderFilled',
          updatedAtE3: '1',
        },
      ],
    });
    const r = await printState(
      file(
        'code.jsonl',
        `${HEADER}\n${JSON.stringify({ t: 0, kind: 'recv', stream: 'private', frame })}\n`,
      ),
    );
    expect(r.code).toBe(0);
    expect(Object.keys(JSON.parse(r.stdout).copytrade.orders)).toEqual([
      `require('fs').writeFileSync('${marker}','x')`,
    ]);
    expect(existsSync(marker)).toBe(false);
  });
});
