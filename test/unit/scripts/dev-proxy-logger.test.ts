/** `npm start` does not print a stack trace for a normal close of a proxied socket (issue 15). */
import { describe, expect, it, vi } from 'vitest';
import type { Logger } from 'vite';
import { devProxyLogger, isNormalWsClose } from '@scripts/dev-proxy-logger';

const errno = (code: string) => Object.assign(new Error(`read ${code}`), { code });

function fakeLogger() {
  return {
    info: vi.fn<Logger['info']>(),
    warn: vi.fn<Logger['warn']>(),
    warnOnce: vi.fn<Logger['warnOnce']>(),
    error: vi.fn<Logger['error']>(),
    clearScreen: vi.fn(),
    hasErrorLogged: vi.fn<Logger['hasErrorLogged']>(() => false),
    hasWarned: false,
  } satisfies Logger;
}

describe('dev proxy logger', () => {
  it('drops the ws proxy errors of a socket the browser reset or closed', () => {
    for (const code of ['ECONNRESET', 'EPIPE', 'ECONNABORTED']) {
      expect(isNormalWsClose('ws proxy error:\nError: read …', { error: errno(code) })).toBe(true);
      expect(isNormalWsClose('ws proxy socket error:\n…', { error: errno(code) })).toBe(true);
    }
    const base = fakeLogger();
    const logger = devProxyLogger(base);
    logger.error('\u001b[31mws proxy error:\u001b[39m\nError: read ECONNRESET', {
      timestamp: true,
      error: errno('ECONNRESET'),
    });
    expect(base.error).not.toHaveBeenCalled();
  });

  it('keeps every other error: an upstream refusing, an http proxy error, anything else', () => {
    const base = fakeLogger();
    const logger = devProxyLogger(base);
    logger.error('ws proxy error:\nError: connect ECONNREFUSED', { error: errno('ECONNREFUSED') });
    logger.error('http proxy error: /api/x\nError: read ECONNRESET', {
      error: errno('ECONNRESET'),
    });
    logger.error('ws proxy error: (no code)', { error: new Error('x') });
    logger.error('Pre-transform error: …');
    expect(base.error).toHaveBeenCalledTimes(4);
    logger.info('ready');
    expect(base.info).toHaveBeenCalledWith('ready');
  });
});
