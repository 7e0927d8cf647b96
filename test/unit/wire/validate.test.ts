import { describe, expect, it } from 'vitest';
import { PRIVATE_TOPICS, type PrivateTopic } from '@src/wire/protocol';
import {
  isDecimalString,
  isIntString,
  isSafeInt,
  validateEntities,
  validateEntity,
  validateTicker,
  ValidationError,
} from '@src/wire/validate';
import {
  copyAccount,
  leaderIncome,
  leaderWallet,
  order,
  position,
  risk,
  wallet,
} from '../state/fixtures';

const VALID: Record<PrivateTopic, Record<string, unknown>> = {
  wallet: { ...wallet('BTC', 1) },
  risk: { ...risk(1) },
  'copytrade.account': { ...copyAccount(1) },
  'copytrade.order': { ...order('o1', 1) },
  'copytrade.position': { ...position('BTCUSDT', 1, 2001, 1) },
  'copytrade.leaderWallet': { ...leaderWallet(1) },
  'copytrade.leaderIncome': { ...leaderIncome(1) },
};

/** Every item carries its key fields and updatedAtE3, a wallet its walletVersion (section 5). */
const REQUIRED: Record<PrivateTopic, string[]> = {
  wallet: ['coin', 'updatedAtE3', 'walletVersion'],
  risk: ['updatedAtE3'],
  'copytrade.account': ['updatedAtE3'],
  'copytrade.order': ['orderId', 'updatedAtE3'],
  'copytrade.position': ['symbol', 'positionIdx', 'userId', 'updatedAtE3'],
  'copytrade.leaderWallet': ['updatedAtE3'],
  'copytrade.leaderIncome': ['updatedAtE3'],
};

const without = (o: Record<string, unknown>, k: string) => {
  const c = { ...o };
  delete c[k];
  return c;
};
const bad = (topic: PrivateTopic, raw: unknown) => () => validateEntity(topic, raw);

describe('every topic', () => {
  it.each(PRIVATE_TOPICS)('%s: a complete item is accepted and copied', (topic) => {
    const raw = VALID[topic];
    const out = validateEntity(topic, raw);
    expect(out).toEqual(raw);
    expect(out).not.toBe(raw);
  });

  it.each(PRIVATE_TOPICS.flatMap((t) => REQUIRED[t].map((f) => [t, f] as const)))(
    '%s without %s is invalid',
    (topic, field) => {
      expect(bad(topic, without(VALID[topic], field))).toThrow(ValidationError);
      expect(bad(topic, without(VALID[topic], field))).toThrow(`item.${field}`);
    },
  );

  it.each(PRIVATE_TOPICS)('%s: optional fields may be left out (partial update)', (topic) => {
    const minimal = Object.fromEntries(REQUIRED[topic].map((k) => [k, VALID[topic][k]]));
    expect(validateEntity(topic, minimal)).toEqual(minimal);
  });

  it.each(PRIVATE_TOPICS)('%s: a non-object item is invalid', (topic) => {
    for (const raw of [null, 1, 'x', [], true]) expect(bad(topic, raw)).toThrow('expected object');
  });

  it('drops unknown fields, __proto__ included, without touching any prototype', () => {
    const raw = JSON.parse(
      '{"orderId":"o1","updatedAtE3":"1","copyTradeOrderStatus":"OpenOrderFilled",' +
        '"__proto__":{"polluted":true},"constructor":"c","extra":1}',
    ) as Record<string, unknown>;
    const out = validateEntity('copytrade.order', raw);
    expect(Object.keys(out).sort()).toEqual(['copyTradeOrderStatus', 'orderId', 'updatedAtE3']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads own fields only: an inherited key field does not count', () => {
    const raw = Object.create({ orderId: 'o1' }) as Record<string, unknown>;
    raw.updatedAtE3 = '1';
    expect(bad('copytrade.order', raw)).toThrow('item.orderId');
  });

  it('accepts __proto__ and constructor as key values', () => {
    expect(validateEntity('copytrade.order', { ...order('__proto__', 1) }).orderId).toBe(
      '__proto__',
    );
    expect(validateEntity('wallet', { ...wallet('constructor', 1) }).coin).toBe('constructor');
    expect(validateEntity('copytrade.position', position('__proto__', 0, 1, 1)).symbol).toBe(
      '__proto__',
    );
  });
});

describe('field types', () => {
  it.each([
    ['wallet', 'walletVersion'],
    ['wallet', 'userId'],
    ['copytrade.order', 'leaderUserId'],
    ['copytrade.position', 'positionIdx'],
    ['copytrade.position', 'userId'],
    ['copytrade.leaderIncome', 'followerCount'],
  ] as const)('%s.%s must be a JSON integer within 2^53', (topic, field) => {
    for (const v of ['1', 1.5, 2 ** 53, -(2 ** 53), NaN, Infinity, null, true]) {
      expect(bad(topic, { ...VALID[topic], [field]: v })).toThrow(`item.${field}`);
    }
    expect(validateEntity(topic, { ...VALID[topic], [field]: 2 ** 53 - 1 })).toBeTruthy();
    expect(validateEntity(topic, { ...VALID[topic], [field]: 0 })).toBeTruthy();
  });

  it('a JSON integer beyond 2^53 (precision already lost by JSON.parse) is rejected', () => {
    const raw = JSON.parse(
      '{"symbol":"A","positionIdx":0,"userId":9007199254740993,"updatedAtE3":"1"}',
    ) as unknown;
    expect(bad('copytrade.position', raw)).toThrow('item.userId');
  });

  it.each([
    ['wallet', 'availableBalanceE8'],
    ['wallet', 'updatedAtE3'],
    ['risk', 'accountIMRateE4'],
    ['copytrade.account', 'yieldRateE4'],
    ['copytrade.order', 'createdAtE3'],
    ['copytrade.position', 'unrealisedPnlE8'],
    ['copytrade.leaderWallet', 'totalInvestmentE8'],
    ['copytrade.leaderIncome', 'todayShareProfitE8'],
  ] as const)('%s.%s is an optional "-" and digits', (topic, field) => {
    for (const ok of ['0', '-1', '123', '9007199254740993123456789', '-9007199254740993123']) {
      expect(validateEntity(topic, { ...VALID[topic], [field]: ok })).toMatchObject({
        [field]: ok,
      });
    }
    for (const no of [1, '1.5', '', '-', '+1', '1e9', ' 1', '0x10', 'abc', null, []]) {
      expect(bad(topic, { ...VALID[topic], [field]: no })).toThrow(`item.${field}`);
    }
  });

  it.each([
    ['copytrade.order', 'price'],
    ['copytrade.order', 'qty'],
    ['copytrade.order', 'cumExecQty'],
    ['copytrade.position', 'size'],
    ['copytrade.position', 'entryPrice'],
    ['copytrade.position', 'markPrice'],
    ['copytrade.position', 'leverage'],
    ['copytrade.position', 'liqPrice'],
  ] as const)('%s.%s is a decimal string', (topic, field) => {
    for (const ok of ['64123.5', '0', '0.00000000', '-3', '10']) {
      expect(validateEntity(topic, { ...VALID[topic], [field]: ok })).toMatchObject({
        [field]: ok,
      });
    }
    for (const no of [64123.5, '1e5', '.5', '5.', '', 'NaN', '1,5', null]) {
      expect(bad(topic, { ...VALID[topic], [field]: no })).toThrow(`item.${field}`);
    }
  });

  it.each([
    ['wallet', 'coin'],
    ['risk', 'riskLevel'],
    ['copytrade.order', 'orderId'],
    ['copytrade.order', 'symbol'],
    ['copytrade.order', 'side'],
    ['copytrade.order', 'orderType'],
    ['copytrade.order', 'copyTradeOrderStatus'],
    ['copytrade.position', 'symbol'],
    ['copytrade.position', 'side'],
  ] as const)('%s.%s is a string', (topic, field) => {
    for (const no of [1, null, true, {}, []]) {
      expect(bad(topic, { ...VALID[topic], [field]: no })).toThrow(`item.${field}`);
    }
  });

  it('followers is an array of complete followers', () => {
    const li = VALID['copytrade.leaderIncome'];
    expect(bad('copytrade.leaderIncome', { ...li, followers: {} })).toThrow('item.followers');
    expect(bad('copytrade.leaderIncome', { ...li, followers: 'x' })).toThrow('item.followers');
    const f = { followerUserId: 1, investmentE8: '1', incomeE8: '2', yieldRateE4: '3' };
    expect(validateEntity('copytrade.leaderIncome', { ...li, followers: [] }).followers).toEqual(
      [],
    );
    for (const k of Object.keys(f)) {
      expect(bad('copytrade.leaderIncome', { ...li, followers: [f, without(f, k)] })).toThrow(
        `item.followers[1].${k}`,
      );
    }
    expect(
      bad('copytrade.leaderIncome', { ...li, followers: [{ ...f, followerUserId: '1' }] }),
    ).toThrow('followerUserId');
    expect(bad('copytrade.leaderIncome', { ...li, followers: [{ ...f, incomeE8: 2 }] })).toThrow(
      'incomeE8',
    );
    const out = validateEntity('copytrade.leaderIncome', {
      ...li,
      followers: [{ ...f, extra: 1 }],
    });
    expect(out.followers).toEqual([f]);
  });
});

describe('validateEntities', () => {
  it('rejects the whole list when one item is invalid, naming it', () => {
    const list = [VALID.wallet, { ...VALID.wallet, walletVersion: '2' }];
    expect(() => validateEntities('wallet', list)).toThrow('data[1].walletVersion');
    expect(() => validateEntities('wallet', {})).toThrow('data: expected array');
    expect(validateEntities('wallet', [])).toEqual([]);
  });
});

describe('validateTicker', () => {
  it('takes every field as a string on a null-prototype object', () => {
    const t = validateTicker({ symbol: 'BTCUSDT', lastPrice: '1', fundingRate: '-0.0001' });
    expect(Object.getPrototypeOf(t)).toBeNull();
    expect({ ...t }).toEqual({ symbol: 'BTCUSDT', lastPrice: '1', fundingRate: '-0.0001' });
  });

  it('rejects a missing symbol, a non-string field or a non-object', () => {
    expect(() => validateTicker({ lastPrice: '1' })).toThrow('data.symbol');
    expect(() => validateTicker({ symbol: 'A', lastPrice: 1 })).toThrow('data.lastPrice');
    expect(() => validateTicker([])).toThrow('expected object');
    expect(() => validateTicker(null)).toThrow('expected object');
  });

  it('keeps __proto__ and constructor fields as data', () => {
    const t = validateTicker(JSON.parse('{"symbol":"A","__proto__":"p","constructor":"c"}'));
    expect(Object.keys(t).sort()).toEqual(['__proto__', 'constructor', 'symbol']);
    expect(Object.getOwnPropertyDescriptor(t, '__proto__')?.value).toBe('p');
    expect(() => validateTicker(JSON.parse('{"symbol":"A","__proto__":{}}'))).toThrow(
      'data.__proto__',
    );
  });
});

describe('primitive guards', () => {
  it('isIntString, isDecimalString, isSafeInt', () => {
    expect(isIntString('-0012')).toBe(true);
    expect(isIntString('1.0')).toBe(false);
    expect(isDecimalString('1.0')).toBe(true);
    expect(isDecimalString('1.')).toBe(false);
    expect(isSafeInt(-5)).toBe(true);
    expect(isSafeInt(5.5)).toBe(false);
    expect(isSafeInt('5')).toBe(false);
  });
});
