import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseSession } from '@src/wire/session-file';
import { ManualClock } from '@server/clock';
import { Recorder, type ConnectionRecording } from '@server/record/recorder';

/** The recording, which a test expects to exist. */
function must(rec: ConnectionRecording | undefined): ConnectionRecording {
  if (!rec) throw new Error('not recorded');
  return rec;
}

describe('Recorder (one session file per connection)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'assetdeck-recorder-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const only = async () => {
    const [file] = await readdir(dir);
    return readFile(join(dir, file as string), 'utf8');
  };

  it('holds a private session until auth names its user, then writes it all', async () => {
    const clock = new ManualClock(1_000);
    const rec = new Recorder(dir, clock);
    const conn = must(rec.connection('0001-00000001-v', 'private', undefined));
    clock.advance(5);
    conn.send('private', '{"req_id":"1","op":"auth","args":["s3cretTokenValue_abcdefghijklmnop"]}');
    conn.start(1001);
    clock.advance(5);
    conn.recv('private', '{"success":true,"ret_msg":"","op":"auth","conn_id":"c","req_id":"1"}');
    await rec.finish(conn, 1000, 'bye');
    const text = await only();
    const session = parseSession(text);
    expect(session.header.userId).toBe(1001);
    expect(session.events.map((e) => [e.kind, e.t])).toEqual([
      ['open', 0],
      ['send', 5],
      ['recv', 10],
      ['close', 10],
    ]);
    expect(text).not.toContain('s3cretTokenValue');
    expect(text).toContain('\\"args\\":[\\"<token>\\"]');
  });

  it('adds REST snapshots only to private sessions of the same user, and finishes on shutdown', async () => {
    const clock = new ManualClock(0);
    const rec = new Recorder(dir, clock);
    const mine = must(rec.connection('a', 'private', 1001));
    mine.start(1001);
    const other = must(rec.connection('b', 'private', 2001));
    other.start(2001);
    const pub = must(rec.connection('c', 'public', 1001));
    clock.advance(10);
    rec.rest(1001, 4, 'GET', '/v3/private/account/risk', 200, '{"ret_code":0}');
    await rec.closeAll();
    const files = await readdir(dir);
    const sessions = await Promise.all(
      files.map(async (f) => [f, parseSession(await readFile(join(dir, f), 'utf8'))] as const),
    );
    const rests = (name: string) =>
      sessions
        .find(([f]) => f.endsWith(`-${name}.jsonl`))?.[1]
        .events.filter((e) => e.kind === 'rest') ?? [];
    expect(rests('a')).toEqual([
      {
        t: 10,
        kind: 'rest',
        sent: 4,
        method: 'GET',
        path: '/v3/private/account/risk',
        status: 200,
        body: '{"ret_code":0}',
      },
    ]);
    expect(rests('b')).toEqual([]);
    expect(rests('c')).toEqual([]);
    for (const [, s] of sessions)
      expect(s.events.at(-1)).toMatchObject({ kind: 'close', code: 1001 });
    expect(pub.stream).toBe('public');
  });

  it('never loses a file to a repeated name: -1, -2… (a manual clock stands still)', async () => {
    const clock = new ManualClock(0);
    const log: string[] = [];
    const first = new Recorder(dir, clock, { log: (m) => log.push(m) });
    const second = new Recorder(dir, clock, { log: (m) => log.push(m) }); // a second run
    const recs = [
      must(first.connection('0001-x-p', 'public', undefined)),
      must(first.connection('0001-x-p', 'public', undefined)),
      must(second.connection('0001-x-p', 'public', undefined)),
    ];
    recs.forEach((r, i) => r.recv('public', `{"n":${i}}`));
    await Promise.all([first.closeAll(), second.closeAll()]);
    const files = (await readdir(dir)).sort();
    expect(files).toEqual([
      '1970-01-01T00-00-00-000Z-public-0001-x-p-1.jsonl',
      '1970-01-01T00-00-00-000Z-public-0001-x-p-2.jsonl',
      '1970-01-01T00-00-00-000Z-public-0001-x-p.jsonl',
    ]);
    const frames = await Promise.all(
      files.map(async (f) => {
        const { events } = parseSession(await readFile(join(dir, f), 'utf8'));
        return events.find((e) => e.kind === 'recv');
      }),
    );
    expect(frames.map((e) => e?.kind === 'recv' && e.frame).sort()).toEqual([
      '{"n":0}',
      '{"n":1}',
      '{"n":2}',
    ]);
    expect(log).toEqual([]);
  });

  it('says so when a file cannot be written, and goes on without it', async () => {
    const clock = new ManualClock(0);
    const log: string[] = [];
    const rec = new Recorder(dir, clock, { log: (m) => log.push(m) });
    await rm(dir, { recursive: true, force: true }); // the folder went away
    expect(rec.connection('a', 'public', undefined)).toBeUndefined();
    expect(log).toEqual([expect.stringMatching(/^cannot record to .*-public-a\.jsonl: ENOENT/)]);
  });

  it('holds at most maxPendingBytes before auth, then writes under user 0', async () => {
    const clock = new ManualClock(0);
    const rec = new Recorder(dir, clock, { maxPendingBytes: 2_000, log: () => undefined });
    const conn = must(rec.connection('v', 'private', undefined));
    for (let i = 0; i < 100; i++) conn.send('private', `{"op":"ping","req_id":"${i}"}`);
    conn.start(1001); // too late for the header
    conn.recv('private', '{"op":"pong"}');
    await rec.finish(conn, 1000, '');
    const session = parseSession(await only());
    expect(session.header.userId).toBe(0);
    expect(session.events.filter((e) => e.kind === 'send')).toHaveLength(100);
    expect(session.events.at(-1)).toMatchObject({ kind: 'close' });
  });

  it('caps a file and the run, keeping every written line whole', async () => {
    const clock = new ManualClock(0);
    const log: string[] = [];
    const rec = new Recorder(dir, clock, {
      maxFileBytes: 4_096,
      maxTotalBytes: 6_000,
      log: (m) => log.push(m),
    });
    const a = must(rec.connection('a', 'public', undefined));
    for (let i = 0; i < 200; i++) a.recv('public', `{"topic":"tickers.BTCUSDT","n":${i}}`);
    await rec.finish(a, 1000, '');
    const text = await only();
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(4_096);
    expect(parseSession(text).events.length).toBeGreaterThan(10); // every line parses
    expect(log).toEqual([expect.stringMatching(/-public-a\.jsonl is full/)]);
    const b = must(rec.connection('b', 'public', undefined));
    for (let i = 0; i < 200; i++) b.recv('public', `{"n":${i}}`);
    await rec.finish(b, 1000, '');
    expect(rec.connection('c', 'public', undefined)).toBeUndefined();
    expect(log.at(-1)).toMatch(/recording limit reached/);
  });
});
