/**
 * One connection problem, one announcement (WCAG 2.2 SC 4.1.3, accessibility review L3): the
 * follower's page has three sections fed by the private stream; when the streams cannot connect
 * at first load, or drop before or after the first data, each section shows why (visible, and
 * readable where a screen reader reaches it) but only the page's announcer speaks, once. A topic
 * whose snapshot fails while the connection is fine is that section's own problem: its alert
 * speaks, once. Real connection actors on mock-socket exchanges, the real ingest, fake timers;
 * what is spoken is read from every live region of the page (live-regions.ts).
 */
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionBadge } from '@src/features/connection/ConnectionBadge';
import FollowerScreen from '@src/features/copytrade/FollowerScreen';
import { liveConnectionsAtom } from '@src/pipeline/live';
import type { PrivateTopic } from '@src/wire/protocol';
import { LIVE_UNAVAILABLE_AFTER_MS } from '@src/ui/live/held-for';
import { renderScreen } from '../../features/harness';
import { advance, rig, type Rig } from '../../machines/harness';
import { settle } from '../../pipeline/harness';
import { copyAccount } from '../../state/fixtures';
import { listenToLiveRegions } from './live-regions';

const FOLLOWER_TOPICS: PrivateTopic[] = [
  'copytrade.account',
  'copytrade.position',
  'copytrade.order',
];
const SECTIONS = ['Copy-trading account', 'Open positions by leader', 'Orders of open positions'];
const section = (name: string) => screen.getByRole('region', { name });

const UNAVAILABLE =
  'Live data unavailable: could not connect to the live data stream. The page keeps trying.';
const CONNECTED = 'Connected: the live data is arriving.';
const OFFLINE = 'Your device is offline. The data will load when the network is back.';
const LOST = 'Connection lost: the values on this page may be out of date. Reconnecting…';
const RESTORED = 'Connection restored: the values on this page are live again.';

let pub: Rig | undefined;
let priv: Rig | undefined;
let heard: ReturnType<typeof listenToLiveRegions> | undefined;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  heard?.stop();
  pub?.stop();
  priv?.stop();
  heard = pub = priv = undefined;
  vi.useRealTimers();
});

/** The follower's page with the header's badge (and its announcer) on two fresh exchanges. */
async function followerPage({
  accepting,
  online = true,
}: {
  accepting: boolean;
  online?: boolean;
}) {
  pub = rig('public', { online });
  priv = rig('private', { topics: FOLLOWER_TOPICS, online });
  pub.exchange.accepting = accepting;
  priv.exchange.accepting = accepting;
  const r = await renderScreen(
    <>
      <ConnectionBadge />
      <FollowerScreen />
    </>,
  );
  heard = listenToLiveRegions();
  act(() => r.store.set(liveConnectionsAtom, { public: pub!.actor, private: priv!.actor }));
  await act(() => advance(50));
  return r;
}

/** Both exchanges refuse or accept connections from now on. */
function accept(on: boolean) {
  pub!.exchange.accepting = on;
  priv!.exchange.accepting = on;
}

/** Both streams drop (and stay down while the exchanges refuse). */
async function dropBoth() {
  accept(false);
  await act(async () => {
    for (const r of [pub!, priv!])
      r.exchange.last.close({ code: 1006, reason: '', wasClean: false });
    await advance(5);
  });
}

describe('one announcement per connection problem', () => {
  it('at first load: the streams never connect, three sections show why, one announcement', async () => {
    await followerPage({ accepting: false });
    expect(priv!.phase()).toBe('reconnecting');
    for (const name of SECTIONS) {
      expect(section(name)).toHaveTextContent(
        /Could not connect to the live data stream\. Trying again \(attempt \d+\)…/,
      );
    }
    // the sections' words change with every attempt: nothing of it is spoken
    expect(heard!.said()).toEqual([]);

    await act(() => advance(LIVE_UNAVAILABLE_AFTER_MS));
    for (const name of SECTIONS) {
      const note = within(section(name)).getByRole('note', { name: 'Live data unavailable' });
      expect(note).toBeVisible();
      expect(note).toHaveTextContent(/Could not connect to the live data stream\. Trying again/);
    }
    await act(() => advance(20_000)); // more attempts fail
    expect(heard!.said()).toEqual([UNAVAILABLE]);

    // the exchanges let it through: said once, and the sections load
    accept(true);
    await act(() => advance(60_000)); // the next attempt may be up to 30 s away by now
    expect(priv!.phase()).toBe('live');
    for (const name of SECTIONS) {
      expect(within(section(name)).queryByRole('note')).toBeNull();
    }
    expect(heard!.said()).toEqual([UNAVAILABLE, CONNECTED]);
  });

  it('at first load on a device offline: said at once, as the sections show it, then connected', async () => {
    await followerPage({ accepting: true, online: false });
    expect(priv!.phase()).toBe('offline');
    for (const name of SECTIONS) expect(section(name)).toHaveTextContent(OFFLINE);
    expect(heard!.said()).toEqual([OFFLINE]);
    await act(() => advance(LIVE_UNAVAILABLE_AFTER_MS * 2)); // still offline: nothing more
    expect(heard!.said()).toEqual([OFFLINE]);

    act(() => {
      pub!.env.set({ online: true });
      priv!.env.set({ online: true });
    });
    await act(() => advance(5_000));
    expect(priv!.phase()).toBe('live');
    expect(heard!.said()).toEqual([OFFLINE, CONNECTED]);
  });

  it('says nothing for a first connection that goes through', async () => {
    await followerPage({ accepting: true });
    await act(() => advance(LIVE_UNAVAILABLE_AFTER_MS * 2));
    expect(priv!.phase()).toBe('live');
    expect(heard!.said()).toEqual([]);
  });

  it('after being live, before the first data: the sections show why, the page says it once', async () => {
    const r = await followerPage({ accepting: true });
    r.subscribe(FOLLOWER_TOPICS);
    await r.answer({ 'copytrade.account': copyAccount(1) });
    await dropBoth();
    await act(() => advance(LIVE_UNAVAILABLE_AFTER_MS + 10_000));
    for (const name of SECTIONS.slice(1)) {
      expect(
        within(section(name)).getByRole('note', { name: 'Live data unavailable' }),
      ).toHaveTextContent(/Could not connect to the live data stream/);
    }
    expect(
      within(section(SECTIONS[0]!)).getByText(/^Connection lost: these values may be out of date/),
    ).toBeVisible();
    expect(heard!.said()).toEqual([LOST]);

    accept(true);
    await act(() => advance(35_000));
    expect(heard!.said()).toEqual([LOST, RESTORED]);
  });

  it('after being live with data: every section shows the outage, the page says it once', async () => {
    const r = await followerPage({ accepting: true });
    await r.seed({
      'copytrade.account': copyAccount(1),
      'copytrade.position': { list: [] },
      'copytrade.order': { list: [] },
    });
    await dropBoth();
    await act(() => advance(LIVE_UNAVAILABLE_AFTER_MS + 10_000));
    for (const name of SECTIONS) {
      expect(
        within(section(name)).getByText(/^Connection lost: these values may be out of date/),
      ).toBeVisible();
    }
    expect(heard!.said()).toEqual([LOST]);
  });
});

describe("a section's own problem", () => {
  /** Fails the snapshot request of `topic` in flight. */
  async function fail(r: Awaited<ReturnType<typeof followerPage>>, topic: PrivateTopic) {
    await act(async () => {
      r.h.request(topic).reject(new Error('snapshot failed'));
      await settle();
      r.h.sched.tick();
    });
  }

  it("one topic's snapshot fails while the connection is fine: its section says so, once", async () => {
    const r = await followerPage({ accepting: true });
    r.subscribe(FOLLOWER_TOPICS);
    await r.answer({ 'copytrade.account': copyAccount(1), 'copytrade.order': { list: [] } });
    await fail(r, 'copytrade.position');
    const positions = section('Open positions by leader');
    expect(within(positions).getByRole('alert', { name: 'Could not load' })).toHaveTextContent(
      'We could not load this data. Retrying automatically.',
    );
    // the ingest retries: the retry fails too, the alert stays as it was
    await act(() => advance(2_000));
    await fail(r, 'copytrade.position');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(heard!.said()).toEqual([
      expect.stringMatching(
        /^Could not load.*We could not load this data\. Retrying automatically\.$/,
      ),
    ]);
  });

  it('a snapshot that fails during an outage is part of it: shown, not announced again', async () => {
    const r = await followerPage({ accepting: true });
    r.subscribe(FOLLOWER_TOPICS);
    await dropBoth();
    await fail(r, 'copytrade.position');
    const positions = section('Open positions by leader');
    expect(within(positions).getByRole('note', { name: 'Could not load' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(heard!.said()).toEqual([LOST]);
  });
});
