/**
 * The main thread's side of the sockets that live in a worker (socket-worker-core.ts): one worker
 * for the app, and per stream a WebSocket look-alike class to hand the transport as its
 * `WebSocketImpl`. reconnecting-websocket drives it exactly as it drives a browser socket
 * (open, send, close, handshake timeout, listeners), so the connection machine keeps the whole
 * lifecycle. What differs is what a 'message' event carries: not one text, but a FrameBatch, the
 * frames this socket received since the worker's last post, already decoded, each with its raw
 * data (for the session recorder's tap) and when the worker received it (on the page's
 * performance clock). The transport (connection-transport.ts) takes both kinds.
 *
 * If the worker cannot run (its script failed to load), its sockets fail like a dropped network
 * and every socket made after that is the browser's own, on this thread: slower, never dead.
 */
import type { DecodedFrame, StreamName } from '../src/wire/protocol';
import type { WebSocketConstructor } from './connection.types';
import { SOCKET_REPORT, type SocketCommand, type SocketReport } from './socket-worker-core';

/** Frames of one socket decoded off the main thread, in the order they arrived. */
export class FrameBatch {
  constructor(
    /** When each frame arrived, ms on this page's performance clock. */
    readonly receivedAt: readonly number[],
    /** Each frame as it crossed the wire (text; binary as received). */
    readonly raw: readonly unknown[],
    readonly frames: readonly DecodedFrame[],
  ) {}
}

/** What the host needs of a Worker (a loopback in tests). */
export interface WorkerPort {
  postMessage(command: SocketCommand): void;
  addEventListener(type: 'message', listener: (e: { data: unknown }) => void): void;
  addEventListener(type: 'error' | 'messageerror', listener: () => void): void;
  terminate(): void;
}

export interface OffThreadSockets {
  /** The WebSocket class for `stream`'s connection (its frames are decoded by that stream's rules). */
  forStream(stream: StreamName): WebSocketConstructor;
  /** Stops the worker: its sockets close with it (app teardown). */
  dispose(): void;
}

const CONNECTING = 0;
const OPEN = 1;
const CLOSING = 2;
const CLOSED = 3;

type ProxyEvent = Event & Record<string, unknown>;
const event = (type: string, fields: Record<string, unknown> = {}): ProxyEvent =>
  Object.assign(new Event(type), fields);

/** Ticker payloads are null-prototype objects (any field name is data); a clone lost that. */
function restoreFrame(frame: DecodedFrame): DecodedFrame {
  if (frame.kind === 'ticker') {
    frame.data = Object.assign(Object.create(null) as typeof frame.data, frame.data);
  }
  return frame;
}

/**
 * The sockets of one worker, made by `createWorker` when the first socket opens. `fallback` is
 * the socket class used once the worker has failed; `timeOrigin` this page's time origin.
 */
export function offThreadSockets(
  createWorker: () => WorkerPort,
  fallback: WebSocketConstructor,
  timeOrigin: number = performance.timeOrigin,
): OffThreadSockets {
  let worker: WorkerPort | null = null;
  let broken = false;
  let nextId = 1;
  const live = new Map<number, ProxySocket>();

  const fail = () => {
    if (broken) return;
    broken = true;
    const sockets = [...live.values()];
    live.clear();
    for (const s of sockets) s.failed();
  };

  const onReport = (data: unknown) => {
    const report = data as SocketReport;
    if (report?.type !== SOCKET_REPORT) return;
    try {
      deliver(report.events);
    } finally {
      // Read: the worker may post what came meanwhile (it holds frames until then).
      worker?.postMessage({ op: 'ack' });
    }
  };

  const deliver = (events: SocketReport['events']) => {
    for (let i = 0; i < events.length;) {
      const e = events[i]!;
      const socket = live.get(e.id);
      if (e.ev !== 'frame') {
        i++;
        if (!socket) continue;
        if (e.ev === 'open') socket.opened(e.protocol, e.extensions);
        else if (e.ev === 'error') socket.errored();
        else {
          live.delete(e.id);
          socket.closed(e.code, e.reason, e.wasClean);
        }
        continue;
      }
      // A run of frames of one socket is one batch.
      const receivedAt: number[] = [];
      const raw: unknown[] = [];
      const frames: DecodedFrame[] = [];
      for (; i < events.length; i++) {
        const f = events[i]!;
        if (f.ev !== 'frame' || f.id !== e.id) break;
        receivedAt.push(f.t - timeOrigin);
        raw.push(f.raw);
        frames.push(restoreFrame(f.frame));
      }
      socket?.received(new FrameBatch(receivedAt, raw, frames));
    }
  };

  const port = (): WorkerPort => {
    if (worker) return worker;
    const w = createWorker();
    w.addEventListener('message', (e) => onReport(e.data));
    w.addEventListener('error', fail);
    w.addEventListener('messageerror', fail);
    worker = w;
    return w;
  };

  class ProxySocket extends EventTarget {
    static readonly CONNECTING = CONNECTING;
    static readonly OPEN = OPEN;
    static readonly CLOSING = CLOSING;
    static readonly CLOSED = CLOSED;
    readonly CONNECTING = CONNECTING;
    readonly OPEN = OPEN;
    readonly CLOSING = CLOSING;
    readonly CLOSED = CLOSED;
    readonly bufferedAmount = 0;
    readyState = CONNECTING;
    protocol = '';
    extensions = '';
    private type: BinaryType = 'blob';
    private readonly id = nextId++;

    constructor(
      readonly stream: StreamName,
      readonly url: string,
      protocols?: string | string[],
    ) {
      super();
      live.set(this.id, this);
      port().postMessage({
        op: 'open',
        id: this.id,
        stream,
        url,
        binaryType: this.type,
        ...(protocols === undefined ? {} : { protocols }),
      });
    }

    get binaryType(): BinaryType {
      return this.type;
    }

    set binaryType(value: BinaryType) {
      if (value === this.type) return;
      this.type = value;
      if (this.readyState !== CLOSED) worker?.postMessage({ op: 'binaryType', id: this.id, value });
    }

    send(data: string): void {
      if (this.readyState === CONNECTING) {
        throw new DOMException('Still in CONNECTING state.', 'InvalidStateError');
      }
      // Closing or closed: dropped, as a browser socket drops it.
      if (this.readyState === OPEN) worker?.postMessage({ op: 'send', id: this.id, data });
    }

    close(code?: number, reason?: string): void {
      // The browser's checks, made here because the worker's socket answers too late to throw.
      if (code !== undefined && code !== 1000 && (code < 3000 || code > 4999)) {
        throw new DOMException(`The close code ${code} is not allowed.`, 'InvalidAccessError');
      }
      if (reason !== undefined && new TextEncoder().encode(reason).length > 123) {
        throw new DOMException('The close reason is too long.', 'SyntaxError');
      }
      if (this.readyState === CLOSING || this.readyState === CLOSED) return;
      this.readyState = CLOSING;
      worker?.postMessage({
        op: 'close',
        id: this.id,
        ...(code === undefined ? {} : { code }),
        ...(reason === undefined ? {} : { reason }),
      });
    }

    opened(protocol: string, extensions: string): void {
      if (this.readyState !== CONNECTING) return;
      this.readyState = OPEN;
      this.protocol = protocol;
      this.extensions = extensions;
      this.dispatchEvent(event('open'));
    }

    received(batch: FrameBatch): void {
      if (this.readyState !== OPEN) return;
      this.dispatchEvent(new MessageEvent('message', { data: batch }));
    }

    errored(): void {
      this.dispatchEvent(event('error', { message: '' }));
    }

    closed(code: number, reason: string, wasClean: boolean): void {
      this.readyState = CLOSED;
      this.dispatchEvent(event('close', { code, reason, wasClean }));
    }

    /** The worker died: this socket fails as a socket whose network went away. */
    failed(): void {
      if (this.readyState === CLOSED) return;
      this.errored();
      this.closed(1006, '', false);
    }
  }

  const classes = new Map<StreamName, WebSocketConstructor>();
  return {
    forStream(stream) {
      let c = classes.get(stream);
      if (!c) {
        c = class extends ProxySocket {
          constructor(url: string, protocols?: string | string[]) {
            if (broken) return new fallback(url, protocols) as ProxySocket;
            super(stream, url, protocols);
          }
        };
        classes.set(stream, c);
      }
      return c;
    },
    dispose() {
      worker?.terminate();
      worker = null;
      fail();
    },
  };
}

/**
 * The app's sockets in a dedicated worker (machines/socket-worker.ts), where the browser has
 * workers; null elsewhere (Node, happy-dom): the transport then keeps its sockets on this thread.
 */
export function socketWorker(): OffThreadSockets | null {
  if (typeof Worker !== 'function' || typeof WebSocket !== 'function') return null;
  return offThreadSockets(
    () =>
      new Worker(new URL('./socket-worker.ts', import.meta.url), {
        type: 'module',
        name: 'sockets',
      }),
    WebSocket,
  );
}
