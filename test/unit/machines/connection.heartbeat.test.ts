/** Heartbeat: a ping every 20 s, RTT from the req_id, both pong shapes, 10 s pong timeout. */
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

  it('pings every 20 s and measures the round trip from the req_id', async () => {
    r = rig(stream);
    await advance(50);
    expect(r.phase()).toBe('live');
    expect(r.ctx().rttMs).toBeNull();

    await advance(19_900);
    expect(pings(r)).toHaveLength(0);
    await advance(100);
    await advance(4); // mock-socket delivers the ping to the server
    expect(pings(r)).toHaveLength(1);
    // mock-socket delays client->server by 4 ms and answers server->client at once
    expect(r.ctx().rttMs).toBe(4);
    expect(r.ctx().pingReqId).toBeNull();

    await advance(20_000 + 10);
    expect(pings(r)).toHaveLength(2);
    const [first, second] = pings(r);
    expect(first?.req_id).not.toBe(second?.req_id);
    expect(r.phase()).toBe('live');
  });

  it('declares the socket dead when no pong comes within 10 s, and reconnects', async () => {
    r = rig(stream, { random: () => 0 });
    await advance(50);
    r.exchange.answerPings = false;
    await advance(20_000);
    expect(pings(r)).toHaveLength(1);
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
