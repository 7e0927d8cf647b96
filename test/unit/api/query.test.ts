import { describe, expect, it } from 'vitest';
import { buildUrl, toQueryPairs } from '@src/api/query';

describe('buildUrl', () => {
  it('joins base and path with exactly one slash', () => {
    expect(buildUrl('http://h/api', '/x')).toBe('http://h/api/x');
    expect(buildUrl('http://h/api/', 'x')).toBe('http://h/api/x');
    expect(buildUrl('http://h/api//', '//x')).toBe('http://h/api/x');
  });

  it('appends query pairs, with & when the path already has a query', () => {
    expect(buildUrl('http://h', '/x', { a: 1 })).toBe('http://h/x?a=1');
    expect(buildUrl('http://h', '/x?name=USD', { a: 1 })).toBe('http://h/x?name=USD&a=1');
    expect(buildUrl('http://h', '/x', {})).toBe('http://h/x');
    expect(buildUrl('http://h', '/x', { a: undefined })).toBe('http://h/x');
  });
});

describe('toQueryPairs', () => {
  it('repeats arrays, stringifies scalars, skips null and undefined', () => {
    expect(
      toQueryPairs({ c: ['BTC', null, 'ETH'], n: 0, b: false, big: 10n ** 20n, u: undefined }),
    ).toEqual([
      ['c', 'BTC'],
      ['c', 'ETH'],
      ['n', '0'],
      ['b', 'false'],
      ['big', '100000000000000000000'],
    ]);
    expect(toQueryPairs(undefined)).toEqual([]);
  });
});
