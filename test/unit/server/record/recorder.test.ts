import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseSession } from '../../../../src/stream/session-file';
import { ManualClock } from '../../../../server/clock';
import { Recorder } from '../../../../server/record/recorder';

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
    const conn = rec.connection('0001-00000001-v', 'private', undefined);
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
    const mine = rec.connection('a', 'private', 1001);
    mine.start(1001);
    const other = rec.connection('b', 'private', 2001);
    other.start(2001);
    const pub = rec.connection('c', 'public', 1001);
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
});
