/**
 * A real `ws` server on 127.0.0.1 (port 0) speaking the stream protocol, with switchable
 * handshake failures (HTTP 500/404 on upgrade) and auth behaviour. For handshake failures, which
 * mock-socket cannot simulate.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ClientOp } from '@src/wire/protocol';

/** 'hang': the upgrade request is never answered. */
type UpgradeMode = 'accept' | 'hang' | 500 | 404;
export type AuthMode = 'accept' | 'reject' | 'close-4401';

export interface TestServer {
  port: number;
  url(path: string): string;
  upgrade: UpgradeMode;
  auth: AuthMode;
  /** Upgrade requests seen, and the sockets accepted. */
  requests: number;
  connections: WebSocket[];
  ops: ClientOp[];
  close(): Promise<void>;
}

const STATUS_TEXT: Record<number, string> = { 500: 'Internal Server Error', 404: 'Not Found' };

/** Starts a server; `port` 0 picks a free one. */
export async function startServer(port = 0): Promise<TestServer> {
  const http = createServer((_, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ noServer: true });
  const sockets = new Set<Socket>();
  http.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const server: TestServer = {
    port: 0,
    url: (path) => `ws://127.0.0.1:${server.port}${path}`,
    upgrade: 'accept',
    auth: 'accept',
    requests: 0,
    connections: [],
    ops: [],
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of wss.clients) ws.terminate();
        for (const s of sockets) s.destroy();
        wss.close();
        http.close(() => resolve());
      }),
  };
  http.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    server.requests += 1;
    if (server.upgrade === 'hang') return;
    if (server.upgrade !== 'accept') {
      const code = server.upgrade;
      socket.end(
        `HTTP/1.1 ${code} ${STATUS_TEXT[code]}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      server.connections.push(ws);
      ws.on('message', (data) => {
        const op = JSON.parse(String(data)) as ClientOp;
        server.ops.push(op);
        const reply = (frame: object) => ws.send(JSON.stringify(frame));
        const base = { conn_id: `c${server.connections.length}`, req_id: op.req_id, op: op.op };
        if (op.op === 'auth') {
          if (server.auth === 'accept') return reply({ ...base, success: true, ret_msg: '' });
          if (server.auth === 'reject')
            reply({ ...base, success: false, ret_msg: 'invalid token' });
          ws.close(4401, 'unauthorized');
        } else if (op.op === 'subscribe' || op.op === 'unsubscribe') {
          reply({ ...base, success: true, ret_msg: '' });
        } else if (op.op === 'ping') {
          reply({ ...base, success: true, ret_msg: 'pong' });
        }
      });
    });
  });
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  server.port = (http.address() as AddressInfo).port;
  return server;
}
