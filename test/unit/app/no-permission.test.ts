import { describe, expect, it, vi } from 'vitest';
import {
  holdUntilSubscribed,
  noPermissionBridge,
  type NoPermissionListener,
} from '@src/app/no-permission';

describe('noPermissionBridge', () => {
  it('passes HTTP no-permission errors through and reports stream refusals as 10007', () => {
    const httpListeners = new Set<NoPermissionListener>();
    const bridge = noPermissionBridge((l) => {
      httpListeners.add(l);
      return () => httpListeners.delete(l);
    });
    const seen = vi.fn();
    const off = bridge.subscribe(seen);
    const httpErr = Object.assign(new Error('forbidden'), { code: 33003 });
    httpListeners.forEach((l) => l(httpErr));
    bridge.report('private: token rejected');
    expect(seen).toHaveBeenNthCalledWith(1, httpErr);
    expect(seen).toHaveBeenNthCalledWith(
      2,
      expect.objectContaining({ code: 10007, message: 'private: token rejected' }),
    );
    off();
    expect(httpListeners.size).toBe(0);
    bridge.report('again');
    expect(seen).toHaveBeenCalledTimes(2);
  });
});

describe('holdUntilSubscribed', () => {
  it('hands what came before the first listener to it, then passes events through', () => {
    const sources = new Set<NoPermissionListener>();
    const held = holdUntilSubscribed((l) => {
      sources.add(l);
      return () => sources.delete(l);
    });
    const early = new Error('early');
    sources.forEach((l) => l(early));
    const first = vi.fn();
    const off = held(first);
    expect(first).toHaveBeenCalledWith(early);
    // The holding listener is gone: only the app's remains.
    expect(sources.size).toBe(1);
    const late = new Error('late');
    sources.forEach((l) => l(late));
    expect(first).toHaveBeenNthCalledWith(2, late);
    off();
    expect(sources.size).toBe(0);
    // A later listener (StrictMode's second mount) gets no replay.
    const second = vi.fn();
    held(second);
    expect(second).not.toHaveBeenCalled();
  });
});
