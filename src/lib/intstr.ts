/**
 * Comparisons of integer strings ("-?\d+", any length) without parsing them into numbers.
 * Hand-written rather than BigInt: it runs for every item on the ingest hot path (updatedAtE3
 * checks) and allocates nothing.
 */

function firstSignificant(s: string, from: number): number {
  let i = from;
  while (i < s.length - 1 && s.charCodeAt(i) === 48 /* 0 */) i++;
  return i;
}

function compareMagnitude(a: string, ai: number, b: string, bi: number): -1 | 0 | 1 {
  const la = a.length - ai;
  const lb = b.length - bi;
  if (la !== lb) return la < lb ? -1 : 1;
  for (let k = 0; k < la; k++) {
    const ca = a.charCodeAt(ai + k);
    const cb = b.charCodeAt(bi + k);
    if (ca !== cb) return ca < cb ? -1 : 1;
  }
  return 0;
}

function isZeroFrom(s: string, i: number): boolean {
  return i === s.length - 1 && s.charCodeAt(i) === 48;
}

/** Compares two integer strings: -1, 0 or 1. Inputs must match /^-?\d+$/. */
export function compareIntStr(a: string, b: string): -1 | 0 | 1 {
  const na = a.charCodeAt(0) === 45; /* - */
  const nb = b.charCodeAt(0) === 45;
  const ai = firstSignificant(a, na ? 1 : 0);
  const bi = firstSignificant(b, nb ? 1 : 0);
  // "-0" equals "0".
  const negA = na && !isZeroFrom(a, ai);
  const negB = nb && !isZeroFrom(b, bi);
  if (negA !== negB) return negA ? -1 : 1;
  const m = compareMagnitude(a, ai, b, bi);
  return negA ? ((-m || 0) as -1 | 0 | 1) : m;
}

/** True when the decimal string ("-?\d+(\.\d+)?") is strictly greater than zero. */
export function isPositiveDecimal(s: string): boolean {
  if (s.charCodeAt(0) === 45) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 49 && c <= 57) return true; // a non-zero digit
  }
  return false;
}

/** Milliseconds ("...E3" integer string) as microseconds, for comparison with a REST time_now. */
export function e3ToMicros(e3: string): string {
  return isZeroFrom(e3, firstSignificant(e3, e3.charCodeAt(0) === 45 ? 1 : 0)) ? '0' : `${e3}000`;
}

/**
 * A REST `time_now` ("1732150000.123456", seconds) as an integer string of microseconds, or
 * undefined if it is not of that form.
 */
export function timeNowToMicros(timeNow: unknown): string | undefined {
  if (typeof timeNow !== 'string') return undefined;
  const m = /^(\d+)(?:\.(\d+))?$/.exec(timeNow);
  if (!m) return undefined;
  const frac = ((m[2] ?? '') + '000000').slice(0, 6);
  const digits = (m[1] + frac).replace(/^0+(?=\d)/, '');
  return digits;
}
