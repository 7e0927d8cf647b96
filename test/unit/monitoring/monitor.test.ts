import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CollectBody } from '@src/api/types';
import { resolveHostConfig } from '@src/config/host';
import {
  BATCH_SIZE,
  FLUSH_INTERVAL_MS,
  LIMITS,
  MAX_IN_FLIGHT,
  Monitor,
  SDK_GLOBAL,
  WARN_NON_MAIN_SITE,
  WARN_SCRIPT_POSITION,
  monitor,
  trackEvent,
  type MonitorOptions,
} from '@src/monitoring/monitor';
import { envelope, sendJson, startTestServer, type TestServer } from '../api/test-server';

const LOCAL = resolveHostConfig({
  hostname: '127.0.0.1',
  origin: 'http://127.0.0.1:5173',
  protocol: 'http:',
});

function setup(opts: MonitorOptions = {}) {
  const bodies: CollectBody[] = [];
  const warn = vi.fn();
  const hide: (() => void)[] = [];
  const m = new Monitor({
    host: LOCAL,
    send: (b) => {
      bodies.push(b);
      return Promise.resolve(null);
    },
    beacon: null,
    sdk: () => undefined,
    now: () => 1732150000000,
    userAgent: () => 'TestAgent/1.0',
    pageUrl: () => 'http://127.0.0.1:5173/assets',
    warn,
    onPageHide: (l) => {
      hide.push(l);
      return () => hide.splice(hide.indexOf(l), 1);
    },
    ...opts,
  });
  return { m, bodies, warn, hide };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('fallback to the collector (no SDK on the page)', () => {
  it('warns once that the script tag must be at the top', () => {
    const { m, warn } = setup();
    m.init();
    m.track('a');
    m.track('b');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(WARN_SCRIPT_POSITION);
  });

  it('batches events and posts them after the flush interval with every field', async () => {
    vi.useFakeTimers();
    const { m, bodies } = setup();
    m.track('asset.view', { tab: 'derivatives' });
    m.track('asset.hide');
    expect(bodies).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(bodies).toEqual([
      {
        events: [
          {
            name: 'asset.view',
            timestamp: 1732150000000,
            platform: 'pc',
            env: 'testnet',
            userAgent: 'TestAgent/1.0',
            pageUrl: 'http://127.0.0.1:5173/assets',
            userId: '',
            deviceId: '',
            sessionId: '',
            data: { tab: 'derivatives' },
          },
          expect.objectContaining({ name: 'asset.hide', userId: '', deviceId: '', sessionId: '' }),
        ],
      },
    ]);
    expect(m.stats).toEqual({ queued: 0, sent: 2, dropped: 0 });
  });

  it(`posts at once when ${BATCH_SIZE} events are queued`, async () => {
    vi.useFakeTimers();
    const { m, bodies } = setup();
    for (let i = 0; i < BATCH_SIZE; i++) m.track(`e${i}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]?.events).toHaveLength(BATCH_SIZE);
  });

  it('a failed post is dropped, never thrown, and nothing is retried', async () => {
    vi.useFakeTimers();
    const send = vi.fn(() => Promise.reject(new Error('collector down')));
    const { m } = setup({ send });
    m.track('a');
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS * 3);
    expect(send).toHaveBeenCalledTimes(1);
    expect(m.stats).toEqual({ queued: 0, sent: 0, dropped: 1 });
  });

  it('a send that throws synchronously is contained too', async () => {
    const { m } = setup({
      send: () => {
        throw new Error('sync bug');
      },
    });
    m.track('a');
    await expect(m.flush()).resolves.toBeUndefined();
    expect(m.stats.dropped).toBe(1);
  });

  it('the queue is bounded: with posts stuck, the oldest events are dropped', async () => {
    vi.useFakeTimers();
    const stuck = vi.fn(() => new Promise<never>(() => undefined));
    const { m } = setup({ send: stuck, batchSize: 2, maxQueue: 4 });
    for (let i = 0; i < 2 * MAX_IN_FLIGHT; i++) m.track(`fill${i}`); // fills every post slot
    expect(stuck).toHaveBeenCalledTimes(MAX_IN_FLIGHT);
    for (let i = 0; i < 10; i++) m.track(`late${i}`);
    expect(m.stats.queued).toBe(4);
    expect(m.stats.dropped).toBe(6);
    expect(stuck).toHaveBeenCalledTimes(MAX_IN_FLIGHT);
  });

  it('over-long fields are clipped to the collector limits (a batch is never refused for them)', async () => {
    const { m, bodies } = setup({
      userAgent: () => 'u'.repeat(2000),
      pageUrl: () => `http://127.0.0.1/${'p'.repeat(5000)}`,
    });
    m.track('n'.repeat(500));
    await m.flush();
    const e = bodies[0]?.events[0];
    expect(e?.name).toHaveLength(LIMITS.name);
    expect(e?.userAgent).toHaveLength(LIMITS.userAgent);
    expect(e?.pageUrl).toHaveLength(LIMITS.pageUrl);
  });

  it('data that cannot be serialised drops that event only', async () => {
    const { m, bodies } = setup();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    m.track('bad', cyclic);
    m.track('good');
    await m.flush();
    expect(bodies[0]?.events.map((e) => e.name)).toEqual(['good']);
    expect(m.stats.dropped).toBe(1);
  });

  it('on pagehide the queue goes out through sendBeacon to the collector URL', async () => {
    const beacon = vi.fn((_url: string, _data: Blob) => true);
    const { m, hide, bodies } = setup({ beacon });
    m.track('leaving');
    hide.forEach((l) => l());
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0] ?? [];
    expect(url).toBe('http://127.0.0.1:5173/api/collect');
    expect(blob?.type).toBe('application/json');
    const sent = JSON.parse((await blob?.text()) ?? '') as CollectBody;
    expect(sent.events.map((e) => e.name)).toEqual(['leaving']);
    expect(bodies).toHaveLength(0);
    expect(m.stats).toMatchObject({ queued: 0, sent: 1 });
  });

  it('a refused or missing beacon falls back to an ordinary post', async () => {
    const { m, hide, bodies } = setup({ beacon: () => false });
    m.track('leaving');
    hide.forEach((l) => l());
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    const none = setup({ beacon: null });
    none.m.track('x');
    none.m.flushOnHide();
    await vi.waitFor(() => expect(none.bodies).toHaveLength(1));
  });

  it('dispose stops the timer and the pagehide listener', async () => {
    vi.useFakeTimers();
    const { m, bodies, hide } = setup();
    m.track('a');
    m.dispose();
    expect(hide).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(bodies).toHaveLength(0);
    m.track('after');
    expect(m.stats.dropped).toBe(2);
  });
});

describe('with the SDK on the page', () => {
  it('hands events to the SDK, posts nothing and does not warn', async () => {
    const customEvent = vi.fn();
    const { m, bodies, warn } = setup({ sdk: () => ({ customEvent }) });
    m.init();
    m.track('asset.view', { tab: 'spot' });
    await m.flush();
    expect(customEvent).toHaveBeenCalledWith('asset.view', { tab: 'spot' });
    expect(bodies).toHaveLength(0);
    expect(warn).not.toHaveBeenCalled();
  });

  it('reads the global SDK object by default', () => {
    const customEvent = vi.fn();
    (globalThis as Record<string, unknown>)[SDK_GLOBAL] = { customEvent };
    try {
      const m = new Monitor({ host: LOCAL, send: () => Promise.resolve(), warn: () => undefined });
      m.track('x');
      expect(customEvent).toHaveBeenCalledWith('x', undefined);
    } finally {
      delete (globalThis as Record<string, unknown>)[SDK_GLOBAL];
    }
  });

  it('an SDK that throws is contained', () => {
    const { m } = setup({
      sdk: () => ({
        customEvent: () => {
          throw new Error('sdk bug');
        },
      }),
    });
    expect(() => m.track('x')).not.toThrow();
  });
});

describe('non-main sites', () => {
  it.each(['www.bybit.eu', 'www.bybit.com.hk', 'www.bybit.ae'])(
    '%s: init is refused with one warning and events are dropped',
    async (hostname) => {
      const host = resolveHostConfig({ hostname, origin: `https://${hostname}` });
      const { m, bodies, warn } = setup({ host });
      m.init();
      m.track('a');
      m.track('b');
      await m.flush();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledWith(WARN_NON_MAIN_SITE);
      expect(bodies).toHaveLength(0);
      expect(m.stats.dropped).toBe(2);
    },
  );

  it('the main site and localhost are allowed', () => {
    for (const hostname of ['www.bybit.com', 'localhost']) {
      const { m, warn } = setup({ host: resolveHostConfig({ hostname }) });
      m.init();
      expect(warn).not.toHaveBeenCalledWith(WARN_NON_MAIN_SITE);
    }
  });
});

describe('against a real collector', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('posts to /api/collect under the API base (the default send)', async () => {
    server.route('POST', '/api/collect', (_req, res) => sendJson(res, 200, envelope(null)));
    const host = resolveHostConfig({
      hostname: '127.0.0.1',
      origin: server.origin,
      protocol: 'http:',
    });
    const m = new Monitor({
      host,
      warn: () => undefined,
      beacon: null,
      onPageHide: () => () => {},
    });
    m.track('real', { n: 1 });
    await m.flush();
    expect(server.requests).toHaveLength(1);
    const r = server.requests[0];
    expect(r?.method).toBe('POST');
    expect(r?.path).toBe('/api/collect');
    const body = JSON.parse(r?.body ?? '') as CollectBody;
    expect(body.events[0]).toMatchObject({ name: 'real', env: 'testnet', data: { n: 1 } });
    expect(m.stats.sent).toBe(1);
  });
});

describe('app helpers', () => {
  it('trackEvent never throws, even without a window', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => trackEvent('boot')).not.toThrow();
    expect(monitor().stats.queued).toBe(1);
    monitor().dispose(); // no stray timer after the test
    warn.mockRestore();
  });
});
