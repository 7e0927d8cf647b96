/**
 * The two websocket endpoints (`/v5/public/linear`, `/v5/private`; the `/ws` page-origin prefix
 * is stripped before routing). Frames over 64 KB close the connection with 1009 (ws maxPayload);
 * protocol-level pings count against the op allowance and are answered by hand (Conn.controlPing),
 * so that a ping flood is closed and the half-open fault can stop pongs too.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { StreamName } from '../../src/wire/protocol';
import type { Conn } from './conn';
import { takeClientFrames } from './intake';
import { onPrivateFrame, onPublicFrame, type StreamDeps } from './streams';

const PUBLIC_PATH = '/v5/public/linear';
const PRIVATE_PATH = '/v5/private';
export const MAX_FRAME_BYTES = 64 * 1024;

export interface WsRouteDeps extends StreamDeps {
  /** The signed-in user of a request (from its session cookie), if any. */
  userOf(req: FastifyRequest): number | undefined;
}

function attach(
  deps: WsRouteDeps,
  stream: StreamName,
  socket: WebSocket,
  req: FastifyRequest,
): void {
  const conn: Conn = deps.hub.add(stream, socket, deps.userOf(req), req.socket.remoteAddress);
  const handle = stream === 'public' ? onPublicFrame : onPrivateFrame;
  takeClientFrames(conn, (text, allowed) => handle(deps, conn, text, allowed), {
    onText: (text) => conn.recorder?.send(stream, text),
    onError: (err) => req.log.error({ err }, 'websocket frame handler failed'),
  });
  socket.on('ping', (payload: Buffer) => conn.controlPing(payload));
  socket.on('close', (code: number, reason: Buffer) => {
    deps.hub.remove(conn, code, reason.toString('utf8'));
  });
  socket.on('error', (err) => {
    req.log.debug({ err }, 'websocket error');
  });
}

/**
 * The two websocket paths on `app`, served alike by the simulator and the replay server: an
 * upgrade goes to `attach`; a plain GET (a browser, curl) is told what the path is for.
 */
export function registerStreamPaths(
  app: FastifyInstance,
  attach: (stream: StreamName, socket: WebSocket, req: FastifyRequest) => void,
): void {
  for (const [url, stream] of [
    [PUBLIC_PATH, 'public'],
    [PRIVATE_PATH, 'private'],
  ] as const) {
    app.route({
      method: 'GET',
      url,
      handler: (_req, reply) =>
        reply
          .code(426)
          .header('upgrade', 'websocket')
          .send({ error: 'this path is a websocket: upgrade required' }),
      wsHandler: (socket, req) => attach(stream, socket, req),
    });
  }
}

export function registerWsRoutes(app: FastifyInstance, deps: WsRouteDeps): void {
  registerStreamPaths(app, (stream, socket, req) => attach(deps, stream, socket, req));
}
