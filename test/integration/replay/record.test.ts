/**
 * The recording client against the real simulator (manual clock): a session with a lost frame and
 * a dropped connection in the middle, replayed headless, gives the state the simulator's truth
 * endpoint reported at the end of the recording; no secret reaches the file. The simulator's own
 * `--record` files of the same run are accepted by the replay and give the same truth.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '@server/simulator';
import { startRecording, type Recording } from '@server/replay/recording-client';
import type { StateDump } from '@src/state/dump';
import { replayToDump } from '@src/pipeline/replay';
import { parseSession, type SessionEvent } from '@src/wire/session-file';
import { PRIVATE_TOPICS, SNAPSHOT_PATHS } from '@src/wire/protocol';

const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'];

async function post(sim: Simulator, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${sim.url}/__admin${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
}

/** Advances simulated time in steps, letting the recorder take in each step. */
async function run(sim: Simulator, rec: Recording, ms: number, step = 500): Promise<void> {
  for (let done = 0; done < ms; done += step) {
    sim.advance(step);
    await rec.sync();
  }
}

const entities = (d: StateDump, symbols: readonly string[]) => ({
  wallets: d.wallets,
  risk: d.risk,
  copytrade: d.copytrade,
  quotes: Object.fromEntries(symbols.map((s) => [s, d.quotes[s]])),
});

describe('recording from the simulator', () => {
  let dir: string;
  let sim: Simulator;
  let rec: Recording;
  let text: string;
  let events: SessionEvent[];
  let truth: StateDump;
  const simFiles = new Map<string, SessionEvent[]>();

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'assetdeck-record-'));
    sim = await startSimulator({
      port: 0,
      clock: 'manual',
      admin: true,
      seed: 11,
      tickMs: 1000,
      idleTimeoutMs: 3_600_000,
      recordDir: dir,
      timing: { leaderActionMs: [2_000, 4_000] },
    });
    rec = await startRecording({
      url: sim.url,
      username: 'follower',
      password: 'follower123',
      symbols: SYMBOLS,
      now: () => sim.clock.now(),
      reconnectDelayMs: 20,
    });
    await rec.sync();
    await run(sim, rec, 10_000);
    // A lost frame: the next wallet frame jumps seq, the recorder seeds the wallet again.
    await post(sim, '/faults/skip-seq', { count: 3, userId: 1001 });
    await run(sim, rec, 10_000);
    // The connections die without a close frame; the recorder reconnects both streams.
    await post(sim, '/faults/drop', {});
    await rec.sync();
    await run(sim, rec, 10_000);
    truth = sim.truth(1001);
    await rec.stop();
    text = rec.recorder.text();
    events = parseSession(text).events;
    await sim.stop();
    for (const f of await readdir(dir)) {
      simFiles.set(f, parseSession(await readFile(join(dir, f), 'utf8')).events);
    }
  });
  afterAll(async () => {
    await sim?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('records both streams, the seeds after each subscribe and after the gap, and the reconnect', () => {
    expect(rec.userId).toBe(1001);
    const opens = events.filter((e) => e.kind === 'open').map((e) => e.kind === 'open' && e.stream);
    expect(opens.sort()).toEqual(['private', 'private', 'public', 'public']);
    const closes = events.filter((e) => e.kind === 'close');
    expect(closes.map((e) => e.kind === 'close' && e.code)).toEqual([1006, 1006, 1000, 1000]);
    const seeds = events.filter((e) => e.kind === 'rest' && e.method === 'GET');
    // 7 topics on each of the two private connections, plus one per topic that saw the gap.
    expect(seeds.length).toBeGreaterThan(14);
    expect(new Set(seeds.map((e) => e.kind === 'rest' && e.path))).toEqual(
      new Set(Object.values(SNAPSHOT_PATHS)),
    );
    const subscribes = events.filter(
      (e) => e.kind === 'send' && e.stream === 'private' && e.frame.includes('"subscribe"'),
    );
    expect(subscribes).toHaveLength(2);
    expect(JSON.parse(subscribes[0]!.kind === 'send' ? subscribes[0]!.frame : '')).toMatchObject({
      args: [...PRIVATE_TOPICS],
    });
    const tickers = events.filter((e) => e.kind === 'recv' && e.frame.includes('"tickers.'));
    expect(tickers.length).toBeGreaterThan(SYMBOLS.length * 20);
  });

  it('replays headless to the truth the simulator reported at the end', () => {
    const dump = replayToDump(events);
    expect(entities(dump, SYMBOLS)).toEqual(entities(truth, SYMBOLS));
    expect(Object.keys(dump.quotes).sort()).toEqual([...SYMBOLS].sort());
    // Every gap the replay saw was seeded again by the recorder.
    const seeds = events.filter((e) => e.kind === 'rest' && e.method === 'GET').length;
    expect(dump.stats.resyncs).toBeGreaterThanOrEqual(1);
    expect(seeds - 14).toBe(dump.stats.resyncs);
    expect(dump.stats.framesRejected).toBe(0);
    expect(
      dump.copytrade.positions.length + Object.keys(dump.copytrade.orders).length,
    ).toBeGreaterThan(0);
  });

  it('never writes the password, the session cookie or a token', () => {
    expect(text).not.toContain('follower123');
    expect(text).not.toMatch(/secure-token/);
    for (const e of events) {
      if (e.kind === 'send' && e.frame.includes('"auth"')) {
        expect(JSON.parse(e.frame)).toMatchObject({ op: 'auth', args: ['<token>'] });
      }
      if (e.kind === 'rest' && e.path === '/user/private/ott') {
        expect(JSON.parse(e.body)).toMatchObject({ result: { token: '<token>' } });
      }
    }
    expect(events.filter((e) => e.kind === 'rest' && e.method === 'POST')).toHaveLength(2);
  });

  it("the simulator's own --record files are valid sessions that replay to the same truth", () => {
    expect(simFiles.size).toBe(4); // two connections per stream
    const priv = [...simFiles.entries()].filter(([f]) => f.includes('-private-'));
    const last = priv.sort(([a], [b]) => a.localeCompare(b)).at(-1)![1];
    const dump = replayToDump(last);
    // The last private connection was seeded afresh: its replay holds the whole account.
    expect({ w: dump.wallets, r: dump.risk, c: dump.copytrade }).toEqual({
      w: truth.wallets,
      r: truth.risk,
      c: truth.copytrade,
    });
    for (const evs of simFiles.values()) expect(evs.at(-1)?.kind).toBe('close');
  });
});
