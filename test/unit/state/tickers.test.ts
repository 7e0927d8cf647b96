import { describe, expect, it } from 'vitest';
import { emptyTickers, mergeTickers } from '@src/state/tickers';
import { validateTicker } from '@src/wire/validate';
import type { Ticker } from '@src/wire/protocol';

const t = (data: Record<string, string>): Ticker => validateTicker(data);

describe('tickers', () => {
  it('a snapshot replaces the ticker of its symbol', () => {
    let s = mergeTickers(emptyTickers(), [
      { type: 'snapshot', data: t({ symbol: 'BTCUSDT', lastPrice: '1', bid1Price: '0.9' }) },
    ]);
    s = mergeTickers(s, [{ type: 'snapshot', data: t({ symbol: 'BTCUSDT', lastPrice: '2' }) }]);
    expect({ ...s.get('BTCUSDT') }).toEqual({ symbol: 'BTCUSDT', lastPrice: '2' });
  });

  it('a delta merges the fields it carries', () => {
    let s = mergeTickers(emptyTickers(), [
      { type: 'snapshot', data: t({ symbol: 'BTCUSDT', lastPrice: '1', bid1Price: '0.9' }) },
    ]);
    const before = s.get('BTCUSDT');
    s = mergeTickers(s, [{ type: 'delta', data: t({ symbol: 'BTCUSDT', bid1Price: '0.95' }) }]);
    expect({ ...s.get('BTCUSDT') }).toEqual({
      symbol: 'BTCUSDT',
      lastPrice: '1',
      bid1Price: '0.95',
    });
    expect({ ...before }).toEqual({ symbol: 'BTCUSDT', lastPrice: '1', bid1Price: '0.9' });
  });

  it('a delta before its snapshot is ignored and counted', () => {
    const counters = { ignored: 0 };
    const s0 = emptyTickers();
    const s = mergeTickers(
      s0,
      [
        { type: 'delta', data: t({ symbol: 'ETHUSDT', lastPrice: '5' }) },
        { type: 'snapshot', data: t({ symbol: 'ETHUSDT', lastPrice: '6' }) },
        { type: 'delta', data: t({ symbol: 'ETHUSDT', markPrice: '6.1' }) },
      ],
      counters,
    );
    expect(counters.ignored).toBe(1);
    expect({ ...s.get('ETHUSDT') }).toEqual({
      symbol: 'ETHUSDT',
      lastPrice: '6',
      markPrice: '6.1',
    });
    expect(mergeTickers(s0, [{ type: 'delta', data: t({ symbol: 'X' }) }])).toBe(s0);
  });

  it('keeps other symbols as the same objects', () => {
    let s = mergeTickers(emptyTickers(), [
      { type: 'snapshot', data: t({ symbol: 'A', lastPrice: '1' }) },
      { type: 'snapshot', data: t({ symbol: 'B', lastPrice: '1' }) },
    ]);
    const b = s.get('B');
    s = mergeTickers(s, [{ type: 'delta', data: t({ symbol: 'A', lastPrice: '2' }) }]);
    expect(s.get('B')).toBe(b);
  });

  it('stores a field named __proto__ or constructor as data', () => {
    const data = validateTicker(JSON.parse('{"symbol":"A","__proto__":"x","constructor":"y"}'));
    let s = mergeTickers(emptyTickers(), [{ type: 'snapshot', data }]);
    const delta = validateTicker(JSON.parse('{"symbol":"A","__proto__":"z"}'));
    s = mergeTickers(s, [{ type: 'delta', data: delta }]);
    const got = s.get('A') as Record<string, string>;
    expect(Object.getOwnPropertyDescriptor(got, '__proto__')?.value).toBe('z');
    expect(got.constructor).toBe('y');
    expect(Object.keys(got).sort()).toEqual(['__proto__', 'constructor', 'symbol']);
    expect(({} as Record<string, unknown>).symbol).toBeUndefined();
  });
});
