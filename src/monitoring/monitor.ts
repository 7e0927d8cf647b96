/**
 * The monitoring client. When the monitoring SDK script is on the page (a global object), custom
 * events go to it; when it is missing, they are batched and posted to the collector endpoint
 * (`CALLS.collect` under the API base). It never throws into the app: a failed batch is dropped
 * and the queue is bounded.
 */
import { CALLS } from '../api/calls';
import { createEndpoints } from '../api/endpoints';
import { HttpClient } from '../api/http';
import { buildUrl } from '../api/query';
import type { CollectBody, CollectEvent } from '../api/types';
import { currentHostConfig, type HostConfig } from '../config/host';

/** The SDK the monitoring script installs on `globalThis`. */
export interface MonitorSdk {
  customEvent(name: string, data?: Record<string, unknown>): void;
}
export const SDK_GLOBAL = '__ASSETDECK_MONITOR__';

export const FLUSH_INTERVAL_MS = 5_000;
export const BATCH_SIZE = 20;
const MAX_QUEUE = 200;
/** Batches posted at once; more wait in the (bounded) queue. */
export const MAX_IN_FLIGHT = 2;
const PLATFORM = 'pc';
/** Field limits of the collector: one over-long field would get the whole batch refused. */
export const LIMITS = { name: 128, userAgent: 512, pageUrl: 2048 } as const;

export const WARN_SCRIPT_POSITION =
  'Monitoring SDK not found: its <script> tag must be at the top of the page, before the ' +
  'business code. Falling back to posting events to the collector.';
export const WARN_NON_MAIN_SITE =
  'Monitoring init is not allowed on non-main sites: events on this site are dropped.';

export interface MonitorOptions {
  host?: HostConfig;
  /** Posts a batch; default the collect endpoint on a client of its own (no app hooks). */
  send?: (body: CollectBody) => Promise<unknown>;
  /** navigator.sendBeacon or a stand-in; default the browser's when there is one. */
  beacon?: ((url: string, data: Blob) => boolean) | null;
  sdk?: () => MonitorSdk | undefined;
  now?: () => number;
  userAgent?: () => string;
  pageUrl?: () => string;
  warn?: (message: string) => void;
  /** Subscribes to page hide; default `pagehide` on window. Returns the unsubscribe. */
  onPageHide?: (listener: () => void) => () => void;
  flushIntervalMs?: number;
  batchSize?: number;
  maxQueue?: number;
}

export interface MonitorStats {
  queued: number;
  sent: number;
  /** Events lost: queue overflow, failed posts, unserialisable data, non-main site. */
  dropped: number;
}

function globalSdk(): MonitorSdk | undefined {
  const sdk = (globalThis as Record<string, unknown>)[SDK_GLOBAL];
  return typeof sdk === 'object' &&
    sdk !== null &&
    typeof (sdk as MonitorSdk).customEvent === 'function'
    ? (sdk as MonitorSdk)
    : undefined;
}

function browserBeacon(): ((url: string, data: Blob) => boolean) | null {
  const nav = (globalThis as { navigator?: Navigator }).navigator;
  return typeof nav?.sendBeacon === 'function' ? (url, data) => nav.sendBeacon(url, data) : null;
}

function windowPageHide(listener: () => void): () => void {
  const w = (globalThis as { window?: Window }).window;
  if (!w?.addEventListener) return () => undefined;
  w.addEventListener('pagehide', listener);
  return () => w.removeEventListener('pagehide', listener);
}

export class Monitor {
  readonly #host: HostConfig;
  readonly #send: (body: CollectBody) => Promise<unknown>;
  readonly #beacon: ((url: string, data: Blob) => boolean) | null;
  readonly #sdk: () => MonitorSdk | undefined;
  readonly #now: () => number;
  readonly #userAgent: () => string;
  readonly #pageUrl: () => string;
  readonly #warn: (message: string) => void;
  readonly #onPageHide: (listener: () => void) => () => void;
  readonly #interval: number;
  readonly #batchSize: number;
  readonly #maxQueue: number;
  readonly #warned = new Set<string>();
  #queue: CollectEvent[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #state: 'new' | 'on' | 'off' = 'new';
  #unlisten: (() => void) | undefined;
  #sent = 0;
  #dropped = 0;
  #inFlight = 0;

  constructor(opts: MonitorOptions = {}) {
    this.#host = opts.host ?? currentHostConfig();
    const host = this.#host;
    this.#send =
      opts.send ??
      createEndpoints(new HttpClient({ baseUrl: () => host.apiBase, timeoutMs: 10_000 })).collect;
    this.#beacon = opts.beacon === undefined ? browserBeacon() : opts.beacon;
    this.#sdk = opts.sdk ?? globalSdk;
    this.#now = opts.now ?? (() => Date.now());
    this.#userAgent =
      opts.userAgent ??
      (() => (globalThis as { navigator?: Navigator }).navigator?.userAgent ?? '');
    this.#pageUrl =
      opts.pageUrl ?? (() => (globalThis as { location?: Location }).location?.href ?? '');
    this.#warn = opts.warn ?? ((m) => console.warn(m));
    this.#onPageHide = opts.onPageHide ?? windowPageHide;
    this.#interval = opts.flushIntervalMs ?? FLUSH_INTERVAL_MS;
    this.#batchSize = Math.max(1, opts.batchSize ?? BATCH_SIZE);
    this.#maxQueue = Math.max(this.#batchSize, opts.maxQueue ?? MAX_QUEUE);
  }

  /** Where the collector fallback posts. */
  get collectUrl(): string {
    return buildUrl(this.#host.apiBase, CALLS.collect.path);
  }

  get stats(): MonitorStats {
    return { queued: this.#queue.length, sent: this.#sent, dropped: this.#dropped };
  }

  /** Starts the client (idempotent). Refused, with one warning, on non-main (regional) sites. */
  init(): void {
    if (this.#state !== 'new') return;
    try {
      if (this.#host.region !== 'GLOBAL') {
        this.#state = 'off';
        this.#warnOnce(WARN_NON_MAIN_SITE);
        return;
      }
      this.#state = 'on';
      if (!this.#sdk()) this.#warnOnce(WARN_SCRIPT_POSITION);
      this.#unlisten = this.#onPageHide(() => this.flushOnHide());
    } catch {
      // Monitoring must never break the app.
    }
  }

  /** Records a custom event (initialising on first use). Never throws. */
  track(name: string, data?: Record<string, unknown>): void {
    try {
      this.init();
      if (this.#state !== 'on') {
        this.#dropped++;
        return;
      }
      const sdk = this.#sdk();
      if (sdk) {
        sdk.customEvent(name, data);
        return;
      }
      if (data !== undefined) JSON.stringify(data); // unserialisable data would sink its batch
      this.#warnOnce(WARN_SCRIPT_POSITION);
      this.#queue.push({
        name: String(name).slice(0, LIMITS.name),
        timestamp: this.#now(),
        platform: PLATFORM,
        env: this.#host.env,
        userAgent: this.#userAgent().slice(0, LIMITS.userAgent),
        pageUrl: this.#pageUrl().slice(0, LIMITS.pageUrl),
        userId: '',
        deviceId: '',
        sessionId: '',
        ...(data === undefined ? {} : { data }),
      });
      if (this.#queue.length > this.#maxQueue) {
        this.#dropped += this.#queue.length - this.#maxQueue;
        this.#queue.splice(0, this.#queue.length - this.#maxQueue); // oldest go first
      }
      if (this.#queue.length >= this.#batchSize) void this.flush();
      else this.#schedule();
    } catch {
      this.#dropped++;
    }
  }

  /**
   * Posts what is queued, in batches, at most MAX_IN_FLIGHT at a time (the rest waits for the
   * next flush). A failed batch is dropped. Never rejects.
   */
  async flush(): Promise<void> {
    this.#clearTimer();
    const posts: Promise<void>[] = [];
    while (this.#queue.length > 0 && this.#inFlight < MAX_IN_FLIGHT) {
      posts.push(this.#post(this.#queue.splice(0, this.#batchSize)));
    }
    if (this.#queue.length > 0) this.#schedule();
    await Promise.all(posts);
  }

  async #post(events: CollectEvent[]): Promise<void> {
    this.#inFlight++;
    try {
      await this.#send({ events });
      this.#sent += events.length;
    } catch {
      this.#dropped += events.length;
    } finally {
      this.#inFlight--;
    }
  }

  /** Page is going away: hand the queue to sendBeacon (or a last ordinary post). */
  flushOnHide(): void {
    this.#clearTimer();
    if (this.#queue.length === 0) return;
    const events = this.#queue;
    this.#queue = [];
    try {
      const body = JSON.stringify({ events } satisfies CollectBody);
      const blob = new Blob([body], { type: 'application/json' });
      if (this.#beacon?.(this.collectUrl, blob)) {
        this.#sent += events.length;
        return;
      }
    } catch {
      // Fall through to an ordinary post.
    }
    this.#queue = events;
    void this.flush();
  }

  /** Stops timers and listeners; queued events are dropped. */
  dispose(): void {
    this.#clearTimer();
    this.#unlisten?.();
    this.#unlisten = undefined;
    this.#dropped += this.#queue.length;
    this.#queue = [];
    this.#state = 'off';
  }

  #schedule(): void {
    if (this.#timer === undefined) {
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        void this.flush();
      }, this.#interval);
    }
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #warnOnce(message: string): void {
    if (this.#warned.has(message)) return;
    this.#warned.add(message);
    try {
      this.#warn(message);
    } catch {
      // A broken console must not break the app.
    }
  }
}

let appMonitor: Monitor | undefined;

/** The app's monitoring client (created on first use). */
export function monitor(): Monitor {
  appMonitor ??= new Monitor();
  return appMonitor;
}

/** Starts the app's monitoring client; call once, early. */
export function initMonitoring(): void {
  try {
    monitor().init();
  } catch {
    // Never into the app.
  }
}

/** Records a custom event on the app's monitoring client. Never throws. */
export function trackEvent(name: string, data?: Record<string, unknown>): void {
  try {
    monitor().track(name, data);
  } catch {
    // Never into the app.
  }
}
