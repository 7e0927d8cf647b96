import { describe, expect, it } from 'vitest';
import { MAX_ARGS, parseOp } from '@server/ws/ops';

describe('parseOp', () => {
  it('reads op, req_id and args', () => {
    expect(parseOp('{"req_id":"1","op":"subscribe","args":["tickers.BTCUSDT"]}')).toEqual({
      ok: true,
      op: 'subscribe',
      reqId: '1',
      args: ['tickers.BTCUSDT'],
    });
    expect(parseOp('{"op":"ping"}')).toEqual({ ok: true, op: 'ping', reqId: undefined, args: [] });
    expect(parseOp('{"op":"ping","req_id":7}')).toMatchObject({ ok: true, reqId: '7' });
  });

  it.each([
    ['not json', 'error:invalid json'],
    ['[]', 'error:frame must be a JSON object'],
    ['null', 'error:frame must be a JSON object'],
    ['{"args":[]}', 'error:op must be a non-empty string'],
    ['{"op":""}', 'error:op must be a non-empty string'],
    ['{"op":"auth","req_id":{}}', 'error:req_id must be a string'],
    ['{"op":"auth","args":[1]}', 'error:args must be an array of strings'],
    ['{"op":"auth","args":"x"}', 'error:args must be an array of strings'],
    [
      JSON.stringify({ op: 'subscribe', args: Array(MAX_ARGS + 1).fill('a') }),
      `error:too many args (at most ${MAX_ARGS})`,
    ],
  ])('refuses %s', (text, message) => {
    expect(parseOp(text)).toMatchObject({ ok: false, message });
  });

  it('does not read inherited properties', () => {
    expect(parseOp('{"__proto__":{"op":"ping"}}')).toMatchObject({ ok: false });
  });
});
