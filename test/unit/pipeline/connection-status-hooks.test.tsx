/** The status hooks: primitives through useSelector, so a badge renders on changes, not per frame. */
import { act, render, renderHook, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionActor } from '@machines/connection.machine';
import {
  useConnectionAttempt,
  useConnectionFps,
  useConnectionLastError,
  useConnectionPhase,
  useConnectionRtt,
  useConnectionStatus,
  useStaleTopicCount,
  useStaleTopics,
  useTopicStale,
} from '@src/pipeline/connection-status';
import { advance, rig, type Rig } from '../machines/harness';

let renders = 0;
/** Counts commits of the badge (a render-time counter would be a side effect in render). */
const countRender = () => {
  renders += 1;
};
function Badge({ actor }: { actor: ConnectionActor }) {
  const status = useConnectionStatus(actor);
  const phase = useConnectionPhase(actor);
  return (
    <span role="status" aria-label="connection">
      {status} ({phase})
    </span>
  );
}

describe('connection status hooks', () => {
  let r: Rig;
  beforeEach(() => {
    vi.useFakeTimers();
    renders = 0;
  });
  afterEach(() => {
    r.stop();
    vi.useRealTimers();
  });

  it('re-renders a badge when the status changes, not for every frame', async () => {
    r = rig('public', { random: () => 0.5 });
    render(
      <Profiler id="badge" onRender={countRender}>
        <Badge actor={r.actor} />
      </Profiler>,
    );
    await act(() => advance(50));
    expect(screen.getByRole('status', { name: 'connection' })).toHaveTextContent(
      'connected (live)',
    );
    const settled = renders;
    await act(async () => {
      r.exchange.push(r.exchange.tickerFrame('BTCUSDT'));
      for (let i = 0; i < 500; i += 1) r.exchange.push(r.exchange.tickerFrame('BTCUSDT', 'delta'));
      await advance(3_000);
    });
    expect(renders).toBe(settled);

    await act(async () => {
      r.exchange.last.close({ code: 1006, reason: '', wasClean: false });
      await advance(5);
    });
    expect(screen.getByRole('status')).toHaveTextContent('disconnected (reconnecting)');
    expect(renders).toBe(settled + 1);
  });

  it('returns primitives for every figure', async () => {
    r = rig('public', { topics: ['tickers.BTCUSDT', 'tickers.ETHUSDT'] });
    const { result } = renderHook(() => ({
      attempt: useConnectionAttempt(r.actor),
      rtt: useConnectionRtt(r.actor),
      fps: useConnectionFps(r.actor),
      lastError: useConnectionLastError(r.actor),
      staleTopics: useStaleTopics(r.actor),
      staleCount: useStaleTopicCount(r.actor),
      ethStale: useTopicStale(r.actor, 'tickers.ETHUSDT'),
    }));
    await act(() => advance(50));
    await act(async () => {
      for (let s = 0; s < 31; s += 1) {
        r.exchange.push(r.exchange.tickerFrame('BTCUSDT'));
        await advance(1_000);
      }
    });
    expect(result.current).toEqual({
      attempt: 0,
      rtt: 4,
      fps: 1,
      lastError: null,
      staleTopics: 'tickers.ETHUSDT',
      staleCount: 1,
      ethStale: true,
    });
  });
});
