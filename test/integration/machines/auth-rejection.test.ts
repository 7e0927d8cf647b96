/** Auth rejection against a real `ws` server: success:false and/or close 4401 -> unauthorized. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { manualEnvironment } from '@machines/connection-environment';
import { createConnection, type ConnectionActor } from '@machines/connection.machine';
import type { UnauthorizedEvent } from '@machines/connection.types';
import { NodeWebSocket } from '@machines/node-websocket';
import { phaseOf } from '@src/pipeline/connection-status';
import { recordingSink } from '../../unit/machines/harness';
import { startServer, type AuthMode, type TestServer } from './ws-server';

describe('private auth (real ws server)', () => {
  let server: TestServer | undefined;
  let actor: ConnectionActor | undefined;
  afterEach(async () => {
    actor?.stop();
    await server?.close();
  });

  it.each<[AuthMode, string]>([
    ['reject', 'invalid token'],
    ['close-4401', 'close 4401 unauthorized'],
    // That it then never reconnects is proven with fake timers in
    // test/unit/machines/connection.auth.test.ts.
  ])('%s: unauthorized, the app is told, nothing subscribed', async (mode, detail) => {
    server = await startServer();
    server.auth = mode;
    const { sink, calls } = recordingSink();
    let tokens = 0;
    actor = createConnection({
      stream: 'private',
      url: server.url('/v5/private'),
      sink,
      topics: ['wallet'],
      getToken: async () => `ott-${++tokens}`,
      WebSocketImpl: NodeWebSocket,
      env: manualEnvironment(),
      timings: { backoffBaseMs: 10, backoffMaxMs: 50 },
    });
    const events: UnauthorizedEvent[] = [];
    actor.on('unauthorized', (e) => events.push(e));
    const a = actor;
    await vi.waitFor(() => expect(phaseOf(a.getSnapshot())).toBe('unauthorized'), {
      timeout: 30_000,
      interval: 10,
    });
    expect(events).toEqual([
      { type: 'unauthorized', stream: 'private', code: 'auth-rejected', detail },
    ]);
    expect(server.ops).toEqual([{ req_id: '1', op: 'auth', args: ['ott-1'] }]);
    expect(calls.filter((c) => c.kind === 'subscribed')).toEqual([]);
  });

  it('accepted: authenticates with a fresh token on each connection', async () => {
    server = await startServer();
    let tokens = 0;
    actor = createConnection({
      stream: 'private',
      url: server.url('/v5/private'),
      sink: recordingSink().sink,
      topics: ['wallet', 'risk'],
      getToken: async () => `ott-${++tokens}`,
      WebSocketImpl: NodeWebSocket,
      env: manualEnvironment(),
      random: () => 0,
    });
    const a = actor;
    const live = () => expect(phaseOf(a.getSnapshot())).toBe('live');
    await vi.waitFor(live, { timeout: 30_000, interval: 10 });
    server.connections[0]?.close(1001, 'going away');
    await vi.waitFor(() => expect(server?.connections).toHaveLength(2), { timeout: 30_000 });
    await vi.waitFor(live, { timeout: 30_000, interval: 10 });
    expect(server.ops.filter((o) => o.op === 'auth').map((o) => o.args)).toEqual([
      ['ott-1'],
      ['ott-2'],
    ]);
  });
});
