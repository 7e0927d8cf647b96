/**
 * The connection panel's controls and figures: the time left before the next attempt (not the
 * whole backoff), "Reconnect now", topics the server refused, numbers in the page language.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionBadge } from '@src/features/connection/ConnectionBadge';
import type { ConnectionInput } from '@machines/connection.types';
import { liveConnectionsAtom } from '@src/pipeline/live';
import { advance, rig, type Rig } from '../../machines/harness';
import { tickerText } from '../../state/fixtures';
import { renderScreen } from '../harness';

let pub: Rig | undefined;
let priv: Rig | undefined;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  pub?.stop();
  priv?.stop();
  pub = priv = undefined;
  vi.useRealTimers();
});

async function open(lng = 'en', over: Partial<ConnectionInput> = {}) {
  pub = rig('public', { random: () => 0.99, ...over });
  priv = rig('private', { random: () => 0.99 });
  const r = await renderScreen(<ConnectionBadge />, { lng });
  act(() => r.store.set(liveConnectionsAtom, { public: pub!.actor, private: priv!.actor }));
  await act(() => advance(50));
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await user.click(screen.getByRole('button', { name: /^(Connection|Verbindung)/ }));
  return { r, user, dialog: screen.getByRole('dialog') };
}

const figure = (region: HTMLElement, label: string) =>
  within(region).getByText(label).nextElementSibling as HTMLElement;

describe('connection panel', () => {
  it('counts down the time left before the next attempt; "Reconnect now" skips it', async () => {
    const { user, dialog } = await open();
    const market = within(dialog).getByRole('region', { name: 'Market data' });
    expect(within(market).queryByRole('button', { name: 'Reconnect now' })).toBeNull();

    pub!.exchange.accepting = false;
    await act(async () => {
      pub!.exchange.last.close({ code: 1006, reason: '', wasClean: false });
      await advance(5);
    });
    // attempts 1..3 fail fast; the 4th backoff is 0.99 × 8 s = 7.92 s
    for (let i = 0; i < 3; i += 1)
      await act(() => advance(pub!.actor.getSnapshot().context.backoffMs + 5));
    expect(pub!.actor.getSnapshot().context.backoffMs).toBe(7_920);
    await act(() => advance(995)); // the panel re-reads the clock once a second
    expect(figure(market, 'Next attempt')).toHaveTextContent(/^in 7 s$/);
    await act(() => advance(3_000));
    expect(figure(market, 'Next attempt')).toHaveTextContent(/^in 4 s$/);

    pub!.exchange.accepting = true;
    await user.click(within(market).getByRole('button', { name: 'Reconnect now' }));
    await act(() => advance(20));
    expect(figure(market, 'Status')).toHaveTextContent('Connected · live');
    expect(within(market).queryByText('Next attempt')).toBeNull();
    expect(within(market).queryByRole('button', { name: 'Reconnect now' })).toBeNull();
  });

  it('offers "Reconnect now" while offline too', async () => {
    const { dialog } = await open();
    const account = within(dialog).getByRole('region', { name: 'Account data' });
    act(() => priv!.env.set({ online: false }));
    expect(figure(account, 'Status')).toHaveTextContent('Disconnected · offline');
    await userEvent.click(within(account).getByRole('button', { name: 'Reconnect now' }));
    await act(() => advance(20));
    expect(figure(account, 'Status')).toHaveTextContent('Connected · live');
  });

  it('names the topics the server refused', async () => {
    const { dialog } = await open('en', { topics: ['tickers.BTCUSDT', 'tickers.NOPE'] });
    const market = within(dialog).getByRole('region', { name: 'Market data' });
    expect(within(market).queryByText('Refused by the server')).toBeNull();
    pub!.exchange.subscribeOk = (topics) => !topics.includes('tickers.NOPE');
    await act(async () => {
      pub!.exchange.last.close({ code: 1006, reason: '', wasClean: false });
      await advance(2_000);
    });
    expect(figure(market, 'Status')).toHaveTextContent('Connected · live');
    expect(figure(market, 'Refused by the server')).toHaveTextContent('tickers.NOPE');
    expect(figure(market, 'Last error')).toHaveTextContent('Subscription refused');
    const topics = within(market).getByRole('table', { name: 'Topics of Market data' });
    expect(
      within(topics)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['tickers.BTCUSDT']);
  });

  it('writes numbers in the page language', async () => {
    const { r, dialog } = await open('de-DE');
    act(() => {
      r.h.ingest.subscribed('public', ['tickers.A'], 'p1');
      r.h.feed('public', tickerText('A', 'snapshot', { lastPrice: '1' }));
      for (let i = 0; i < 1_233; i += 1)
        r.h.feed('public', tickerText('A', 'delta', { lastPrice: '2' }));
      r.h.sched.tick();
    });
    await act(() => advance(1_000));
    const ingest = within(dialog).getByRole('region', { name: 'Empfangene Daten' });
    expect(ingest.querySelector('dl dd')).toHaveTextContent('1.234');
  });
});
