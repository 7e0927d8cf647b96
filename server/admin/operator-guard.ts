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

/** Why a request may not use the operator endpoint at `prefix`, or undefined when it may. */
function refusal(
  req: FastifyRequest,
  prefix: string,
): { status: 404 | 415; error: string } | undefined {
  const asked = pathOf(req.originalUrl);
  const own = asked === prefix || asked.startsWith(`${prefix}/`);
  if (!own || !isLoopback(req.socket.remoteAddress) || !isLoopbackHost(req.headers.host)) {
    return { status: 404, error: `Route ${req.method}:${pathOf(req.url)} not found` };
  }
  if (req.method === 'POST' && mediaType(req) !== 'application/json') {
    return { status: 415, error: 'operator requests must be content-type: application/json' };
  }
  return undefined;
}

/** Installs the check on an encapsulated plugin scope (every route registered in it). */
export function guardOperatorScope(scope: FastifyInstance, prefix: string): void {
  scope.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const no = refusal(req, prefix);
    if (no) await reply.code(no.status).send({ error: no.error });
  });
}
