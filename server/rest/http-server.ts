/**
 * The HTTP server under both servers (the simulator, the replay server): Fastify's options and the
 * limits of the TCP connections beneath it, in one place so that both are bounded alike
 * (docs/security.md, "Connections"). A hostile client on one address may not hold sockets without
 * end: a request must arrive whole in time (a body trickled a byte at a time no longer holds its
 * socket for ever), an idle socket is closed, and one address may hold only so many connections.
 * Requests Fastify refuses before routing (a malformed URL) and those Node's parser refuses (a bad
 * Content-Length, no Host) get the web-app envelope and the security headers as every other
 * answer does.
 */
import type {
  FastifyError,
  FastifyHttpOptions,
  FastifyInstance,
  FastifyServerOptions,
} from 'fastify';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { CALLS } from '../../src/api/calls';
import { ERROR_CODES } from '../../src/api/error-codes';
import { addressKey } from '../accounts/auth';
import { errorEnvelope } from './envelope';
import { stripPrefix } from './http-shell';
import { SECURITY_HEADERS, setSecurityHeaders } from './security-headers';

/** What a request body may weigh. */
const BODY_LIMIT = 256 * 1024;

export interface HttpLimits {
  /** A request's headers and body must have arrived within this (ms). */
  requestTimeoutMs: number;
  /** Its headers within this (ms; Node's own default is 60 s). */
  headersTimeoutMs: number;
  /** A socket with no traffic either way is closed after this (ms); websockets are exempt. */
  idleTimeoutMs: number;
  /**
   * Open TCP connections from one address (IPv6 by its /64, as every other limit counts an
   * address: addressKey): HTTP and websockets together.
   */
  maxConnectionsPerAddress: number;
  /** Open TCP connections in all. */
  maxConnections: number;
  /** How often Node looks for requests past their time (ms; its default is 30 s). */
  checkEveryMs: number;
}

/**
 * Far above what a browser needs (six HTTP connections a host, two websockets a page, a few tabs)
 * and above the websockets' own caps (100 anonymous and 100 signed-in an address: server/ws/slots.ts),
 * far below the file descriptors a process has.
 */
export const HTTP_LIMITS: HttpLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 20_000,
  idleTimeoutMs: 120_000,
  maxConnectionsPerAddress: 256,
  maxConnections: 4096,
  checkEveryMs: 5_000,
};

/** The envelope of a request refused before any route: Fastify's code and message, 10001. */
function refusal(message: string, now: number): string {
  return JSON.stringify(errorEnvelope(ERROR_CODES.PARAM_ERROR, `bad request: ${message}`, now));
}

/**
 * Fastify's options for either server. `now`: the server's clock, for the envelopes' `time_now`.
 */
export function fastifyOptions(opts: {
  logger: FastifyServerOptions['logger'];
  now: () => number;
  limits: HttpLimits;
}): FastifyHttpOptions<Server> {
  const { limits, now } = opts;
  return {
    http: {
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      connectionsCheckingInterval: limits.checkEveryMs,
    },
    logger: opts.logger,
    bodyLimit: BODY_LIMIT,
    forceCloseConnections: true,
    rewriteUrl: (req) => stripPrefix(req.url ?? '/'),
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    // A URL Fastify cannot decode (`/%zz`, overlong UTF-8): no hook runs, so the headers are set
    // here.
    frameworkErrors: (err: FastifyError, _req, reply) => {
      void setSecurityHeaders(reply)
        .code(400)
        .header('content-type', 'application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(refusal(err.message, now()));
    },
    // What Node's parser refuses (a bad Content-Length, Content-Length with chunked, no Host, a
    // request too slow): written on the socket as Fastify's own answer is, with the headers.
    clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      const [status, text] =
        err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout']
          : err.code === 'HPE_HEADER_OVERFLOW'
            ? [431, 'Request Header Fields Too Large']
            : [400, 'Bad Request'];
      const body = refusal(text, now());
      const head = [
        `HTTP/1.1 ${status} ${text}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'Connection: close',
        ...Object.entries(SECURITY_HEADERS).map(([k, v]) => `${k}: ${v}`),
      ];
      if (socket.writable) socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
      socket.destroy(err);
    },
  };
}

/**
 * Bounds the server's TCP connections: in all (Node refuses beyond) and per remote address, an
 * IPv6 address by its /64 (a subscriber holds a whole /64 and could otherwise rotate through it
 * to take every connection); a connection over the cap is closed at once, before a byte of it
 * is read.
 */
export function limitConnections(server: Server, limits: HttpLimits): void {
  server.maxConnections = limits.maxConnections;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = addressKey(socket.remoteAddress);
    const n = (open.get(address) ?? 0) + 1;
    if (n > limits.maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, n);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/**
 * navigator.sendBeacon posts text/plain: the collector (and only the collector) accepts JSON sent
 * that way. Anywhere else text/plain is 415, so a cross-site <form enctype="text/plain"> can never
 * reach sign-in or settings, whatever the origin check says.
 */
export function installTextPlainParser(app: FastifyInstance): void {
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (req, text, done) => {
    if (req.routeOptions.url !== CALLS.collect.path) {
      const err = new Error(
        `content-type text/plain is accepted only by ${CALLS.collect.path}: send application/json`,
      ) as FastifyError;
      err.statusCode = 415;
      err.code = 'FST_ERR_CTP_INVALID_MEDIA_TYPE';
      done(err, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text as string));
    } catch {
      const err = new Error('body is not valid JSON') as FastifyError;
      err.statusCode = 400;
      err.code = 'FST_ERR_CTP_INVALID_JSON_BODY';
      done(err, undefined);
    }
  });
}
