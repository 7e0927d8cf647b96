import { describe, expect, it } from 'vitest';
import { toDump } from '@src/state/dump';
import { applyItems, applyTickers, initialStreamState } from '@src/state/model';
import { validateTicker } from '@src/wire/validate';
import { order, position, wallet } from './fixtures';

describe('toDump', () => {
  it('lays the state out as PROTOCOL.md section 7, keys as own data properties', () => {
    let s = initialStreamState();
    s = applyItems(s, 'wallet', [wallet('__proto__', 1)]);
    s = applyItems(s, 'copytrade.order', [order('constructor', 1)]);
    s = applyItems(s, 'copytrade.position', [position('A', 0, 1, 1), position('B', 0, 1, 2)]);
    s = applyTickers(s, [
      { type: 'snapshot', data: validateTicker({ symbol: 'BTCUSDT', lastPrice: '1' }) },
    ]);
    const stats = { framesApplied: 3, framesRejected: 1, resyncs: 2 };
    const d = toDump(s, stats);
    expect(Object.keys(d.wallets)).toEqual(['BTC', 'EOS', 'USDT', 'XRP', 'ETH', '__proto__']);
    expect(Object.getOwnPropertyDescriptor(d.wallets, '__proto__')?.value).toEqual(
      wallet('__proto__', 1),
    );
    expect(Object.getPrototypeOf(d.wallets)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(d.copytrade.orders, 'constructor')?.value).toEqual(
      order('constructor', 1),
    );
    expect(d.copytrade.positions.map((p) => p.symbol)).toEqual(['B', 'A']);
    expect(d.risk).toBeNull();
    expect(d.copytrade.account).toBeNull();
    expect({ ...d.quotes.BTCUSDT }).toEqual({ symbol: 'BTCUSDT', lastPrice: '1' });
    expect(d.stats).toEqual(stats);
    expect(d.stats).not.toBe(stats);
  });
});
