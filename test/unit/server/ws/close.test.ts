import type { WebSocket } from 'ws';
import { describe, expect, it, vi } from 'vitest';
import { closeReason, closeSocket, MAX_CLOSE_REASON_BYTES } from '@server/ws/close';

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

describe('closeReason', () => {
  it('keeps a short reason as it is', () => {
    expect(closeReason('idle timeout')).toBe('idle timeout');
    expect(closeReason('€'.repeat(41))).toBe('€'.repeat(41)); // exactly 123 bytes
  });

  it('cuts a long reason by UTF-8 bytes, never inside a character', () => {
    const euros = closeReason('€'.repeat(60)); // 180 bytes, 60 characters
    expect(bytes(euros)).toBeLessThanOrEqual(MAX_CLOSE_REASON_BYTES);
    expect(euros).toBe('€'.repeat(41));
    const mixed = closeReason(`${'a'.repeat(121)}€€`); // the first € would end at byte 124
    expect(mixed).toBe('a'.repeat(121));
    const emoji = closeReason('😀'.repeat(40)); // 4 bytes each (a surrogate pair in JS)
    expect(emoji).toBe('😀'.repeat(30));
    expect(closeReason('x'.repeat(500))).toHaveLength(123);
  });
});

describe('closeSocket', () => {
  it('cuts the connection when the socket refuses the close', () => {
    const socket = {
      close: vi.fn(() => {
        throw new RangeError('Invalid WebSocket frame: invalid status code 1006');
      }),
      terminate: vi.fn(),
    };
    expect(() => closeSocket(socket as unknown as WebSocket, 1006, '')).not.toThrow();
    expect(socket.terminate).toHaveBeenCalledOnce();
  });

  it('sends the cut reason', () => {
    const socket = { close: vi.fn(), terminate: vi.fn() };
    closeSocket(socket as unknown as WebSocket, 4000, '€'.repeat(60));
    expect(socket.close).toHaveBeenCalledWith(4000, '€'.repeat(41));
    expect(socket.terminate).not.toHaveBeenCalled();
  });
});
