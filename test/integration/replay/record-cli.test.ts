/** `npm run record`: flags, clear one-line failures, and a real recording of a running simulator. */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { WebSocketServer } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRecordArgs } from '@scripts/record';
import { MAX_TOKEN_ATTEMPTS, RecordError, startRecording } from '@server/replay/recording-client';
import { startSimulator, type Simulator } from '@server/simulator';
import { replayToDump } from '@src/pipeline/replay';
import { parseSession } from '@src/wire/session-file';

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
    ).toMatchObject({ durationS: 1.5, symbols: ['BTCUSDT', 'ETHUSDT'], force: false });
    expect(parseRecordArgs([...ok, '--force'], {})).toMatchObject({ force: true });
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
    expect(existsSync(join(tmp, 'x.jsonl'))).toBe(false); // nothing opened before the sign-in
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
    expect(existsSync(join(tmp, 'y.jsonl'))).toBe(false);
    const usage = await record(['--user', 'follower']);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toMatch(/--url/);
  });
});

describe('npm run record never destroys an existing file', () => {
  let sim: Simulator;
  const dir = mkdtempSync(join(tmpdir(), 'assetdeck-record-keep-'));
  const keep = join(dir, 'keep.jsonl');
  const previous =
    '{"kind":"header","version":1,"recordedAt":"2024-11-21T00:46:40.000Z","userId":1001}\n';
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 5, tickMs: 100 });
  });
  afterAll(async () => {
    await sim.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a wrong password or a dead server leaves it as it was, even with --force', async () => {
    writeFileSync(keep, previous);
    const args = ['--user', 'follower', '--out', keep, '--duration', '1', '--force'];
    // Before: the output was opened (truncated) before the sign-in, and a 2.1 MB recording was
    // 0 bytes after `--password wrong`.
    const wrong = await record(['--url', sim.url, ...args, '--password', 'wrong']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^record: login as follower failed/);
    expect(readFileSync(keep, 'utf8')).toBe(previous);
    const dead = await record(['--url', 'http://127.0.0.1:9', ...args]);
    expect(dead.code).toBe(1);
    expect(readFileSync(keep, 'utf8')).toBe(previous);
  });

  it('refuses an existing file without --force, before signing in; --force replaces it', async () => {
    writeFileSync(keep, previous);
    const args = ['--url', sim.url, '--user', 'follower', '--out', keep, '--duration', '1'];
    const refused = await record(args);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `record: ${keep} exists: not overwriting it (--force replaces it, or choose another --out)\n`,
    );
    expect(readFileSync(keep, 'utf8')).toBe(previous);
    const forced = await record([...args, '--symbols', 'BTCUSDT', '--force']);
    expect(forced.stderr).toMatch(/events written to/);
    expect(forced.code).toBe(0);
    const { header, events } = parseSession(readFileSync(keep, 'utf8'));
    expect(header.userId).toBe(1001);
    expect(events.length).toBeGreaterThan(2);
  });
});

/** A server that signs in and opens streams, but answers the one-time token with `ott`. */
async function brokenTokenServer(ott: string) {
  let privateConnections = 0;
  const server: Server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/api/login') {
      res.setHeader('set-cookie', 'secure-token-testnet=x; HttpOnly');
      res.end('{"ret_code":0,"ret_msg":"OK","result":{"userId":1001}}');
    } else if (req.url === '/api/user/private/ott') res.end(ott);
    else res.writeHead(404).end('{}');
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (ws, req) => {
    if (req.url === '/ws/v5/private') privateConnections++;
    ws.on('message', (d: Buffer) => {
      const op = JSON.parse(d.toString()) as { req_id?: string; op?: string };
      ws.send(JSON.stringify({ success: true, ret_msg: '', op: op.op, req_id: op.req_id }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    private: () => privateConnections,
    close: () =>
      new Promise<void>((r) => {
        for (const c of wss.clients) c.terminate();
        wss.close();
        server.close(() => r());
      }),
  };
}

describe('the recording client when no one-time token comes', () => {
  it('gives up after a few attempts with one clear error, and stops reconnecting', async () => {
    const srv = await brokenTokenServer('<html>oops</html>');
    try {
      const failures: RecordError[] = [];
      const rec = await startRecording({
        url: srv.url,
        username: 'follower',
        password: 'x',
        symbols: ['BTCUSDT'],
        reconnectDelayMs: 5,
        onFailure: (e) => failures.push(e),
      });
      await expect(rec.settled()).rejects.toThrow(
        `no one-time token after ${MAX_TOKEN_ATTEMPTS} attempts: the answer is not JSON`,
      );
      expect(failures).toHaveLength(1);
      expect(failures[0]).toBeInstanceOf(RecordError);
      const tried = srv.private();
      expect(tried).toBe(MAX_TOKEN_ATTEMPTS);
      await rec.stop();
      expect(srv.private()).toBe(tried);
    } finally {
      await srv.close();
    }
  });

  it('npm run record: a refused session is one line on stderr and exit 1', async () => {
    const srv = await brokenTokenServer('{"ret_code":10007,"ret_msg":"session expired"}');
    try {
      const out = join(mkdtempSync(join(tmpdir(), 'assetdeck-record-refused-')), 'refused.jsonl');
      const r = await record(['--url', srv.url, '--user', 'follower', '--out', out]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^record: no one-time token \(ret_code 10007: session expired\)$/m);
      expect(r.stderr.trim().split('\n').at(-1)).toBe(
        'record: no one-time token: ret_code 10007: session expired',
      );
      expect(r.stderr).not.toMatch(/\bat .*\.ts:\d+/); // no stack trace
      expect(srv.private()).toBe(1);
      rmSync(join(out, '..'), { recursive: true, force: true });
    } finally {
      await srv.close();
    }
  });
});
