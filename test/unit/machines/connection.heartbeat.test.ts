/**
 * Heartbeat: a ping as soon as the connection is live (the round trip is known at once, not 20 s
 * later), then every 20 s; RTT from the req_id, both pong shapes, 10 s pong timeout.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamName } from '@src/wire/protocol';
import { advance, rig, type Rig } from './harness';

const pings = (r: Rig, conn = 0) => (r.exchange.ops[conn] ?? []).filter((o) => o.op === 'ping');

describe.each<StreamName>(['public', 'private'])('heartbeat on the %s stream', (stream) => {
  let r: Rig;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    r.stop();
    vi.useRealTimers();
  });

  it('pings at once when live, then every 20 s, and measures the round trip from the req_id', async () => {
    r = rig(stream);
    await advance(50);
    expect(r.phase()).toBe('live');
    // the first ping went out on going live and is answered: the round trip is known now
    expect(pings(r)).toHaveLength(1);
    // mock-socket delays client->server by 4 ms and answers server->client at once
    expect(r.ctx().rttMs).toBe(4);
    expect(r.ctx().pingReqId).toBeNull();

    await advance(19_900);
    expect(pings(r)).toHaveLength(1);
    await advance(100 + 10);
    expect(pings(r)).toHaveLength(2);
    await advance(20_000);
    expect(pings(r)).toHaveLength(3);
    const [first, second, third] = pings(r);
    expect(new Set([first?.req_id, second?.req_id, third?.req_id]).size).toBe(3);
    expect(r.ctx().rttMs).toBe(4);
    expect(r.phase()).toBe('live');
  });

  it('declares the socket dead when no pong comes within 10 s, and reconnects', async () => {
    r = rig(stream, { random: () => 0 });
    await advance(50);
    expect(pings(r)).toHaveLength(1); // the first, answered at once
    r.exchange.answerPings = false;
    await advance(20_000);
    expect(pings(r)).toHaveLength(2);
    await advance(9_900);
    expect(r.phase()).toBe('live');
    await advance(100);
    expect(r.ctx().lastError).toBe('heartbeat-timeout');
    expect(r.of('disconnected')).toHaveLength(1);
    // backoff 0 (random 0): a fresh socket at once, fully resubscribed
    await advance(50);
    expect(r.exchange.sockets).toHaveLength(2);
    expect(r.phase()).toBe('live');
    expect(r.of('subscribed')).toHaveLength(2);
    // the abandoned socket was closed
    expect(r.exchange.sockets[0]?.readyState).toBe(3);
  });

  it('a pong answering another ping does not keep a dead socket alive', async () => {
    r = rig(stream, { random: () => 0 });
    await advance(50);
    r.exchange.answerPings = false;
    await advance(20_010);
    const reqId = '999';
    r.exchange.push(
      stream === 'private'
        ? { req_id: reqId, op: 'pong', args: ['1'] }
        : { success: true, ret_msg: 'pong', req_id: reqId, op: 'ping' },
    );
    await advance(9_990);
    expect(r.ctx().lastError).toBe('heartbeat-timeout');
  });
});
