/**
 * The monitoring wiring: which app happenings become which events (sign-in/out, connection
 * health per stream, errors shown in toasts and notifications, slow snapshot loads), through the
 * app's own starter (src/app/monitoring.ts) and the real toast stores; and that a failing
 * monitoring client never throws into the app.
 */
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { startAppMonitoring } from '@src/app/monitoring';
import {
  APP_EVENTS,
  SLOW_SNAPSHOT_MS,
  timedFetchSnapshot,
  watchConnections,
  type WatchedActor,
} from '@src/monitoring/app-events';
import type { ConnectionHealth } from '@src/pipeline/connection-status';
import { liveConnectionsAtom, type LiveConnections } from '@src/pipeline/live';
import { SIGNED_OUT, userAtom } from '@src/state/client';
import { hideToast, notify, showToast, toastStore } from '@src/ui/notifications';
import type { RestEnvelope } from '@src/wire/protocol';
import { recorder } from './recorder';

/** A stand-in connection actor whose "snapshot" is its health. */
class FakeActor implements WatchedActor<ConnectionHealth> {
  #listeners = new Set<(s: ConnectionHealth) => void>();
  constructor(public state: ConnectionHealth) {}
  getSnapshot = () => this.state;
  subscribe(l: (s: ConnectionHealth) => void) {
    this.#listeners.add(l);
    return { unsubscribe: () => void this.#listeners.delete(l) };
  }
  emit(s: ConnectionHealth) {
    this.state = s;
    for (const l of this.#listeners) l(s);
  }
  get listeners() {
    return this.#listeners.size;
  }
}
const setActors = (
  store: ReturnType<typeof createStore>,
  a: Partial<Record<keyof LiveConnections, FakeActor | null>>,
) =>
  store.set(liveConnectionsAtom, {
    public: null,
    private: null,
    ...a,
  } as unknown as LiveConnections);

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  toastStore.setState({ ...toastStore.getState(), notifications: [], queue: [] });
});

describe('app monitoring events', () => {
  it('sign_in when the session user appears, sign_out when it goes, nothing in between', () => {
    const store = createStore();
    const { events, track } = recorder();
    stop = startAppMonitoring(store, { track, notices: [] });
    store.set(userAtom, { userId: 1001 });
    store.set(userAtom, { userId: 1001 }); // the same session, re-set
    store.set(userAtom, SIGNED_OUT);
    expect(events).toEqual([
      [APP_EVENTS.signIn, undefined],
      [APP_EVENTS.signOut, undefined],
    ]);
  });

  it('connection_state per stream on each health change, following new actors', () => {
    const store = createStore();
    const { events, track } = recorder();
    const pub = new FakeActor('disconnected');
    const priv = new FakeActor('disconnected');
    stop = watchConnections<ConnectionHealth>(store, track, (s) => s);
    setActors(store, { public: pub, private: priv });
    pub.emit('connected');
    priv.emit('connected');
    priv.emit('connected'); // no change, no event
    pub.emit('unstable');
    priv.emit('disconnected');
    expect(events).toEqual([
      [APP_EVENTS.connection, { stream: 'public', state: 'connected', previous: 'disconnected' }],
      [APP_EVENTS.connection, { stream: 'private', state: 'connected', previous: 'disconnected' }],
      [APP_EVENTS.connection, { stream: 'public', state: 'unstable', previous: 'connected' }],
      [APP_EVENTS.connection, { stream: 'private', state: 'disconnected', previous: 'connected' }],
    ]);
    // Signed out: the actors go, and are no longer listened to.
    setActors(store, {});
    expect([pub.listeners, priv.listeners]).toEqual([0, 0]);
    pub.emit('connected');
    expect(events).toHaveLength(4);
  });

  it('error_shown once per error toast or notification the user sees, not for others', () => {
    const store = createStore();
    const { events, track } = recorder();
    stop = startAppMonitoring(store, { track });
    showToast('Saved', { tone: 'success' });
    const id = showToast('Sign-out failed, please try again', { tone: 'error' });
    // Another notice changes the store: the error toast is not reported twice.
    showToast('Copied', { tone: 'info' });
    notify({ title: 'Connection', message: 'The private stream was refused', tone: 'error' });
    expect(events).toEqual([
      [APP_EVENTS.errorShown, { surface: 'toast', message: 'Sign-out failed, please try again' }],
      [
        APP_EVENTS.errorShown,
        { surface: 'notification', message: 'The private stream was refused', title: 'Connection' },
      ],
    ]);
    hideToast(id);
  });

  it('slow_snapshot when a snapshot load, answered or failed, takes over 3 s', async () => {
    const { events, track } = recorder();
    let clock = 0;
    const env: RestEnvelope<unknown> = {
      ret_code: 0,
      ret_msg: 'OK',
      result: { list: [] },
      ext_code: '',
      ext_info: null,
      time_now: '1732150000.000000',
    };
    let takes = 0;
    let fail = false;
    const load = timedFetchSnapshot(
      async () => {
        clock += takes;
        if (fail) throw new Error('down');
        return env;
      },
      track,
      { now: () => clock },
    );
    takes = SLOW_SNAPSHOT_MS; // exactly the limit: not slow
    await expect(load('wallet')).resolves.toBe(env);
    takes = SLOW_SNAPSHOT_MS + 1;
    await load('copytrade.order');
    fail = true;
    takes = 15_000;
    await expect(load('risk')).rejects.toThrow('down');
    expect(events).toEqual([
      [APP_EVENTS.slowSnapshot, { topic: 'copytrade.order', ms: SLOW_SNAPSHOT_MS + 1, ok: true }],
      [APP_EVENTS.slowSnapshot, { topic: 'risk', ms: 15_000, ok: false }],
    ]);
  });

  it('a monitoring client that throws never reaches the app', async () => {
    const store = createStore();
    const boom = () => {
      throw new Error('monitoring down');
    };
    stop = startAppMonitoring(store, { track: boom });
    const pub = new FakeActor('disconnected');
    const unwatch = watchConnections<ConnectionHealth>(store, boom, (s) => s);
    setActors(store, { public: pub });
    expect(() => {
      store.set(userAtom, { userId: 1001 });
      showToast('x', { tone: 'error' });
      pub.emit('connected');
    }).not.toThrow();
    await expect(
      timedFetchSnapshot(async () => ({}) as RestEnvelope<unknown>, boom, {
        now: (() => {
          let t = 0;
          return () => (t += 5_000);
        })(),
      })('wallet'),
    ).resolves.toEqual({});
    unwatch();
  });
});
