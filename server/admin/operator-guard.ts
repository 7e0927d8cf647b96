/**
 * Who may use an operator endpoint (the simulator's `/__admin`, the replay server's `/__replay`):
 * a caller on this machine, by its own address and by name, at the endpoint's own path, and for a
 * POST with a JSON body. Each closes a hole a web page could otherwise use:
 * - a loopback peer address: nobody on the network;
 * - a loopback Host header: a DNS-rebinding page (its own name resolving to 127.0.0.1) is refused;
 * - the path as requested, not behind the `/api` or `/ws` page-origin prefixes: a dev proxy that
 *   forwards those from other machines (Vite with --host) never reaches the endpoint;
 * - `content-type: application/json` on POST: a cross-site `fetch(..., {mode:'no-cors'})` or a
 *   form can only send text/plain, form or multipart bodies, so it cannot drive the controls.
 * Anyone else gets the ordinary 404: the endpoint does not exist for them.
 *
 * An endpoint with no page of its own (the simulator's `/__admin`: `browsers: false`) also
 * refuses, with 403, any request a browser made: one with an Origin header or with the Fetch
 * Metadata a browser sends on every request (Sec-Fetch-Site, Sec-Fetch-Dest, Sec-Fetch-User, or a
 * Sec-Fetch-Mode other than `cors`). With `--app` the dashboard is served from this very origin,
 * so a script running in it (an injected one, a hostile dependency) would otherwise meet every
 * rule above. curl, the tests and the project's tools send none of these; Node's own fetch sends
 * `Sec-Fetch-Mode: cors` alone on every request, which is why that value by itself is no sign of
 * a browser (every browser that sends Sec-Fetch-Mode sends Sec-Fetch-Site with it). The replay
 * server's `/__replay` serves its operator page from its own origin, and takes its requests.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from '../rest/http-shell';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** A peer address on this machine. */
export function isLoopback(address: string | undefined): boolean {
  return address !== undefined && (LOOPBACK.has(address) || address.startsWith('127.'));
}

const LOOPBACK_HOST = /^(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/i;

/** A Host header naming this machine (127.0.0.1, localhost, [::1]), with any port. */
export function isLoopbackHost(host: string | undefined): boolean {
  return host !== undefined && LOOPBACK_HOST.test(host);
}

/** The request's media type, lower case, without parameters. */
function mediaType(req: FastifyRequest): string {
  return (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Whether a browser made the request (see the file comment): Origin or its Fetch Metadata. */
function isBrowserRequest(headers: FastifyRequest['headers']): boolean {
  if (headers.origin !== undefined) return true;
  if (['sec-fetch-site', 'sec-fetch-dest', 'sec-fetch-user'].some((h) => headers[h] !== undefined))
    return true;
  const mode = headers['sec-fetch-mode'];
  return mode !== undefined && mode !== 'cors';
}

interface OperatorGuardOptions {
  /** Whether requests made by a browser are taken (the endpoint has a page); default true. */
  browsers?: boolean;
}

/** Why a request may not use the operator endpoint at `prefix`, or undefined when it may. */
function refusal(
  req: FastifyRequest,
  prefix: string,
  opts: OperatorGuardOptions,
): { status: 403 | 404 | 415; error: string } | undefined {
  const asked = pathOf(req.originalUrl);
  const own = asked === prefix || asked.startsWith(`${prefix}/`);
  if (!own || !isLoopback(req.socket.remoteAddress) || !isLoopbackHost(req.headers.host)) {
    return { status: 404, error: `Route ${req.method}:${pathOf(req.url)} not found` };
  }
  if (opts.browsers === false && isBrowserRequest(req.headers)) {
    return {
      status: 403,
      error: `${prefix} takes no requests from a browser (it sent Origin or Sec-Fetch-*): use curl or a script`,
    };
  }
  if (req.method === 'POST' && mediaType(req) !== 'application/json') {
    return { status: 415, error: 'operator requests must be content-type: application/json' };
  }
  return undefined;
}

/** Installs the check on an encapsulated plugin scope (every route registered in it). */
export function guardOperatorScope(
  scope: FastifyInstance,
  prefix: string,
  opts: OperatorGuardOptions = {},
): void {
  scope.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const no = refusal(req, prefix, opts);
    if (no) await reply.code(no.status).send({ error: no.error });
  });
}
