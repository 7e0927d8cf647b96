/**
 * Fixed-point decimals as BigInt integers with a scale (value = n / 10^scale): prices in ticks,
 * sizes in steps and E8 amounts all stay exact, and never pass through a float. BigInt rather
 * than decimal.js because every value here has a known, bounded scale and the market formats
 * thousands of prices per second.
 */

export type Rounding = 'trunc' | 'floor' | 'ceil' | 'halfUp';

const POW10: bigint[] = [];
export function pow10(k: number): bigint {
  if (k < 0) throw new RangeError(`pow10(${k})`);
  return (POW10[k] ??= 10n ** BigInt(k));
}

/** a / b rounded as asked (b > 0 or < 0, never 0). */
export function divRound(a: bigint, b: bigint, mode: Rounding = 'trunc'): bigint {
  if (b === 0n) throw new RangeError('division by zero');
  const q = a / b; // truncates toward zero
  const r = a % b;
  if (r === 0n) return q;
  const negative = a < 0n !== b < 0n;
  switch (mode) {
    case 'trunc':
      return q;
    case 'floor':
      return negative ? q - 1n : q;
    case 'ceil':
      return negative ? q : q + 1n;
    case 'halfUp': {
      const twice = 2n * (r < 0n ? -r : r);
      const absB = b < 0n ? -b : b;
      if (twice >= absB) return negative ? q - 1n : q + 1n;
      return q;
    }
  }
}

/** Changes the scale of `n` from `from` to `to` decimals. */
export function rescale(n: bigint, from: number, to: number, mode: Rounding = 'trunc'): bigint {
  if (to >= from) return n * pow10(to - from);
  return divRound(n, pow10(from - to), mode);
}

/** `n / 10^scale` as a decimal string with exactly `scale` decimals ("-12.50"). */
export function formatFixed(n: bigint, scale: number): string {
  const neg = n < 0n;
  const digits = (neg ? -n : n).toString();
  if (scale === 0) return neg ? `-${digits}` : digits;
  const padded = digits.padStart(scale + 1, '0');
  const int = padded.slice(0, padded.length - scale);
  const frac = padded.slice(padded.length - scale);
  return `${neg ? '-' : ''}${int}.${frac}`;
}

/** Like formatFixed, without trailing zeros in the fraction ("0.000100" -> "0.0001"). */
export function formatTrimmed(n: bigint, scale: number): string {
  const s = formatFixed(n, scale);
  if (scale === 0) return s;
  const t = s.replace(/0+$/, '');
  return t.endsWith('.') ? t.slice(0, -1) : t;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Parses a decimal string into an integer at `scale` decimals (extra digits rounded). */
export function parseFixed(s: string, scale: number, mode: Rounding = 'trunc'): bigint {
  const m = DECIMAL.exec(s);
  if (!m) throw new RangeError(`not a decimal string: ${JSON.stringify(s)}`);
  const frac = m[3] ?? '';
  const n = BigInt(`${m[2]}${frac}`) * (m[1] ? -1n : 1n);
  return rescale(n, frac.length, scale, mode);
}

/** Number of decimals of a decimal string ("0.010" -> 3). */
export function decimalsOf(s: string): number {
  const m = DECIMAL.exec(s);
  if (!m) throw new RangeError(`not a decimal string: ${JSON.stringify(s)}`);
  return (m[3] ?? '').length;
}

export const E8 = 8;

export const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);
export const max = (a: bigint, b: bigint): bigint => (a > b ? a : b);
