/**
 * The websockets of the app and their frame decoder, off the main thread: what the dedicated
 * worker (machines/socket-worker.ts) runs, as a pure module the tests drive with mock-socket.
 *
 * At 2 000 frames a second a socket on the main thread costs a task per message there (the
 * browser's dispatch, then JSON and validation), half the thread in the browser benchmark's heavy
 * scenario. Here each message is stamped when this thread receives it, decoded once
 * (src/wire/decode.ts: invalid frames stay rejected whole) and queued with its raw text; the
 * queue goes to the main thread in one message, at once when the last one left `batchMs` ago or
 * more (a quiet stream pays no delay), else when `batchMs` have passed since; and frames wait
 * while the page has not yet read the last report (it answers each with an ack), so a main
 * thread that falls behind finds one report waiting for it, with all that came meanwhile, rather
 * than a queue of them. Opens, errors and closes go at once, after the frames before them: the
 * order of everything a socket reports is kept. The main side (machines/worker-sockets.ts) is a WebSocket look-alike that
 * reconnecting-websocket drives as it drives a browser socket, so the connection machine keeps
 * the whole lifecycle; nothing here retries, authenticates or subscribes.
 */
import { decodeFrame } from '../src/wire/decode';
import type { DecodedFrame, StreamName } from '../src/wire/protocol';

/** `type` of every message this worker posts (the browser benchmark's probe reads it too). */
export const SOCKET_REPORT = 'assetdeck:sockets';

/** What the main thread asks of the worker, per socket `id` (unique for the worker's life). */
export type SocketCommand =
  | {
      op: 'open';
      id: number;
      stream: StreamName;
      url: string;
      protocols?: string | string[];
      binaryType: BinaryType;
    }
  | { op: 'send'; id: number; data: string }
  | { op: 'close'; id: number; code?: number; reason?: string }
  | { op: 'binaryType'; id: number; value: BinaryType }
  /** The page has read the last report. */
  | { op: 'ack' };

/**
 * What a socket reported. A frame carries `t`, when this thread received it in ms since the Unix
 * epoch at high resolution (`performance.timeOrigin + performance.now()`: the page subtracts its
 * own time origin), the data as it crossed the wire (the session recorder's tap) and the frame
 * decoded.
 */
export type SocketEvent =
  | { id: number; ev: 'open'; protocol: string; extensions: string }
  | { id: number; ev: 'frame'; t: number; raw: unknown; frame: DecodedFrame }
  | { id: number; ev: 'error' }
  | { id: number; ev: 'close'; code: number; reason: string; wasClean: boolean };

export interface SocketReport {
  type: typeof SOCKET_REPORT;
  events: SocketEvent[];
}

/** What the worker needs of a WebSocket (the browser's; mock-socket in tests). */
interface WebSocketLike {
  binaryType: BinaryType;
  readonly protocol: string;
  readonly extensions: string;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (e: { data: unknown }) => void): void;
  addEventListener(
    type: 'close',
    listener: (e: { code: number; reason: string; wasClean: boolean }) => void,
  ): void;
}

export interface SocketWorkerOptions {
  WebSocketImpl: new (url: string, protocols?: string | string[]) => WebSocketLike;
  post(report: SocketReport): void;
  /** ms since the Unix epoch at high resolution. */
  clock(): number;
  /** The least time between two posts while frames keep coming; default 4 ms. */
  batchMs?: number;
  timers?: {
    setTimeout(fn: () => void, ms: number): unknown;
    clearTimeout(handle: unknown): void;
  };
}

const DEFAULT_BATCH_MS = 4;

/** Starts the worker's logic; returns the handler of the main thread's commands. */
export function createSocketWorker(opts: SocketWorkerOptions): (command: SocketCommand) => void {
  const { WebSocketImpl, post, clock } = opts;
  const batchMs = opts.batchMs ?? DEFAULT_BATCH_MS;
  const timers = opts.timers ?? {
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  const sockets = new Map<number, WebSocketLike>();
  let queue: SocketEvent[] = [];
  let lastPostAt = Number.NEGATIVE_INFINITY;
  let timer: unknown;
  /** A report is posted and not yet read by the page. */
  let unread = false;

  const flush = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0) return;
    const events = queue;
    queue = [];
    lastPostAt = clock();
    unread = true;
    post({ type: SOCKET_REPORT, events });
  };

  /** Frames are queued: posted at once, after batchMs, or when the page has read the last report. */
  const frameQueued = (at: number) => {
    if (timer !== undefined || unread || queue.length === 0) return;
    const wait = lastPostAt + batchMs - at;
    if (wait <= 0) flush();
    else timer = timers.setTimeout(flush, wait);
  };

  const open = (c: Extract<SocketCommand, { op: 'open' }>) => {
    const { id, stream } = c;
    let ws: WebSocketLike;
    try {
      ws =
        c.protocols === undefined
          ? new WebSocketImpl(c.url)
          : new WebSocketImpl(c.url, c.protocols);
    } catch {
      // A URL the browser refuses: reported as a failed connection, like a socket that failed.
      queue.push({ id, ev: 'error' }, { id, ev: 'close', code: 1006, reason: '', wasClean: false });
      flush();
      return;
    }
    ws.binaryType = c.binaryType;
    sockets.set(id, ws);
    ws.addEventListener('open', () => {
      queue.push({ id, ev: 'open', protocol: ws.protocol ?? '', extensions: ws.extensions ?? '' });
      flush();
    });
    ws.addEventListener('message', (e) => {
      const t = clock();
      queue.push({ id, ev: 'frame', t, raw: e.data, frame: decodeFrame(stream, e.data) });
      frameQueued(t);
    });
    ws.addEventListener('error', () => {
      queue.push({ id, ev: 'error' });
      flush();
    });
    ws.addEventListener('close', (e) => {
      sockets.delete(id);
      const wasClean = e.wasClean === true;
      queue.push({ id, ev: 'close', code: e.code, reason: e.reason ?? '', wasClean });
      flush();
    });
  };

  return (command) => {
    switch (command.op) {
      case 'open':
        open(command);
        return;
      case 'send':
        try {
          // A socket that closed meanwhile drops the frame, as a closed browser socket does.
          sockets.get(command.id)?.send(command.data);
        } catch {
          // not open after all: its close is on its way to the main thread
        }
        return;
      case 'close':
        try {
          sockets.get(command.id)?.close(command.code, command.reason);
        } catch {
          // the main side checked the code and reason; a socket failing anyway reports its close
        }
        return;
      case 'binaryType': {
        const ws = sockets.get(command.id);
        if (ws) ws.binaryType = command.value;
        return;
      }
      case 'ack':
        unread = false;
        frameQueued(clock());
        return;
    }
  };
}
