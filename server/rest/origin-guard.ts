/**
 * Cross-site request forgery: a state-changing request (POST, PUT, PATCH, DELETE) and a websocket
 * upgrade are taken only from the page's own origin. docs/security.md states the rule; in short:
 *
 * - the source is the Origin header, or the origin of the Referer when a browser sent no Origin;
 * - a browser that says the request comes from another site or another origin of this site
 *   (`Sec-Fetch-Site: cross-site` or `same-site`): refused, whatever else it sent;
 * - no source at all: not a browser (curl, the tests, a Bybit client), nothing to forge: taken;
 * - a source whose host (name and port) is the Host the request came to, or the X-Forwarded-Host
 *   a proxy in front set, is the page's own origin: taken. A page cannot set X-Forwarded-Host on
 *   a cross-site request (not a CORS-safelisted header: the preflight is never answered);
 * - otherwise taken only when the browser itself says the request is same-origin
 *   (`Sec-Fetch-Site: same-origin`, a header no page can set): the page's origin is a proxy that
 *   rewrote Host, as the Vite dev server's `/api` proxy does (`changeOrigin`) in `npm start`;
 * - anything else (another site, another port of this host, `Origin: null`) is refused with
 *   HTTP 403 and ret_code 33003 before any handler, body parser or upgrade runs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../src/api/error-codes';
import { errorEnvelope } from './envelope';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** `host[:port]` as a URL of `protocol` writes it (default ports dropped, lower case). */
function normalHost(protocol: string, host: string): string | undefined {
  try {
    const u = new URL(`${protocol}//${host.trim()}`);
    return u.username || u.password || u.pathname !== '/' ? undefined : u.host;
  } catch {
    return undefined;
  }
}

/** Whether the request is one the check applies to: it changes state or opens a websocket. */
function needsOriginCheck(req: FastifyRequest): boolean {
  if (STATE_CHANGING.has(req.method)) return true;
  return req.method === 'GET' && /\bwebsocket\b/i.test(header(req, 'upgrade') ?? '');
}

/** Why the request's origin is refused, or undefined when it is the page's own (or none). */
function crossOriginRefusal(req: FastifyRequest): string | undefined {
  // The browser's own word first, a header no page can set: a request it marks as coming from
  // another site (or another origin of this site) is refused even without Origin and Referer
  // (a browser or an extension that strips both must not make it "not a browser").
  const site = header(req, 'sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') {
    return `cross-origin request refused: the browser says it comes from another ${site === 'cross-site' ? 'site' : 'origin'}`;
  }
  const origin = header(req, 'origin');
  const referer = header(req, 'referer');
  let source: string;
  if (origin !== undefined) source = origin;
  else if (referer !== undefined) {
    try {
      source = new URL(referer).origin;
    } catch {
      return 'cross-origin request refused: the Referer is not a URL';
    }
  } else return undefined;
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    url = new URL('null:');
  }
  if (source === 'null' || url.origin === 'null') {
    return 'cross-origin request refused: an opaque origin ("null") is not this site';
  }
  const own = [header(req, 'host'), ...(header(req, 'x-forwarded-host') ?? '').split(',')]
    .filter((h): h is string => h !== undefined && h.trim() !== '')
    .map((h) => normalHost(url.protocol, h));
  if (own.includes(url.host)) return undefined;
  if (header(req, 'sec-fetch-site') === 'same-origin') return undefined;
  return `cross-origin request refused: origin ${url.origin} is not this site`;
}

/**
 * Installs the check first among the app's hooks. `controlPrefix`: operator paths, which answer
 * plain `{error}` JSON instead of the envelope.
 */
export function installOriginGuard(
  app: FastifyInstance,
  opts: { now: () => number; controlPrefix: string },
): void {
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!needsOriginCheck(req)) return;
    const why = crossOriginRefusal(req);
    if (why === undefined) return;
    await reply
      .code(403)
      .send(
        (req.url.split('?')[0] ?? '').startsWith(opts.controlPrefix)
          ? { error: why }
          : errorEnvelope(ERROR_CODES.API_FORBIDDEN, why, opts.now()),
      );
  });
}
