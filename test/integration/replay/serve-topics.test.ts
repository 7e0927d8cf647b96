/**
 * `replay --serve`'s public stream holds only topics the replay knows (security review H1): a
 * made-up `tickers.<name>` is refused as the simulator refuses an unknown topic, and a connection
 * holds at most MAX_TICKER_TOPICS tickers, so a client cannot grow the server's memory without end.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '@server/replay/server';
import { MAX_TICKER_TOPICS, TOO_MANY_TOPICS } from '@server/replay/streams';
import { parseSession } from '@src/wire/session-file';
import { manualTimers, Socket } from './support';

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const HEADER = { kind: 'header', version: 1, recordedAt: '2026-11-21T00:00:00.000Z', userId: 1001 };
const ticker = (t: number, symbol: string) => ({
  t,
  kind: 'recv',
  stream: 'public',
  frame: JSON.stringify({
    topic: `tickers.${symbol}`,
    type: 'snapshot',
    ts: t,
    cs: t,
    data: { symbol, lastPrice: '1', markPrice: '1' },
  }),
});

/** A public session that recorded the tickers of `symbols`. */
const session = (symbols: string[]) =>
  parseSession(
    [
      HEADER,
      { t: 0, kind: 'open', stream: 'public' },
      ...symbols.map((s, i) => ticker(i + 1, s)),
      { t: symbols.length + 1, kind: 'close', stream: 'public', code: 1000, reason: '' },
    ]
      .map((e) => JSON.stringify(e))
      .join('\n'),
  );

async function start(symbols: string[]) {
  server = await startReplayServer({ session: session(symbols), timers: manualTimers() });
  return Socket.open(`${server.wsUrl}/v5/public/linear`);
}

describe('replay --serve public topics', () => {
  it('takes recorded tickers and the reference market’s symbols; refuses made-up ones and keeps none', async () => {
    const pub = await start(['BTCUSDT', 'MADEUPUSDT']);
    // Recorded (one of them no instrument of the reference market), and an instrument only.
    expect(
      await pub.op('subscribe', ['tickers.BTCUSDT', 'tickers.MADEUPUSDT', 'tickers.ETHUSDT']),
    ).toMatchObject({ success: true, ret_msg: '' });
    const madeUp = Array.from({ length: 100 }, (_, i) => `tickers.A${'A'.repeat(500)}${i}`);
    expect(await pub.op('subscribe', madeUp, 'm1')).toMatchObject({
      success: false,
      ret_msg: 'error:handler not found',
      op: 'subscribe',
    });
    // Not kept: asking again is refused as unknown, not as "already subscribed".
    expect(await pub.op('subscribe', [madeUp[0]], 'm2')).toMatchObject({
      success: false,
      ret_msg: 'error:handler not found',
    });
    // Mixed: the known topic is taken, the answer fails for the other (as the simulator's).
    expect(await pub.op('subscribe', ['tickers.XRPUSDT', 'tickers.NOPEUSDT'], 'm3')).toMatchObject({
      success: false,
      ret_msg: 'error:handler not found',
    });
    expect(await pub.op('subscribe', ['tickers.XRPUSDT'], 'm4')).toMatchObject({
      success: false,
      ret_msg: 'error:already subscribed,topic:tickers.XRPUSDT',
    });
    expect(await pub.op('ping')).toMatchObject({ success: true, ret_msg: 'pong' });
    await pub.close();
  });

  it(`holds at most ${MAX_TICKER_TOPICS} tickers a connection, even of a session that recorded more`, async () => {
    const symbols = Array.from({ length: MAX_TICKER_TOPICS + 5 }, (_, i) => `REC${i}USDT`);
    const pub = await start(symbols);
    const topics = symbols.map((s) => `tickers.${s}`);
    for (let from = 0; from < MAX_TICKER_TOPICS; from += 100) {
      expect(await pub.op('subscribe', topics.slice(from, from + 100), `s${from}`)).toMatchObject({
        success: true,
      });
    }
    expect(await pub.op('subscribe', topics.slice(MAX_TICKER_TOPICS), 'over')).toMatchObject({
      success: false,
      ret_msg: TOO_MANY_TOPICS,
    });
    // None of them was taken. After an unsubscribe there is room for one again: the first asked.
    expect(await pub.op('unsubscribe', [topics[0]], 'u')).toMatchObject({ success: true });
    const [extra, first] = [topics[MAX_TICKER_TOPICS] as string, topics[0] as string];
    expect(await pub.op('subscribe', [extra, first], 'again')).toMatchObject({
      success: false,
      ret_msg: TOO_MANY_TOPICS,
    });
    expect(await pub.op('subscribe', [extra], 'taken')).toMatchObject({
      success: false,
      ret_msg: `error:already subscribed,topic:${extra}`,
    });
    expect(await pub.op('subscribe', [first], 'full')).toMatchObject({
      success: false,
      ret_msg: TOO_MANY_TOPICS,
    });
    await pub.close();
  });
});
