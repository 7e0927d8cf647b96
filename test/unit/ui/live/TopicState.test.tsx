/**
 * A section without data says why when the private stream cannot go live (refused sockets,
 * offline, a refused session), says the live data is unavailable after a few seconds, and says
 * "not available" for a topic the account is not subscribed to, instead of spinning forever.
 * Real connection actors on mock-socket exchanges, the real ingest, fake timers.
 */
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import FollowerScreen from '@src/features/copytrade/FollowerScreen';
import { LeaderWalletSection } from '@src/features/leader/LeaderWalletSection';
import type { PrivateTopic } from '@src/wire/protocol';
import { liveConnectionsAtom } from '@src/pipeline/live';
import { LIVE_UNAVAILABLE_AFTER_MS } from '@src/ui/live/held-for';
import { renderScreen } from '../../features/harness';
import { advance, rig, type Rig } from '../../machines/harness';
import { copyAccount, leaderWallet } from '../../state/fixtures';

const FOLLOWER_TOPICS: PrivateTopic[] = [
  'copytrade.account',
  'copytrade.position',
  'copytrade.order',
];

const account = () => screen.getByRole('region', { name: 'Copy-trading account' });

describe('a section without data', () => {
  let priv: Rig | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    priv?.stop();
    priv = undefined;
    vi.useRealTimers();
  });

  async function followerWith(r: Rig) {
    const view = await renderScreen(<FollowerScreen />);
    act(() => view.store.set(liveConnectionsAtom, { public: null, private: r.actor }));
    return view;
  }

  it('tells why while a blocked websocket keeps failing, then that live data is unavailable', async () => {
    priv = rig('private', { topics: FOLLOWER_TOPICS });
    priv.exchange.accepting = false; // a proxy that refuses websockets
    const view = await followerWith(priv);
    await act(() => advance(50));
    expect(priv.phase()).toBe('reconnecting');
    const region = account();
    expect(within(region).getByRole('status', { name: 'Loading the account' })).toBeInTheDocument();
    expect(region).toHaveTextContent(
      /Could not connect to the live data stream\. Trying again \(attempt \d+\)…/,
    );
    expect(region).toHaveTextContent(/Last error: /);

    await act(() => advance(LIVE_UNAVAILABLE_AFTER_MS));
    // every section says so, politely, and no longer spins
    expect(within(account()).queryByRole('status', { name: 'Loading the account' })).toBeNull();
    expect(within(account()).getByText('Live data unavailable')).toBeInTheDocument();
    const positions = screen.getByRole('region', { name: 'Open positions by leader' });
    expect(within(positions).getByText('Live data unavailable')).toBeInTheDocument();
    expect(within(positions).queryByRole('alert')).toBeNull();

    // the proxy lets it through: loading again, then the data
    priv.exchange.accepting = true;
    await act(() => advance(35_000));
    expect(priv.phase()).toBe('live');
    expect(within(account()).queryByText('Live data unavailable')).toBeNull();
    expect(
      within(account()).getByRole('status', { name: 'Loading the account' }),
    ).toBeInTheDocument();
    await view.seed({ 'copytrade.account': copyAccount(1, { assetsE8: '100000000' }) });
    expect(within(account()).getByText('Total assets (USDT, live)')).toBeInTheDocument();
    expect(within(account()).queryByText(/live data/i)).toBeNull();
  });

  it('says at once that the device is offline', async () => {
    priv = rig('private', { topics: FOLLOWER_TOPICS, online: false });
    await followerWith(priv);
    await act(() => advance(10));
    expect(priv.phase()).toBe('offline');
    expect(account()).toHaveTextContent(
      'Your device is offline. The data will load when the network is back.',
    );
    expect(
      within(account()).getByRole('status', { name: 'Loading the account' }),
    ).toBeInTheDocument();
    await act(() => advance(LIVE_UNAVAILABLE_AFTER_MS));
    expect(within(account()).getByText('Live data unavailable')).toBeInTheDocument();
    expect(account()).toHaveTextContent('Your device is offline.');
  });

  it('says so when the server refuses the session', async () => {
    priv = rig('private', { topics: FOLLOWER_TOPICS });
    priv.exchange.auth = 'reject';
    await followerWith(priv);
    await act(() => advance(50));
    expect(priv.phase()).toBe('unauthorized');
    expect(account()).toHaveTextContent(
      'The server refused this session. Sign in again to see your data.',
    );
  });

  it('says "not available" at once for a topic this account is not subscribed to', async () => {
    priv = rig('private', { topics: FOLLOWER_TOPICS });
    const view = await renderScreen(<LeaderWalletSection />);
    act(() => view.store.set(liveConnectionsAtom, { public: null, private: priv!.actor }));
    await act(() => advance(50));
    expect(priv.phase()).toBe('live');
    const region = screen.getByRole('region', { name: 'Leader wallet' });
    expect(within(region).getByText('Not available for this account.')).toBeInTheDocument();
    expect(within(region).queryByRole('status')).toBeNull();

    // subscribed (a leader's topics are added live): loading, then the data
    act(() => priv!.actor.send({ type: 'TOPICS.ADD', topics: ['copytrade.leaderWallet'] }));
    expect(
      within(region).getByRole('status', { name: 'Loading the leader wallet' }),
    ).toBeInTheDocument();
    await view.seed({ 'copytrade.leaderWallet': leaderWallet(1) });
    expect(within(region).getByText('Available balance')).toBeInTheDocument();
  });

  it('spins while the stream is just connecting, without a notice', async () => {
    priv = rig('private', { topics: FOLLOWER_TOPICS });
    priv.exchange.auth = 'silent'; // stays in authenticating
    await followerWith(priv);
    await act(() => advance(50));
    expect(priv.phase()).toBe('authenticating');
    expect(
      within(account()).getByRole('status', { name: 'Loading the account' }),
    ).toBeInTheDocument();
    expect(within(account()).getAllByRole('status')).toHaveLength(1);
    await act(() => advance(LIVE_UNAVAILABLE_AFTER_MS));
    expect(account()).toHaveTextContent('Still connecting to the live data stream…');
  });

  it('without any stream opened: a spinner, then a plain "unavailable"', async () => {
    await renderScreen(<FollowerScreen />);
    expect(
      within(account()).getByRole('status', { name: 'Loading the account' }),
    ).toBeInTheDocument();
    await act(() => advance(LIVE_UNAVAILABLE_AFTER_MS));
    expect(within(account()).getByText('Live data unavailable')).toBeInTheDocument();
    expect(account()).toHaveTextContent('Live data has not arrived.');
  });
});
