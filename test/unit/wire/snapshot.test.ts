import { describe, expect, it } from 'vitest';
import { topicForSnapshotPath } from '@src/wire/protocol';
import { decodeSnapshotBody, decodeSnapshotResult } from '@src/wire/snapshot';
import { leaderWallet, order, risk, wallet } from '../state/fixtures';

const env = (result: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    ret_code: 0,
    ret_msg: 'OK',
    result,
    ext_code: '',
    ext_info: null,
    time_now: '1732150000.123456',
    ...extra,
  });

describe('decodeSnapshotResult', () => {
  it('reads {list} for wallets, orders and positions', () => {
    expect(decodeSnapshotResult('wallet', { list: [wallet('BTC', 1)] })).toEqual([
      wallet('BTC', 1),
    ]);
    expect(() => decodeSnapshotResult('copytrade.order', [order('o1', 1)])).toThrow(
      'object with a list',
    );
    expect(() => decodeSnapshotResult('copytrade.order', { list: {} })).toThrow('result.list');
  });

  it('reads the object itself for one-per-user topics, null meaning none', () => {
    expect(decodeSnapshotResult('risk', risk(1))).toEqual([risk(1)]);
    expect(decodeSnapshotResult('copytrade.leaderWallet', null)).toEqual([]);
    expect(() => decodeSnapshotResult('risk', { riskLevel: 'x' })).toThrow('result.updatedAtE3');
  });
});

describe('decodeSnapshotBody', () => {
  it('returns the items and time_now in microseconds', () => {
    expect(decodeSnapshotBody('copytrade.leaderWallet', env(leaderWallet(1)))).toEqual({
      ok: true,
      items: [leaderWallet(1)],
      atMicros: '1732150000123456',
    });
    const noTime = decodeSnapshotBody('risk', env(risk(1), { time_now: 5 }));
    expect(noTime).toMatchObject({ ok: true, atMicros: undefined });
  });

  it.each([
    ['not JSON', '{', 'not valid JSON'],
    ['not an object', '[]', 'not a JSON object'],
    ['a business error', env(null, { ret_code: 10007, ret_msg: 'no permission' }), '10007'],
    ['a bad result', env({ list: [{ coin: 1 }] }), 'result.list[0].coin'],
  ])('fails on %s', (_w, body, why) => {
    const r = decodeSnapshotBody('wallet', body);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.reason).toContain(why);
  });

  it('maps snapshot paths to topics, ignoring the query', () => {
    expect(topicForSnapshotPath('/v3/private/copytrade/orders?x=1')).toBe('copytrade.order');
    expect(topicForSnapshotPath('/v3/private/unknown')).toBeUndefined();
  });
});
