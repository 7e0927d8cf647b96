/**
 * Response headers every answer of the simulator and the replay server carries (and so the
 * dashboard they serve with `--app`). docs/security.md says why each is there. (`/robots.txt` is
 * the build's own file, public/robots.txt, served with the rest of the app: one source.)
 *
 * - Content-Security-Policy: scripts only from the page's own origin (index.html has no inline
 *   script: public/theme-boot.js), no plugins, no <base> rewrites, forms post only to the own
 *   origin, and no framing at all (`frame-ancestors 'none'`, clickjacking). Styles allow
 *   'unsafe-inline' because Mantine writes its CSS variables into a <style> element at run time.
 *   Connections (REST and both websockets) go to the page's own origin only.
 * - X-Frame-Options DENY: frame-ancestors for browsers that predate it.
 * - X-Content-Type-Options nosniff: a JSON answer or an uploaded text is never run as a script.
 * - Referrer-Policy same-origin: no page URL leaves the site; the own origin still gets it (the
 *   Origin check in origin-guard.ts falls back on Referer).
 * - Cross-Origin-Resource-Policy same-origin: no other origin may load an answer as an image,
 *   script or style (a page on another port of this host is same-site and sends the session
 *   cookie with such loads: signed-in JSON would otherwise land in its process). The dashboard
 *   loads everything from its own origin (REST, streams, coin icons, locales: the Vite dev proxy
 *   is that origin too), so nothing of its own is refused.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** The headers on one answer (also for those answered before any hook runs: http-server.ts). */
export function setSecurityHeaders(reply: FastifyReply): FastifyReply {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) void reply.header(name, value);
  return reply;
}

/**
 * Adds the headers to every answer (errors and 404s included), and `Cache-Control: no-store` to
 * every answer that set no cache policy of its own: account data, one-time stream tokens and
 * errors are never kept by a browser or a proxy (the app's files set theirs: server/app-files.ts
 * and @fastify/static).
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (_req, reply) => {
    // Set before anything answers, so a hook that answers early (a fault, a refusal) has them too.
    setSecurityHeaders(reply);
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    return payload;
  });
}
