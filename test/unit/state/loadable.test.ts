import { describe, expect, it } from 'vitest';
import { dataOf, failed, idle, pending, ready } from '@src/state/loadable';

describe('Loadable', () => {
  it('builds each status', () => {
    expect(idle()).toEqual({ status: 'idle' });
    expect(pending()).toEqual({ status: 'pending' });
    expect(pending(1)).toEqual({ status: 'pending', data: 1 });
    expect(ready(2)).toEqual({ status: 'ready', data: 2 });
    expect(failed('boom')).toEqual({ status: 'error', error: 'boom' });
    expect(failed('boom', 3)).toEqual({ status: 'error', error: 'boom', data: 3 });
    expect('data' in pending()).toBe(false);
  });

  it('dataOf returns the last known data whatever the status', () => {
    expect(dataOf(idle())).toBeUndefined();
    expect(dataOf(pending())).toBeUndefined();
    expect(dataOf(pending('a'))).toBe('a');
    expect(dataOf(ready('b'))).toBe('b');
    expect(dataOf(failed('x', 'c'))).toBe('c');
    expect(dataOf(ready(null))).toBeNull();
  });
});
