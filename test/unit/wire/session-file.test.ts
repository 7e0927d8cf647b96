/**
 * Session files (src/wire/session-file.ts): a recorded REST answer's status is range-checked when
 * the file is read, so `replay --serve` never answers a made-up status with a 500 (or a 1xx that
 * leaves the client waiting); the error names the line, as every other check of the file does.
 */
import { describe, expect, it } from 'vitest';
import { parseSession, SessionFileError } from '@src/wire/session-file';

const HEADER =
  '{"kind":"header","version":1,"recordedAt":"2026-11-21T00:00:00.000Z","userId":1001}';

const rest = (status: unknown) =>
  JSON.stringify({
    t: 5,
    kind: 'rest',
    sent: 1,
    method: 'GET',
    path: '/v3/private/asset/wallets',
    status,
    body: '{"ret_code":0}',
  });

/** A session whose third line is a REST answer with `status`. */
const withStatus = (status: unknown) =>
  `${HEADER}\n{"t":0,"kind":"open","stream":"private"}\n${rest(status)}\n`;

function errorOf(text: string): SessionFileError {
  try {
    parseSession(text);
  } catch (err) {
    if (err instanceof SessionFileError) return err;
    throw err;
  }
  throw new Error('parsed without an error');
}

describe('session file: a REST answer status', () => {
  it.each([200, 204, 304, 404, 500, 599])('accepts %s', (status) => {
    const ev = parseSession(withStatus(status)).events[1];
    expect(ev).toMatchObject({ kind: 'rest', status });
  });

  it.each([1000, 99, 100, 101, 199, 600, 0, -200, 200.5, '200', null])(
    'refuses %s, naming the line',
    (status) => {
      const err = errorOf(withStatus(status));
      expect(err.line).toBe(3);
      expect(err.message).toBe(
        'line 3: "status" must be an HTTP status, an integer from 200 to 599',
      );
    },
  );

  it('refuses a status left out', () => {
    const line = JSON.stringify({ ...JSON.parse(rest(200)), status: undefined });
    expect(errorOf(`${HEADER}\n${line}\n`).message).toMatch(/^line 2: "status" must be/);
  });
});
