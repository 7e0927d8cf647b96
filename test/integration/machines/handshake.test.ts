/**
 * Handshake failures against a real `ws` server: HTTP 500/404 on upgrade and connection refused.
 * The machine backs off, shows the error, and connects as soon as the server is healthy.
 */
import { readFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { manualEnvironment } from '@machines/connection-environment';
import { createConnection, type ConnectionActor } from '@machines/connection.machine';
import type { ConnectionInput } from '@machines/connection.types';
import { NodeWebSocket } from '@machines/node-websocket';
import { phaseOf } from '@src/pipeline/connection-status';
import { recordingSink } from '../../unit/machines/harness';
import { startServer, type TestServer } from './ws-server';

const FAST = { backoffBaseMs: 20, backoffMaxMs: 200 };

/**
 * A free port below the system's ephemeral range: a port freed for a while may be handed to any
 * other process asking for "a free port" (port 0), but never one outside that range.
 */
async function portNobodyGetsByChance(): Promise<number> {
  let low = 32_768;
  try {
    low =
      Number(
        readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
      ) || low;
  } catch {
    // not Linux: the usual range
  }
  for (let i = 0; i < 50; i++) {
    const port = 20_000 + Math.floor(Math.random() * Math.max(1, Math.min(low, 32_768) - 20_000));
    const free = await new Promise<boolean>((resolve) => {
      const probe = createNetServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port below the ephemeral range');
}
const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 30_000, interval: 10 });

function connect(url: string, extra: Partial<ConnectionInput> = {}): ConnectionActor {
  const { sink } = recordingSink();
  return createConnection({
    stream: 'public',
    url,
    sink,
    topics: ['tickers.BTCUSDT'],
    WebSocketImpl: NodeWebSocket,
    env: manualEnvironment(),
    random: () => 0.5,
    timings: FAST,
    ...extra,
  });
}

describe('handshake failures (real ws server)', () => {
  let server: TestServer | undefined;
  let actor: ConnectionActor | undefined;
  afterEach(async () => {
    actor?.stop();
    await server?.close();
    server = undefined;
    actor = undefined;
  });

  it.each([500, 404] as const)('HTTP %i on upgrade: backs off, then connects', async (status) => {
    server = await startServer();
    server.upgrade = status;
    actor = connect(server.url('/v5/public/linear'));
    const a = actor;
    await waitFor(() => expect(a.getSnapshot().context.attempt).toBeGreaterThanOrEqual(3));
    const ctx = a.getSnapshot().context;
    expect(ctx.lastError).toBe('socket-error');
    expect(ctx.lastErrorDetail).toContain(String(status));
    expect(['reconnecting', 'connecting']).toContain(phaseOf(a.getSnapshot()));
    expect(server.connections).toHaveLength(0);
    expect(server.requests).toBeGreaterThanOrEqual(3);

    server.upgrade = 'accept';
    await waitFor(() => expect(phaseOf(a.getSnapshot())).toBe('live'));
    // subscribed once, then the ping sent as soon as the connection is live
    const s = server;
    await waitFor(() => expect(s.ops.map((o) => o.op)).toEqual(['subscribe', 'ping']));
  });

  it('connection refused: backs off, then connects when the server comes up', async () => {
    const port = await portNobodyGetsByChance(); // nothing listens there
    actor = connect(`ws://127.0.0.1:${port}/v5/public/linear`);
    const a = actor;
    await waitFor(() => expect(a.getSnapshot().context.attempt).toBeGreaterThanOrEqual(2));
    expect(a.getSnapshot().context.lastErrorDetail).toMatch(/ECONNREFUSED/);

    server = await startServer(port);
    await waitFor(() => expect(phaseOf(a.getSnapshot())).toBe('live'));
    expect(server.connections).toHaveLength(1);
  });

  it('an upgrade that is never answered: handshake timeout, retry, no crash', async () => {
    server = await startServer();
    server.upgrade = 'hang';
    actor = connect(server.url('/v5/public/linear'), {
      timings: { ...FAST, connectTimeoutMs: 150, connectWatchdogMs: 5_000 },
    });
    const a = actor;
    await waitFor(() => expect(server?.requests).toBeGreaterThanOrEqual(2));
    expect(a.getSnapshot().context.lastError).toBe('connect-timeout');
    server.upgrade = 'accept';
    await waitFor(() => expect(phaseOf(a.getSnapshot())).toBe('live'));
  });

  it('a server that goes away while live is reconnected to', async () => {
    server = await startServer();
    actor = connect(server.url('/v5/public/linear'));
    const a = actor;
    await waitFor(() => expect(phaseOf(a.getSnapshot())).toBe('live'));
    server.connections[0]?.terminate();
    await waitFor(() => expect(server?.connections).toHaveLength(2));
    await waitFor(() => expect(phaseOf(a.getSnapshot())).toBe('live'));
    expect(a.getSnapshot().context.lastError).toBe('closed');
  });
});
