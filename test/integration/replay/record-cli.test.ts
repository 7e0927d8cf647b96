/** `npm run record`: flags, clear one-line failures, and a real recording of a running simulator. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRecordArgs } from '../../../scripts/record';
import { startSimulator, type Simulator } from '../../../server/simulator';
import { replayToDump } from '../../../src/stream/replay';
import { parseSession } from '../../../src/stream/session-file';

const run = promisify(execFile);
const ROOT = join(__dirname, '../../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const SCRIPT = join(ROOT, 'scripts/record.ts');
const tmp = mkdtempSync(join(tmpdir(), 'assetdeck-record-cli-'));

async function record(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(TSX, [SCRIPT, ...args], {
      cwd: ROOT,
      env: { ...process.env, ASSETDECK_PASSWORD: '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('record flags', () => {
  const ok = ['--url', 'http://127.0.0.1:1', '--user', 'leader', '--out', 'x.jsonl'];

  it('takes the demo password from the one demo table, else --password or ASSETDECK_PASSWORD', () => {
    expect(parseRecordArgs(ok, {})).toMatchObject({ username: 'leader', password: 'leader123' });
    expect(parseRecordArgs([...ok, '--password', 'p'], { ASSETDECK_PASSWORD: 'e' })).toMatchObject({
      password: 'p',
    });
    const other = ['--url', 'http://h:1', '--user', 'alice', '--out', 'a'];
    expect(parseRecordArgs(other, { ASSETDECK_PASSWORD: 'e' })).toMatchObject({ password: 'e' });
    expect(() => parseRecordArgs(other, {})).toThrow(/--password .* is required for alice/);
  });

  it('refuses bad values with a message naming the flag', () => {
    expect(() => parseRecordArgs(['--user', 'a', '--out', 'b'], {})).toThrow(/--url/);
    expect(() => parseRecordArgs(['--url', 'ftp://x', '--user', 'a'], {})).toThrow(/--url/);
    expect(() => parseRecordArgs([...ok, '--duration', '0'], {})).toThrow(/--duration/);
    expect(() => parseRecordArgs([...ok, '--duration', 'soon'], {})).toThrow(/--duration/);
    expect(() => parseRecordArgs([...ok, '--symbols', 'btc usdt'], {})).toThrow(/--symbols/);
    expect(() => parseRecordArgs([...ok, '--bogus'], {})).toThrow(/bogus/);
    expect(
      parseRecordArgs([...ok, '--duration', '1.5', '--symbols', 'BTCUSDT,ETHUSDT'], {}),
    ).toMatchObject({ durationS: 1.5, symbols: ['BTCUSDT', 'ETHUSDT'] });
    expect(parseRecordArgs(['--help'], {})).toBe('help');
  });
});

describe('npm run record against a running simulator', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 5, tickMs: 100 });
  });
  afterAll(async () => {
    await sim.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('records a leader for the given duration into a valid file without secrets', async () => {
    const out = join(tmp, 'leader.jsonl');
    const r = await record([
      '--url',
      sim.url,
      '--user',
      'leader',
      '--out',
      out,
      '--duration',
      '1.5',
      '--symbols',
      'BTCUSDT,ETHUSDT',
    ]);
    expect(r.stderr).toMatch(/events written to/);
    expect(r.code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).not.toContain('leader123');
    const { header, events } = parseSession(text);
    expect(header.userId).toBe(2001);
    expect(
      events.filter((e) => e.kind === 'close').map((e) => e.kind === 'close' && e.code),
    ).toEqual([1000, 1000]);
    const dump = replayToDump(events);
    expect(Object.keys(dump.quotes).sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(dump.copytrade.leaderWallet).not.toBeNull();
    expect(dump.copytrade.leaderIncome?.followerCount).toBeGreaterThan(0);
  });

  it('fails with one line and exit 1 on a wrong password or a dead server', async () => {
    const bad = await record(
      ['--url', sim.url, '--user', 'follower', '--out', join(tmp, 'x.jsonl')],
      { ASSETDECK_PASSWORD: 'wrong' },
    );
    // The environment variable wins over the demo table only when set; here it is wrong.
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/record: login as follower failed/);
    const dead = await record([
      '--url',
      'http://127.0.0.1:9',
      '--user',
      'follower',
      '--out',
      join(tmp, 'y.jsonl'),
    ]);
    expect(dead.code).toBe(1);
    expect(dead.stderr).toMatch(/record: cannot reach http:\/\/127\.0\.0\.1:9/);
    const usage = await record(['--user', 'follower']);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toMatch(/--url/);
  });
});
