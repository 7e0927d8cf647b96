import { describe, expect, it } from 'vitest';
import { directionOf, roeE4, unrealisedPnl, valuePosition } from '@src/features/copytrade/pnl';
import { position } from '../../state/fixtures';

describe('live valuation of a position', () => {
  it('long: (mark − entry) × size, exact', () => {
    expect(unrealisedPnl(1, '0.5', '64000', '64200.5')).toBe('100.25');
    expect(unrealisedPnl(1, '9584', '0.1200100', '0.11992')).toBe('-0.86256');
  });

  it('short: (entry − mark) × size, exact', () => {
    expect(unrealisedPnl(-1, '9584', '0.1200100', '0.11992')).toBe('0.86256');
    expect(unrealisedPnl(-1, '3997', '0.558299', '0.5588')).toBe('-2.002497');
  });

  it('keeps every digit beyond float precision', () => {
    // 0.1 + 0.2 style drift and 20+ significant digits
    expect(unrealisedPnl(1, '123456789.12345678', '0.1', '0.3')).toBe('24691357.824691356');
    expect(unrealisedPnl(1, '1', '99999999999999999.99999999', '100000000000000000')).toBe(
      '0.00000001',
    );
  });

  it('is unknown for a missing side or malformed numbers', () => {
    expect(unrealisedPnl(null, '1', '1', '2')).toBeNull();
    expect(unrealisedPnl(1, undefined, '1', '2')).toBeNull();
    expect(unrealisedPnl(1, '1', 'abc', '2')).toBeNull();
    expect(unrealisedPnl(1, '1', '1', '1e3')).toBeNull();
  });

  it('takes the side, else the hedge-mode index', () => {
    expect(directionOf({ side: 'Buy', positionIdx: 2 })).toBe(1);
    expect(directionOf({ side: 'Sell', positionIdx: 1 })).toBe(-1);
    expect(directionOf({ positionIdx: 1 })).toBe(1);
    expect(directionOf({ positionIdx: 2 })).toBe(-1);
    expect(directionOf({ positionIdx: 0 })).toBeNull();
  });

  it('ROE on the initial margin as an E4 rate (half-up)', () => {
    // pnl 100 on 64000 × 0.5 / 10 = 3200 margin → 3.125 % → 313 (E4 of the fraction)
    expect(roeE4('100', { size: '0.5', entryPrice: '64000', leverage: '10' })).toBe('313');
    expect(roeE4('-100', { size: '0.5', entryPrice: '64000', leverage: '10' })).toBe('-313');
    expect(roeE4('1', { size: '0.5', entryPrice: '64000', leverage: '0' })).toBeNull();
    expect(roeE4(null, { size: '0.5', entryPrice: '64000', leverage: '10' })).toBeNull();
  });

  it('uses the quote mark price when there is one', () => {
    const p = position('BTCUSDT', 1, 2001, 1); // Buy 0.5 @ 64000, own mark 64100, pnl 50
    const v = valuePosition(p, { symbol: 'BTCUSDT', markPrice: '64300.1' });
    expect(v).toEqual({ markPrice: '64300.1', pnl: '150.05', roeE4: '469', live: true });
  });

  it("falls back to the position's own mark price and PnL without a quote", () => {
    const p = position('BTCUSDT', 2, 2001, 1, { unrealisedPnlE8: '-123456789' });
    expect(valuePosition(p, undefined)).toEqual({
      markPrice: '64100',
      pnl: '-1.23456789',
      roeE4: '-4',
      live: false,
    });
    // a quote without a mark price (a delta carried other fields) is no quote for valuation
    expect(valuePosition(p, { symbol: 'BTCUSDT', lastPrice: '1' }).live).toBe(false);
  });
});
