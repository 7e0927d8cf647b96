import { describe, expect, it } from 'vitest';
import { LruMap } from '@src/lib/lru';

describe('LruMap', () => {
  it('evicts the least recently used entry past capacity', () => {
    const m = new LruMap<string, number>(2);
    m.set('a', 1);
    m.set('b', 2);
    expect(m.get('a')).toBe(1); // a is now the most recent
    expect(m.set('c', 3)).toEqual({ key: 'b', value: 2 });
    expect(m.keys()).toEqual(['a', 'c']);
  });

  it('peek does not change recency; re-setting does', () => {
    const m = new LruMap<string, number>(2);
    m.set('a', 1);
    m.set('b', 2);
    m.peek('a');
    m.set('b', 20);
    expect(m.set('c', 3)?.key).toBe('a');
  });

  it('delete, clear, has, size', () => {
    const m = new LruMap<string, number>(3);
    m.set('a', 1);
    m.set('b', 2);
    expect(m.has('a')).toBe(true);
    expect(m.delete('a')).toBe(true);
    expect(m.size).toBe(1);
    m.clear();
    expect(m.size).toBe(0);
    expect(m.get('b')).toBeUndefined();
  });

  it('stores undefined values faithfully', () => {
    const m = new LruMap<string, undefined>(1);
    m.set('a', undefined);
    expect(m.has('a')).toBe(true);
  });

  it('rejects a capacity below 1', () => {
    expect(() => new LruMap(0)).toThrow(RangeError);
  });
});
