/**
 * What every websocket server here (the simulator, `replay --serve`) does with a client frame
 * before its stream's handler: the connection is alive, the frame is recorded as it came, a
 * closing or half-open connection ignores it, and it counts against the op allowance whatever it
 * is (binary and malformed frames too, so a flood of junk is limited like a flood of ops).
 */
import type { RawData } from 'ws';
import type { Conn } from './conn';

/** A frame's bytes as text (ws hands over a Buffer, a Buffer list or an ArrayBuffer). */
function frameText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

export const TOO_MANY_REQUESTS = 'error:too many requests';

export interface IntakeHooks {
  /** Every frame as received, before anything is decided (recording). */
  onText?(text: string): void;
  /** A handler threw: the client gets an error answer, the process goes on. */
  onError(err: unknown): void;
}

/**
 * Feeds the connection's client frames to `handle(text, allowed)`; `allowed` is false when the
 * frame was over the op allowance (the handler answers "too many requests" in its stream's shape).
 */
export function takeClientFrames(
  conn: Conn,
  handle: (text: string, allowed: boolean) => void,
  hooks: IntakeHooks,
): void {
  conn.socket.on('message', (data: RawData, isBinary: boolean) => {
    conn.touch();
    const text = frameText(data);
    hooks.onText?.(text);
    if (conn.halfOpen || conn.ending) return;
    const allowed = conn.allowOp();
    if (conn.ending) return; // that refusal was one too many: the connection is closing
    try {
      if (isBinary) {
        conn.reply({
          success: false,
          ret_msg: allowed ? 'error:binary frames are not supported' : TOO_MANY_REQUESTS,
          op: '',
          conn_id: conn.id,
        });
        return;
      }
      handle(text, allowed);
    } catch (err) {
      // A bug must cost one answer, never the process.
      hooks.onError(err);
      conn.reply({ success: false, ret_msg: 'error:internal error', op: '', conn_id: conn.id });
    }
  });
}
