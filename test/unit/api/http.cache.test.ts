/** The client's opt-in caches against a real server: memory LRU, shared in-flight GETs, storage. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RequestCache, StorageCache } from '@src/api/cache';
import { AbortedError } from '@src/api/errors';
import { HttpClient } from '@src/api/http';
import { MemoryStorage, disabledStorage } from '../lib/memory-storage';
import { envelope, sendJson, startTestServer, type TestServer } from './test-server';

let server: TestServer;
let hits = 0;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.reset();
  vi.useRealTimers();
});

/** Routes /api/n to answer with how many times it was hit. */
function counting(): void {
  hits = 0;
  server.route('GET', '/api/n', (_req, res) => sendJson(res, 200, envelope({ hit: ++hits })));
}

function clientWith(opts: { now?: () => number; storage?: () => Storage | null } = {}): HttpClient {
  return new HttpClient({
    baseUrl: `${server.origin}/api`,
    requestCache: new RequestCache({ now: opts.now }),
    storageCache: new StorageCache({ storage: opts.storage ?? (() => null), now: opts.now }),
  });
}

describe('request cache (memory)', () => {
  it('is opt-in: without cache every GET goes to the server', async () => {
    counting();
    const c = clientWith();
    await c.get('/n');
    await c.get('/n');
    expect(hits).toBe(2);
  });

  it('a hit within 60 s does not reach the server', async () => {
    counting();
    const c = clientWith();
    await expect(c.get('/n', undefined, { cache: true })).resolves.toEqual({ hit: 1 });
    await expect(c.get('/n', undefined, { cache: true })).resolves.toEqual({ hit: 1 });
    expect(server.requests).toHaveLength(1);
  });

  it('expires after 60 s (faked clock)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_732_150_000_000);
    counting();
    const c = clientWith();
    await c.get('/n', undefined, { cache: true });
    vi.setSystemTime(1_732_150_000_000 + 59_999);
    await expect(c.get('/n', undefined, { cache: true })).resolves.toEqual({ hit: 1 });
    vi.setSystemTime(1_732_150_000_000 + 60_000);
    await expect(c.get('/n', undefined, { cache: true })).resolves.toEqual({ hit: 2 });
  });

  it('evicts the least recently used entry at the 21st', async () => {
    counting();
    const c = clientWith();
    for (let i = 0; i < 20; i++) await c.get('/n', { i }, { cache: true });
    expect(c.requestCache.size).toBe(20);
    await c.get('/n', { i: 0 }, { cache: true }); // touch entry 0: entry 1 is now the oldest
    expect(hits).toBe(20);
    await c.get('/n', { i: 20 }, { cache: true }); // the 21st entry
    expect(c.requestCache.size).toBe(20);
    expect(hits).toBe(21);
    await c.get('/n', { i: 0 }, { cache: true });
    expect(hits).toBe(21); // still cached
    await c.get('/n', { i: 1 }, { cache: true });
    expect(hits).toBe(22); // evicted, fetched again
  });

  it('identical in-flight GETs share one request', async () => {
    const pending: (() => void)[] = [];
    server.route('GET', '/api/slow', (_req, res) =>
      pending.push(() => sendJson(res, 200, envelope({ v: 'once' }))),
    );
    const c = clientWith();
    const a = c.get('/slow', { q: 1 }, { cache: true });
    const b = c.get('/slow', { q: 1 }, { cache: true });
    const other = c.get('/slow', { q: 2 }, { cache: true });
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    for (const release of pending) release();
    const [va, vb] = await Promise.all([a, b, other]);
    expect(va).toEqual({ v: 'once' });
    expect(vb).toBe(va);
    expect(server.requests).toHaveLength(2);
  });

  it('one caller aborting a shared request does not cancel it for the others', async () => {
    const pending: (() => void)[] = [];
    server.route('GET', '/api/slow', (_req, res) =>
      pending.push(() => sendJson(res, 200, envelope('shared'))),
    );
    const c = clientWith();
    const ac = new AbortController();
    const a = c.get('/slow', undefined, { cache: true, signal: ac.signal });
    const b = c.get('/slow', undefined, { cache: true });
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    ac.abort();
    await expect(a).rejects.toBeInstanceOf(AbortedError);
    pending[0]?.();
    await expect(b).resolves.toBe('shared');
  });

  it('a failure is not cached', async () => {
    let fail = true;
    server.route('GET', '/api/flaky', (_req, res) =>
      fail
        ? sendJson(res, 200, envelope(null, { ret_code: 10016, ret_msg: 'down' }))
        : sendJson(res, 200, envelope('fine')),
    );
    const c = clientWith();
    await expect(c.get('/flaky', undefined, { cache: true })).rejects.toMatchObject({
      code: 10016,
    });
    fail = false;
    await expect(c.get('/flaky', undefined, { cache: true })).resolves.toBe('fine');
    expect(c.requestCache.size).toBe(1);
  });

  it('POST is never cached; different response modes are different entries', async () => {
    counting();
    server.route('POST', '/api/n', (_req, res) => sendJson(res, 200, envelope({ hit: ++hits })));
    const c = clientWith();
    await c.post('/n', {}, { cache: true });
    await c.post('/n', {}, { cache: true });
    expect(hits).toBe(2);
    await c.get('/n', undefined, { cache: true });
    const env = await c.get<{ result: unknown }>('/n', undefined, { cache: true, envelope: true });
    expect(env.result).toEqual({ hit: 4 });
  });

  it('clearCaches forgets everything; an in-flight request cleared meanwhile is not re-added', async () => {
    const pending: (() => void)[] = [];
    server.route('GET', '/api/slow', (_req, res) =>
      pending.push(() => sendJson(res, 200, envelope('late'))),
    );
    const c = clientWith();
    const p = c.get('/slow', undefined, { cache: true });
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    c.clearCaches();
    pending[0]?.();
    await expect(p).resolves.toBe('late');
    expect(c.requestCache.size).toBe(0);
  });
});

describe('storage cache (persist)', () => {
  it('survives a reload: a new client over the same storage does not refetch', async () => {
    counting();
    const mem = new MemoryStorage();
    await clientWith({ storage: () => mem }).get('/n', undefined, { persist: true });
    const reloaded = clientWith({ storage: () => mem });
    await expect(reloaded.get('/n', undefined, { persist: true })).resolves.toEqual({ hit: 1 });
    expect(hits).toBe(1);
  });

  it('honours maxAgeMs', async () => {
    counting();
    let now = 1_000_000;
    const mem = new MemoryStorage();
    const c = clientWith({ storage: () => mem, now: () => now });
    await c.get('/n', undefined, { persist: { maxAgeMs: 5_000 } });
    now += 4_999;
    await expect(c.get('/n', undefined, { persist: { maxAgeMs: 5_000 } })).resolves.toEqual({
      hit: 1,
    });
    now += 1;
    await expect(c.get('/n', undefined, { persist: { maxAgeMs: 5_000 } })).resolves.toEqual({
      hit: 2,
    });
  });

  it('persist.valid: a value that fails it is neither stored nor served from storage', async () => {
    counting();
    const mem = new MemoryStorage();
    let accept = false;
    const opts = { persist: { valid: (v: unknown) => accept && (v as { hit: number }).hit > 0 } };
    await expect(clientWith({ storage: () => mem }).get('/n', undefined, opts)).resolves.toEqual({
      hit: 1,
    });
    expect(mem.length).toBe(0); // refused: not stored
    accept = true;
    await clientWith({ storage: () => mem }).get('/n', undefined, opts);
    await expect(clientWith({ storage: () => mem }).get('/n', undefined, opts)).resolves.toEqual({
      hit: 2,
    });
    // The app changes its mind about what is valid (a new shape): the stored value is dropped.
    accept = false;
    await expect(clientWith({ storage: () => mem }).get('/n', undefined, opts)).resolves.toEqual({
      hit: 3,
    });
    const throwing = {
      persist: {
        valid: () => {
          throw new Error('boom');
        },
      },
    };
    await expect(
      clientWith({ storage: () => mem }).get('/n', undefined, throwing),
    ).resolves.toEqual({ hit: 4 });
    expect(hits).toBe(4);
  });

  it('a full localStorage: the request still succeeds, nothing is thrown', async () => {
    counting();
    const mem = new MemoryStorage(40); // too small for any entry
    const c = clientWith({ storage: () => mem });
    await expect(c.get('/n', undefined, { persist: true })).resolves.toEqual({ hit: 1 });
    await expect(c.get('/n', undefined, { persist: true })).resolves.toEqual({ hit: 2 });
  });

  it('a disabled localStorage (SecurityError): the request still succeeds', async () => {
    counting();
    const c = clientWith({ storage: disabledStorage });
    await expect(c.get('/n', undefined, { persist: true })).resolves.toEqual({ hit: 1 });
    await expect(c.get('/n', undefined, { persist: true })).resolves.toEqual({ hit: 2 });
  });

  it('no-permission clears the storage cache too (no user data left behind)', async () => {
    counting();
    const mem = new MemoryStorage();
    const c = clientWith({ storage: () => mem });
    await c.get('/n', undefined, { persist: true });
    expect(mem.length).toBeGreaterThan(0);
    server.route('GET', '/api/x', (_req, res) =>
      sendJson(res, 200, envelope(null, { ret_code: 10007, ret_msg: '' })),
    );
    await c.get('/x').catch(() => undefined);
    expect(mem.length).toBe(0);
  });
});
