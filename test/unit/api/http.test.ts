import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BusinessError, NetworkError } from '@src/api/errors';
import { HttpClient, isEmptyResponse, type RequestContext } from '@src/api/http';
import type { RestEnvelope } from '@src/wire/protocol';
import { envelope, sendJson, startTestServer, type TestServer } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => server.reset());

const client = (): HttpClient => new HttpClient({ baseUrl: `${server.origin}/api` });

describe('requests', () => {
  it.each(['GET', 'POST'] as const)('%s sends that method', async (method) => {
    const c = client();
    if (method === 'GET') await c.get('/thing');
    else await c.post('/thing');
    expect(server.requests[0]).toMatchObject({ method, path: '/api/thing' });
  });

  it('GET turns the body into query pairs; arrays repeat, null and undefined are left out', async () => {
    const c = client();
    await c.get('/q', {
      name: 'USD',
      coin: ['BTC', 'ETH'],
      page: 2,
      on: true,
      x: null,
      y: undefined,
    });
    const r = server.requests[0];
    expect(r?.query.get('name')).toBe('USD');
    expect(r?.query.getAll('coin')).toEqual(['BTC', 'ETH']);
    expect(r?.query.get('page')).toBe('2');
    expect(r?.query.get('on')).toBe('true');
    expect(r?.query.has('x')).toBe(false);
    expect(r?.query.has('y')).toBe(false);
    expect(r?.body).toBe('');
  });

  it('GET encodes reserved characters in the query', async () => {
    const c = client();
    await c.get('/q', { address: '0xab&c=d e/ü' });
    expect(server.requests[0]?.query.get('address')).toBe('0xab&c=d e/ü');
  });

  it('POST sends JSON bodies with a JSON content type', async () => {
    const c = client();
    await c.post('/p', { username: 'follower', password: 'follower123' });
    await c.post('/p', [1, 2]);
    expect(server.requests.map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { username: 'follower', password: 'follower123' },
      [1, 2],
    ]);
    for (const r of server.requests) expect(r.headers['content-type']).toBe('application/json');
  });

  it('form and URL-encoded bodies go through untouched', async () => {
    const c = client();
    await c.post('/p', new URLSearchParams({ a: '1' }));
    expect(server.requests[0]?.body).toBe('a=1');
    expect(server.requests[0]?.headers['content-type']).toMatch(/x-www-form-urlencoded/);
  });

  it('sends the platform header, custom headers, and credentials: include', async () => {
    const seen: RequestInit[] = [];
    const c = new HttpClient({
      baseUrl: `${server.origin}/api`,
      fetch: (input, init) => {
        seen.push(init ?? {});
        return fetch(input, init);
      },
    });
    await c.get('/h', undefined, { headers: { 'x-trace': 't1' } });
    expect(server.requests[0]?.headers.platform).toBe('pc');
    expect(server.requests[0]?.headers['x-trace']).toBe('t1');
    expect(seen[0]?.credentials).toBe('include');
    expect(seen[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it('the base URL may be a function read per request, and configure() changes it', async () => {
    let base = `${server.origin}/api`;
    const c = new HttpClient({ baseUrl: () => base });
    await c.get('/one');
    base = `${server.origin}/other/`;
    await c.get('two');
    c.configure({ baseUrl: `${server.origin}/third` });
    await c.get('/three');
    expect(server.requests.map((r) => r.path)).toEqual(['/api/one', '/other/two', '/third/three']);
  });
});

describe('responses', () => {
  it('resolves with `result`', async () => {
    const c = client();
    server.route('GET', '/api/r', (_req, res) => sendJson(res, 200, envelope({ list: [1] })));
    await expect(c.get('/r')).resolves.toEqual({ list: [1] });
  });

  it('with envelope: true resolves with the whole envelope (time_now for snapshots)', async () => {
    const c = client();
    server.route('GET', '/api/r', (_req, res) => sendJson(res, 200, envelope({ list: [] })));
    const env = await c.get<RestEnvelope<unknown>>('/r', undefined, { envelope: true });
    expect(env).toEqual({
      ret_code: 0,
      ret_msg: 'OK',
      result: { list: [] },
      ext_code: '',
      ext_info: null,
      time_now: '1732150000.123456',
    });
  });

  it('a null result resolves as null', async () => {
    const c = client();
    server.route('GET', '/api/r', (_req, res) => sendJson(res, 200, envelope(null)));
    await expect(c.get('/r')).resolves.toBeNull();
  });

  it('handles the Bybit V5 envelope (retCode 0 → result)', async () => {
    const c = client();
    server.route('GET', '/api/v5/market/time', (_req, res) =>
      sendJson(
        res,
        200,
        JSON.stringify({
          retCode: 0,
          retMsg: 'OK',
          result: { timeSecond: '1732150000', timeNano: '1732150000000000000' },
          retExtInfo: {},
          time: 1732150000000,
        }),
      ),
    );
    await expect(c.get('/v5/market/time')).resolves.toEqual({
      timeSecond: '1732150000',
      timeNano: '1732150000000000000',
    });
  });

  it('responseType text, arrayBuffer, blob and formData', async () => {
    const c = client();
    server.route('GET', '/api/t', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('plain ü');
    });
    server.route('GET', '/api/f', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' });
      res.end('coin=BTC&coin=ETH');
    });
    await expect(c.get('/t', undefined, { responseType: 'text' })).resolves.toBe('plain ü');
    const buf = await c.get<ArrayBuffer>('/t', undefined, { responseType: 'arrayBuffer' });
    expect(new TextDecoder().decode(buf)).toBe('plain ü');
    const blob = await c.get<Blob>('/t', undefined, { responseType: 'blob' });
    expect(await blob.text()).toBe('plain ü');
    const form = await c.get<FormData>('/f', undefined, { responseType: 'formData' });
    expect(form.getAll('coin')).toEqual(['BTC', 'ETH']);
  });

  it('a non-ok status inside a widened accepted range resolves with the empty response', async () => {
    const c = client();
    server.route('GET', '/api/missing', (_req, res) => {
      res.writeHead(404, 'Not Found', { 'x-extra': '1' });
      res.end('<html>not found</html>');
    });
    const v = await c.get('/missing', undefined, { acceptStatus: [200, 499] });
    expect(v).toEqual({
      empty: true,
      status: 404,
      statusText: 'Not Found',
      headers: {},
      data: null,
    });
    expect(isEmptyResponse(v)).toBe(true);
    expect(isEmptyResponse({ list: [] })).toBe(false);
  });
});

describe('hooks', () => {
  it('run request → response → finally; a request hook may add headers', async () => {
    const c = client();
    const order: string[] = [];
    c.addHooks({
      request: (ctx) => {
        order.push(`request ${ctx.method} ${new URL(ctx.url).pathname}`);
        ctx.headers['x-lang'] = 'de';
      },
      response: (_ctx, res) => order.push(`response ${res.status} ${JSON.stringify(res.value)}`),
      error: () => order.push('error'),
      finally: () => order.push('finally'),
    });
    server.route('GET', '/api/h', (_req, res) => sendJson(res, 200, envelope(1)));
    await c.get('/h');
    expect(order).toEqual(['request GET /api/h', 'response 200 1', 'finally']);
    expect(server.requests[0]?.headers['x-lang']).toBe('de');
  });

  it('run error and finally on failure, with the error the caller gets', async () => {
    const c = client();
    const errors: unknown[] = [];
    const fin = vi.fn();
    c.addHooks({ error: (_ctx, e) => errors.push(e), finally: fin });
    server.route('GET', '/api/b', (_req, res) =>
      sendJson(res, 200, envelope(null, { ret_code: 10001, ret_msg: 'bad' })),
    );
    const err = await c.get('/b').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BusinessError);
    expect(errors).toEqual([err]);
    expect(fin).toHaveBeenCalledTimes(1);
  });

  it('an async request hook is awaited; its throw rejects the request without sending', async () => {
    const c = client();
    const fin = vi.fn();
    const remove = c.addHooks({
      request: async () => {
        await Promise.resolve();
        throw new Error('vetoed');
      },
      finally: fin,
    });
    await expect(c.get('/v')).rejects.toThrow('vetoed');
    expect(server.requests).toHaveLength(0);
    expect(fin).toHaveBeenCalledTimes(1);
    remove();
    await c.get('/v');
    expect(server.requests).toHaveLength(1);
  });

  it('a throwing observer hook is logged, never turned into a failure', async () => {
    const c = client();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    c.addHooks({
      response: () => {
        throw new Error('hook bug');
      },
      finally: () => {
        throw new Error('hook bug');
      },
    });
    await expect(c.get('/ok')).resolves.toMatchObject({ path: '/api/ok' });
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
  });

  it('see the request context with method, url, body and options', async () => {
    const c = client();
    const seen: RequestContext[] = [];
    c.addHooks({ request: (ctx) => void seen.push(ctx) });
    await c.post('/ctx', { a: 1 }, { timeoutMs: 1000 });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: `${server.origin}/api/ctx`,
      body: { a: 1 },
      options: { timeoutMs: 1000 },
      headers: { platform: 'pc', 'content-type': 'application/json' },
    });
  });
});

describe('never an unhandled rejection', () => {
  it('a fetch that throws synchronously becomes a NetworkError', async () => {
    const c = new HttpClient({
      baseUrl: 'http://127.0.0.1:9/api',
      fetch: () => {
        throw new TypeError('boom');
      },
    });
    await expect(c.get('/x')).rejects.toBeInstanceOf(NetworkError);
  });
});
