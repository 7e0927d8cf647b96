/**
 * Every recorded session, played to the real connection machines and the real ingest by
 * replaySession (mock-socket, fake timers), ends in its expected dump's entities; the client's
 * own frames follow the protocol (auth first, then subscribe) and a reconnect takes a new token.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replaySession } from '../support/replay-session';

const DIR = join(__dirname, '../sessions');
const SESSIONS = readdirSync(DIR)
  .filter(
    (f) => f.endsWith('.jsonl') && existsSync(join(DIR, f.replace(/\.jsonl$/, '.state.json'))),
  )
  .map((f) => f.replace(/\.jsonl$/, ''));

const ops = (frames: readonly string[]) =>
  frames.map((f) => (JSON.parse(f) as { op: string }).op).filter((op) => op !== 'ping');
const entities = (d: Record<string, unknown>) => {
  const { stats: _stats, ...rest } = d;
  return rest;
};

describe('replaySession: recorded sessions through the real client', () => {
  it('finds the six sessions of test/sessions and more', () => {
    expect(SESSIONS).toEqual(
      expect.arrayContaining([
        'follower_session',
        'leader_session',
        'reconnect_session',
        'race_snapshot',
        'seq_gap_reseed',
        'hostile_frames',
      ]),
    );
  });

  for (const name of SESSIONS) {
    it(`${name}: the client ends in the expected entities`, async () => {
      const r = await replaySession(join(DIR, `${name}.jsonl`));
      const expected = JSON.parse(readFileSync(join(DIR, `${name}.state.json`), 'utf8')) as Record<
        string,
        unknown
      >;
      expect(entities(r.dump as unknown as Record<string, unknown>)).toEqual(entities(expected));
    });
  }

  it('the client authenticates first, then subscribes, on every private connection', async () => {
    const r = await replaySession(join(DIR, 'follower_session.jsonl'));
    expect(r.connections.private).toHaveLength(1);
    expect(ops(r.sent.private).slice(0, 2)).toEqual(['auth', 'subscribe']);
    expect(JSON.parse(r.sent.private[1]!)).toMatchObject({
      op: 'subscribe',
      args: expect.arrayContaining(['wallet', 'copytrade.position', 'copytrade.leaderIncome']),
    });
    expect(ops(r.sent.public)[0]).toBe('subscribe');
    // Each private topic was seeded once, as recorded.
    expect(Object.values(r.requests)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });

  it('a reconnect in the middle: two connections, two auths with different tokens', async () => {
    const r = await replaySession(join(DIR, 'reconnect_session.jsonl'));
    expect(r.connections.private).toHaveLength(2);
    expect(r.connections.public).toHaveLength(2);
    const auths = r.connections.private.map(
      (c) => JSON.parse(c[0]!) as { op: string; args: string[] },
    );
    expect(auths.map((a) => a.op)).toEqual(['auth', 'auth']);
    expect(auths[0]!.args[0]).not.toBe(auths[1]!.args[0]);
    for (const c of r.connections.private)
      expect(ops(c).slice(0, 2)).toEqual(['auth', 'subscribe']);
    expect(r.stats.resyncs).toBeGreaterThanOrEqual(1);
  });

  it('plays at another speed to the same state', async () => {
    const file = join(DIR, 'seq_gap_reseed.jsonl');
    const a = await replaySession(file, { speed: 4 });
    const b = await replaySession(file, { speed: 0.5 });
    expect(entities(a.dump as unknown as Record<string, unknown>)).toEqual(
      entities(b.dump as unknown as Record<string, unknown>),
    );
    await expect(replaySession(file, { speed: 0 })).rejects.toThrow(/speed/);
  });
});
