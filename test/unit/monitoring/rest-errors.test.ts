/**
 * Failed REST calls reach monitoring through the HTTP client's `error` hook (rest_error): one
 * event per failure with the path (no query, no body, no header, no message), the status or
 * ret_code and the duration; bounded so a dead server cannot flood the collector; never for the
 * collector's own posts; and the hook is gone once monitoring stops.
 */
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { CALLS } from '@src/api/calls';
import { createEndpoints } from '@src/api/endpoints';
import { HttpClient, type HttpHooks } from '@src/api/http';
import { startAppMonitoring } from '@src/app/monitoring';
import { resolveHostConfig } from '@src/config/host';
import {
  APP_EVENTS,
  REST_ERROR_LIMIT,
  REST_ERROR_WINDOW_MS,
  watchRestFailures,
} from '@src/monitoring/app-events';
import { Monitor } from '@src/monitoring/monitor';
import { recorder } from './recorder';

const BASE = 'http://127.0.0.1:9/api';

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A client whose server answers every call with `answer` (after `clock` moved on 40 ms). */
function clientAnswering(
  answer: (url: string) => Response | Promise<Response>,
  clock?: { t: number },
) {
  return new HttpClient({
    baseUrl: BASE,
    fetch: ((url: string) => {
      if (clock) clock.t += 40;
      return Promise.resolve(answer(url));
    }) as unknown as typeof fetch,
  });
}

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
});

describe('rest_error (the HTTP client error hook)', () => {
  it('a failed call is one event: path without query, status, code, duration; no secret in it', async () => {
    const clock = { t: 1_000 };
    const client = clientAnswering(
      (url) =>
        url.includes('/v2/')
          ? new Response('oops SECRET-BODY', { status: 502, statusText: 'Bad Gateway SECRET' })
          : json(200, { ret_code: 10001, ret_msg: 'wrong SECRET-MSG', result: null }),
      clock,
    );
    const { events, track } = recorder();
    stop = watchRestFailures(client, track, { now: () => clock.t });
    await client
      .get(
        CALLS.profile.path,
        { token: 'SECRET-TOKEN', address: 'SECRET-ADDR' },
        {
          headers: { authorization: 'Bearer SECRET-HEADER' },
        },
      )
      .catch(() => undefined);
    await client
      .post(CALLS.login.path, { username: 'follower', password: 'SECRET-PASSWORD' })
      .catch(() => undefined);
    expect(events).toEqual([
      [
        APP_EVENTS.restError,
        {
          method: 'GET',
          path: '/v2/private/user/profile',
          error: 'HttpStatusError',
          code: 9000003,
          status: 502,
          ms: 40,
        },
      ],
      [
        APP_EVENTS.restError,
        {
          method: 'POST',
          path: '/login',
          error: 'BusinessError',
          code: 10001,
          retCode: 10001,
          ms: 40,
        },
      ],
    ]);
    expect(JSON.stringify(events)).not.toMatch(/SECRET|follower|127\.0\.0\.1|\?/);
  });

  it('a network failure and a timeout are reported; a cancelled call and no-permission are not', async () => {
    const { events, track } = recorder();
    const down = new HttpClient({
      baseUrl: BASE,
      timeoutMs: 20,
      fetch: ((url: string, init: RequestInit) =>
        url.includes('slow')
          ? new Promise((_, reject) => {
              // As fetch does: an already aborted signal rejects at once.
              if (init.signal?.aborted) reject(new Error('aborted'));
              init.signal?.addEventListener('abort', () => reject(new Error('aborted')));
            })
          : url.includes('perm')
            ? Promise.resolve(json(200, { ret_code: 10007, ret_msg: '', result: null }))
            : Promise.reject(new TypeError('fetch failed'))) as unknown as typeof fetch,
    });
    stop = watchRestFailures(down, track);
    await down.get('/down').catch(() => undefined);
    await down.get('/slow').catch(() => undefined);
    const cancel = new AbortController();
    const cancelled = down.get('/slow/cancelled', undefined, { signal: cancel.signal });
    cancel.abort();
    await cancelled.catch(() => undefined);
    await down.get('/perm').catch(() => undefined);
    expect(events.map(([, d]) => [d?.path, d?.error, d?.code])).toEqual([
      ['/down', 'NetworkError', 9000005],
      ['/slow', 'TimeoutError', 9000001],
    ]);
  });

  it(`a dead server: at most ${REST_ERROR_LIMIT} events a window, then the count of those held back`, async () => {
    const clock = { t: 0 };
    const client = clientAnswering(() => new Response('', { status: 503 }));
    const { events, track } = recorder();
    stop = watchRestFailures(client, track, { now: () => clock.t });
    for (let i = 0; i < 25; i++) await client.get('/v5/market/tickers').catch(() => undefined);
    expect(events).toHaveLength(REST_ERROR_LIMIT);
    expect(events.some(([, d]) => d?.suppressed !== undefined)).toBe(false);
    clock.t += REST_ERROR_WINDOW_MS;
    await client.get('/v5/market/tickers').catch(() => undefined);
    expect(events).toHaveLength(REST_ERROR_LIMIT + 1);
    expect(events.at(-1)?.[1]).toMatchObject({ status: 503, suppressed: 15 });
    await client.get('/v5/market/tickers').catch(() => undefined);
    expect(events.at(-1)?.[1]?.suppressed).toBeUndefined();
  });

  it("the collector's own failed posts are not reported, even on the same client: no loop", async () => {
    const posted: string[] = [];
    const client = clientAnswering((url) => {
      posted.push(new URL(url).pathname);
      return new Response('', { status: 500 });
    });
    const monitor = new Monitor({
      host: resolveHostConfig({
        hostname: '127.0.0.1',
        origin: 'http://127.0.0.1:9',
        protocol: 'http:',
      }),
      send: createEndpoints(client).collect, // the worst case: the app's own client
      sdk: () => undefined,
      beacon: null,
      onPageHide: () => () => undefined,
      warn: () => undefined,
    });
    const store = createStore();
    stop = startAppMonitoring(store, {
      track: (name, data) => monitor.track(name, data),
      notices: [],
      http: client,
    });
    await client.get(CALLS.wallets.path).catch(() => undefined);
    expect(monitor.stats).toMatchObject({ queued: 1, sent: 0 });
    await monitor.flush(); // the collector is down too: the post fails
    await monitor.flush();
    expect(monitor.stats).toEqual({ queued: 0, sent: 0, dropped: 1 });
    expect(posted).toEqual([`/api${CALLS.wallets.path}`, `/api${CALLS.collect.path}`]);
    monitor.dispose();
  });

  it('the hook is removed when monitoring stops', async () => {
    const hooks = new Set<HttpHooks>();
    const counting = {
      baseUrl: BASE,
      addHooks: (h: HttpHooks) => {
        hooks.add(h);
        return () => void hooks.delete(h);
      },
    };
    const off = startAppMonitoring(createStore(), {
      track: () => undefined,
      notices: [],
      http: counting,
    });
    expect(hooks.size).toBe(1);
    off();
    expect(hooks.size).toBe(0);

    const client = clientAnswering(() => new Response('', { status: 500 }));
    const { events, track } = recorder();
    const stopReal = startAppMonitoring(createStore(), { track, notices: [], http: client });
    await client.get('/a').catch(() => undefined);
    stopReal();
    await client.get('/b').catch(() => undefined);
    expect(events.map(([, d]) => d?.path)).toEqual(['/a']);
  });
});
