/**
 * The dashboard's own pipeline (the connection machines on `ws`, the HTTP client and endpoints,
 * the ingest) against `replay --serve` on real sockets and the real clock, sped up: it signs in,
 * seeds from the recorded snapshots, takes the recorded frames, and ends holding the entities of
 * the session's expected dump (the simulator's truth at the end of the recording).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startReplayServer, type ReplayServer } from '@server/replay/server';
import { type Dashboard, expectedEntities, loadSession, startDashboard } from './support';

describe('the dashboard pipeline against replay --serve', () => {
  let server: ReplayServer;
  let dashboard: Dashboard | undefined;
  afterAll(async () => {
    dashboard?.stop();
    await server?.stop();
  });

  it('ends with the entities of the expected dump', async () => {
    const name = 'follower_session';
    const session = loadSession(name);
    server = await startReplayServer({ session, name, speed: 30 });
    const d = (dashboard = await startDashboard(server, session));
    expect(d.signedIn).toEqual({ userId: 1001 });
    await vi.waitFor(() => expect(server.playback.state).toBe('ended'), {
      timeout: 30_000,
      interval: 50,
    });
    const theirs = expectedEntities(name);
    let s = d.ingest.getStats();
    // The last frames and answers may still be in flight: wait until the dump is the expected one.
    await vi.waitFor(
      () => {
        d.ingest.flush();
        s = d.ingest.getStats();
        expect(d.entities()).toEqual(theirs);
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(s.snapshotsApplied).toBe(7);
    expect(s.framesRejected).toBe(0);
  });
});
