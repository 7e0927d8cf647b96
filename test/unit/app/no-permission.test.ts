import { describe, expect, it, vi } from 'vitest';
import { noPermissionBridge, type NoPermissionListener } from '@src/app/no-permission';

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
