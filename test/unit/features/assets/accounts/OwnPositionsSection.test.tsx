/**
 * /assets/derivatives lists the user's open positions from the private position topic with the
 * copy-trading screens' live table: loading, empty, then rows that follow the frames.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OwnPositionsSection } from '@src/features/assets/accounts/OwnPositionsSection';
import { position } from '../../../state/fixtures';
import { renderScreen } from '../../harness';

const table = () => screen.getByRole('table', { name: 'Open derivatives positions' });

describe('open positions on the derivatives screen', () => {
  it('says when there are none, then shows each position live as its frames arrive', async () => {
    const r = await renderScreen(<OwnPositionsSection />);
    r.subscribe(['copytrade.position']);
    expect(screen.getByRole('status', { name: 'Loading positions' })).toBeInTheDocument();
    await r.answer({ 'copytrade.position': { list: [] } });
    expect(await screen.findByText('No open positions.')).toBeInTheDocument();

    r.push('copytrade.position', [position('BTCUSDT', 0, 3001, 10, { size: '0.25' })]);
    await waitFor(() =>
      expect(within(table()).getByRole('rowheader', { name: 'BTCUSDT' })).toBeInTheDocument(),
    );
    r.push('copytrade.position', [position('ETHUSDT', 0, 3001, 11)]);
    await waitFor(() =>
      expect(within(table()).getByRole('rowheader', { name: 'ETHUSDT' })).toBeInTheDocument(),
    );
    // Closed (entry price 0): gone.
    r.push('copytrade.position', [position('BTCUSDT', 0, 3001, 12, { entryPrice: '0' })]);
    await waitFor(() =>
      expect(within(table()).queryByRole('rowheader', { name: 'BTCUSDT' })).not.toBeInTheDocument(),
    );
  });
});
