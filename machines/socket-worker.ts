/**
 * The dedicated worker that holds the app's websockets and decodes their frames
 * (socket-worker-core.ts has the logic and says why). Started by machines/worker-sockets.ts;
 * served from the app's own origin (the security headers allow workers from 'self' only).
 */
import { createSocketWorker, type SocketCommand, type SocketReport } from './socket-worker-core';

/** The little of DedicatedWorkerGlobalScope used here (the app's types are the DOM's). */
interface WorkerScope {
  postMessage(message: SocketReport): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<SocketCommand>) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
const handle = createSocketWorker({
  WebSocketImpl: WebSocket,
  post: (report) => scope.postMessage(report),
  clock: () => performance.timeOrigin + performance.now(),
});
scope.addEventListener('message', (e) => handle(e.data));
