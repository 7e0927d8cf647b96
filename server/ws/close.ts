/**
 * Closing a websocket without ever throwing. `ws` refuses (throws RangeError) a close reason over
 * 123 bytes of UTF-8 and a code a server may not send; a close reason may come from an untrusted
 * session file, and a throw from a timer would take the process down.
 */
import type { WebSocket } from 'ws';

/** A close frame's payload is at most 125 bytes, 2 of them the code (RFC 6455 section 5.5). */
export const MAX_CLOSE_REASON_BYTES = 123;

/** `reason` cut to at most 123 bytes of UTF-8, never inside a character. */
export function closeReason(reason: string): string {
  const bytes = Buffer.from(reason, 'utf8');
  if (bytes.length <= MAX_CLOSE_REASON_BYTES) return reason;
  let end = MAX_CLOSE_REASON_BYTES;
  // A continuation byte (10xxxxxx) at the cut means a character would be split: cut before it.
  while (end > 0 && ((bytes[end] as number) & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}

/**
 * Sends a close frame (1005, "no status", is a close frame without a code); a socket that cannot
 * take one, or a code a server may not send, cuts the connection instead (the client sees 1006).
 */
export function closeSocket(socket: WebSocket, code: number, reason: string): void {
  try {
    if (code === 1005) socket.close();
    else socket.close(code, closeReason(reason));
  } catch {
    socket.terminate();
  }
}
