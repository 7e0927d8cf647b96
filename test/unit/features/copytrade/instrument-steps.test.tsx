/**
 * Prices at their instrument's tick size and sizes at its quantity step once the instruments
 * are known (entry prices are averages with more decimals than the tick), exactly; as sent
 * before that, or for a symbol the instruments do not list.
 */
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import FollowerScreen from '@src/features/copytrade/FollowerScreen';
import { instrumentsAtom, type Instrument } from '@src/state/client';
import { ready } from '@src/state/loadable';
import { order, position } from '../../state/fixtures';
import { renderScreen } from '../harness';

const instrument = (symbol: string, tickSize: string, qtyStep: string): Instrument => ({
  symbol,
  baseCoin: symbol.replace(/USDT$/, ''),
  quoteCoin: 'USDT',
  tickSize,
  qtyStep,
});

const SEED = {
  'copytrade.position': {
    list: [
      position('DOGEUSDT', 2, 2001, 1, {
        size: '9584',
        entryPrice: '0.120014999999999999',
        markPrice: '0.11992',
        liqPrice: '0.2',
        leverage: '10',
      }),
      position('SOLUSDT', 1, 2001, 1, { side: 'Buy', size: '1.5', entryPrice: '150.125' }),
    ],
  },
  'copytrade.order': {
    list: [order('o-1', 1, { symbol: 'BTCUSDT', price: '64000', qty: '0.5', cumExecQty: '0.25' })],
  },
};

const cellsOf = (table: string, header: string) =>
  [
    ...(
      within(screen.getByRole('table', { name: table }))
        .getByRole('rowheader', { name: header })
        .closest('[role="row"]') as HTMLElement
    ).querySelectorAll('[role="cell"]'),
  ].map((c) => c.textContent);

describe('prices and sizes at the instrument step', () => {
  it('writes them as sent, then at the tick size and quantity step once known', async () => {
    const r = await renderScreen(<FollowerScreen />);
    await r.seed(SEED);
    // side, size, entry, mark, liq …
    expect(cellsOf('Copied positions', 'DOGEUSDT').slice(1, 5)).toEqual([
      '9,584',
      '0.120014999999999999',
      '0.11992',
      '0.2',
    ]);
    expect(cellsOf('Copied orders', 'BTCUSDT').slice(3, 6)).toEqual(['64,000', '0.5', '0.25']);

    act(() =>
      r.store.set(
        instrumentsAtom,
        ready(
          new Map([
            ['DOGEUSDT', instrument('DOGEUSDT', '0.00001', '1')],
            ['BTCUSDT', instrument('BTCUSDT', '0.10', '0.001')],
          ]),
        ),
      ),
    );
    // mark and liquidation prices at the tick; the entry price is an average, not on the tick
    // grid: at most 4 decimals more than the tick, to the nearest there (exactly: 0.120014999…
    // is 0.120015000 at 9 decimals, written without the zeros the tick does not ask for)
    expect(cellsOf('Copied positions', 'DOGEUSDT').slice(1, 5)).toEqual([
      '9,584',
      '0.120015',
      '0.11992',
      '0.20000',
    ]);
    expect(cellsOf('Copied orders', 'BTCUSDT').slice(3, 6)).toEqual(['64,000.0', '0.500', '0.250']);
    // not listed: as sent
    expect(cellsOf('Copied positions', 'SOLUSDT').slice(1, 3)).toEqual(['1.5', '150.125']);
  });

  it('writes an average entry price with its own decimals, so the PnL is (mark − entry) × size as shown', async () => {
    const r = await renderScreen(<FollowerScreen />);
    await r.seed({
      'copytrade.position': {
        list: [
          position('XRPUSDT', 1, 2001, 1, {
            side: 'Buy',
            size: '1000',
            entryPrice: '0.546150',
            markPrice: '0.5470',
          }),
          position('LINKUSDT', 1, 2001, 2, {
            side: 'Buy',
            size: '10',
            entryPrice: '11.68569',
            markPrice: '11.700',
          }),
          position('SOLUSDT', 1, 2001, 3, { side: 'Buy', size: '1', entryPrice: '150.1' }),
        ],
      },
      'copytrade.order': { list: [] },
    });
    act(() =>
      r.store.set(
        instrumentsAtom,
        ready(
          new Map([
            ['XRPUSDT', instrument('XRPUSDT', '0.0001', '1')],
            ['LINKUSDT', instrument('LINKUSDT', '0.001', '0.1')],
            ['SOLUSDT', instrument('SOLUSDT', '0.01', '0.1')],
          ]),
        ),
      ),
    );
    r.quotes({ XRPUSDT: { markPrice: '0.5470' }, LINKUSDT: { markPrice: '11.700' } });
    // side, size, entry, mark, liq, leverage, PnL (live): (0.5470 − 0.54615) × 1000 = +0.8500, which
    // 0.5462 (the entry cut to the tick) would not give
    const xrp = cellsOf('Copied positions', 'XRPUSDT');
    expect([xrp[2], xrp[3], xrp[6]]).toEqual(['0.54615', '0.5470', '+0.8500']);
    // (11.700 − 11.68569) × 10 = 0.1431
    const link = cellsOf('Copied positions', 'LINKUSDT');
    expect([link[2], link[3], link[6]]).toEqual(['11.68569', '11.700', '+0.1431']);
    // never fewer decimals than the tick
    expect(cellsOf('Copied positions', 'SOLUSDT')[2]).toBe('150.10');
  });

  it('moves a live mark price to the tick too', async () => {
    const r = await renderScreen(<FollowerScreen />);
    await r.seed(SEED);
    act(() =>
      r.store.set(
        instrumentsAtom,
        ready(new Map([['DOGEUSDT', instrument('DOGEUSDT', '0.0001', '1')]])),
      ),
    );
    r.quotes({ DOGEUSDT: { markPrice: '0.11983' } });
    expect(cellsOf('Copied positions', 'DOGEUSDT')[3]).toBe('0.1198');
    r.tick('DOGEUSDT', { markPrice: '0.11987' });
    expect(cellsOf('Copied positions', 'DOGEUSDT')[3]).toBe('0.1199');
  });
});
