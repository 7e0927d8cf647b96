/**
 * The price a copied position is valued at: its symbol's quote only while that quote is live on
 * the current public connection; otherwise the position's own markPrice and unrealisedPnlE8,
 * which the private stream keeps refreshing while the public stream is down.
 */
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import FollowerScreen from '@src/features/copytrade/FollowerScreen';
import { copyAccount, position, tickerText } from '../../state/fixtures';
import { renderScreen } from '../harness';

const DOGE_FIELDS = { size: '9584', entryPrice: '0.1200100', leverage: '10' };
const DOGE = position('DOGEUSDT', 2, 2001, 1, {
  ...DOGE_FIELDS,
  markPrice: '0.11992',
  unrealisedPnlE8: '86256000',
});

const dogeRow = () =>
  within(screen.getByRole('table', { name: 'Copied positions' }))
    .getByRole('rowheader', { name: 'DOGEUSDT' })
    .closest('[role="row"]') as HTMLElement;
const stat = (label: string) => screen.getByText(label).nextElementSibling as HTMLElement;

describe('price source of the live PnL', () => {
  it('a quote frozen by a lost public connection gives way to the private valuation', async () => {
    const r = await renderScreen(<FollowerScreen />);
    await r.seed({ 'copytrade.account': copyAccount(1), 'copytrade.position': { list: [DOGE] } });
    r.quotes({ DOGEUSDT: { markPrice: '0.11983' } });
    // live quote: (0.1200100 - 0.11983) × 9584 = 1.72512
    expect(within(dogeRow()).getByText('0.11983')).toBeInTheDocument();
    expect(stat('Unrealised PnL (live)')).toHaveTextContent('+1.7251');

    // The public stream drops: the quote stays in the state but is no longer live.
    act(() => {
      r.h.ingest.disconnected('public');
      r.h.sched.tick();
    });
    expect(r.h.store.get(r.h.atoms.quoteAtom('DOGEUSDT'))?.markPrice).toBe('0.11983');
    expect(within(dogeRow()).getByText('0.11992')).toBeInTheDocument();
    expect(stat('Unrealised PnL (live)')).toHaveTextContent('+0.8626');

    // The private stream keeps valuing the position: its fresh figures are shown.
    // (0.1200100 - 0.1195) × 9584 = 4.88784
    r.push('copytrade.position', [
      position('DOGEUSDT', 2, 2001, 2, {
        ...DOGE_FIELDS,
        markPrice: '0.1195',
        unrealisedPnlE8: '488784000',
      }),
    ]);
    expect(within(dogeRow()).getByText('0.1195')).toBeInTheDocument();
    expect(stat('Unrealised PnL (live)')).toHaveTextContent('+4.8878');
    expect(within(dogeRow()).queryByText('0.11983')).toBeNull();

    // A delta on the new connection before its snapshot changes nothing; the snapshot does.
    act(() => {
      r.h.ingest.subscribed('public', ['tickers.DOGEUSDT'], 'p2');
      r.h.feed('public', tickerText('DOGEUSDT', 'delta', { markPrice: '0.1' }, 50));
      r.h.sched.tick();
    });
    expect(within(dogeRow()).getByText('0.1195')).toBeInTheDocument();
    r.tick('DOGEUSDT', { markPrice: '0.1' }); // still before the snapshot: ignored
    act(() => {
      r.h.feed('public', tickerText('DOGEUSDT', 'snapshot', { markPrice: '0.12101' }, 60));
      r.h.sched.tick();
    });
    // (0.1200100 - 0.12101) × 9584 = -9.584
    expect(within(dogeRow()).getByText('0.12101')).toBeInTheDocument();
    expect(stat('Unrealised PnL (live)')).toHaveTextContent('-9.5840');
  });
});
