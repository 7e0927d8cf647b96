import { describe, expect, it } from 'vitest';
import { instrumentOf, type Instrument } from '@server/market/instruments';
import {
  closedPositionWire,
  entryPrice,
  feeE8,
  liqPrice,
  marginE8,
  positionWire,
  unrealisedE8,
  type PositionRec,
} from '@server/engine/position-math';

const BTC = instrumentOf('BTCUSDT') as Instrument;
const pos = (side: 'Buy' | 'Sell', size: bigint, notional: bigint, leverage = 10): PositionRec => ({
  key: 'k',
  symbol: 'BTCUSDT',
  positionIdx: side === 'Buy' ? 1 : 2,
  leaderId: 2001,
  side,
  inst: BTC,
  leverage,
  size,
  entryNotional: notional,
  openFeesE8: 0n,
  createdAt: 1,
  closing: false,
});

describe('position math (BTCUSDT: prices at 2 decimals, sizes at 3)', () => {
  // 0.500 BTC bought at 64000.00: notional 500 * 6400000 at scale 5 = 32000 USDT.
  const long = pos('Buy', 500n, 500n * 6_400_000n);

  it('values PnL in E8 without drift', () => {
    expect(unrealisedE8(long, 6_410_000n)).toBe(5_000_000_000n); // +100 USDT * 0.5 = 50 USDT
    expect(unrealisedE8(pos('Sell', 500n, 500n * 6_400_000n), 6_410_000n)).toBe(-5_000_000_000n);
    expect(unrealisedE8(long, 6_400_000n)).toBe(0n);
  });

  it('charges 0.055 % taker fees rounded up, margins at notional / leverage', () => {
    expect(feeE8(BTC, 500n, 6_400_000n)).toBe(1_760_000_000n); // 17.6 USDT
    expect(feeE8(BTC, 1n, 1n)).toBe(1n); // 0.00001 * 0.00055 USDT rounds up to one E8 unit
    expect(marginE8(BTC, 500n * 6_400_000n, 10)).toBe(320_000_000_000n);
  });

  it('averages the entry price and puts the liquidation price on the tick grid', () => {
    const added = pos('Buy', 1000n, 500n * 6_400_000n + 500n * 6_500_000n);
    expect(entryPrice(added)).toBe('64500.0000');
    expect(liqPrice(long)).toBe('57920.00'); // 64000 * (1 - 0.1 + 0.005)
    expect(liqPrice(pos('Sell', 500n, 500n * 6_400_000n))).toBe('70080.00'); // 64000 * (1 + 0.1 - 0.005)
  });

  it('sends a closed position with entry price 0', () => {
    const open = positionWire(long, 6_400_000n, 5);
    expect(open).toMatchObject({
      size: '0.500',
      entryPrice: '64000.0000',
      userId: 2001,
      positionIdx: 1,
      updatedAtE3: '5',
    });
    expect(closedPositionWire(long, 6_400_000n, 6)).toMatchObject({
      size: '0.000',
      entryPrice: '0',
      unrealisedPnlE8: '0',
    });
  });
});
