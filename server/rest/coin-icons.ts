/**
 * The static host's coin icons (`/assets/image/coins/<theme>/<coin>.png`, built by
 * src/config/coin-icon.ts; SPEC section 9: resized to 48x48), stood in for on the page's own
 * origin where the dashboard runs locally (src/config/host.ts: `staticHost` is the page origin):
 * a round badge with the coin's first letters, drawn as SVG. Without it every coin row asked for
 * a file that is not there (a 404 and a console error per coin) and fell back to its letters.
 *
 * Only `light` or `dark` and a coin name of 1-12 letters and digits are answered (the name is
 * the only text drawn: nothing from the request reaches the SVG unchecked); anything else is the
 * not-found answer.
 */
import type { FastifyInstance } from 'fastify';

const NAME = /^([a-z0-9]{1,12})\.png$/;

/** A hue per coin, the same every time (FNV-1a of its name). */
function hueOf(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return h % 360;
}

/** The badge: letters in white on a dark disc (4.5:1 and more at any hue), 48 x 48. */
function coinIconSvg(coin: string, theme: 'light' | 'dark'): string {
  const letters = coin.slice(0, 4).toUpperCase();
  const fontSize = letters.length <= 3 ? 15 : 12;
  const lightness = theme === 'dark' ? 30 : 28;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">` +
    `<circle cx="24" cy="24" r="24" fill="hsl(${hueOf(coin)} 60% ${lightness}%)"/>` +
    `<text x="24" y="24" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" ` +
    `font-weight="700" font-size="${fontSize}" fill="#fff">${letters}</text></svg>`
  );
}

export function serveCoinIcons(app: FastifyInstance): void {
  app.get<{ Params: { theme: string; file: string } }>(
    '/assets/image/coins/:theme/:file',
    async (req, reply) => {
      const { theme, file } = req.params;
      const name = NAME.exec(file)?.[1];
      if ((theme !== 'light' && theme !== 'dark') || !name) return reply.callNotFound();
      return reply
        .header('cache-control', 'public, max-age=86400')
        .type('image/svg+xml')
        .send(coinIconSvg(name, theme));
    },
  );
}
