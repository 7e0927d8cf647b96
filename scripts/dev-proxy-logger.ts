/**
 * Vite's logger for `npm start`, quiet about normal socket closes. Vite's dev proxy logs every
 * error of a proxied websocket with its stack ("ws proxy error: read ECONNRESET"), and a browser
 * reloading or leaving the page resets its sockets: one stack trace pair per reload while nothing
 * is wrong. A peer that resets, aborts or stops reading (ECONNRESET, EPIPE, ECONNABORTED) is how a
 * websocket ends; those are left out. Every other proxy error (a refused upstream, a timeout, a
 * bad certificate) and every other message is logged as Vite would.
 */
import { createLogger, type Logger, type LogErrorOptions } from 'vite';

/** Error codes of a socket the other side closed: normal ends of a proxied websocket. */
export const NORMAL_CLOSE_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
]);

/** Whether Vite's message is a websocket proxy error that only says the socket was closed. */
export function isNormalWsClose(msg: string, options?: LogErrorOptions): boolean {
  if (!/ws proxy (socket )?error/.test(msg)) return false;
  const code = (options?.error as NodeJS.ErrnoException | null | undefined)?.code;
  return code !== undefined && NORMAL_CLOSE_CODES.has(code);
}

/** A Vite logger that drops normal websocket closes and passes everything else on. */
export function devProxyLogger(base: Logger = createLogger()): Logger {
  // Everything but error() is the base's own (its hasWarned flag included, read through).
  const logger = Object.create(base) as Logger;
  logger.error = (msg, options) => {
    if (isNormalWsClose(msg, options)) return;
    base.error(msg, options);
  };
  return logger;
}
