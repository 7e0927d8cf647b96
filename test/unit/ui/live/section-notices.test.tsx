/**
 * A connection notice that lasts does not cover the section (review M6): it lies over the top
 * of the content for a brief reconnect, and once it has shown for LIVE_UNAVAILABLE_AFTER_MS it
 * takes its own room above the content, so the last values stay readable during the outage.
 * Real connection actors on mock-socket exchanges, fake timers.
 */
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import FollowerScreen from '@src/features/copytrade/FollowerScreen';
import { liveConnectionsAtom } from '@src/pipeline/live';
import { LIVE_UNAVAILABLE_AFTER_MS } from '@src/ui/live/held-for';
import { renderScreen } from '../../features/harness';
import { advance, rig, type Rig } from '../../machines/harness';
import { copyAccount } from '../../state/fixtures';

const SEED = {
  'copytrade.account': copyAccount(1, { assetsE8: '999435595533' }),
  'copytrade.position': { list: [] },
  'copytrade.order': { list: [] },
};

describe('a section during an outage', () => {
  let priv: Rig;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    priv.stop();
    vi.useRealTimers();
  });

  /** The follower screen seeded on a live private connection; its account section. */
  async function live() {
    priv = rig('private');
    const r = await renderScreen(<FollowerScreen />);
    act(() => r.store.set(liveConnectionsAtom, { public: null, private: priv.actor }));
    await r.seed(SEED);
    await act(() => advance(100));
    return { r, account: screen.getByRole('region', { name: 'Copy-trading account' }) };
  }

  /** The connection drops and the outage lasts: reconnects are refused. */
  const lose = () =>
    act(async () => {
      priv.exchange.accepting = false;
      priv.exchange.last.close({ code: 1006, reason: '', wasClean: false });
      await advance(5);
    });

  it('lays the notice over the top briefly, then shows it above the figures, not over them', async () => {
    const { account } = await live();
    await lose();
    const notice = within(account).getByText(/Connection lost: these values may be out of date/);
    const notices = notice.closest('[role="note"]')!.parentElement!;
    expect(notices).not.toHaveAttribute('data-in-flow');

    await act(() => advance(LIVE_UNAVAILABLE_AFTER_MS));
    // The same notice (not mounted again), now in the flow above the figures.
    expect(within(account).getByText(/Connection lost/)).toBe(notice);
    expect(notices).toHaveAttribute('data-in-flow');
    expect(within(account).getByText(/^Total assets/)).toBeInTheDocument();
  });

  it('says "Refreshing…" while a topic is read again, not while it waits for the connection', async () => {
    const { r, account } = await live();
    // Read again on a live connection (a resync): refreshing.
    act(() => {
      r.h.ingest.reseed('copytrade.account');
      r.h.sched.tick();
    });
    expect(within(account).getByText('Refreshing…')).toBeInTheDocument();
    // The connection lost meanwhile: the topic waits for it, and the section says that alone.
    await lose();
    expect(within(account).getByText(/Connection lost/)).toBeInTheDocument();
    expect(within(account).queryByText('Refreshing…')).toBeNull();
  });
});
