/**
 * Seeking in `replay --serve`: the server (playback on manual timers) holds, after any seek
 * backwards or forwards, exactly the state `--print-state --at` gives for that instant, answers
 * the snapshot endpoints with it, and closes the clients' sockets (1012) so that they re-seed;
 * a seek backwards then forwards and playing on ends in the dump of playing straight through.
 * The operator's control endpoint and timeline serve the same.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '@server/replay/server';
import { parseSession } from '@src/wire/session-file';
import { SNAPSHOT_PATHS } from '@src/wire/protocol';
import { Client, manualTimers, SESSIONS, Socket } from './support';
import { replay } from './investigate-support';

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const file = (name: string) => join(SESSIONS, `${name}.jsonl`);

async function serve(name: string) {
  const timers = manualTimers();
  const session = parseSession(readFileSync(file(name), 'utf8'));
  server = await startReplayServer({ session, name, timers, autoStart: true });
  const end = session.events[session.events.length - 1]?.t ?? 0;
  return { server, timers, session, end };
}

/** What `--print-state FILE --at T` prints, parsed. */
async function printedAt(name: string, at: string): Promise<unknown> {
  const r = await replay('--print-state', file(name), '--at', at);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

/** The server's dump as the bytes would be (JSON round trip: no undefined fields). */
const dumpOf = (s: ReplayServer): unknown => JSON.parse(JSON.stringify(s.dump()));

describe('seeking in replay --serve', () => {
  for (const name of [
    'follower_session',
    'reconnect_session',
    'leader_session',
    'seq_gap_reseed',
  ]) {
    it(`${name}: backwards, forwards, step back, then on to the end as straight play`, async () => {
      const { server: s, timers, end } = await serve(name);
      timers.advance(Math.floor(end * 0.8));
      expect(s.playback.state).toBe('playing');

      const back = String(Math.floor(end * 0.3));
      s.seek(back);
      expect(s.playback.state).toBe('paused');
      expect(s.playback.position).toBe(Number(back));
      expect(dumpOf(s)).toEqual(await printedAt(name, back));

      const fwd = String(Math.floor(end * 0.6) + 1);
      s.seek(fwd);
      expect(dumpOf(s)).toEqual(await printedAt(name, fwd));

      s.playback.stepBack();
      const line = s.status().line;
      expect(dumpOf(s)).toEqual(await printedAt(name, `line:${line}`));

      s.seek('line:2');
      expect(dumpOf(s)).toEqual(await printedAt(name, 'line:2'));

      s.playback.resume();
      timers.advance(end + 1_000);
      expect(s.playback.state).toBe('ended');
      const straight = await replay('--print-state', file(name));
      expect(dumpOf(s)).toEqual(JSON.parse(straight.stdout));
    });
  }

  it('answers the snapshot endpoints with the state at the position after a seek', async () => {
    const name = 'follower_session';
    const { server: s, timers, end } = await serve(name);
    const client = new Client(s.url);
    await client.call('POST', '/api/login', { username: 'follower', password: 'follower123' });
    timers.advance(end);
    const t = String(Math.floor(end / 4));
    s.seek(t);
    const at = (await printedAt(name, t)) as {
      wallets: Record<string, unknown>;
      copytrade: { orders: Record<string, unknown>; positions: unknown[] };
    };
    const wallets = await client.call<{ result: { list: { coin: string }[] }; time_now: string }>(
      'GET',
      `/api${SNAPSHOT_PATHS.wallet}`,
    );
    const byCoin = Object.fromEntries(wallets.body.result.list.map((w) => [w.coin, w]));
    expect(byCoin).toEqual(at.wallets);
    const epoch = Date.parse(s.status().recordedAt);
    // time_now is in seconds (PROTOCOL.md): the session time of the position.
    expect(Math.round(Number(wallets.body.time_now) * 1000)).toBe(epoch + Number(t));
    const orders = await client.call<{ result: { list: { orderId: string }[] } }>(
      'GET',
      `/api${SNAPSHOT_PATHS['copytrade.order']}`,
    );
    expect(Object.fromEntries(orders.body.result.list.map((o) => [o.orderId, o]))).toEqual(
      at.copytrade.orders,
    );
    const positions = await client.call<{ result: { list: unknown[] } }>(
      'GET',
      `/api${SNAPSHOT_PATHS['copytrade.position']}`,
    );
    expect(positions.body.result.list).toEqual(at.copytrade.positions);
  });

  it('closes the connected sockets with 1012 so that they re-seed, and quotes them as of T', async () => {
    const name = 'follower_session';
    const { server: s, timers, end } = await serve(name);
    timers.advance(end);
    const ws = await Socket.open(`${s.wsUrl}/ws/v5/public/linear`);
    await ws.op('subscribe', ['tickers.BTCUSDT']);
    s.seek('15s');
    expect(await ws.closed).toEqual({ code: 1012, reason: 'replay seek' });
    const again = await Socket.open(`${s.wsUrl}/ws/v5/public/linear`);
    await again.op('subscribe', ['tickers.BTCUSDT'], 'sub2');
    await again.sync();
    const quote = again.frames
      .map((f) => JSON.parse(f) as { topic?: string; data?: unknown })
      .find((f) => f.topic === 'tickers.BTCUSDT');
    const at = (await printedAt(name, '15000')) as { quotes: Record<string, unknown> };
    expect(quote?.data).toEqual(at.quotes.BTCUSDT);
    await again.close();
  });

  it('the operator controls: seek by any form, step back, bad instants refused (400)', async () => {
    const name = 'reconnect_session';
    const { server: s, timers, session, end } = await serve(name);
    timers.advance(end);
    const client = new Client(s.url);
    const seek = (to: string | number) =>
      client.call<{ positionMs: number; line: number; state: string; seeked: boolean }>(
        'POST',
        '/__replay/control',
        { action: 'seek', to },
      );
    const wall = new Date(Date.parse(session.header.recordedAt) + 31_000).toISOString();
    const r = await seek(wall);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ positionMs: 31_000, state: 'paused', seeked: true });
    expect(dumpOf(s)).toEqual(await printedAt(name, '31000'));
    expect((await seek(12_000)).body.positionMs).toBe(12_000);
    const byLine = await seek('line:100');
    expect(byLine.body.line).toBe(100);
    const back = await client.call<{ line: number }>('POST', '/__replay/control', {
      action: 'back',
    });
    expect(back.body.line).toBeLessThan(100);
    expect(dumpOf(s)).toEqual(await printedAt(name, `line:${back.body.line}`));
    // A time of day before the start is not the next day (past the end): refused, saying when
    // the recording runs.
    const start = new Date(Date.parse(session.header.recordedAt));
    const early = new Date(start.getTime() - 60_000).toISOString().slice(11, 19);
    const before = await seek(early);
    expect(before.status).toBe(400);
    expect((before.body as unknown as { error: string }).error).toMatch(
      /before the recording started.*it runs from/,
    );
    const bad = await seek('tomorrow');
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as { error: string }).error).toMatch(/expected ms from the start/);
    const none = await client.call('POST', '/__replay/control', { action: 'seek' });
    expect(none.status).toBe(400);
    // The page's words: no `--at` (the command line's flag) in the reason.
    const huge = await seek('1e+300');
    expect(huge.status).toBe(400);
    expect((huge.body as unknown as { error: string }).error).toMatch(
      /^"1e\+300": expected ms from the start/,
    );
    // A number is ms from the start (any size: after the end is the end); a negative one or
    // anything else says what is expected.
    expect((await seek(1e300)).body).toMatchObject({ positionMs: end, state: 'ended' });
    expect((await seek(2_500.5)).body.positionMs).toBe(2_501);
    for (const to of [-5, true, null, { t: 1 }]) {
      const r = await client.call<{ error: string }>('POST', '/__replay/control', {
        action: 'seek',
        to,
      });
      expect(r.status, JSON.stringify(to)).toBe(400);
      expect(r.body.error).toMatch(/^to: expected ms from the start \(a number, 0 or more\)/);
    }
  });

  it('the timeline lists the session events: connects, the close, the reconnect, gaps, re-seeds', async () => {
    const { server: s } = await serve('reconnect_session');
    const client = new Client(s.url);
    const tl = await client.call<{
      durationMs: number;
      markers: { kind: string; line: number; t: number; text: string }[];
    }>('GET', '/__replay/timeline');
    const kinds = new Set(tl.body.markers.map((m) => m.kind));
    for (const k of ['connect', 'close', 'reconnect', 'gap', 'reseed', 'snapshot']) {
      expect(kinds).toContain(k);
    }
    const close = tl.body.markers.find((m) => m.kind === 'close');
    expect(close?.text).toMatch(/closed 1012/);
    expect(close?.t).toBe(30_000);
    const gap = tl.body.markers.find((m) => m.kind === 'gap');
    expect(gap?.text).toMatch(/^wallet seq gap/);
    const { markers } = (
      await client.call<{ markers: { kind: string }[] }>('GET', '/__replay/timeline')
    ).body;
    expect(markers).toHaveLength(tl.body.markers.length);
    const hostile = await startReplayServer({
      session: parseSession(readFileSync(file('hostile_frames'), 'utf8')),
      timers: manualTimers(),
    });
    try {
      const h = await new Client(hostile.url).call<{ markers: { kind: string }[] }>(
        'GET',
        '/__replay/timeline',
      );
      expect(h.body.markers.some((m) => m.kind === 'malformed')).toBe(true);
    } finally {
      await hostile.stop();
    }
  });
});
