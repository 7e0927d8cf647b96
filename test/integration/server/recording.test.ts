/**
 * `--record DIR`: one session file per connection, in the format of PROTOCOL.md section 6, with
 * the user's snapshot responses, no secrets, and a replay that gives back the server's truth.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StateDump } from '@src/state/dump';
import { replayToDump } from '@src/pipeline/replay';
import { parseSession, type Session } from '@src/wire/session-file';
import { SNAPSHOT_PATHS } from '@src/wire/protocol';
import { startTestSim, HttpClient, WsClient, ALL_PRIVATE_TOPICS } from './helpers';

describe('recording', () => {
  let dir: string;
  const sessions = new Map<string, { text: string; session: Session }>();
  let token = '';
  let cookie = '';
  let truth: StateDump;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'assetdeck-rec-'));
    const sim = await startTestSim({ recordDir: dir, idleTimeoutMs: 3_600_000 });
    const http = new HttpClient(sim.url);
    await http.login('follower');
    cookie = http.cookie;
    const pub = await WsClient.open(`${sim.wsUrl}/ws/v5/public/linear`, { cookie });
    await pub.op('subscribe', ['tickers.BTCUSDT', 'tickers.ETHUSDT']);
    const priv = await WsClient.open(`${sim.wsUrl}/ws/v5/private`, { cookie });
    token = await http.ott();
    await priv.op('auth', [token]);
    await priv.op('subscribe', [...ALL_PRIVATE_TOPICS]);
    priv.send('{"op": broken');
    await Promise.all(Object.values(SNAPSHOT_PATHS).map((p) => http.get(`/api${p}`)));
    for (let i = 0; i < 20; i++) {
      sim.manualClock.advance(500);
      await Promise.all([pub.sync(), priv.sync()]);
    }
    truth = sim.truth(1001);
    await Promise.all([pub.close(), priv.close()]);
    // A second private connection that the server cuts (drop fault).
    const cut = await WsClient.open(`${sim.wsUrl}/v5/private`);
    await cut.op('auth', [await http.ott()]);
    await http.post('/__admin/faults/drop', { stream: 'private' });
    await cut.closed;
    await sim.stop();
    for (const f of await readdir(dir)) {
      const text = await readFile(join(dir, f), 'utf8');
      sessions.set(f, { text, session: parseSession(text) });
    }
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const find = (stream: string, n = 0) =>
    [...sessions.entries()].filter(([f]) => f.includes(`-${stream}-`))[n]?.[1] as {
      text: string;
      session: Session;
    };

  it('writes one valid session file per connection with its user', () => {
    expect(sessions.size).toBe(3);
    expect(find('public').session.header.userId).toBe(1001);
    expect(find('private').session.header.userId).toBe(1001);
    const kinds = new Set(find('private').session.events.map((e) => e.kind));
    expect([...kinds].sort()).toEqual(['close', 'open', 'recv', 'rest', 'send']);
    const closes = [find('private', 0), find('private', 1)].map((s) => s.session.events.at(-1));
    expect(closes.map((c) => (c?.kind === 'close' ? c.code : 0)).sort()).toEqual([1005, 1006]);
  });

  it('records the snapshot responses of the user, paths without the /api prefix', () => {
    const rest = find('private').session.events.filter((e) => e.kind === 'rest');
    expect(rest.map((e) => (e.kind === 'rest' ? e.path : '')).sort()).toEqual(
      Object.values(SNAPSHOT_PATHS).sort(),
    );
    expect(find('public').session.events.some((e) => e.kind === 'rest')).toBe(false);
  });

  it('keeps frames as raw text, malformed ones included', () => {
    expect(
      find('private').session.events.some((e) => e.kind === 'send' && e.frame === '{"op": broken'),
    ).toBe(true);
  });

  it('never stores the token, the session cookie or a password', () => {
    const all = [...sessions.values()].map((s) => s.text).join('\n');
    expect(all).not.toContain(token);
    expect(all).not.toContain(cookie.split('=')[1] as string);
    expect(all).not.toContain('follower123');
    expect(all).toContain('\\"args\\":[\\"<token>\\"]');
  });

  it('replays to the server truth', () => {
    const priv = replayToDump(find('private').session.events);
    expect({ w: priv.wallets, r: priv.risk, c: priv.copytrade }).toEqual({
      w: truth.wallets,
      r: truth.risk,
      c: truth.copytrade,
    });
    const pub = replayToDump(find('public').session.events);
    expect(Object.keys(pub.quotes).sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(pub.quotes.BTCUSDT).toEqual(truth.quotes.BTCUSDT);
  });
});

describe('recording two runs into one folder (manual clock: the same names)', () => {
  it('keeps every file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'assetdeck-rec2-'));
    try {
      for (let run = 0; run < 2; run++) {
        const sim = await startTestSim({ recordDir: dir });
        try {
          const ws = await WsClient.open(`${sim.wsUrl}/v5/public/linear`);
          await ws.op('subscribe', ['tickers.BTCUSDT']);
          await ws.close();
        } finally {
          await sim.stop();
        }
      }
      const files = await readdir(dir);
      expect(files).toHaveLength(2);
      for (const f of files) {
        const { events } = parseSession(await readFile(join(dir, f), 'utf8'));
        expect(events.filter((e) => e.kind === 'recv').length).toBeGreaterThan(1);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
