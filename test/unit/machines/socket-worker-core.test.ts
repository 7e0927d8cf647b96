/**
 * The socket worker's logic (machines/socket-worker-core.ts) on mock-socket: every message
 * stamped when received, decoded once, sent to the page with its raw data in batches, opens and
 * closes in order after the frames before them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as MockWebSocket } from 'mock-socket';
import {
  createSocketWorker,
  SOCKET_REPORT,
  type SocketEvent,
  type SocketReport,
} from '@machines/socket-worker-core';
import { advance, FakeExchange } from './harness';

describe('socket worker', () => {
  let exchange: FakeExchange;
  let reports: SocketReport[];
  let handle: ReturnType<typeof createSocketWorker>;
  /** The page reads every report at once (it answers with an ack), unless a test says not. */
  let reading: boolean;
  const events = () => reports.flatMap((r) => r.events);
  const kinds = (list: SocketEvent[]) => list.map((e) => e.ev);

  beforeEach(async () => {
    vi.useFakeTimers();
    exchange = new FakeExchange('public');
    reports = [];
    reading = true;
    handle = createSocketWorker({
      WebSocketImpl: MockWebSocket as never,
      post: (r) => {
        reports.push(r);
        if (reading) queueMicrotask(() => handle({ op: 'ack' }));
      },
      clock: () => Date.now(),
      batchMs: 10,
    });
    handle({ op: 'open', id: 7, stream: 'public', url: exchange.url, binaryType: 'blob' });
    await advance(50);
  });
  afterEach(() => {
    exchange.stop();
    vi.useRealTimers();
  });

  it('reports the open at once', () => {
    expect(reports).toEqual([
      { type: SOCKET_REPORT, events: [{ id: 7, ev: 'open', protocol: '', extensions: '' }] },
    ]);
  });

  it('posts a frame at once after a quiet spell, then batches what follows for batchMs', async () => {
    await advance(100);
    reports = [];
    const t0 = Date.now();
    exchange.push(exchange.tickerFrame('BTCUSDT'));
    expect(reports).toHaveLength(1);
    exchange.push(exchange.tickerFrame('BTCUSDT', 'delta'));
    await advance(3);
    exchange.push(exchange.tickerFrame('BTCUSDT', 'delta'));
    expect(reports).toHaveLength(1);
    await advance(7);
    expect(reports).toHaveLength(2);
    const second = reports[1]!.events;
    expect(second.map((e) => (e.ev === 'frame' ? e.t - t0 : -1))).toEqual([0, 3]);
    const [frame] = second;
    expect(frame).toMatchObject({
      id: 7,
      ev: 'frame',
      raw: JSON.stringify(exchange.tickerFrame('BTCUSDT', 'delta')),
      frame: { kind: 'ticker', topic: 'tickers.BTCUSDT', type: 'delta' },
    });
  });

  it('holds frames while the page has not read the last report, then posts them together', async () => {
    await advance(100);
    reports = [];
    reading = false;
    exchange.push(exchange.tickerFrame('BTCUSDT'));
    exchange.push(exchange.tickerFrame('BTCUSDT', 'delta'));
    await advance(100);
    exchange.push(exchange.tickerFrame('BTCUSDT', 'delta'));
    await advance(100);
    expect(reports).toHaveLength(1);
    handle({ op: 'ack' });
    expect(reports).toHaveLength(2);
    expect(kinds(reports[1]!.events)).toEqual(['frame', 'frame']);
  });

  it('rejects invalid frames whole and keeps their raw data; answers are decoded too', async () => {
    reports = [];
    exchange.push('{not json');
    exchange.push({ success: true, ret_msg: 'pong', op: 'ping', req_id: '3' });
    await advance(20);
    expect(events()).toEqual([
      expect.objectContaining({
        raw: '{not json',
        frame: { kind: 'invalid', reason: 'frame is not valid JSON' },
      }),
      expect.objectContaining({
        frame: { kind: 'response', op: 'ping', success: true, retMsg: 'pong', reqId: '3' },
      }),
    ]);
  });

  it('sends what the page sends, and posts the frames before a close ahead of it', async () => {
    handle({ op: 'send', id: 7, data: '{"req_id":"1","op":"ping"}' });
    await advance(20);
    expect(exchange.ops[0]).toEqual([{ req_id: '1', op: 'ping' }]);
    reports = [];
    exchange.push(exchange.tickerFrame('BTCUSDT'));
    exchange.push(exchange.tickerFrame('BTCUSDT', 'delta'));
    exchange.last.close({ code: 4001, reason: 'bye', wasClean: true });
    await advance(20);
    expect(kinds(events())).toEqual(['frame', 'frame', 'close']);
    expect(events()[2]).toMatchObject({ id: 7, ev: 'close', code: 4001, reason: 'bye' });
    // A closed socket drops what is sent to it.
    handle({ op: 'send', id: 7, data: '{"req_id":"2","op":"ping"}' });
    await advance(20);
    expect(exchange.ops[0]).toHaveLength(1);
  });

  it('closes a socket when the page asks, with its code and reason', async () => {
    reports = [];
    handle({ op: 'close', id: 7, code: 1000, reason: 'replaced' });
    await advance(20);
    expect(events()).toEqual([
      expect.objectContaining({ id: 7, ev: 'close', code: 1000, reason: 'replaced' }),
    ]);
  });

  it('keeps the sockets apart', async () => {
    const other = new FakeExchange('private');
    try {
      handle({ op: 'open', id: 8, stream: 'private', url: other.url, binaryType: 'blob' });
      await advance(50);
      reports = [];
      other.push(other.walletFrame(1));
      exchange.push(exchange.tickerFrame('BTCUSDT'));
      await advance(20);
      expect(events().map((e) => [e.id, e.ev === 'frame' && e.frame.kind])).toEqual([
        [8, 'data'],
        [7, 'ticker'],
      ]);
    } finally {
      other.stop();
    }
  });

  it('reports a URL the socket refuses as a failed connection', () => {
    reports = [];
    handle({ op: 'open', id: 9, stream: 'public', url: 'not a url', binaryType: 'blob' });
    expect(events()).toEqual([
      { id: 9, ev: 'error' },
      { id: 9, ev: 'close', code: 1006, reason: '', wasClean: false },
    ]);
  });
});
