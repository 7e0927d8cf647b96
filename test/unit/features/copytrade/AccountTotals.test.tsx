/**
 * The live unrealised PnL of the account totals: no figure before the positions are known (the
 * sum of none is not a real "0.0000"), and the prices notice on the figure while market data is
 * not live.
 */
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountTotals } from '@src/features/copytrade/AccountTotals';
import { liveConnectionsAtom } from '@src/pipeline/live';
import { advance, rig, type Rig } from '../../machines/harness';
import { copyAccount, position } from '../../state/fixtures';
import { settle } from '../../pipeline/harness';
import { renderScreen } from '../harness';

const unrealised = () =>
  screen.getByText('Unrealised PnL (live)').nextElementSibling as HTMLElement;
const DOGE = position('DOGEUSDT', 2, 2001, 1, {
  size: '9584',
  entryPrice: '0.1200100',
  markPrice: '0.11992',
  leverage: '10',
  unrealisedPnlE8: '86256000',
});

describe('account totals: live unrealised PnL', () => {
  let pub: Rig | undefined;
  afterEach(() => {
    pub?.stop();
    pub = undefined;
    vi.useRealTimers();
  });

  it('shows no figure until the positions are known, then their sum (zero when none)', async () => {
    const r = await renderScreen(<AccountTotals />);
    r.subscribe(['copytrade.account', 'copytrade.position']);
    await r.answer({ 'copytrade.account': copyAccount(1) });
    expect(unrealised()).toHaveTextContent(/^--$/);
    expect(unrealised().firstElementChild).not.toHaveAttribute('data-tone');
    await r.answer({ 'copytrade.position': { list: [] } });
    expect(unrealised()).toHaveTextContent(/^0\.0000$/);
    r.push('copytrade.position', [DOGE]);
    expect(unrealised()).toHaveTextContent('+0.8626');
  });

  it('shows no figure while the first positions snapshot fails', async () => {
    const r = await renderScreen(<AccountTotals />);
    r.subscribe(['copytrade.account', 'copytrade.position']);
    await act(async () => {
      r.h.request('copytrade.position').reject(Object.assign(new Error('503'), { code: 9000003 }));
      await settle();
      r.h.sched.tick();
    });
    await r.answer({ 'copytrade.account': copyAccount(1) });
    expect(unrealised()).toHaveTextContent(/^--$/);
  });

  it('tells on the figure itself when prices are not live', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    pub = rig('public');
    const r = await renderScreen(<AccountTotals />);
    act(() => r.store.set(liveConnectionsAtom, { public: pub!.actor, private: null }));
    await r.seed({ 'copytrade.account': copyAccount(1), 'copytrade.position': { list: [DOGE] } });
    await act(() => advance(100));
    expect(within(unrealised()).queryByRole('note')).toBeNull();
    await act(async () => {
      pub!.exchange.last.close({ code: 1006, reason: '', wasClean: false });
      await advance(5);
    });
    // Its words, for screen readers and on hover; not a live region (the page announces an
    // outage once: ConnectionAnnouncer).
    expect(within(unrealised()).getByRole('note')).toHaveTextContent(/Prices are not live/);
    expect(within(unrealised()).queryByRole('status')).toBeNull();
    expect(unrealised()).toHaveTextContent('+0.8626'); // the figure stays, at the last valuation
  });
});
