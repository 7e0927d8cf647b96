// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { getCookie, serialiseCookie, setCookie } from '@src/lib/cookie';

afterEach(() => {
  for (const name of ['a', 'b', 'lang', 'secure-token-testnet']) setCookie(name, '', { maxAge: 0 });
});

describe('cookies in a real document (jsdom)', () => {
  it('sets and reads a cookie', () => {
    expect(setCookie('lang', 'zh-HK')).toBe(true);
    expect(getCookie('lang')).toBe('zh-HK');
  });

  it('encodes values with separators and decodes them back', () => {
    setCookie('a', 'x; y=z, ü');
    expect(getCookie('a')).toBe('x; y=z, ü');
  });

  it('keeps cookies apart by exact name', () => {
    setCookie('a', '1');
    setCookie('b', '2');
    setCookie('secure-token-testnet', 'tok');
    expect(getCookie('a')).toBe('1');
    expect(getCookie('b')).toBe('2');
    expect(getCookie('secure-token')).toBeUndefined();
    expect(getCookie('secure-token-testnet')).toBe('tok');
  });

  it('max-age 0 expires the cookie at once', () => {
    setCookie('a', '1', { maxAge: 0 });
    expect(getCookie('a')).toBeUndefined();
  });

  it('refuses names that would corrupt the header', () => {
    expect(setCookie('a=b', '1')).toBe(false);
    expect(setCookie('a;b', '1')).toBe(false);
    expect(setCookie('', '1')).toBe(false);
  });
});

describe('serialiseCookie', () => {
  it('writes path, max-age, domain and SameSite', () => {
    expect(serialiseCookie('lang', 'en', { maxAge: 3600.7, domain: '.bybit.com' })).toBe(
      'lang=en; Path=/; Max-Age=3600; Domain=.bybit.com; SameSite=Lax',
    );
    expect(serialiseCookie('s', 'v', { path: '/x', sameSite: 'Strict', secure: true })).toBe(
      's=v; Path=/x; SameSite=Strict; Secure',
    );
  });

  it('SameSite=None always carries Secure', () => {
    expect(serialiseCookie('s', 'v', { sameSite: 'None' })).toBe(
      's=v; Path=/; SameSite=None; Secure',
    );
  });
});

describe('without a document', () => {
  it('does nothing and never throws', () => {
    expect(getCookie('a', null)).toBeUndefined();
    expect(setCookie('a', '1', {}, null)).toBe(false);
  });

  it('a jar whose getter throws reads as no cookie', () => {
    const jar = {
      get cookie(): string {
        throw new DOMException('insecure', 'SecurityError');
      },
      set cookie(_v: string) {
        throw new DOMException('insecure', 'SecurityError');
      },
    };
    expect(getCookie('a', jar)).toBeUndefined();
    expect(setCookie('a', '1', {}, jar)).toBe(false);
  });
});
