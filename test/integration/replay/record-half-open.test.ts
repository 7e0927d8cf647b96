/**
 * The Node recorder on a half-open connection (the simulator's `/faults/half-open`: the server
 * stops sending and answering, without closing): like the dashboard, it takes a stream that is
 * silent after a ping for dead, records it closed and reconnects, instead of recording silence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '@server/simulator';
import { startRecording, type Recording } from '@server/replay/recording-client';
import { parseSession } from '@src/wire/session-file';

let sim: Simulator;
let rec: Recording;

beforeAll(async () => {
  sim = await startSimulator({
    port: 0,
    host: '127.0.0.1',
    clock: 'manual',
    admin: true,
    seed: 5,
    tickMs: 1000,
    idleTimeoutMs: 3_600_000,
  });
  rec = await startRecording({
    url: sim.url,
    username: 'follower',
    password: 'follower123',
    symbols: ['BTCUSDT'],
    now: () => sim.clock.now(),
    pingIntervalMs: 100,
    pongTimeoutMs: 1_000,
    reconnectDelayMs: 20,
    log: () => undefined,
  });
  await rec.sync();
});
afterAll(async () => {
  await rec?.stop();
  await sim?.stop();
});

/** How often the stream that opened least has opened. */
const opensOf = () => {
  const opens = parseSession(rec.recorder.text()).events.filter((e) => e.kind === 'open');
  return Math.min(
    ...(['public', 'private'] as const).map((s) => opens.filter((e) => e.stream === s).length),
  );
};

describe('recording through a half-open connection', () => {
  it('records both streams closed and reconnected, not silence', async () => {
    expect(opensOf()).toBe(1);
    const res = await fetch(`${sim.url}/__admin/faults/half-open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.ok).toBe(true);
    // Both streams go quiet; after a ping and 1 s of nothing each is dropped and reconnected
    // (a condition, not a timing: it passes as soon as both have reopened).
    const ceiling = Date.now() + 120_000; // far above a loaded machine: only stops a failure
    while (opensOf() < 2 && Date.now() < ceiling) await new Promise((r) => setTimeout(r, 25));
    expect(opensOf()).toBeGreaterThanOrEqual(2);
    await rec.sync();
    const events = parseSession(rec.recorder.text()).events;
    // every close is the recorder's own drop (no close frame on a dead connection), and each
    // stream's comes before it opens again
    const codes = events.flatMap((e) => (e.kind === 'close' ? [e.code] : []));
    expect(new Set(codes)).toEqual(new Set([1006]));
    for (const stream of ['public', 'private'] as const) {
      const close = events.findIndex((e) => e.kind === 'close' && e.stream === stream);
      const reopen = events.findLastIndex((e) => e.kind === 'open' && e.stream === stream);
      expect(close).toBeGreaterThan(-1);
      expect(close).toBeLessThan(reopen);
    }
  });
});
