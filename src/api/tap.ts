/**
 * Which REST exchanges a recorded session holds, and how an answer reaches the tap (the raw body
 * from a clone: the caller's body is untouched).
 */
import type { WireTap } from '../wire/tap';
import { topicForSnapshotPath } from '../wire/protocol';
import { CALLS } from './calls';

const pathOnly = (path: string) => path.split('?')[0] as string;
export const isTokenPath = (path: string) => pathOnly(path) === CALLS.oneTimeToken.path;

/** The REST exchanges a session records: snapshot GETs and the one-time token (redacted). */
export function isRecordedRest(method: string, path: string): boolean {
  const m = method.toUpperCase();
  return (
    (m === 'GET' && topicForSnapshotPath(path) !== undefined) || (m === 'POST' && isTokenPath(path))
  );
}

/**
 * Reports a REST answer to `tap` with its raw body (read from a clone, so the caller's body is
 * untouched). Only recorded exchanges are read; a failure to read is ignored: recording must
 * never change what the app sees.
 */
export async function tapResponse(
  tap: WireTap,
  res: Response,
  req: { method: string; url: string; baseUrl: string; sentAt: number },
): Promise<void> {
  const path = req.url.startsWith(req.baseUrl) ? req.url.slice(req.baseUrl.length) : req.url;
  if (!isRecordedRest(req.method, path)) return;
  try {
    const body = await res.clone().text();
    tap.rest({ sentAt: req.sentAt, method: req.method, path, status: res.status, body });
  } catch {
    // A body that cannot be read is simply not recorded.
  }
}
