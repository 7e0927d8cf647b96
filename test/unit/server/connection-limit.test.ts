/**
 * The per-address cap of TCP connections (server/rest/http-server.ts, limitConnections) counts an
 * address as every other limit does (addressKey): IPv4 as is, also when mapped into IPv6, and
 * IPv6 by its /64, which one subscriber holds whole (security review L3: 4 096 connections from
 * one /64 were all taken). Synthetic sockets: loopback has only one IPv6 address.
 */
import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { HTTP_LIMITS, limitConnections } from '@server/rest/http-server';

class FakeSocket extends EventEmitter {
  destroyed = false;
  constructor(readonly remoteAddress: string) {
    super();
  }
  destroy(): this {
    if (!this.destroyed) {
      this.destroyed = true;
      this.emit('close');
    }
    return this;
  }
}

/** A server with the limits (3 per address) and a way to connect a socket from an address. */
function limited() {
  const server = new EventEmitter() as unknown as Server;
  limitConnections(server, { ...HTTP_LIMITS, maxConnectionsPerAddress: 3 });
  return (address: string): FakeSocket => {
    const socket = new FakeSocket(address);
    server.emit('connection', socket);
    return socket;
  };
}

describe('the per-address connection cap', () => {
  it('counts IPv6 addresses by their /64: rotating through one does not get past it', () => {
    const connect = limited();
    const held = ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:0:0:0:3'].map(connect);
    expect(held.map((s) => s.destroyed)).toEqual([false, false, false]);
    expect(connect('2001:db8:1:2:ffff::4').destroyed).toBe(true);
    expect(connect('2001:DB8:1:2::5').destroyed).toBe(true);
    // Another /64 has its own count.
    expect(connect('2001:db8:1:3::1').destroyed).toBe(false);
    // A place freed in the /64 is taken again.
    held[0]?.destroy();
    expect(connect('2001:db8:1:2::6').destroyed).toBe(false);
    expect(connect('2001:db8:1:2::7').destroyed).toBe(true);
  });

  it('counts an IPv4 address the same whether or not it is mapped into IPv6', () => {
    const connect = limited();
    expect(
      [connect('127.0.0.1'), connect('::ffff:127.0.0.1'), connect('127.0.0.1')].map(
        (s) => s.destroyed,
      ),
    ).toEqual([false, false, false]);
    expect(connect('::ffff:127.0.0.1').destroyed).toBe(true);
    expect(connect('127.0.0.2').destroyed).toBe(false);
  });
});
