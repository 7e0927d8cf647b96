/**
 * The trader's own derivatives positions (docs/assets.md, Positions): the simulator sends them on
 * `copytrade.position` keyed by the trader's own id. The derivatives screen lists them live (REST
 * seed, mark and PnL from the tickers, opens and closes from the frames); on the copy-trading
 * screen their group is "Your own positions", not "Leader 3001".
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import DerivativesScreen from '@src/features/assets/DerivativesScreen';
import FollowerScreen from '@src/features/copytrade/FollowerScreen';
import { userAtom } from '@src/state/client';
import { at, position, risk, wallet } from '../../state/fixtures';
import { renderScreen } from '../harness';

const TRADER = 3001;
const positionsTable = () => screen.getByRole('table', { name: 'Open derivatives positions' });
/** The cells of a position's row, by its symbol. */
const rowCells = (symbol: string) => {
  const row = within(positionsTable())
    .getByRole('rowheader', { name: symbol })
    .closest('[role="row"]') as HTMLElement;
  return [...row.querySelectorAll('[role="rowheader"], [role="cell"]')].map(
    (c) => c.textContent ?? '',
  );
};

const BTC = position('BTCUSDT', 0, TRADER, 10, {
  size: '0.25',
  entryPrice: '64000',
  markPrice: '64100',
  leverage: '5',
  unrealisedPnlE8: '2500000000', // 0.25 × 100
});
const ETH = position('ETHUSDT', 0, TRADER, 11, {
  side: 'Sell',
  size: '2',
  entryPrice: '3200',
  markPrice: '3190',
  leverage: '10',
  unrealisedPnlE8: '2000000000', // 2 × 10
});

describe("the trader's own positions", () => {
  it('are listed on the derivatives screen and follow the stream live', async () => {
    const r = await renderScreen(<DerivativesScreen />);
    act(() => r.h.store.set(userAtom, { userId: TRADER }));
    await r.seed({
      wallet: {
        list: [
          wallet('USDT', 5, {
            totalPositionBalanceE8: '615000000000',
            totalUnrealisedPnlE8: '4500000000',
          }),
        ],
      },
      risk: risk(1),
      'copytrade.position': { list: [ETH, BTC] },
    });
    await waitFor(() => expect(rowCells('BTCUSDT')[0]).toBe('BTCUSDT'));
    // Newest first, as the REST list gives them.
    expect(
      within(positionsTable())
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['ETHUSDT', 'BTCUSDT']);
    expect(rowCells('BTCUSDT').slice(0, 3)).toEqual(['BTCUSDT', 'Long', '0.25']);
    expect(rowCells('ETHUSDT').slice(0, 2)).toEqual(['ETHUSDT', 'Short']);
    expect(rowCells('BTCUSDT')[7]).toBe('+25.0000');

    // The mark moves on the ticker: the PnL follows without a frame of the position.
    r.quotes({ BTCUSDT: { markPrice: '64400', lastPrice: '64401' } });
    await waitFor(() => expect(rowCells('BTCUSDT')[7]).toBe('+100.0000')); // 0.25 × 400

    // A new position opens (front of the list), then the ETH one closes (entry price 0).
    r.push('copytrade.position', [position('XRPUSDT', 0, TRADER, 20, { size: '1000' })]);
    await waitFor(() =>
      expect(
        within(positionsTable())
          .getAllByRole('rowheader')
          .map((h) => h.textContent),
      ).toEqual(['XRPUSDT', 'ETHUSDT', 'BTCUSDT']),
    );
    r.push('copytrade.position', [{ ...ETH, entryPrice: '0', size: '0', updatedAtE3: at(30) }]);
    await waitFor(() =>
      expect(
        within(positionsTable()).queryByRole('rowheader', { name: 'ETHUSDT' }),
      ).not.toBeInTheDocument(),
    );
    expect(
      within(positionsTable())
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['XRPUSDT', 'BTCUSDT']);
  });

  it('are grouped as "Your own positions" on the copy-trading screen', async () => {
    const r = await renderScreen(<FollowerScreen />);
    act(() => r.h.store.set(userAtom, { userId: TRADER }));
    await r.seed({
      'copytrade.account': null,
      'copytrade.position': { list: [BTC] },
      'copytrade.order': { list: [] },
    });
    const table = await screen.findByRole('table', { name: 'Copied positions' });
    expect(within(table).getByText('Your own positions')).toBeInTheDocument();
    expect(within(table).queryByText(`Leader ${TRADER}`)).toBeNull();
  });
});
