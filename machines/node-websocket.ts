/**
 * The `ws` WebSocket for Node tools and tests. reconnecting-websocket removes its listeners and
 * then closes a socket whose handshake timed out; `ws` reports that abort as an 'error' event, and
 * a Node EventEmitter throws an 'error' nobody listens to. A permanent no-op listener keeps a slow
 * handshake from crashing the process (browsers' WebSocket has no such failure mode).
 * Never import this from browser code.
 */
import WebSocket from 'ws';

export class NodeWebSocket extends WebSocket {
  constructor(address: string, protocols?: string | string[]) {
    super(address, protocols);
    this.on('error', () => {});
  }
}
