/**
 * Every row of the error catalogue that the HTTP layer raises or receives, against a real
 * server: the test names start with the code and its English message.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGES } from '@src/api/error-codes';
import {
  AbortedError,
  ApiError,
  BusinessError,
  HttpStatusError,
  NetworkError,
  NoPermissionError,
  NonResponseError,
  ParseError,
  TimeoutError,
} from '@src/api/errors';
import { HttpClient, type ResponseType } from '@src/api/http';
import { closedPort, envelope, sendJson, startTestServer, type TestServer } from './test-server';

let server: TestServer;
let client: HttpClient;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.reset();
  vi.useRealTimers();
});

function freshClient(): HttpClient {
  client = new HttpClient({ baseUrl: `${server.origin}/api` });
  return client;
}

/** A client whose fetch resolves `headers` once the response headers have reached it. */
function clientSeeingHeaders(): { c: HttpClient; headers: Promise<void> } {
  let gotHeaders!: () => void;
  const headers = new Promise<void>((resolve) => (gotHeaders = resolve));
  const c = new HttpClient({
    baseUrl: `${server.origin}/api`,
    fetch: async (input, init) => {
      const res = await globalThis.fetch(input, init);
      gotHeaders();
      return res;
    },
  });
  return { c, headers };
}

/** A generous ceiling for conditions awaited on a loaded machine. */
const WAIT = { timeout: 30_000 };

function routeCode(code: number, msg: string, result: unknown = null): void {
  server.route('GET', '/api/code', (_req, res) =>
    sendJson(res, 200, envelope(result, { ret_code: code, ret_msg: msg })),
  );
}

describe('client-side codes', () => {
  it('9000001 Request timeout, please re-try!: a server that never answers is aborted after the timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const c = freshClient();
    let arrived!: () => void;
    const atServer = new Promise<void>((resolve) => (arrived = resolve));
    let closed = false;
    server.route('GET', '/api/hang', (req) => {
      req.socket.on('close', () => (closed = true));
      arrived();
    });
    const result = c.get('/hang', undefined, { timeoutMs: 150 }).catch((e: unknown) => e);
    await atServer;
    await vi.advanceTimersByTimeAsync(150);
    const err = await result;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({
      code: 9000001,
      message: 'Request timeout, please re-try!',
      timeoutMs: 150,
    });
    // The abort closes the connection: the server that got the request sees it go away.
    vi.useRealTimers();
    await vi.waitFor(() => expect(closed).toBe(true), WAIT);
  });

  it('9000001 Request timeout, please re-try!: headers arrived but the body stalls', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { c, headers } = clientSeeingHeaders();
    server.route('GET', '/api/stall', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"ret_code":0,');
    });
    let settled: unknown = 'pending';
    const p = c.get('/stall', undefined, { timeoutMs: 50 }).then(
      (v) => (settled = v),
      (e: unknown) => (settled = e),
    );
    await headers;
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(50);
    await p;
    expect(settled).toBeInstanceOf(TimeoutError);
  });

  it('9000001 Request timeout, please re-try!: the default timeout is 30 000 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const c = freshClient();
    let arrived!: () => void;
    const atServer = new Promise<void>((resolve) => (arrived = resolve));
    server.route('GET', '/api/hang', () => arrived());
    let settled: unknown = 'pending';
    const p = c.get('/hang').then(
      (v) => (settled = v),
      (e: unknown) => (settled = e),
    );
    await atServer;
    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await p;
    expect(settled).toBeInstanceOf(TimeoutError);
    expect((settled as TimeoutError).timeoutMs).toBe(30_000);
  });

  it('9000002 Non Response!: an empty body', async () => {
    const c = freshClient();
    server.route('GET', '/api/empty', (_req, res) => sendJson(res, 200, ''));
    const err = await c.get('/empty').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NonResponseError);
    expect(err).toMatchObject({ code: 9000002, message: 'Non Response!' });
  });

  it('9000002 Non Response!: an HTML body (a proxy error page)', async () => {
    const c = freshClient();
    server.route('GET', '/api/html', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><html><body>Bad gateway</body></html>');
    });
    await expect(c.get('/html')).rejects.toMatchObject({ code: 9000002, message: 'Non Response!' });
  });

  it('9000002 Non Response!: JSON that is not an envelope', async () => {
    const c = freshClient();
    server.route('GET', '/api/arr', (_req, res) => sendJson(res, 200, '[1,2]'));
    server.route('GET', '/api/obj', (_req, res) => sendJson(res, 200, '{"data":1}'));
    server.route('GET', '/api/badcode', (_req, res) => sendJson(res, 200, '{"ret_code":"x"}'));
    await expect(c.get('/arr')).rejects.toBeInstanceOf(NonResponseError);
    await expect(c.get('/obj')).rejects.toBeInstanceOf(NonResponseError);
    await expect(c.get('/badcode')).rejects.toBeInstanceOf(NonResponseError);
  });

  it.each([
    [500, 'Internal Server Error'],
    [404, 'Not Found'],
    [302, 'Found'],
    [503, ''],
  ])(
    '9000003 Request failed with an unexpected HTTP status.: %i is outside 200-299',
    async (status, text) => {
      const c = freshClient();
      server.route('GET', '/api/status', (_req, res) => {
        res.writeHead(status, text);
        res.end(envelope({ ignored: true }));
      });
      const err = await c.get('/status').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HttpStatusError);
      expect(err).toMatchObject({ code: 9000003, status, statusText: text });
      expect((err as Error).message).toContain(String(status));
    },
  );

  it('9000003 Request failed with an unexpected HTTP status.: the accepted range is configurable', async () => {
    const c = freshClient();
    server.route('GET', '/api/created', (_req, res) => sendJson(res, 201, envelope('made')));
    await expect(c.get('/created', undefined, { acceptStatus: [200, 200] })).rejects.toMatchObject({
      code: 9000003,
      status: 201,
    });
  });

  it('9000004 The response could not be read.: an unknown response type is refused before sending', async () => {
    const c = freshClient();
    const err = await c
      .post('/x', { a: 1 }, { responseType: 'xml' as ResponseType })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ParseError);
    expect(err).toMatchObject({ code: 9000004 });
    expect((err as Error).message).toMatch(/^The response could not be read\./);
    expect(server.requests).toHaveLength(0);
  });

  it('9000004 The response could not be read.: formData over a body that is not a form', async () => {
    const c = freshClient();
    server.route('GET', '/api/notform', (_req, res) => sendJson(res, 200, '{"a":1}'));
    await expect(c.get('/notform', undefined, { responseType: 'formData' })).rejects.toMatchObject({
      code: 9000004,
    });
  });

  it('9000005 Network error, please check your connection.: server down (connection refused)', async () => {
    const port = await closedPort();
    const c = new HttpClient({ baseUrl: `http://127.0.0.1:${port}/api` });
    const err = await c.get('/anything').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({
      code: 9000005,
      message: 'Network error, please check your connection.',
      request: { method: 'GET', url: `http://127.0.0.1:${port}/api/anything` },
    });
    expect((err as NetworkError).cause).toBeDefined();
  });

  it('9000005 Network error, please check your connection.: connection reset mid-request', async () => {
    const c = freshClient();
    server.route('GET', '/api/reset', (req) => req.socket.destroy());
    await expect(c.get('/reset')).rejects.toBeInstanceOf(NetworkError);
  });

  it('9000005 Network error, please check your connection.: connection reset mid-body', async () => {
    const { c, headers } = clientSeeingHeaders();
    server.route('GET', '/api/cut', (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"ret_code":0');
      // Cut only once the client has the headers: the reset hits the body, not the request.
      void headers.then(() => req.socket.destroy());
    });
    await expect(c.get('/cut')).rejects.toBeInstanceOf(NetworkError);
  });

  it('9000006 The request was cancelled.: the caller aborts', async () => {
    const c = freshClient();
    server.route('GET', '/api/hang', () => undefined);
    const ac = new AbortController();
    const p = c.get('/hang', undefined, { signal: ac.signal });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    ac.abort();
    const err = await p.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AbortedError);
    expect(err).toMatchObject({ code: 9000006, message: 'The request was cancelled.' });
    // An already aborted signal never sends.
    await expect(c.get('/hang', undefined, { signal: ac.signal })).rejects.toBeInstanceOf(
      AbortedError,
    );
    expect(server.requests).toHaveLength(1);
  });
});

describe('server business codes (non-zero ret_code)', () => {
  const plain = [
    ERROR_CODES.PARAM_ERROR,
    ERROR_CODES.RATE_LIMITED,
    ERROR_CODES.SERVER_ERROR,
    ERROR_CODES.BAD_CREDENTIALS,
    ERROR_CODES.BAD_VERIFICATION_CODE,
  ];
  it.each(plain.map((code) => [code, ERROR_MESSAGES[code]] as const))(
    '%i %s: rejected as a business error with ret_code, ret_msg and result',
    async (code, message) => {
      const c = freshClient();
      const listener = vi.fn();
      c.onNoPermission(listener);
      routeCode(code, `server says ${message}`, { field: 'amount' });
      const err = await c.get('/code').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BusinessError);
      expect(err).not.toBeInstanceOf(NoPermissionError);
      expect(err).toMatchObject({
        code,
        retCode: code,
        retMsg: `server says ${message}`,
        message: `server says ${message}`,
        result: { field: 'amount' },
      });
      expect(listener).not.toHaveBeenCalled();
    },
  );

  it('a business error with an empty ret_msg takes the catalogue message', async () => {
    const c = freshClient();
    routeCode(20001, '');
    await expect(c.get('/code')).rejects.toMatchObject({
      message: 'Incorrect username or password.',
    });
  });

  it('a code missing from the catalogue is still a business error', async () => {
    const c = freshClient();
    routeCode(123456, '');
    await expect(c.get('/code')).rejects.toMatchObject({ code: 123456, message: 'Error 123456' });
  });

  it('a numeric-string ret_code is read as a number', async () => {
    const c = freshClient();
    server.route('GET', '/api/s', (_req, res) =>
      sendJson(res, 200, JSON.stringify({ ret_code: '10001', ret_msg: 'bad' })),
    );
    await expect(c.get('/s')).rejects.toMatchObject({ code: 10001 });
  });

  const permission = [
    ERROR_CODES.NOT_LOGGED_IN,
    ERROR_CODES.ACCOUNT_FROZEN,
    ERROR_CODES.API_FORBIDDEN,
  ];
  it.each(permission.map((code) => [code, ERROR_MESSAGES[code]] as const))(
    '%i %s: no permission clears the request cache and calls the listener',
    async (code, message) => {
      const c = freshClient();
      const listener = vi.fn();
      const unsubscribe = c.onNoPermission(listener);
      server.route('GET', '/api/cached', (_req, res) => sendJson(res, 200, envelope('v')));
      await c.get('/cached', undefined, { cache: true });
      expect(c.requestCache.size).toBe(1);
      routeCode(code, '');
      const err = await c.get('/code').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NoPermissionError);
      expect(err).toBeInstanceOf(BusinessError);
      expect(err).toMatchObject({ code, retCode: code, message });
      expect(c.requestCache.size).toBe(0);
      expect(listener).toHaveBeenCalledTimes(1);
      expect(listener).toHaveBeenCalledWith(err);
      unsubscribe();
      await c.get('/code').catch(() => undefined);
      expect(listener).toHaveBeenCalledTimes(1);
    },
  );

  it('a throwing no-permission listener neither breaks the request nor other listeners', async () => {
    const c = freshClient();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const second = vi.fn();
    c.onNoPermission(() => {
      throw new Error('listener bug');
    });
    c.onNoPermission(second);
    routeCode(10007, 'not logged in');
    await expect(c.get('/code')).rejects.toBeInstanceOf(NoPermissionError);
    expect(second).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('V5 envelope: non-zero retCode is a business error', async () => {
    const c = freshClient();
    server.route('GET', '/api/v5', (_req, res) =>
      sendJson(
        res,
        200,
        JSON.stringify({ retCode: 10001, retMsg: 'params error', result: {}, time: 1 }),
      ),
    );
    const err = await c.get('/v5').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BusinessError);
    expect(err).toMatchObject({ code: 10001, retMsg: 'params error' });
  });

  it('every error is an ApiError with a catalogue code or the server code', async () => {
    const c = freshClient();
    routeCode(10016, '');
    const err = await c.get('/code').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toBeInstanceOf(Error);
    expect((err as ApiError).name).toBe('BusinessError');
  });
});
