/**
 * The socket worker without a thread: machines/socket-worker-core.ts driven in this process on
 * mock-socket, behind a WorkerPort that delivers each message a task later and structured-cloned,
 * as a Worker does. The worker's clock is the test's fake Date on an epoch-like origin, so that
 * receipt times convert exactly (performance.now is pinned to Date.now by `pinPerformanceNow`).
 */
import { vi } from 'vitest';
import { WebSocket as MockWebSocket } from 'mock-socket';
import { createSocketWorker, type SocketCommand } from '@machines/socket-worker-core';
import { offThreadSockets, type WorkerPort } from '@machines/worker-sockets';
import type { WebSocketConstructor } from '@machines/connection.types';
import { MockWebSocketImpl } from './harness';

/** The worker's time origin: its clock reads ORIGIN + Date.now(). */
const ORIGIN = 1_000_000;

export interface Loopback {
  port: WorkerPort;
  /** Commands the main side sent, in order. */
  commands: SocketCommand[];
  /** Makes the worker fail as a worker whose script did not load. */
  crash(): void;
  terminated: () => boolean;
}

export function loopbackWorker(batchMs = 4): Loopback {
  const listeners = {
    message: [] as ((e: { data: unknown }) => void)[],
    error: [] as (() => void)[],
  };
  const commands: SocketCommand[] = [];
  let terminated = false;
  const handle = createSocketWorker({
    WebSocketImpl: MockWebSocket as never,
    post: (report) => {
      const data = structuredClone(report);
      setTimeout(() => {
        if (!terminated) for (const l of listeners.message) l({ data });
      }, 0);
    },
    clock: () => ORIGIN + Date.now(),
    batchMs,
  });
  const port: WorkerPort = {
    postMessage(command) {
      commands.push(command);
      const copy = structuredClone(command);
      setTimeout(() => {
        if (!terminated) handle(copy);
      }, 0);
    },
    addEventListener(type: string, listener: never) {
      if (type === 'message') listeners.message.push(listener);
      else if (type === 'error') listeners.error.push(listener);
    },
    terminate() {
      terminated = true;
    },
  };
  return {
    port,
    commands,
    crash() {
      terminated = true;
      for (const l of listeners.error) l();
    },
    terminated: () => terminated,
  };
}

/** The sockets of a loopback worker, with the page's time origin the worker's clock uses. */
export function loopbackSockets(
  loop: Loopback,
  fallback: WebSocketConstructor = MockWebSocketImpl,
) {
  return offThreadSockets(() => loop.port, fallback, ORIGIN);
}

/** performance.now() follows the fake Date (the transport converts receipt times with it). */
export function pinPerformanceNow(): void {
  vi.spyOn(performance, 'now').mockImplementation(() => Date.now());
}
