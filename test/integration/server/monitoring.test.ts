/**
 * Monitoring end to end: the app's monitoring wiring (src/app/monitoring.ts) on a real live
 * pipeline against the simulator in this process, posting through the real monitoring client
 * (no SDK on the page) to the simulator's collector. Sign-in, each stream's connection going
 * connected, then disconnected by a dropped connection and back, an error toast, slow snapshot
 * loads and sign-out all arrive with the spec's fields (SPEC.md section 7): timestamp, platform,
 * environment, user agent, page URL, and empty user, device and session ids.
 */
import { createStore } from 'jotai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { manualEnvironment } from '@machines/connection-environment';
import { NodeWebSocket } from '@machines/node-websocket';
import type { Simulator } from '@server/simulator';
import { CALLS } from '@src/api/calls';
import type { CollectEvent } from '@src/api/types';
import { startAppMonitoring } from '@src/app/monitoring';
import { resolveHostConfig } from '@src/config/host';
import { APP_EVENTS, SLOW_SNAPSHOT_MS, timedFetchSnapshot } from '@src/monitoring/app-events';
import { Monitor } from '@src/monitoring/monitor';
import { startLive, type LiveStreams } from '@src/pipeline/live';
import { copyProfileAtom, SIGNED_OUT, userAtom } from '@src/state/client';
import { ready } from '@src/state/loadable';
import { showToast, toastStore } from '@src/ui/notifications';
import { SNAPSHOT_PATHS, type RestEnvelope } from '@src/wire/protocol';
import { HttpClient, startTestSim } from './helpers';

const TIMINGS = { backoffBaseMs: 20, backoffMaxMs: 200, pingIntervalMs: 300, pongTimeoutMs: 600 };
const WAIT = { timeout: 30_000, interval: 20 };

describe('monitoring events reach the simulator collector', () => {
  let sim: Simulator;
  let live: LiveStreams | undefined;
  let stop: (() => void) | undefined;
  beforeAll(async () => {
    sim = await startTestSim();
  });
  afterAll(async () => {
    stop?.();
    live?.dispose();
    await sim.stop();
  });

  it('sign-in, connection states, an error toast, slow snapshots and sign-out, with the spec fields', async () => {
    const pageUrl = `${sim.url}/copy-trade`;
    const host = resolveHostConfig({
      hostname: '127.0.0.1',
      origin: sim.url,
      protocol: 'http:',
    });
    expect(host.apiBase).toBe(`${sim.url}/api`);
    const warnings: string[] = [];
    const monitor = new Monitor({
      host,
      sdk: () => undefined,
      beacon: null,
      onPageHide: () => () => undefined,
      userAgent: () => 'vitest-monitoring-agent',
      pageUrl: () => pageUrl,
      warn: (m) => warnings.push(m),
    });
    monitor.init();
    const track = (name: string, data?: Record<string, unknown>) => monitor.track(name, data);
    const store = createStore();
    stop = startAppMonitoring(store, { track, notices: [{ surface: 'toast', store: toastStore }] });

    // The session, as the app has it after sign-in.
    const http = new HttpClient(sim.url);
    const userId = await http.login('follower');
    // Each reading of this clock is 4 s after the last: every snapshot load takes at least 4 s
    // (more when loads overlap), so each is reported as slow.
    let clock = 0;
    const fetchSnapshot = timedFetchSnapshot(
      async (topic) => (await http.get(SNAPSHOT_PATHS[topic])).body as RestEnvelope<unknown>,
      track,
      { now: () => (clock += 4_000) },
    );
    live = startLive({
      store,
      fetchSnapshot,
      oneTimeToken: async () => ({ token: await http.ott() }),
      host: {
        publicWsUrl: `${sim.wsUrl}/v5/public/linear`,
        privateWsUrl: `${sim.wsUrl}/v5/private`,
      },
      connection: { WebSocketImpl: NodeWebSocket, env: manualEnvironment(), timings: TIMINGS },
      seeder: { baseDelayMs: 100, maxDelayMs: 1_000, timeoutMs: 5_000 },
      checkSession: () => http.get(CALLS.profile.path),
    });
    const profile = await http.get<
      RestEnvelope<{ isLeader: boolean; subMemberIdList: number[]; userId: number }>
    >(CALLS.copyProfile.path);
    store.set(copyProfileAtom, ready(profile.body.result));
    store.set(userAtom, { userId });

    const names = () => sim.sim.collected.list().map((e) => e.name);
    const connection = (stream: string, state: string) =>
      sim.sim.collected
        .list()
        .some(
          (e) =>
            e.name === APP_EVENTS.connection &&
            (e.data as { stream?: string; state?: string } | undefined)?.stream === stream &&
            (e.data as { state?: string }).state === state,
        );
    const flushUntil = async (done: () => boolean) =>
      vi.waitFor(async () => {
        await monitor.flush();
        expect(done()).toBe(true);
      }, WAIT);

    await flushUntil(() => connection('public', 'connected') && connection('private', 'connected'));
    await flushUntil(() => names().includes(APP_EVENTS.slowSnapshot));

    // The connection drops: both streams go disconnected, then connected again.
    const before = sim.sim.collected.list().length;
    expect((await http.post('/__admin/faults/drop', {})).status).toBe(200);
    await flushUntil(() => {
      const after = sim.sim.collected.list().slice(before);
      const saw = (stream: string, state: string) =>
        after.some(
          (e) =>
            e.name === APP_EVENTS.connection &&
            (e.data as { stream: string }).stream === stream &&
            (e.data as { state: string }).state === state,
        );
      return (
        saw('public', 'disconnected') &&
        saw('private', 'disconnected') &&
        saw('public', 'connected') &&
        saw('private', 'connected')
      );
    });

    showToast('Could not save your preference', { tone: 'error' });
    store.set(userAtom, SIGNED_OUT);
    await flushUntil(
      () => names().includes(APP_EVENTS.errorShown) && names().includes(APP_EVENTS.signOut),
    );

    const events = sim.sim.collected.list();
    expect(names()).toContain(APP_EVENTS.signIn);
    expect(names().indexOf(APP_EVENTS.signIn)).toBeLessThan(names().indexOf(APP_EVENTS.signOut));
    expect(events.find((e) => e.name === APP_EVENTS.errorShown)?.data).toEqual({
      surface: 'toast',
      message: 'Could not save your preference',
    });
    expect(events.find((e) => e.name === APP_EVENTS.slowSnapshot)?.data).toMatchObject({
      topic: expect.any(String),
      ok: true,
    });
    for (const e of events.filter((x) => x.name === APP_EVENTS.slowSnapshot)) {
      expect((e.data as { ms: number }).ms).toBeGreaterThan(SLOW_SNAPSHOT_MS);
    }
    // The spec's fields on every event.
    for (const e of events) {
      expect(e).toEqual({
        name: expect.any(String),
        timestamp: expect.any(Number),
        platform: 'pc',
        env: 'testnet',
        userAgent: 'vitest-monitoring-agent',
        pageUrl,
        userId: '',
        deviceId: '',
        sessionId: '',
        ...(e.data === undefined ? {} : { data: e.data }),
      } satisfies CollectEvent);
      expect(e.timestamp).toBeGreaterThan(0);
    }
    // No SDK on the page: the client said where its script tag belongs, once.
    expect(warnings).toHaveLength(1);
    expect(monitor.stats.dropped).toBe(0);
  });
});
