/**
 * The transport actor: one reconnecting-websocket (RWS) instance at a time, supervised by the
 * connection machine.
 *
 * RWS does the socket plumbing (handshake timeout, listener hygiene on its inner sockets, the
 * reconnect loop) but its backoff has no jitter and its queue replays messages on open, before
 * our auth frame. So: its own delays are zero and its URL provider is a gate that only opens when
 * the machine says so (after the machine's full-jitter backoff); its queue is disabled and
 * nothing is ever sent unless the socket is open. RWS also goes silently dead after `maxRetries`
 * and when closed while connecting (its connect lock is never released): a dead or replaced
 * instance is dropped whole, its callbacks ignored, and a new one is created.
 *
 * Frames are decoded here, once: data and rejected frames go straight to the sink (market and
 * account data never pass through the machine), op answers go to the machine.
 */
import ReconnectingWebSocket from 'reconnecting-websocket';
import { fromCallback } from 'xstate';
import { decodeFrame } from '../src/wire/decode';
import type { StreamName } from '../src/wire/protocol';
import type { TapReader } from '../src/wire/tap';
import type { FrameSink } from '../src/wire/sink';
import type { TransportCommand, TransportEvent, WebSocketConstructor } from './connection.types';
import { describeError } from './connection.context';
import type { FrameMeter } from './frame-meter';

export interface TransportInput {
  stream: StreamName;
  url: string;
  sink: FrameSink;
  meter: FrameMeter;
  now: () => number;
  WebSocketImpl: WebSocketConstructor;
  /** The session recorder's tap (null unless someone records): raw frames as they crossed. */
  tap: TapReader;
  maxRetries: number;
  connectTimeoutMs: number;
}

const OPEN = 1;

export const transportLogic = fromCallback<TransportCommand, TransportInput, TransportEvent>(
  ({ input, sendBack, receive }) => {
    const { stream, url, sink, meter, now, WebSocketImpl, tap, maxRetries, connectTimeoutMs } =
      input;

    let rws: ReconnectingWebSocket | undefined;
    let dispose: (() => void) | undefined;
    /** RWS is waiting in its URL provider for permission to connect. */
    let gate: ((url: string) => void) | undefined;
    /** RWS's retry count when the gate last opened (to tell "gave up" from "retrying"). */
    let retryAtGate = 0;
    /** The attempt the machine asked for and RWS has not started yet. */
    let requested: number | undefined;
    /** The attempt RWS's current inner socket belongs to. */
    let current = 0;
    let dead = false;

    const tryOpenGate = () => {
      if (!gate || requested === undefined || !rws) return;
      const pass = gate;
      current = requested;
      requested = undefined;
      gate = undefined;
      retryAtGate = rws.retryCount;
      pass(url);
    };

    const safely = (what: string, fn: () => void) => {
      try {
        fn();
      } catch (err) {
        // The sink is someone else's code: a bug there must not kill the connection.
        sendBack({ type: 'SINK.ERROR', message: `${what}: ${describeError(err)}` });
      }
    };

    const onFrame = (data: unknown) => {
      const at = now();
      const frame = decodeFrame(stream, data);
      switch (frame.kind) {
        case 'response':
          meter.received(undefined, at);
          sendBack({ type: 'WS.RESPONSE', socketId: current, response: frame, at });
          return;
        case 'invalid':
          meter.rejectedFrame(at);
          safely('sink.invalid', () => sink.invalid(stream, frame.reason, at));
          return;
        default:
          meter.received(frame.topic, at);
          safely('sink.data', () => sink.data(stream, frame, at));
      }
    };

    const create = () => {
      let alive = true;
      /** The tap has this socket's open and not yet its close. */
      let tappedOpen = false;
      dead = false;
      const instance = new ReconnectingWebSocket(
        () =>
          new Promise<string>((resolve) => {
            if (!alive) return; // a replaced instance waits forever and is collected
            gate = resolve;
            tryOpenGate();
          }),
        undefined,
        {
          WebSocket: WebSocketImpl,
          minReconnectionDelay: 0,
          maxReconnectionDelay: 0,
          reconnectionDelayGrowFactor: 1,
          connectionTimeout: connectTimeoutMs,
          maxRetries,
          maxEnqueuedMessages: 0,
        },
      );
      // tap(): the session recorder's (src/pipeline/session-recorder.ts), null unless someone
      // records: raw frames in and out, opens and closes, as they crossed the wire.
      const onOpen = () => {
        if (!alive) return;
        const t = tap();
        t?.open(stream);
        tappedOpen = t !== null;
        sendBack({ type: 'WS.OPEN', socketId: current });
      };
      const onMessage = (ev: MessageEvent) => {
        if (!alive) return;
        tap()?.recv(stream, ev.data);
        onFrame(ev.data);
      };
      const onClose = (ev: { code: number; reason: string }) => {
        if (!alive) return;
        tap()?.close(stream, ev.code, ev.reason ?? '');
        tappedOpen = false;
        // RWS reconnects (into our gate) before calling us; if its count did not move and is at
        // the limit, it gave up and will never call the gate again.
        dead = instance.retryCount >= maxRetries && instance.retryCount === retryAtGate;
        sendBack({
          type: 'WS.CLOSE',
          socketId: current,
          code: ev.code,
          reason: ev.reason ?? '',
          dead,
        });
      };
      const onError = (ev: { message?: string }) => {
        if (alive)
          sendBack({ type: 'WS.ERROR', socketId: current, message: ev.message || 'error' });
      };
      instance.addEventListener('open', onOpen);
      instance.addEventListener('message', onMessage);
      instance.addEventListener('close', onClose);
      instance.addEventListener('error', onError);
      rws = instance;
      dispose = () => {
        alive = false;
        // The socket is closed below with its listeners gone: the recording still gets its close,
        // or a replayed session would show an open socket where the user saw a stall and a
        // reconnect (the close 1000 "replaced" is what this client sends).
        if (tappedOpen) tap()?.close(stream, 1000, 'replaced');
        tappedOpen = false;
        instance.removeEventListener('open', onOpen);
        instance.removeEventListener('message', onMessage);
        instance.removeEventListener('close', onClose);
        instance.removeEventListener('error', onError);
        try {
          instance.close(1000, 'replaced');
        } catch {
          // closing a socket that is already failing may throw; it is abandoned either way
        }
      };
    };

    const drop = () => {
      dispose?.();
      dispose = undefined;
      rws = undefined;
      gate = undefined;
      requested = undefined;
    };

    receive((command) => {
      switch (command.type) {
        case 'open':
          requested = command.socketId;
          if (!rws || dead) {
            drop();
            requested = command.socketId;
            create();
          }
          tryOpenGate();
          return;
        case 'send':
          // Never through a queue: a frame for another (or no longer open) socket is dropped.
          if (rws && command.socketId === current && rws.readyState === OPEN) {
            const text = JSON.stringify(command.op);
            rws.send(text);
            meter.sent(now());
            tap()?.send(stream, text);
          }
          return;
        case 'replace':
          drop();
          return;
      }
    });

    return drop;
  },
);
