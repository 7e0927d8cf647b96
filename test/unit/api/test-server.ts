/**
 * A real HTTP server on 127.0.0.1 (port 0) for the client's tests. It records every request;
 * routes are set per test; anything unrouted gets a sample answer (test/support/sample-answers.ts)
 * or, for calls whose answers are not checked, its echo in an OK envelope.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sampleAnswerFor } from '../../support/sample-answers';

interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

export interface TestServer {
  /** e.g. "http://127.0.0.1:41234" */
  origin: string;
  requests: Recorded[];
  route(method: string, path: string, handler: Handler): void;
  /** Forgets routes and recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

export const envelope = (result: unknown, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({
    ret_code: 0,
    ret_msg: 'OK',
    result,
    ext_code: '',
    ext_info: null,
    time_now: '1732150000.123456',
    ...extra,
  });

export function sendJson(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(text);
}

export async function startTestServer(): Promise<TestServer> {
  const routes = new Map<string, Handler>();
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      });
      const handler = routes.get(`${req.method} ${url.pathname}`);
      if (handler) return handler(req, res, body);
      // A call whose answer the client checks gets a well-formed one; anything else its echo.
      const sample = sampleAnswerFor(url.pathname);
      sendJson(
        res,
        200,
        envelope(sample ?? { method: req.method, path: url.pathname, query: url.search, body }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    route: (method, path, handler) => routes.set(`${method} ${path}`, handler),
    reset() {
      routes.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port with nothing listening (bound, then released). */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
