/**
 * The `time_now` of a snapshot answer in `replay --serve` after a seek: the client takes it as the
 * instant the snapshot was taken (PROTOCOL.md section 6: a delta older than it never re-creates
 * an entity the snapshot lacks, and the snapshot's tombstones are raised to it). So it must not
 * be later than any frame the playback has still to send: neither when the playback's timer runs
 * late (the clock past an event not yet played, as under heavy load) nor when the position lies
 * between a frame's `updatedAtE3` and its arrival (recorded frames arrive after their stamp).
 *
 * The CI failure this reproduces without load: seek-client.test.ts ended without copied order
 * 7b42e2d3 of follower_session (created by seq 27 at line 421, t=27500, updatedAtE3 27306, filled
 * by seq 28 at line 426, 27635): the re-seed that the first frame after the seek asked for was
 * answered with the state played so far (through t=27250) but the time of a clock already past
 * 27635, so both frames were older than the snapshot and dropped.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startReplayServer, type ReplayServer } from '@server/replay/server';
import { decodeFrame } from '@src/wire/decode';
import { PRIVATE_TOPICS, SNAPSHOT_PATHS, type PrivateTopic } from '@src/wire/protocol';
import type { Session } from '@src/wire/session-file';
import {
  Client,
  type Dashboard,
  entities,
  expectedEntities,
  loadSession,
  manualTimers,
  startDashboard,
} from './support';

const NAME = 'follower_session';
/** Created (kept) by seq 27 at t=27500 (updatedAtE3 …27306), filled by seq 28 at t=27750. */
const ORDER = '7b42e2d3-4881-4f20-8120-1db9e813647c';

let server: ReplayServer | undefined;
let dashboard: Dashboard | undefined;
afterEach(async () => {
  dashboard?.stop();
  dashboard = undefined;
  await server?.stop();
  server = undefined;
});

/** The earliest `updatedAtE3` (ms) of the topic's frames from event `played` on; none: Infinity. */
function firstStampAfter(session: Session, played: number, topic: PrivateTopic): number {
  let min = Infinity;
  for (const e of session.events.slice(played)) {
    if (e.kind !== 'recv' || e.stream !== 'private') continue;
    const f = decodeFrame('private', e.frame);
    if (f.kind !== 'data' || f.topic !== topic) continue;
    for (const it of f.items) min = Math.min(min, Number(it.updatedAtE3));
  }
  return min;
}

describe('the time of a snapshot answer in replay --serve', () => {
  it('is never after a frame still to play: a late timer, a seek between stamp and arrival', async () => {
    const session = loadSession(NAME);
    const timers = manualTimers();
    server = await startReplayServer({ session, name: NAME, timers });
    const s = server;
    const client = new Client(s.url);
    await client.call('POST', '/api/login', { username: 'follower', password: 'follower123' });
    const epoch = Date.parse(s.status().recordedAt);
    /** Checks every snapshot endpoint; the orders' time_now (ms). */
    const check = async (): Promise<number> => {
      let orders = NaN;
      for (const topic of PRIVATE_TOPICS) {
        const r = await client.call('GET', `/api${SNAPSHOT_PATHS[topic]}`);
        expect(r.body.ret_code).toBe(0);
        const at = Math.round(Number(r.body.time_now) * 1000);
        const floor = firstStampAfter(session, s.playback.played, topic);
        expect(at, topic).toBeLessThanOrEqual(floor);
        expect(at, topic).toBeLessThanOrEqual(epoch + s.playback.position);
        if (topic === 'copytrade.order') orders = at;
      }
      return orders;
    };

    // Paused at 27400: seq 27 of the orders (updatedAtE3 27306) arrives at 27500.
    s.seek('27400');
    expect(firstStampAfter(session, s.playback.played, 'copytrade.order')).toBe(epoch + 27_306);
    expect(await check()).toBe(epoch + 27_306);

    // Played to 27250, then the clock runs 450 ms past it with the timer of 27500 not yet run.
    s.seek('line:300');
    s.playback.resume();
    timers.advance((27_250 - 20_000) / s.playback.speed);
    timers.lag(450 / s.playback.speed);
    expect(s.playback.position).toBe(27_700);
    expect(s.status().line).toBe(420);
    expect(await check()).toBe(epoch + 27_306);
    timers.advance(0);
    expect(s.status().line).toBeGreaterThanOrEqual(421);
  });

  it('the dashboard keeps an order whose frames follow a re-seed answered by a late playback', async () => {
    const session = loadSession(NAME);
    const timers = manualTimers();
    server = await startReplayServer({
      session,
      name: NAME,
      timers,
      // Manual time only moves when told to: no idle or sign-in deadline gets in the way.
      streams: { idleTimeoutMs: 1e9, authTimeoutMs: 1e9 },
    });
    const s = server;
    s.seek('line:300');

    // The orders' snapshot requests wait at a gate while it is shut (the REST answer comes late).
    let shut = false;
    const waiting: (() => void)[] = [];
    const gate = () => (shut ? new Promise<void>((go) => waiting.push(go)) : Promise.resolve());
    const d = (dashboard = await startDashboard(s, session, {
      timings: { backoffBaseMs: 20, backoffMaxMs: 200 },
      beforeSnapshot: (topic) => (topic === 'copytrade.order' ? gate() : undefined),
    }));
    const { store, atoms, ingest } = d;
    const state = () => d.entities();
    const orderOf = (id: string) => ingest.peek()['copytrade.order'].rows.get(id);
    const wait = { timeout: 30_000, interval: 10 };
    await vi.waitFor(() => expect(state()).toEqual(entities(s.dump())), wait);

    // Played on from t=20000: the first order frame (seq 15, t=22500) is a gap: a re-seed, held.
    shut = true;
    s.playback.resume();
    timers.advance((22_500 - 20_000) / s.playback.speed);
    await vi.waitFor(() => expect(waiting).toHaveLength(1), wait);
    // On to 27250 (seq 16..26, the last filling order 3657dc30) while the request waits; then the
    // clock runs on past 27635 without the timer of 27500 (seq 27) having run.
    timers.advance((27_250 - 22_500) / s.playback.speed);
    await vi.waitFor(
      () => expect(orderOf('3657dc30-2182-40b3-94bd-a50e19538ea4')?.cumExecQty).toBe('54.49'),
      wait,
    );
    timers.lag(450 / s.playback.speed);
    expect(s.status().line).toBe(420);

    // The request reaches the server now, and its answer is applied before seq 27 is played.
    const orders = () => {
      ingest.flush();
      return store.get(atoms.topicStatusAtom('copytrade.order')).status;
    };
    expect(orders()).toBe('pending');
    shut = false;
    waiting.splice(0).forEach((go) => go());
    await vi.waitFor(() => expect(orders()).toBe('ready'), wait);

    // The late timer runs: seq 27 and 28 create and fill the order.
    timers.advance(0);
    timers.advance((28_000 - 27_700) / s.playback.speed);
    await vi.waitFor(
      () => expect(orderOf(ORDER)?.copyTradeOrderStatus).toBe('OpenOrderFilled'),
      wait,
    );

    // And the end is straight play's (the session's expected dump).
    timers.advance(60_000);
    expect(s.playback.state).toBe('ended');
    const expected = expectedEntities(NAME);
    await vi.waitFor(() => expect(state()).toEqual(expected), wait);
  });
});
