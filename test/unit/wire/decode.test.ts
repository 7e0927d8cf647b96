import { describe, expect, it } from 'vitest';
import { decodeFrame, decodePrivate, decodePublic, MAX_FRAME_CHARS } from '@src/wire/decode';
import type { PrivateDataFrame, TickerFrame } from '@src/wire/protocol';
import { order, position, privateText, T0, tickerText, wallet } from '../state/fixtures';

const reason = (f: ReturnType<typeof decodePrivate>) => (f.kind === 'invalid' ? f.reason : '');

describe('frames that are not JSON objects are rejected whole, never thrown', () => {
  it.each([
    ['not text', 42],
    ['not text', undefined],
    ['not JSON', '{"topic":'],
    ['not JSON', ''],
    ['a JSON array', '[1,2]'],
    ['a JSON number', '7'],
    ['JSON null', 'null'],
    ['a JSON string', '"x"'],
  ])('%s: %j', (_what, text) => {
    expect(decodePrivate(text).kind).toBe('invalid');
    expect(decodePublic(text).kind).toBe('invalid');
  });

  it('refuses an oversized frame before parsing it', () => {
    const huge = ' '.repeat(MAX_FRAME_CHARS + 1);
    expect(reason(decodePrivate(huge))).toMatch(/too large/);
  });

  it('an object with neither topic nor op is invalid', () => {
    expect(reason(decodePrivate('{"foo":1}'))).toBe('frame has neither topic nor op');
  });
});

describe('op responses', () => {
  it('decodes a private auth answer and a pong without success', () => {
    expect(
      decodePrivate('{"success":true,"ret_msg":"","op":"auth","conn_id":"c1","req_id":"1"}'),
    ).toEqual({
      kind: 'response',
      op: 'auth',
      success: true,
      retMsg: '',
      reqId: '1',
      connId: 'c1',
    });
    expect(
      decodePrivate('{"req_id":"3","op":"pong","args":["1732150000000"],"conn_id":"c"}'),
    ).toEqual({
      kind: 'response',
      op: 'pong',
      success: true,
      retMsg: '',
      reqId: '3',
      connId: 'c',
      args: ['1732150000000'],
    });
  });

  it('decodes a public failure', () => {
    expect(
      decodePublic('{"success":false,"ret_msg":"error:handler not found","op":"subscribe"}'),
    ).toEqual({
      kind: 'response',
      op: 'subscribe',
      success: false,
      retMsg: 'error:handler not found',
    });
  });

  it.each([
    ['{"op":1}', 'neither topic nor op'],
    ['{"op":"auth","success":"yes"}', 'success'],
    ['{"op":"auth","ret_msg":1}', 'ret_msg'],
    ['{"op":"auth","req_id":1}', 'req_id'],
    ['{"op":"auth","conn_id":{}}', 'conn_id'],
    ['{"op":"pong","args":[1]}', 'args'],
    ['{"op":"pong","args":"x"}', 'args'],
  ])('rejects %s', (text, why) => {
    expect(reason(decodePrivate(text))).toContain(why);
  });
});

describe('private data frames', () => {
  it('decodes a delta with its items', () => {
    const f = decodePrivate(privateText('copytrade.order', 3, [order('o1', 1)]));
    expect(f).toEqual({
      kind: 'data',
      topic: 'copytrade.order',
      type: 'delta',
      seq: 3,
      creationTime: T0 + 3,
      id: 'f3',
      items: [order('o1', 1)],
    });
  });

  it('decodes a snapshot frame and a frame with no id', () => {
    const text = JSON.stringify({
      topic: 'wallet',
      type: 'snapshot',
      seq: 1,
      creationTime: T0,
      data: [wallet('BTC', 1)],
    });
    const f = decodePrivate(text) as PrivateDataFrame;
    expect(f.type).toBe('snapshot');
    expect('id' in f).toBe(false);
  });

  it('keeps E8 values beyond 2^53 exact', () => {
    const big = '9007199254740993123';
    const f = decodePrivate(
      privateText('copytrade.position', 1, [position('A', 0, 1, 1, { unrealisedPnlE8: big })]),
    ) as PrivateDataFrame;
    expect((f.items[0] as { unrealisedPnlE8: string }).unrealisedPnlE8).toBe(big);
  });

  it('stores __proto__ and constructor key values as data', () => {
    const f = decodePrivate(
      privateText('copytrade.order', 1, [order('__proto__', 1), order('constructor', 1)]),
    ) as PrivateDataFrame;
    expect(f.items.map((i) => (i as { orderId: string }).orderId)).toEqual([
      '__proto__',
      'constructor',
    ]);
  });

  it('rejects the whole frame when one item is invalid', () => {
    const text = privateText('copytrade.order', 1, [order('o1', 1), { ...order('o2', 1), qty: 5 }]);
    expect(reason(decodePrivate(text))).toBe(
      'copytrade.order: data[1].qty: expected decimal string',
    );
  });

  it.each([
    [{ topic: 7 }, 'topic'],
    [{ topic: 'orders' }, 'unknown private topic'],
    [{ topic: 'tickers.BTCUSDT' }, 'unknown private topic'],
    [{ type: 'update' }, 'type'],
    [{ type: undefined }, 'type'],
    [{ seq: -1 }, 'seq'],
    [{ seq: '1' }, 'seq'],
    [{ seq: 1.5 }, 'seq'],
    [{ seq: undefined }, 'seq'],
    [{ creationTime: '1' }, 'creationTime'],
    [{ id: 5 }, 'id'],
    [{ data: {} }, 'data: expected array'],
    [{ data: undefined }, 'data: expected array'],
  ])('rejects %j', (patch, why) => {
    const base = JSON.parse(privateText('risk', 1, [])) as Record<string, unknown>;
    expect(reason(decodePrivate(JSON.stringify({ ...base, ...patch })))).toContain(why);
  });
});

describe('public ticker frames', () => {
  it('decodes a snapshot and a delta', () => {
    const s = decodePublic(tickerText('BTCUSDT', 'snapshot', { lastPrice: '1' }, 5)) as TickerFrame;
    expect(s).toMatchObject({ kind: 'ticker', topic: 'tickers.BTCUSDT', type: 'snapshot', cs: 5 });
    expect({ ...s.data }).toEqual({ symbol: 'BTCUSDT', lastPrice: '1' });
    const d = decodePublic(tickerText('BTCUSDT', 'delta', { bid1Price: '2' })) as TickerFrame;
    expect(d.type).toBe('delta');
  });

  it('a frame without cs is fine', () => {
    const f = decodePublic(
      JSON.stringify({ topic: 'tickers.A', type: 'delta', ts: 1, data: { symbol: 'A' } }),
    ) as TickerFrame;
    expect('cs' in f).toBe(false);
  });

  it.each([
    [{ topic: 'orderbook.50.BTCUSDT' }, 'unsupported public topic'],
    [{ topic: 'wallet' }, 'unsupported public topic'],
    [{ topic: 'tickers.ETHUSDT' }, 'does not match'],
    [{ type: 'x' }, 'type'],
    [{ ts: '1' }, 'ts'],
    [{ cs: 1.5 }, 'cs'],
    [{ data: { symbol: 'BTCUSDT', lastPrice: 1 } }, 'data.lastPrice'],
    [{ data: [] }, 'expected object'],
  ])('rejects %j', (patch, why) => {
    const base = JSON.parse(tickerText('BTCUSDT', 'delta', {})) as Record<string, unknown>;
    expect(reason(decodePublic(JSON.stringify({ ...base, ...patch })))).toContain(why);
  });

  it('decodeFrame dispatches on the stream', () => {
    const text = privateText('risk', 1, []);
    expect(decodeFrame('private', text).kind).toBe('data');
    expect(decodeFrame('public', text).kind).toBe('invalid');
    expect(decodeFrame('public', tickerText('A', 'delta', {})).kind).toBe('ticker');
  });
});
