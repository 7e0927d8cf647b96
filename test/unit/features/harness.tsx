/**
 * Screens under test are fed through the real pipeline: an ingest (test/unit/pipeline/harness.ts)
 * writes its own stream-atom bundle into the test store, the screen reads that bundle through
 * StreamAtomsProvider, and REST calls of the screens go to a fake ScreenApi.
 */
import { act } from '@testing-library/react';
import type { ProfilerOnRenderCallback, ReactNode } from 'react';
import { vi } from 'vitest';
import { StreamAtomsProvider } from '@src/facade/live-context';
import { ScreenApiProvider, type ScreenApi } from '@src/facade/screen-api';
import type { PrivateTopic } from '@src/wire/protocol';
import { RowRenderProbe } from '@src/ui/table/VirtualTable';
import type { SessionApi } from '@src/pipeline/session';
import { userAtom } from '@src/state/client';
import { privateText, tickerText } from '../state/fixtures';
import { envelope, settle, setup } from '../pipeline/harness';
import { fakeScreenApi, renderWithProviders } from '../ui/test-utils';

export { fakeScreenApi };

/**
 * Holds the periodic refreshes a screen starts on wall-clock intervals (the assets area's every
 * 5 s, the exchange rates' every minute) until the test ends (test/setup puts real timers back).
 * A test that counts refreshes or answers must see only the ones it makes: on a busy machine a
 * test can take longer than 5 s, and an interval's extra refresh in the middle of it made the
 * AML-clear counter skip the value the test waited for. Timeouts stay real (waitFor, user-event).
 */
export function holdIntervals(): void {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
}

export interface ScreenOptions {
  lng?: string;
  api?: ScreenApi;
  /** Receives a Profiler report per table row that rendered (id = row key). */
  probe?: ProfilerOnRenderCallback;
  /** Signed in as this user before the first render (default: nobody, until the test signs in). */
  userId?: number;
  /** The session API the app's services hold (default: `fakeApi()`, nobody signed in). */
  session?: SessionApi;
}

/** Renders `ui` with every provider, fed by a fresh ingest. */
export async function renderScreen(ui: ReactNode, opts: ScreenOptions = {}) {
  const h = setup();
  if (opts.userId !== undefined) h.store.set(userAtom, { userId: opts.userId });
  const api = opts.api ?? fakeScreenApi();
  const tree = (
    <StreamAtomsProvider atoms={h.atoms}>
      <ScreenApiProvider api={api}>
        <RowRenderProbe.Provider value={opts.probe ?? null}>{ui}</RowRenderProbe.Provider>
      </ScreenApiProvider>
    </StreamAtomsProvider>
  );
  const view = await renderWithProviders(tree, {
    store: h.store,
    lng: opts.lng ?? 'en',
    ...(opts.session ? { api: opts.session } : {}),
  });
  const seqs = new Map<string, number>();
  let cs = 1;

  /** Subscribes the private `topics` (as a new connection would): they start seeding. */
  function subscribe(topics: readonly PrivateTopic[]) {
    act(() => h.ingest.subscribed('private', topics, 'c1'));
  }

  /** Answers the snapshot request of each topic with `result`. */
  async function answer(results: Partial<Record<PrivateTopic, unknown>>) {
    await act(async () => {
      for (const [topic, result] of Object.entries(results)) {
        h.request(topic as PrivateTopic).resolve(envelope(result));
      }
      await settle();
      h.sched.tick();
    });
  }

  /** Subscribes and seeds the topics in one go. */
  async function seed(results: Partial<Record<PrivateTopic, unknown>>) {
    subscribe(Object.keys(results) as PrivateTopic[]);
    await answer(results);
  }

  /** A private delta frame, flushed. */
  function push(topic: PrivateTopic, items: unknown[]) {
    const seq = (seqs.get(topic) ?? 0) + 1;
    seqs.set(topic, seq);
    act(() => {
      h.feed('private', privateText(topic, seq, items));
      h.sched.tick();
    });
  }

  /** Subscribes tickers and sends each a snapshot. */
  function quotes(tickers: Record<string, Record<string, string>>) {
    act(() => {
      h.ingest.subscribed(
        'public',
        Object.keys(tickers).map((s) => `tickers.${s}`),
        'p1',
      );
      for (const [symbol, data] of Object.entries(tickers)) {
        h.feed('public', tickerText(symbol, 'snapshot', data, cs++));
      }
      h.sched.tick();
    });
  }

  /** A ticker delta, flushed. */
  function tick(symbol: string, data: Record<string, string>) {
    act(() => {
      h.feed('public', tickerText(symbol, 'delta', data, cs++));
      h.sched.tick();
    });
  }

  return { ...view, h, api, subscribe, answer, seed, push, quotes, tick };
}
