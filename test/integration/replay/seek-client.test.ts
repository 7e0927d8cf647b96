/**
 * The dashboard's own pipeline (connection machines on `ws`, HTTP client, ingest) against
 * `replay --serve` on real sockets: after a seek backwards, and then forwards, it holds exactly
 * the entities `--print-state --at` gives for that instant (it was closed, reconnected and
 * re-seeded through its normal path); played on to the end it holds the entities of playing
 * straight through (the session's expected dump).
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
import { replay } from './investigate-support';

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

/** A dump's entities (stats are the client's own counters, not the file's). */
function entities(dump: unknown): unknown {
  const { stats: _s, ...rest } = JSON.parse(JSON.stringify(dump)) as Record<string, unknown>;
  return rest;
}

describe('the dashboard pipeline across seeks in replay --serve', () => {
  let server: ReplayServer;
  const actors: ConnectionActor[] = [];
  afterAll(async () => {
    for (const a of actors) a.stop();
    await server?.stop();
  });

  it('shows the state at each seeked instant, and ends as straight play', async () => {
    const name = 'follower_session';
    const file = join(SESSIONS, `${name}.jsonl`);
    const session = parseSession(readFileSync(file, 'utf8'));
    server = await startReplayServer({ session, name, speed: 40 });
    const api = createEndpoints(
      new HttpClient({ baseUrl: `${server.url}/api`, fetch: cookieFetch() }),
    );
    await api.login({ username: 'follower', password: 'follower123' });
    const store = createStore();
    const ingest = new Ingest({
      store,
      atoms: createStreamAtoms(),
      fetchSnapshot: (topic) => api.fetchSnapshot(topic),
      scheduler: taskScheduler,
    });
    const topics = topicsOf(session.events);
    const common = {
      sink: ingest,
      WebSocketImpl: NodeWebSocket,
      env: manualEnvironment(),
      timings: { backoffBaseMs: 20, backoffMaxMs: 200 },
    };
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
    const client = () => {
      ingest.flush();
      const s = ingest.getStats();
      return entities(toDump(ingest.peek(), { ...s }));
    };
    const shows = async (at: string) => {
      const want = entities(
        JSON.parse((await replay('--print-state', file, '--at', at)).stdout) as unknown,
      );
      await vi.waitFor(() => expect(client()).toEqual(want), { timeout: 15_000, interval: 50 });
    };

    // Let it play past the middle, then go back to 20 s, then forward to 45 s.
    await vi.waitFor(() => expect(server.playback.position).toBeGreaterThan(35_000), {
      timeout: 15_000,
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
      timeout: 15_000,
      interval: 50,
    });
    const expected = entities(
      JSON.parse(readFileSync(join(SESSIONS, `${name}.state.json`), 'utf8')) as unknown,
    );
    await vi.waitFor(() => expect(client()).toEqual(expected), { timeout: 15_000, interval: 50 });
  });
});
