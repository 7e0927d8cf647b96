/**
 * The live PnL sums kept incrementally (src/features/copytrade/live-totals.ts): after every
 * store write, through position deltas, new and closed positions, quotes that tick, go live and
 * stop being live, the total and each group's sum are exactly what adding up every position's
 * valuation from scratch gives.
 */
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePositionsPnl, useUnrealisedTotal } from '@src/features/copytrade/live-totals';
import { valuePosition } from '@src/features/copytrade/pnl';
import { sumDecimals } from '@src/lib/money';
import { positionKey } from '@src/state/positions';
import type { Position } from '@src/wire/protocol';
import { position } from '../../state/fixtures';
import { renderScreen } from '../harness';

const LEADER_A = 2001;
const LEADER_B = 2002;
/** Stable arrays, as the positions table hands them (a group's keys). */
const GROUP_A = [
  positionKey({ symbol: 'BTCUSDT', positionIdx: 1, userId: LEADER_A }),
  positionKey({ symbol: 'ETHUSDT', positionIdx: 2, userId: LEADER_A }),
];
const GROUP_B = [
  positionKey({ symbol: 'BTCUSDT', positionIdx: 2, userId: LEADER_B }),
  positionKey({ symbol: 'DOGEUSDT', positionIdx: 1, userId: LEADER_B }),
];

function Figures() {
  return (
    <dl>
      <dt>total</dt>
      <dd data-testid="total">{useUnrealisedTotal()}</dd>
      <dd data-testid="a">{usePositionsPnl(GROUP_A)}</dd>
      <dd data-testid="b">{usePositionsPnl(GROUP_B)}</dd>
    </dl>
  );
}

describe('live PnL sums', () => {
  it('equal the sums from scratch after every write', async () => {
    const r = await renderScreen(<Figures />);
    const { h } = r;
    const fromScratch = (keys?: readonly string[]) => {
      const rows = h.atoms.committed()['copytrade.position'].rows;
      const list = keys ? keys.map((k) => rows.get(k)) : [...rows.values()];
      return sumDecimals(
        list.map((p) =>
          p ? valuePosition(p, h.store.get(h.atoms.liveQuoteAtom(p.symbol))).pnl : undefined,
        ),
      );
    };
    const check = (step: string) => {
      expect(screen.getByTestId('total').textContent, step).toBe(fromScratch());
      expect(screen.getByTestId('a').textContent, step).toBe(fromScratch(GROUP_A));
      expect(screen.getByTestId('b').textContent, step).toBe(fromScratch(GROUP_B));
    };
    const p = (symbol: string, idx: number, leader: number, over: Partial<Position> = {}) =>
      position(symbol, idx, leader, 1, over);

    await r.seed({
      'copytrade.position': {
        list: [
          p('BTCUSDT', 1, LEADER_A, { size: '0.5', entryPrice: '64000' }),
          p('ETHUSDT', 2, LEADER_A, { size: '3', entryPrice: '3100.25' }),
          p('BTCUSDT', 2, LEADER_B, { size: '0.25', entryPrice: '65000.5' }),
          p('DOGEUSDT', 1, LEADER_B, { size: '9584', entryPrice: '0.1200100' }),
        ],
      },
    });
    check('seeded, no live quote: every position at its own last valuation');
    expect(screen.getByTestId('total').textContent).toBe('200');

    r.quotes({ BTCUSDT: { markPrice: '64500.5' }, ETHUSDT: { markPrice: '3000' } });
    check('BTC and ETH live');
    r.tick('BTCUSDT', { markPrice: '63999.99999999' });
    check('BTC ticks');
    r.tick('BTCUSDT', { lastPrice: '1' });
    check('a tick without a mark');
    r.push('copytrade.position', [
      p('DOGEUSDT', 1, LEADER_B, { size: '10000', updatedAtE3: String(Date.now()) }),
    ]);
    check('a position delta');
    r.push('copytrade.position', [
      p('ETHUSDT', 1, LEADER_A, {
        size: '1.5',
        entryPrice: '2999.5',
        updatedAtE3: '1800000000000',
      }),
    ]);
    check('a new position outside both groups');
    r.push('copytrade.position', [
      p('ETHUSDT', 2, LEADER_A, { entryPrice: '0', updatedAtE3: '1800000000001' }),
    ]);
    check('a position closed');
    r.quotes({ DOGEUSDT: { markPrice: '0.13' } });
    check('DOGE live');
    act(() => {
      h.ingest.disconnected('public');
      h.sched.tick();
    });
    check('quotes no longer live');
    r.quotes({ BTCUSDT: { markPrice: '70000' } });
    check('BTC live again');
    r.push('copytrade.position', [
      p('ETHUSDT', 2, LEADER_A, {
        size: '2',
        entryPrice: '3500',
        updatedAtE3: '1800000000002',
      }),
    ]);
    check('a closed position opened again');
  });
});
