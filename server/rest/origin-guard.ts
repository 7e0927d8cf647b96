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
 *
 * DNS rebinding: a page whose own name comes to resolve to this machine is same-origin with
 * itself, so the Origin check above takes it (its Origin equals the Host it sent). Every request,
 * whatever its method (API, websocket upgrade, app file), is therefore first checked for its Host
 * name (installHostGuard): taken only when it is `localhost`, an IP address (127.0.0.1, [::1],
 * a LAN address: a name that rebinds is never an IP literal), the address the server listens on,
 * or a name the operator allowed (`--allowed-host`), with any port; anything else is 403 before
 * any route, hook or upgrade, as Vite's dev server does (`server.allowedHosts`). The Host header
 * alone counts: X-Forwarded-Host is a header a rebound, same-origin page may set itself. No Host
 * at all (HTTP/1.0; Node refuses an HTTP/1.1 request without one) is not a browser: taken.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isIP } from 'node:net';
import { ERROR_CODES } from '../../src/api/error-codes';
import { errorEnvelope } from './envelope';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * The 403 of both guards: operator paths (`controlPrefix`) answer plain `{error}` JSON, the rest
 * the API's envelope with ret_code 33003.
 */
function refuse(
  req: FastifyRequest,
  reply: FastifyReply,
  why: string,
  opts: { now: () => number; controlPrefix: string },
) {
  const control = (req.url.split('?')[0] ?? '').startsWith(opts.controlPrefix);
  return reply
    .code(403)
    .send(control ? { error: why } : errorEnvelope(ERROR_CODES.API_FORBIDDEN, why, opts.now()));
}

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
 * The host name of a Host header (or of a `--host` / `--allowed-host` value) as a URL writes it:
 * lower case, IPv6 in brackets, without the port. Undefined when it is not a bare `host[:port]`.
 */
function hostNameOf(host: string): string | undefined {
  const h = host.trim();
  if (h === '' || /[/?#@\\\s]/.test(h)) return undefined;
  try {
    // A bare IPv6 address (a --host value: `::1`) is written in brackets first.
    const u = new URL(`http://${isIP(h) === 6 ? `[${h}]` : h}`);
    return u.pathname === '/' && u.hostname !== '' ? u.hostname : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a host name (from hostNameOf) is an IP literal: 127.0.0.1, [::1], 192.168.1.5. */
const isIpLiteral = (name: string) => isIP(name.replace(/^\[(.*)\]$/, '$1')) !== 0;

/**
 * A `--allowed-host` name (or the `--host` address): its host name as hostNameOf writes it, or an
 * error saying what is expected. A port is not part of it (any port is taken), nor a wildcard.
 */
export function allowedHostName(name: string): string {
  const n = name.trim();
  // An IP address is taken anyway (a listen address with a zone, fe80::1%eth0, is no URL host).
  if (isIP(n) !== 0) return n;
  const h = hostNameOf(n);
  const hasPort = /:\d*$/.test(n.replace(/^\[[^\]]*\]/, ''));
  if (h === undefined || hasPort || !(isIpLiteral(h) || /^[\w-]+(?:\.[\w-]+)*$/.test(h))) {
    throw new Error(`${JSON.stringify(name)}: expected a host name without a port (app.example)`);
  }
  return h;
}

/**
 * Whether a request's Host header names this server: localhost, any IP literal, or one of
 * `allowed` (host names as hostNameOf writes them), with any port. No Host header: taken.
 */
function isAllowedHost(host: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (host === undefined) return true;
  const name = hostNameOf(host);
  if (name === undefined) return false;
  return name === 'localhost' || isIpLiteral(name) || allowed.has(name);
}

/**
 * Installs the Host check (DNS rebinding, see the file comment) first among the app's hooks, before
 * the Origin check. `allowedHosts`: names besides localhost and IP addresses (the `--host` the
 * server listens on, `--allowed-host`); each must be a host name (allowedHostName).
 */
export function installHostGuard(
  app: FastifyInstance,
  opts: { now: () => number; controlPrefix: string; allowedHosts?: readonly string[] },
): void {
  const allowed = new Set((opts.allowedHosts ?? []).map(allowedHostName));
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const host = header(req, 'host');
    if (isAllowedHost(host, allowed)) return;
    const shown = JSON.stringify(host ?? '').slice(0, 200);
    const why =
      `host not allowed: ${shown} is not a name of this server ` +
      '(localhost, an IP address, or a name given with --allowed-host)';
    await refuse(req, reply, why, opts);
  });
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
    await refuse(req, reply, why, opts);
  });
}
