/**
 * The dashboard's own pipeline (connection machines on `ws`, HTTP client, ingest) against
 * `replay --serve` on real sockets: after a seek backwards, and then forwards, it holds exactly
 * the entities `--print-state --at` gives for that instant (it was closed, reconnected and
 * re-seeded through its normal path); played on to the end it holds the entities of playing
 * straight through (the session's expected dump).
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startReplayServer, type ReplayServer } from '@server/replay/server';
import {
  type Dashboard,
  entities,
  expectedEntities,
  loadSession,
  SESSIONS,
  startDashboard,
} from './support';
import { replay } from './investigate-support';

describe('the dashboard pipeline across seeks in replay --serve', () => {
  let server: ReplayServer;
  let dashboard: Dashboard | undefined;
  afterAll(async () => {
    dashboard?.stop();
    await server?.stop();
  });

  it('shows the state at each seeked instant, and ends as straight play', async () => {
    const name = 'follower_session';
    const file = join(SESSIONS, `${name}.jsonl`);
    const session = loadSession(name);
    server = await startReplayServer({ session, name, speed: 40 });
    const d = (dashboard = await startDashboard(server, session, {
      timings: { backoffBaseMs: 20, backoffMaxMs: 200 },
    }));
    const client = () => {
      d.ingest.flush();
      return d.entities();
    };
    const shows = async (at: string) => {
      const want = entities(
        JSON.parse((await replay('--print-state', file, '--at', at)).stdout) as unknown,
      );
      await vi.waitFor(() => expect(client()).toEqual(want), { timeout: 30_000, interval: 50 });
    };

    // Let it play past the middle, then go back to 20 s, then forward to 45 s.
    await vi.waitFor(() => expect(server.playback.position).toBeGreaterThan(35_000), {
      timeout: 30_000,
      interval: 50,
    });
    server.seek('20000');
    await shows('20000');
    server.seek('45000');
    await shows('45000');
    server.seek('line:300');
    await shows('line:300');

    // On to the end: the entities of straight play (the session's expected dump).
    server.playback.resume();
    await vi.waitFor(() => expect(server.playback.state).toBe('ended'), {
      timeout: 30_000,
      interval: 50,
    });
    const expected = expectedEntities(name);
    await vi.waitFor(() => expect(client()).toEqual(expected), { timeout: 30_000, interval: 50 });
  });
});
