/**
 * What the app reports to monitoring, and the watchers that see it happen: sign-in and sign-out
 * (the session user in the store), each stream's connection health (connected / unstable /
 * disconnected, as the header badge says it), errors shown to the user (error toasts and
 * notifications), failed REST calls (the HTTP client's hooks) and slow snapshot loads. Each
 * watcher returns its unsubscribe; none throws into the app (a failing `track` is swallowed).
 * Events carry no user id: the collector's user, device and session ids stay empty (SPEC.md
 * section 7).
 */
import type { createStore } from 'jotai';
import { CALLS } from '../api/calls';
import {
  AbortedError,
  ApiError,
  BusinessError,
  HttpStatusError,
  NoPermissionError,
} from '../api/errors';
import type { HttpHooks, RequestContext } from '../api/http';
import { userAtom } from '../state/client';
import { healthOf, type ConnectionHealth } from '../pipeline/connection-status';
import { liveConnectionsAtom, type LiveConnections } from '../pipeline/live';
import type { FetchSnapshot } from '../pipeline/seeder';

type Store = ReturnType<typeof createStore>;

export const APP_EVENTS = {
  signIn: 'sign_in',
  signOut: 'sign_out',
  connection: 'connection_state',
  errorShown: 'error_shown',
  slowSnapshot: 'slow_snapshot',
  restError: 'rest_error',
} as const;

/** A snapshot load taking longer than this is reported. */
export const SLOW_SNAPSHOT_MS = 3_000;
/** Error texts are clipped to this many characters. */
const MAX_ERROR_TEXT = 200;

export type Track = (name: string, data?: Record<string, unknown>) => void;

function safe(track: Track): Track {
  return (name, data) => {
    try {
      track(name, data);
    } catch {
      // Monitoring never breaks the app.
    }
  };
}

/** sign_in when the session user appears, sign_out when it goes. */
function watchSession(store: Store, track: Track): () => void {
  const report = safe(track);
  let signedIn = store.get(userAtom).userId > 0;
  return store.sub(userAtom, () => {
    const now = store.get(userAtom).userId > 0;
    if (now === signedIn) return;
    signedIn = now;
    report(now ? APP_EVENTS.signIn : APP_EVENTS.signOut);
  });
}

/** The part of a connection actor the watcher needs. */
export interface WatchedActor<S> {
  getSnapshot(): S;
  subscribe(listener: (snapshot: S) => void): { unsubscribe(): void };
}

/**
 * connection_state `{ stream, state, previous }` whenever a stream's health changes (the first
 * health of a new connection is the baseline, not an event). Follows the session's actors in
 * `liveConnectionsAtom`; `health` is the badge's `healthOf` unless a test gives another.
 */
export function watchConnections<S = unknown>(
  store: Store,
  track: Track,
  health: (snapshot: S) => ConnectionHealth = healthOf as unknown as (s: S) => ConnectionHealth,
): () => void {
  const report = safe(track);
  const watched = new Map<keyof LiveConnections, { actor: unknown; stop: () => void }>();
  const follow = () => {
    const actors = store.get(liveConnectionsAtom) as unknown as Record<
      keyof LiveConnections,
      WatchedActor<S> | null
    >;
    for (const stream of ['public', 'private'] as const) {
      const actor = actors[stream];
      const cur = watched.get(stream);
      if (cur?.actor === actor) continue;
      cur?.stop();
      watched.delete(stream);
      if (!actor) continue;
      let last: ConnectionHealth;
      try {
        last = health(actor.getSnapshot());
      } catch {
        continue;
      }
      const sub = actor.subscribe((snapshot) => {
        let next: ConnectionHealth;
        try {
          next = health(snapshot);
        } catch {
          return;
        }
        if (next === last) return;
        report(APP_EVENTS.connection, { stream, state: next, previous: last });
        last = next;
      });
      watched.set(stream, { actor, stop: () => sub.unsubscribe() });
    }
  };
  follow();
  const unsub = store.sub(liveConnectionsAtom, follow);
  return () => {
    unsub();
    for (const w of watched.values()) w.stop();
    watched.clear();
  };
}

/** The part of a Mantine notifications store the watcher reads. */
export interface NoticeStore {
  getState(): { notifications: readonly NoticeLike[]; queue: readonly NoticeLike[] };
  subscribe(listener: (state: ReturnType<NoticeStore['getState']>) => void): () => void;
}
interface NoticeLike {
  id?: string;
  message?: unknown;
  title?: unknown;
  'data-tone'?: unknown;
}

function textOf(v: unknown): string {
  return typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, MAX_ERROR_TEXT) : '';
}

/**
 * error_shown `{ surface, message }` once per error toast or notification put on screen (or in
 * its queue): what the user is told, not the underlying exception.
 */
function watchErrorNotices(
  stores: readonly { surface: string; store: NoticeStore }[],
  track: Track,
): () => void {
  const report = safe(track);
  const stops = stores.map(({ surface, store }) => {
    // Ids on screen or queued: a notice is reported once, and forgotten when it is gone.
    let seen = new Set<string>();
    const look = (state: ReturnType<NoticeStore['getState']>) => {
      const now = new Set<string>();
      for (const n of [...state.notifications, ...state.queue]) {
        if (n.id === undefined) continue;
        now.add(n.id);
        if (seen.has(n.id) || n['data-tone'] !== 'error') continue;
        report(APP_EVENTS.errorShown, {
          surface,
          message: textOf(n.message),
          ...(n.title === undefined ? {} : { title: textOf(n.title) }),
        });
      }
      seen = now;
    };
    try {
      look(store.getState());
      return store.subscribe(look);
    } catch {
      return () => undefined;
    }
  });
  return () => stops.forEach((s) => s());
}

/**
 * The snapshot loader, timed: slow_snapshot `{ topic, ms, ok }` when one load (answered or
 * failed) took longer than `slowMs`.
 */
export function timedFetchSnapshot(
  fetchSnapshot: FetchSnapshot,
  track: Track,
  {
    now = () => Date.now(),
    slowMs = SLOW_SNAPSHOT_MS,
  }: { now?: () => number; slowMs?: number } = {},
): FetchSnapshot {
  const report = safe(track);
  return async (topic, signal) => {
    const start = now();
    const done = (ok: boolean) => {
      const ms = now() - start;
      if (ms > slowMs) report(APP_EVENTS.slowSnapshot, { topic, ms, ok });
    };
    try {
      const env = await fetchSnapshot(topic, signal);
      done(true);
      return env;
    } catch (err) {
      done(false);
      throw err;
    }
  };
}

/** The part of an HttpClient the REST watcher needs. */
export interface HookedClient {
  addHooks(hooks: HttpHooks): () => void;
  readonly baseUrl: string;
}

/** At most this many rest_error events per window; the rest are counted, not sent. */
export const REST_ERROR_LIMIT = 10;
export const REST_ERROR_WINDOW_MS = 60_000;

/**
 * The path of a request relative to the API base, without query string or fragment (a query
 * may carry an address, a code or a token; the body is never looked at).
 */
function pathOf(url: string, baseUrl: string): string {
  const bare = url.split(/[?#]/, 1)[0] ?? '';
  const base = baseUrl.split(/[?#]/, 1)[0]?.replace(/\/+$/, '') ?? '';
  if (base !== '' && bare.startsWith(`${base}/`)) return bare.slice(base.length);
  try {
    return new URL(bare).pathname;
  } catch {
    return bare.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '') || '/';
  }
}

/**
 * rest_error `{ method, path, error, code, status?, retCode?, ms?, suppressed? }` when a call of
 * `client` fails: its path without the query (never the body, headers or message), the HTTP
 * status or the ret_code, and how long it took. Not reported: a call its caller cancelled, a
 * no-permission answer (the session check of a signed-out visitor; sign_out says it), and the
 * collector's own posts (a dead collector must not feed itself). At most `limit` events per
 * `windowMs` (a dead server fails every call): the events held back are counted and the next
 * event sent says how many (`suppressed`).
 */
export function watchRestFailures(
  client: HookedClient,
  track: Track,
  {
    now = () => Date.now(),
    limit = REST_ERROR_LIMIT,
    windowMs = REST_ERROR_WINDOW_MS,
  }: { now?: () => number; limit?: number; windowMs?: number } = {},
): () => void {
  const report = safe(track);
  const started = new WeakMap<RequestContext, number>();
  let windowStart = -Infinity;
  let sent = 0;
  let suppressed = 0;
  const hooks: HttpHooks = {
    request: (ctx) => void started.set(ctx, now()),
    error: (ctx, error) => {
      if (error instanceof AbortedError || error instanceof NoPermissionError) return;
      const path = pathOf(ctx.url, client.baseUrl);
      if (path === CALLS.collect.path) return;
      const t = now();
      if (t - windowStart >= windowMs) {
        windowStart = t;
        sent = 0;
      }
      if (sent >= limit) {
        suppressed++;
        return;
      }
      sent++;
      const start = started.get(ctx);
      report(APP_EVENTS.restError, {
        method: ctx.method,
        path,
        error: error instanceof Error ? error.name : 'unknown',
        ...(error instanceof ApiError ? { code: error.code } : {}),
        ...(error instanceof HttpStatusError ? { status: error.status } : {}),
        ...(error instanceof BusinessError ? { retCode: error.retCode } : {}),
        ...(start === undefined ? {} : { ms: t - start }),
        ...(suppressed > 0 ? { suppressed } : {}),
      });
      suppressed = 0;
    },
  };
  try {
    return client.addHooks(hooks);
  } catch {
    return () => undefined;
  }
}

export interface AppMonitoringSources {
  store: Store;
  notices?: readonly { surface: string; store: NoticeStore }[];
  /** The app's HTTP client, whose failed calls are reported. */
  http?: HookedClient;
}

/** Every watcher at once; returns the one unsubscribe. */
export function watchAppEvents(sources: AppMonitoringSources, track: Track): () => void {
  const stops = [
    watchSession(sources.store, track),
    watchConnections(sources.store, track),
    watchErrorNotices(sources.notices ?? [], track),
    ...(sources.http ? [watchRestFailures(sources.http, track)] : []),
  ];
  return () => stops.forEach((s) => s());
}
