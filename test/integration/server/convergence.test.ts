/**
 * A long run of the private stream for four users at once: every frame is checked for `seq`
 * continuity and for belonging to its user, and what each client rebuilt (REST snapshots plus
 * every delta, through the project's decoders and merge rules) equals the server's truth.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StateDump } from '@src/state/dump';
import { decodePrivate } from '@src/wire/decode';
import type { PrivateDataFrame } from '@src/wire/protocol';
import type { Simulator } from '@server/simulator';
import { ALL_PRIVATE_TOPICS, startTestSim } from './helpers';
import { Observer, privatePart } from './observer';

const USERS = ['follower', 'leader', 'trader', 'newbie'] as const;
const RUN_MS = 240_000;
const STEP_MS = 500;

describe('private stream over a long run', () => {
  let sim: Simulator;
  const obs = new Map<string, Observer>();

  beforeAll(async () => {
    sim = await startTestSim({
      seed: 11,
      idleTimeoutMs: 10 * RUN_MS,
      timing: { leaderActionMs: [800, 2500] },
    });
    for (const u of USERS) {
      const o = new Observer(sim);
      await o.connect(u, ALL_PRIVATE_TOPICS);
      await o.seedAll([...ALL_PRIVATE_TOPICS]);
      obs.set(u, o);
    }
    for (let t = 0; t < RUN_MS; t += STEP_MS) {
      sim.manualClock.advance(STEP_MS);
      await Promise.all([...obs.values()].map((o) => o.drain()));
    }
  });

  afterAll(async () => {
    await sim.stop();
  });

  const dataFrames = (o: Observer): PrivateDataFrame[] =>
    o.ws.frames
      .map((f) => decodePrivate(f))
      .filter((d): d is PrivateDataFrame => d.kind === 'data');

  it('sends a lot of valid frames (no frame fails validation)', () => {
    const follower = obs.get('follower') as Observer;
    expect(follower.ws.frames.every((f) => decodePrivate(f).kind !== 'invalid')).toBe(true);
    const frames = dataFrames(follower);
    expect(frames.length).toBeGreaterThan(1000);
    const statuses = new Set(
      frames.flatMap((f) =>
        f.topic === 'copytrade.order' ? f.items.map((o) => o.copyTradeOrderStatus) : [],
      ),
    );
    for (const s of [
      'PendingNew',
      'New',
      'OpenOrderPartiallyFilled',
      'OpenOrderFilled',
      'OpenOrderClosing',
      'OpenOrderClosedFilled',
    ]) {
      expect(statuses).toContain(s);
    }
    expect(
      frames.some(
        (f) => f.topic === 'copytrade.position' && f.items.some((p) => p.entryPrice === '0'),
      ),
    ).toBe(true);
  });

  it('numbers frames per topic from 1 without a gap', () => {
    for (const o of obs.values()) {
      const last = new Map<string, number>();
      for (const f of dataFrames(o)) {
        expect(f.seq).toBe((last.get(f.topic) ?? 0) + 1);
        last.set(f.topic, f.seq);
      }
    }
  });

  it('sends each user only their own data', () => {
    const followed = new Map<number, Set<number>>([
      [1001, new Set([2001, 2002, 2003])],
      [2001, new Set([2001])],
      [3001, new Set([3001])], // its own positions (docs/assets.md, Positions)
      [4001, new Set()],
    ]);
    const idsSeen = new Map<string, number>();
    for (const o of obs.values()) {
      const mine = followed.get(o.userId) as Set<number>;
      for (const f of dataFrames(o)) {
        expect(idsSeen.get(f.id as string) ?? o.userId).toBe(o.userId);
        idsSeen.set(f.id as string, o.userId);
        for (const item of f.items as unknown as Record<string, unknown>[]) {
          if (f.topic === 'wallet') expect(item.userId).toBe(o.userId);
          if (f.topic === 'copytrade.order')
            expect(mine.has(item.leaderUserId as number)).toBe(true);
          if (f.topic === 'copytrade.position') expect(mine.has(item.userId as number)).toBe(true);
          if (f.topic === 'copytrade.leaderIncome') {
            for (const fol of item.followers as { followerUserId: number }[]) {
              expect([1001, 1002, 1003, 1004, 1005]).toContain(fol.followerUserId);
            }
          }
        }
        // The trader gets its own positions and nothing else of copy trading; the newbie none.
        if (o.userId === 3001 && f.topic !== 'copytrade.position')
          expect(f.topic.startsWith('copytrade.')).toBe(false);
        if (o.userId === 4001) expect(f.topic.startsWith('copytrade.')).toBe(false);
        if (o.userId !== 2001) expect(f.topic.startsWith('copytrade.leader')).toBe(false);
      }
    }
    // The leader's stream holds nothing of the follower's, and the other way round.
    const follower = (obs.get('follower') as Observer).ws.frames.join('\n');
    expect(follower).not.toContain('"userId":2001,"walletVersion"');
    expect(follower).not.toContain('copytrade.leaderIncome');
  });

  it('rebuilds exactly the server truth for every user (GET /__admin/truth/:userId)', async () => {
    for (const o of obs.values()) {
      // Another test of this file may have moved the clock on since the run: take what came.
      await o.drain();
      const truth = await o.http.get<StateDump>(`/__admin/truth/${o.userId}`);
      expect(truth.status).toBe(200);
      expect(privatePart(o.dump())).toEqual(privatePart(truth.body));
    }
    const f = sim.truth(1001);
    expect(f.copytrade.positions.length).toBeGreaterThan(0);
    expect(Object.keys(f.copytrade.orders).length).toBeGreaterThan(0);
    expect(sim.truth(2001).copytrade.leaderIncome?.followerCount).toBe(5);
  });

  it('converges for a client that seeds while deltas flow (snapshot answers delayed)', async () => {
    const late = new Observer(sim);
    await late.connect('follower', ALL_PRIVATE_TOPICS);
    for (const path of [
      '/v3/private/asset/wallets',
      '/v3/private/copytrade/orders',
      '/v3/private/copytrade/positions',
    ]) {
      await late.http.post('/__admin/faults/rest', { path, mode: 'delay', delayMs: 3_000 });
    }
    let seeded = false;
    const seeding = late.seedAll([...ALL_PRIVATE_TOPICS]).then(() => (seeded = true));
    // The delays start when the requests arrive, whenever that is: move on until they answer.
    for (let t = 0; t < 6_000 || !seeded; t += STEP_MS) {
      sim.manualClock.advance(STEP_MS);
      await late.drain();
    }
    await seeding;
    for (let t = 0; t < 20_000; t += STEP_MS) {
      sim.manualClock.advance(STEP_MS);
      await late.drain();
    }
    const restLines = late.events.filter((e) => e.kind === 'rest');
    expect(restLines.some((e) => e.kind === 'rest' && e.t - e.sent >= 3_000)).toBe(true);
    expect(privatePart(late.dump())).toEqual(privatePart(sim.truth(1001)));
    await late.ws.close();
  });

  it('converges across a dropped connection and a restart, re-seeding each time', async () => {
    const o = new Observer(sim);
    await o.connect('leader', ALL_PRIVATE_TOPICS);
    await o.seedAll([...ALL_PRIVATE_TOPICS]);
    for (const fault of ['drop', 'restart']) {
      for (let t = 0; t < 5_000; t += STEP_MS) {
        sim.manualClock.advance(STEP_MS);
        await o.drain();
      }
      const r = await o.http.post(
        `/__admin/faults/${fault}`,
        fault === 'drop' ? { stream: 'private' } : {},
      );
      expect(r.status).toBe(200);
      await o.ws.closed;
      o.collect();
      // Deltas of the gap are lost: the new connection starts at seq 1 and seeds again.
      sim.manualClock.advance(3_000);
      await o.connect('leader', ALL_PRIVATE_TOPICS);
      await o.seedAll([...ALL_PRIVATE_TOPICS]);
    }
    for (let t = 0; t < 5_000; t += STEP_MS) {
      sim.manualClock.advance(STEP_MS);
      await o.drain();
    }
    expect(o.events.filter((e) => e.kind === 'open').length).toBe(3);
    expect(privatePart(o.dump())).toEqual(privatePart(sim.truth(2001)));
    await o.ws.close();
  });
});
