/**
 * The header's connection badge and its panel, driven by real connection actors on mock-socket
 * exchanges (fake timers) and a real ingest for the counters.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionBadge } from '@src/features/connection/ConnectionBadge';
import { HAS_RECORDING } from '@src/features/connection/RecordingSlot';
import { liveConnectionsAtom } from '@src/pipeline/live';
import { advance, rig, type Rig } from '../../machines/harness';
import { copyAccount } from '../../state/fixtures';
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

async function live() {
  pub = rig('public', { random: () => 0.5 });
  priv = rig('private', { random: () => 0.5 });
  const r = await renderScreen(<ConnectionBadge />);
  act(() => r.store.set(liveConnectionsAtom, { public: pub!.actor, private: priv!.actor }));
  await act(() => advance(50));
  return r;
}

const badge = () => screen.getByRole('button', { name: /^Connection:/ });
/** What the page announces about the connection (one live region, beside the badge). */
const announcer = () => screen.getByRole('status');
const drop = async (r: Rig) => {
  await act(async () => {
    r.exchange.last.close({ code: 1006, reason: '', wasClean: false });
    await advance(5);
  });
};

describe('connection badge', () => {
  it('is disconnected, in words, before the session opens its streams', async () => {
    await renderScreen(<ConnectionBadge />);
    expect(badge()).toHaveTextContent('Connection: Disconnected');
    expect(badge()).toHaveAttribute('data-health', 'disconnected');
  });

  it('follows both streams: connected, disconnected (which one), connected again', async () => {
    await live();
    expect(badge()).toHaveTextContent(/^Connection: Connected$/);
    expect(badge()).toHaveAttribute('data-health', 'connected');

    await drop(priv!);
    expect(badge()).toHaveTextContent(
      'Connection: Disconnected (Market data: Connected, Account data: Disconnected)',
    );
    expect(badge()).toHaveAttribute('data-health', 'disconnected');

    await act(() => advance(2_000));
    expect(badge()).toHaveTextContent(/^Connection: Connected$/);
  });

  it('says unstable after repeated drops until the connection holds again', async () => {
    await live();
    await drop(pub!);
    await act(() => advance(2_000));
    await drop(pub!);
    await act(() => advance(3_000));
    expect(badge()).toHaveTextContent(/^Connection: Unstable/);
    expect(badge()).toHaveAttribute('data-health', 'unstable');
    // it describes now: once the connection has held (5 s), connected again
    await act(() => advance(5_000));
    expect(badge()).toHaveTextContent(/^Connection: Connected$/);
    expect(badge()).toHaveAttribute('data-health', 'connected');
  });
});

describe('what the page announces about the connection (accessibility review L3)', () => {
  it('nothing while the streams first connect, nor while there are none', async () => {
    const r = await renderScreen(<ConnectionBadge />);
    expect(screen.queryByRole('status')).toBeNull();
    pub = rig('public', { random: () => 0.5 });
    priv = rig('private', { random: () => 0.5 });
    act(() => r.store.set(liveConnectionsAtom, { public: pub!.actor, private: priv!.actor }));
    expect(announcer()).toHaveTextContent(/^$/);
    await act(() => advance(50));
    expect(badge()).toHaveTextContent(/^Connection: Connected$/);
    expect(announcer()).toHaveTextContent(/^$/);
  });

  it('says once that the connection was lost, however the badge changes, and once that it is back', async () => {
    await live();
    const region = announcer();
    const said: string[] = [];
    const observer = new MutationObserver(() => said.push(region.textContent ?? ''));
    observer.observe(region, { subtree: true, childList: true, characterData: true });

    await drop(priv!);
    await drop(pub!); // the second stream drops too: the badge's words change, nothing is said
    expect(badge()).toHaveTextContent(/^Connection: Disconnected$/);
    await act(() => advance(800)); // one stream is back, the other not yet
    await act(() => advance(3_000));
    expect(badge()).toHaveTextContent(/^Connection: Connected$/);
    expect(screen.getAllByRole('status')).toEqual([region]);
    observer.disconnect();
    expect(said.filter(Boolean)).toEqual([
      'Connection lost: the values on this page may be out of date. Reconnecting…',
      'Connection restored: the values on this page are live again.',
    ]);
  });

  it('says it is back once, not again when an unstable connection settles', async () => {
    await live();
    await drop(pub!);
    expect(announcer()).toHaveTextContent(/^Connection lost/);
    await act(() => advance(2_000));
    expect(announcer()).toHaveTextContent(/^Connection restored/);
    await drop(pub!);
    expect(announcer()).toHaveTextContent(/^Connection lost/);
    await act(() => advance(3_000));
    expect(badge()).toHaveTextContent(/^Connection: Unstable/);
    const back = announcer().textContent;
    expect(back).toMatch(/^Connection restored/);
    await act(() => advance(5_000));
    expect(badge()).toHaveTextContent(/^Connection: Connected$/);
    expect(announcer().textContent).toBe(back);
  });
});

describe('connection panel', () => {
  it('opens as a dialog with each stream, the topics and the ingest counters', async () => {
    const r = await live();
    // a little data through the real ingest
    await r.seed({ 'copytrade.account': copyAccount(1) });
    r.push('copytrade.account', [copyAccount(2)]);
    act(() => {
      r.h.feed('private', '{not json');
      r.h.sched.tick();
    });

    await userEvent.click(badge());
    const dialog = screen.getByRole('dialog', { name: 'Connection' });
    expect(badge()).toHaveAttribute('aria-expanded', 'true');

    const market = within(dialog).getByRole('region', { name: 'Market data' });
    expect(within(market).getByText('Status').nextElementSibling).toHaveTextContent(
      'Connected · live',
    );
    expect(within(market).getByText('Reconnect attempts').nextElementSibling).toHaveTextContent(
      '0',
    );
    expect(within(market).getByText('Last error').nextElementSibling).toHaveTextContent('None');
    const tickers = within(market).getByRole('table', { name: 'Topics of Market data' });
    expect(within(tickers).getByRole('rowheader', { name: 'tickers.BTCUSDT' })).toBeInTheDocument();
    expect(within(tickers).getByText('never')).toBeInTheDocument();

    const account = within(dialog).getByRole('region', { name: 'Account data' });
    const topics = within(account).getByRole('table', { name: 'Topics of Account data' });
    expect(
      within(topics)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['risk', 'wallet']);

    const ingest = within(dialog).getByRole('region', { name: 'Data received' });
    expect(within(ingest).getByText('Frames applied').nextElementSibling).toHaveTextContent('1');
    expect(within(ingest).getByText('Frames rejected').nextElementSibling).toHaveTextContent('1');
    expect(within(ingest).getByText('Snapshots loaded').nextElementSibling).toHaveTextContent('1');
    // the place of the record-session control (task E provides the control)
    expect(within(dialog).queryByRole('region', { name: 'Record session' }) !== null).toBe(
      HAS_RECORDING,
    );
  });

  it('shows the last error, attempts and the next retry while reconnecting; ticks freshness', async () => {
    await live();
    await act(async () => {
      pub!.exchange.push(pub!.exchange.tickerFrame('BTCUSDT'));
      await advance(10);
    });
    await userEvent.click(badge());
    const market = within(screen.getByRole('dialog')).getByRole('region', { name: 'Market data' });
    await act(() => advance(3_000));
    expect(within(market).getByText(/^\d+ s ago$/)).toHaveTextContent(/^[34] s ago$/);

    pub!.exchange.accepting = false;
    await drop(pub!);
    expect(within(market).getByText('Status').nextElementSibling).toHaveTextContent(
      'Disconnected · waiting to reconnect',
    );
    expect(within(market).getByText('Next attempt').nextElementSibling).toHaveTextContent(
      /^in \d+ s$/,
    );
    expect(within(market).getByText('Last error').nextElementSibling).toHaveTextContent(
      'Closed by the server',
    );
    await act(() => advance(1_000));
    expect(
      Number(within(market).getByText('Reconnect attempts').nextElementSibling?.textContent),
    ).toBeGreaterThanOrEqual(1);
  });

  it('traps focus, closes on Escape and gives focus back to the badge', async () => {
    await live();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(badge());
    const dialog = screen.getByRole('dialog', { name: 'Connection' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(badge()).toHaveFocus();

    await user.click(badge());
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(close).not.toBeInTheDocument();
  });

  it('reads in Arabic', async () => {
    pub = rig('public');
    priv = rig('private');
    const r = await renderScreen(<ConnectionBadge />, { lng: 'ar-SA' });
    act(() => r.store.set(liveConnectionsAtom, { public: pub!.actor, private: priv!.actor }));
    await act(() => advance(50));
    expect(screen.getByRole('button', { name: /^الاتصال:/ })).toHaveTextContent('الاتصال: متصل');
    await drop(priv!);
    expect(screen.getByRole('status')).toHaveTextContent(/^انقطع الاتصال: قد تكون القيم/);
  });
});
