/**
 * The dashboard's own pipeline (the connection machines on `ws`, the HTTP client and endpoints,
 * the ingest) against `replay --serve` on real sockets and the real clock, sped up: it signs in,
 * seeds from the recorded snapshots, takes the recorded frames, and ends holding the entities of
 * the session's expected dump (the simulator's truth at the end of the recording).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createStore } from 'jotai';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { manualEnvironment } from '@machines/connection-environment';
import { createConnection, type ConnectionActor } from '@machines/connection.machine';
import { NodeWebSocket } from '@machines/node-websocket';
import { startReplayServer, type ReplayServer } from '@server/replay/server';
import { topicsOf } from '@server/replay/timeline';
import { createEndpoints } from '@src/api/endpoints';
import { HttpClient } from '@src/api/http';
import { createStreamAtoms } from '@src/state/atoms/stream';
import { toDump } from '@src/state/dump';
import { Ingest } from '@src/pipeline/ingest';
import { taskScheduler } from '@src/pipeline/schedulers';
import { parseSession } from '@src/wire/session-file';
import { SESSIONS } from './support';

/** fetch with a cookie jar of one cookie (Node's fetch has none). */
function cookieFetch(): typeof fetch {
  let cookie = '';
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(input, { ...init, headers });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0] ?? '';
    return res;
  };
}

describe('the dashboard pipeline against replay --serve', () => {
  let server: ReplayServer;
  const actors: ConnectionActor[] = [];
  afterAll(async () => {
    for (const a of actors) a.stop();
    await server?.stop();
  });

  it('ends with the entities of the expected dump', async () => {
    const name = 'follower_session';
    const session = parseSession(readFileSync(join(SESSIONS, `${name}.jsonl`), 'utf8'));
    const expected = JSON.parse(
      readFileSync(join(SESSIONS, `${name}.state.json`), 'utf8'),
    ) as Record<string, unknown>;
    server = await startReplayServer({ session, name, speed: 30 });
    const api = createEndpoints(
      new HttpClient({ baseUrl: `${server.url}/api`, fetch: cookieFetch() }),
    );
    expect(await api.login({ username: 'follower', password: 'follower123' })).toEqual({
      userId: 1001,
    });
    const store = createStore();
    const atoms = createStreamAtoms();
    const ingest = new Ingest({
      store,
      atoms,
      fetchSnapshot: (topic) => api.fetchSnapshot(topic),
      scheduler: taskScheduler,
    });
    const topics = topicsOf(session.events);
    const common = { sink: ingest, WebSocketImpl: NodeWebSocket, env: manualEnvironment() };
    actors.push(
      createConnection({
        ...common,
        stream: 'public',
        url: `${server.wsUrl}/ws/v5/public/linear`,
        topics: topics.public,
      }),
      createConnection({
        ...common,
        stream: 'private',
        url: `${server.wsUrl}/ws/v5/private`,
        topics: topics.private,
        getToken: () => api.oneTimeToken().then((t) => t.token),
      }),
    );
    await vi.waitFor(() => expect(server.playback.state).toBe('ended'), {
      timeout: 15_000,
      interval: 50,
    });
    const { stats: _b, ...theirs } = expected;
    let s = ingest.getStats();
    // The last frames and answers may still be in flight: wait until the dump is the expected one.
    await vi.waitFor(
      () => {
        ingest.flush();
        s = ingest.getStats();
        const dump = JSON.parse(
          JSON.stringify(
            toDump(ingest.peek(), {
              framesApplied: s.framesApplied,
              framesRejected: s.framesRejected,
              resyncs: s.resyncs,
            }),
          ),
        ) as Record<string, unknown>;
        const { stats: _a, ...ours } = dump;
        expect(ours).toEqual(theirs);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(s.snapshotsApplied).toBe(7);
    expect(s.framesRejected).toBe(0);
  });
});
