/**
 * The HTTP client of the web app: cookie session (`credentials: 'include'`), JSON bodies, a
 * timeout that aborts, the response envelope (`ret_code` or Bybit V5 `retCode`) turned into a
 * value or a typed error, opt-in caches, and hooks. Every failure rejects with an ApiError
 * subclass (errors.ts); nothing is left as an unhandled rejection.
 */
import { currentHostConfig } from '../config/host';
import { RequestCache, StorageCache } from './cache';
import type { HttpMethod } from './calls';
import {
  AbortedError,
  ApiError,
  HttpStatusError,
  NetworkError,
  NoPermissionError,
  ParseError,
  TimeoutError,
  type RequestInfo,
} from './errors';
import { buildUrl, type QueryParams } from './query';
import type { TapReader } from '../wire/tap';
import { tapResponse } from './tap';
import {
  isEmptyResponse,
  isResponseType,
  readBody,
  unwrapEnvelope,
  type EmptyResponse,
  type ResponseType,
} from './response';

export { isEmptyResponse, type EmptyResponse, type ResponseType };

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_PLATFORM = 'pc';
/** Default lifetime of a value in the local-storage cache. */
const DEFAULT_PERSIST_MAX_AGE_MS = 10 * 60_000;

/** Inclusive range of accepted HTTP statuses. */
type StatusRange = readonly [min: number, max: number];
const DEFAULT_ACCEPT_STATUS: StatusRange = [200, 299];

export interface RequestOptions {
  /** How to read the body; default 'json' (an envelope). Any other value is a ParseError. */
  responseType?: ResponseType;
  /** Default 30 000 ms; the request is aborted and rejected with TimeoutError. */
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Resolve with the whole envelope (e.g. for `time_now`) instead of its `result`. */
  envelope?: boolean;
  /** Accepted statuses; default [200, 299]. */
  acceptStatus?: StatusRange;
  /** GET only: share identical in-flight requests and keep the value 60 s (20 entries). */
  cache?: boolean;
  /**
   * GET only: keep the value in localStorage (the byte-budget cache, cache.ts), by default for
   * 10 minutes. Public data only: it outlives the session. `valid` is the check a value must
   * pass to be stored and to be served from storage: a stored value that fails it (corrupt, or
   * of an older shape) is dropped and the call goes to the server.
   */
  persist?:
    | boolean
    | {
        /** Default 10 minutes. */
        maxAgeMs?: number;
        /** Default: every value. A throw counts as false. */
        valid?: (value: unknown) => boolean;
      };
  /** Cancels the request (rejects with AbortedError). */
  signal?: AbortSignal;
}

/** A request as hooks see it; `request` hooks may change `headers`. */
export interface RequestContext {
  readonly method: HttpMethod;
  readonly url: string;
  readonly body: unknown;
  readonly options: RequestOptions;
  headers: Record<string, string>;
}

export interface HttpHooks {
  /** Before sending; may edit `ctx.headers`. A throw rejects the request with that error. */
  request?(ctx: RequestContext): void | Promise<void>;
  /** After a successful response was read (not for cache hits). */
  response?(ctx: RequestContext, res: { status: number; headers: Headers; value: unknown }): void;
  /** After any failure, with the error the caller receives. */
  error?(ctx: RequestContext, error: unknown): void;
  /** After every request, success or failure. */
  finally?(ctx: RequestContext): void;
}

export type NoPermissionListener = (error: NoPermissionError) => void;

export interface HttpClientOptions {
  /** API base, e.g. "http://127.0.0.1:5173/api"; a function is read on every request. */
  baseUrl?: string | (() => string);
  fetch?: typeof fetch;
  timeoutMs?: number;
  platform?: string;
  requestCache?: RequestCache;
  storageCache?: StorageCache;
  /** A session recorder's tap (src/pipeline/session-recorder.ts): gets the raw snapshot bodies. */
  tap?: TapReader;
}

type Body = BodyInit | Record<string, unknown> | readonly unknown[] | null | undefined;

const TIMEOUT = Symbol('timeout');
const CANCELLED = Symbol('cancelled');

function isRawBody(b: unknown): b is BodyInit {
  return (
    typeof b === 'string' ||
    (typeof FormData !== 'undefined' && b instanceof FormData) ||
    (typeof Blob !== 'undefined' && b instanceof Blob) ||
    b instanceof URLSearchParams ||
    b instanceof ArrayBuffer ||
    ArrayBuffer.isView(b)
  );
}

export class HttpClient {
  #baseUrl: string | (() => string);
  #fetch: typeof fetch | undefined;
  #timeoutMs: number;
  #platform: string;
  #tap: TapReader | undefined;
  readonly requestCache: RequestCache;
  readonly storageCache: StorageCache;
  readonly #hooks = new Set<HttpHooks>();
  readonly #noPermission = new Set<NoPermissionListener>();

  constructor(opts: HttpClientOptions = {}) {
    this.#baseUrl = opts.baseUrl ?? (() => currentHostConfig().apiBase);
    this.#fetch = opts.fetch;
    this.#timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#platform = opts.platform ?? DEFAULT_PLATFORM;
    this.#tap = opts.tap;
    this.requestCache = opts.requestCache ?? new RequestCache();
    this.storageCache = opts.storageCache ?? new StorageCache();
  }

  /** Changes the base URL, fetch or timeout (Node tools and tests point it at a server). */
  configure(
    opts: Pick<HttpClientOptions, 'baseUrl' | 'fetch' | 'timeoutMs' | 'platform' | 'tap'>,
  ): void {
    if (opts.tap !== undefined) this.#tap = opts.tap;
    if (opts.baseUrl !== undefined) this.#baseUrl = opts.baseUrl;
    if (opts.fetch !== undefined) this.#fetch = opts.fetch;
    if (opts.timeoutMs !== undefined) this.#timeoutMs = opts.timeoutMs;
    if (opts.platform !== undefined) this.#platform = opts.platform;
  }

  get baseUrl(): string {
    return typeof this.#baseUrl === 'function' ? this.#baseUrl() : this.#baseUrl;
  }

  /** Adds request/response/error/finally hooks; returns their removal. */
  addHooks(hooks: HttpHooks): () => void {
    this.#hooks.add(hooks);
    return () => void this.#hooks.delete(hooks);
  }

  /** Called when a call answers 10007, 33003 or 10009 (sign the user out). */
  onNoPermission(listener: NoPermissionListener): () => void {
    this.#noPermission.add(listener);
    return () => void this.#noPermission.delete(listener);
  }

  /** Forgets every cached response (memory and local storage): on sign-in and sign-out. */
  clearCaches(): void {
    this.requestCache.clear();
    this.storageCache.clear();
  }

  get<T>(
    path: string,
    query?: QueryParams,
    options?: RequestOptions & { acceptStatus?: undefined },
  ): Promise<T>;
  get<T>(
    path: string,
    query: QueryParams | undefined,
    options: RequestOptions,
  ): Promise<T | EmptyResponse>;
  get(path: string, query?: QueryParams, options?: RequestOptions): Promise<unknown> {
    return this.request('GET', path, query, options);
  }

  post<T>(
    path: string,
    body?: Body,
    options?: RequestOptions & { acceptStatus?: undefined },
  ): Promise<T>;
  post<T>(path: string, body: Body, options: RequestOptions): Promise<T | EmptyResponse>;
  post(path: string, body?: Body, options?: RequestOptions): Promise<unknown> {
    return this.request('POST', path, body, options);
  }

  /** GET turns `body` into query pairs, POST sends it as JSON. */
  async request(
    method: HttpMethod,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<unknown> {
    const isGet = method === 'GET';
    if (options.signal?.aborted) throw new AbortedError({ method, url: path });
    const url = buildUrl(this.baseUrl, path, isGet ? (body as QueryParams | undefined) : undefined);
    const cacheKey = `${options.responseType ?? 'json'}|${options.envelope ? 'env' : 'res'}|${url}`;
    const persist: Exclude<RequestOptions['persist'], boolean> =
      !isGet || !options.persist ? undefined : options.persist === true ? {} : options.persist;
    const persistAge = persist ? (persist.maxAgeMs ?? DEFAULT_PERSIST_MAX_AGE_MS) : 0;
    const keep = (v: unknown): boolean => {
      try {
        return persist?.valid?.(v) ?? true;
      } catch {
        return false;
      }
    };
    if (persistAge > 0) {
      const stored = this.storageCache.get(cacheKey, persistAge);
      if (stored !== undefined) {
        if (keep(stored)) return stored;
        this.storageCache.delete(cacheKey); // corrupt or an older shape: ask the server
      }
    }
    const send = (signal: AbortSignal | undefined): Promise<unknown> =>
      this.#send(method, url, isGet ? undefined : body, options, signal).then((v) => {
        if (persistAge > 0 && !isEmptyResponse(v) && keep(v)) this.storageCache.set(cacheKey, v);
        return v;
      });
    if (!isGet || !options.cache) return send(options.signal);
    // A shared request must not be cancelled by one caller: each caller races its own signal.
    return raceSignal(
      this.requestCache.run(cacheKey, () => send(undefined)),
      options.signal,
      { method, url },
    );
  }

  async #send(
    method: HttpMethod,
    url: string,
    body: unknown,
    options: RequestOptions,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    const req: RequestInfo = { method, url };
    const headers: Record<string, string> = { platform: this.#platform, ...options.headers };
    let payload: BodyInit | undefined;
    if (body !== undefined && body !== null) {
      if (isRawBody(body)) payload = body;
      else {
        payload = JSON.stringify(body);
        if (!Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) {
          headers['content-type'] = 'application/json';
        }
      }
    }
    const ctx: RequestContext = { method, url, body, options, headers };
    const responseType = options.responseType ?? 'json';
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
    const controller = new AbortController();
    const onCancel = (): void => controller.abort(CANCELLED);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const classify = (err: unknown): ApiError => {
      if (err instanceof ApiError) return err;
      if (controller.signal.reason === TIMEOUT) return new TimeoutError(timeoutMs, req);
      if (controller.signal.reason === CANCELLED) return new AbortedError(req);
      return new NetworkError(req, err);
    };
    try {
      if (!isResponseType(responseType)) {
        // Refused before sending: a POST must not take effect and then be reported as failed.
        throw new ParseError(`Unknown response type "${String(responseType)}".`, req);
      }
      if (signal?.aborted) throw new AbortedError(req);
      signal?.addEventListener('abort', onCancel, { once: true });
      for (const h of this.#hooks) await h.request?.(ctx);
      timer = setTimeout(() => controller.abort(TIMEOUT), timeoutMs);
      const doFetch = this.#fetch ?? globalThis.fetch;
      // A session being recorded (src/pipeline/session-recorder.ts) gets the raw snapshot bodies
      // with their send and arrival times; null (one check) when nothing records.
      const tap = this.#tap?.() ?? null;
      const tapSentAt = tap?.now() ?? 0;
      let res: Response;
      try {
        res = await doFetch(url, {
          method,
          headers: ctx.headers,
          body: payload,
          credentials: 'include',
          signal: controller.signal,
        });
      } catch (err) {
        throw classify(err);
      }
      if (tap)
        await tapResponse(tap, res, { method, url, baseUrl: this.baseUrl, sentAt: tapSentAt });
      const [min, max] = options.acceptStatus ?? DEFAULT_ACCEPT_STATUS;
      if (res.status < min || res.status > max || !res.ok) {
        void res.body?.cancel().catch(() => undefined);
        if (res.status < min || res.status > max) {
          throw new HttpStatusError(res.status, res.statusText, req);
        }
        const empty: EmptyResponse = {
          empty: true,
          status: res.status,
          statusText: res.statusText,
          headers: {},
          data: null,
        };
        this.#observe('response', ctx, { status: res.status, headers: res.headers, value: empty });
        return empty;
      }
      const value = await readBody(res, responseType, req, classify);
      const out = responseType === 'json' ? unwrapEnvelope(value, !!options.envelope, req) : value;
      this.#observe('response', ctx, { status: res.status, headers: res.headers, value: out });
      return out;
    } catch (error) {
      // Transport failures were classified where they happened; a request hook's own error
      // (or a body that cannot be serialised) reaches the caller unchanged.
      if (error instanceof NoPermissionError) this.#noPermissionHit(error);
      this.#observe('error', ctx, error);
      throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCancel);
      this.#observe('finally', ctx);
    }
  }

  #noPermissionHit(error: NoPermissionError): void {
    this.clearCaches();
    for (const l of [...this.#noPermission]) {
      try {
        l(error);
      } catch (err) {
        console.error('onNoPermission listener failed', err);
      }
    }
  }

  /** Runs observer hooks; their failures are logged, never turned into request failures. */
  #observe(kind: 'response' | 'error' | 'finally', ctx: RequestContext, arg?: unknown): void {
    for (const h of [...this.#hooks]) {
      try {
        if (kind === 'response') {
          h.response?.(ctx, arg as { status: number; headers: Headers; value: unknown });
        } else if (kind === 'error') h.error?.(ctx, arg);
        else h.finally?.(ctx);
      } catch (err) {
        console.error(`http ${kind} hook failed`, err);
      }
    }
  }
}

/** Rejects with AbortedError as soon as `signal` aborts; otherwise settles as `p`. */
function raceSignal<T>(
  p: Promise<T>,
  signal: AbortSignal | undefined,
  req: RequestInfo,
): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) {
    p.catch(() => undefined); // the shared request goes on for other callers
    return Promise.reject(new AbortedError(req));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new AbortedError(req));
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The app's client: API base from the host config (`apiBase`). */
export const http = new HttpClient();

/** Listens for "user no permission" (10007, 33003, 10009) on the app's client. */
export function onNoPermission(listener: NoPermissionListener): () => void {
  return http.onNoPermission(listener);
}
