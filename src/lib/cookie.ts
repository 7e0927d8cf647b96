/**
 * Cookie helpers over `document.cookie` (or any object with a `cookie` string property, for
 * tests and non-browser hosts). They never throw: without a document they do nothing.
 */

export interface CookieJar {
  cookie: string;
}

export interface CookieOptions {
  /** Defaults to '/'. */
  path?: string;
  /** Seconds; omitted means a session cookie. */
  maxAge?: number;
  domain?: string;
  /** Defaults to 'Lax'. 'None' implies Secure. */
  sameSite?: 'Strict' | 'Lax' | 'None';
  secure?: boolean;
}

function defaultJar(): CookieJar | null {
  try {
    const d = (globalThis as { document?: CookieJar }).document;
    return d && typeof d.cookie === 'string' ? d : null;
  } catch {
    return null;
  }
}

// RFC 6265 token characters: a name outside them would corrupt the cookie header.
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function decode(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

/** The value of cookie `name`, or undefined. */
export function getCookie(name: string, jar: CookieJar | null = defaultJar()): string | undefined {
  if (!jar) return undefined;
  let all: string;
  try {
    all = jar.cookie;
  } catch {
    return undefined;
  }
  for (const part of all.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decode(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** The Set-Cookie style string `setCookie` writes (exported for tests and servers). */
export function serialiseCookie(name: string, value: string, opts: CookieOptions = {}): string {
  if (!COOKIE_NAME.test(name)) throw new TypeError(`Invalid cookie name: ${name}`);
  const sameSite = opts.sameSite ?? 'Lax';
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${opts.path ?? '/'}`];
  if (opts.maxAge !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(opts.maxAge))}`);
  if (opts.domain) parts.push(`Domain=${opts.domain}`);
  parts.push(`SameSite=${sameSite}`);
  if (opts.secure || sameSite === 'None') parts.push('Secure');
  return parts.join('; ');
}

/** Sets cookie `name`; false when there is no document or the name is invalid. */
export function setCookie(
  name: string,
  value: string,
  opts: CookieOptions = {},
  jar: CookieJar | null = defaultJar(),
): boolean {
  if (!jar || !COOKIE_NAME.test(name)) return false;
  try {
    jar.cookie = serialiseCookie(name, value, opts);
    return true;
  } catch {
    return false;
  }
}
