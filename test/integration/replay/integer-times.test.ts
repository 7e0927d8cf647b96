/**
 * `replay --serve` at a speed that is not a whole number (0.25x, an option of the operator page):
 * the playback position has a fraction, but every time it puts on the wire is integer
 * milliseconds (Bybit V5; PROTOCOL.md's E3 fields are digits), or the dashboard's decoder would
 * refuse the tickers of a slowed-down replay.
 */
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startReplayServer, type ReplayServer } from '@server/replay/server';
import { Client, loadSession, manualTimers } from './support';

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** The first message of a public socket after subscribing to one ticker. */
async function firstTicker(url: string): Promise<{ ts: unknown; cs: unknown }> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/v5/public/linear`);
  try {
    await new Promise((r, j) => (ws.once('open', r), ws.once('error', j)));
    const got = new Promise<{ ts: unknown; cs: unknown }>((resolve) =>
      ws.on('message', (d) => {
        const m = JSON.parse(String(d)) as { topic?: string; ts?: unknown; cs?: unknown };
        if (m.topic?.startsWith('tickers.')) resolve({ ts: m.ts, cs: m.cs });
      }),
    );
    ws.send(JSON.stringify({ op: 'subscribe', req_id: '1', args: ['tickers.BTCUSDT'] }));
    return await got;
  } finally {
    ws.close();
  }
}

describe('replay --serve at 0.25x', () => {
  it('answers integer times: server time, one-time token, ticker snapshot', async () => {
    const timers = manualTimers();
    server = await startReplayServer({
      session: loadSession('follower_session'),
      name: 'follower_session',
      timers,
      speed: 0.25,
    });
    const client = new Client(server.url);
    await client.call('POST', '/api/login', { username: 'follower', password: 'follower123' });
    server.playback.start();
    timers.advance(1003); // 250.75 ms of session time

    const time = await client.call<{ result: { timeNano: string }; time: number }>(
      'GET',
      '/api/v5/market/time',
    );
    expect(time.body.result.timeNano).toMatch(/^\d+$/);
    expect(Number.isInteger(time.body.time)).toBe(true);
    const ott = await client.call<{ result: { expiresAtE3: string } }>(
      'POST',
      '/api/user/private/ott',
    );
    expect(ott.body.result.expiresAtE3).toMatch(/^\d+$/);
    const t = await firstTicker(server.url);
    expect(Number.isInteger(t.ts)).toBe(true);
    expect(Number.isInteger(t.cs)).toBe(true);
  });
});
