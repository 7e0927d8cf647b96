/**
 * The REST routes, built from the call table (src/api/calls.ts): every call is served at its
 * method and path by the handler of the same name; the type below makes a missing handler a
 * compile error. Calls marked `auth` answer 10007 without a valid session.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { CALLS, type CallName } from '../../src/api/calls';
import { ERROR_CODES } from '../../src/api/error-codes';
import type { Sim } from '../sim';
import { ApiError, okEnvelope } from './envelope';

export interface Ctx {
  readonly sim: Sim;
  readonly req: FastifyRequest;
  readonly reply: FastifyReply;
  /** The signed-in user (0 on calls that do not need a session and have none). */
  readonly userId: number;
}

export interface RouteDef {
  schema?: FastifySchema;
  handle(c: Ctx): unknown;
}

export type HandlerTable = { readonly [K in CallName]: RouteDef };

/** The session cookie's user, if the session is valid. */
export function sessionUser(sim: Sim, req: FastifyRequest): number | undefined {
  return sim.auth.sessionUser(req.cookies[sim.cookieName]);
}

export function registerCalls(app: FastifyInstance, sim: Sim, handlers: HandlerTable): void {
  for (const name of Object.keys(CALLS) as CallName[]) {
    const spec = CALLS[name];
    const def = handlers[name];
    app.route({
      method: spec.method,
      url: spec.path,
      schema: def.schema,
      handler: async (req, reply) => {
        const userId = sessionUser(sim, req);
        if (spec.auth && userId === undefined) throw new ApiError(ERROR_CODES.NOT_LOGGED_IN);
        const result = await def.handle({ sim, req, reply, userId: userId ?? 0 });
        return okEnvelope(result ?? null, sim.clock.now());
      },
    });
  }
}

/** Query parameters as a plain record (Fastify types them unknown). */
export function query(req: FastifyRequest): Record<string, string | undefined> {
  return (req.query ?? {}) as Record<string, string | undefined>;
}

export function body<T>(req: FastifyRequest): T {
  return req.body as T;
}
