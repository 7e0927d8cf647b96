/**
 * THE formatting module for amounts. Fixed-point strings (`...E8`, `...E4`: integers scaled by
 * 10^8 / 10^4, possibly negative, possibly beyond 2^53) are parsed and added with BigInt and
 * rounded with decimal.js; display goes through the locale's number symbols (Intl.NumberFormat
 * for a language the app does not ship), never through a float (src/lib/money-intl.ts), so no
 * digit is ever lost in any engine.
 */
import Decimal from 'decimal.js';
import { compareIntStr } from './intstr';
import { renderDecimal, type SignDisplay } from './money-intl';

/** Decimal.js with room for any amount: rounding only ever happens where we ask for it. */
const D = Decimal.clone({ precision: 1_000, toExpNeg: -9e15, toExpPos: 9e15 });

export const E8 = 8;
/** The coin copy-trade accounts, linear (USDT) contracts and the account's risk figures are in. */
export const SETTLEMENT_COIN = 'USDT';
const E4 = 4;
/** What hidden amounts show (preferences.showAssets = 0). */
export const MASK = '****';
/** What a missing or malformed amount shows. */
export const PLACEHOLDER = '--';

const INT = /^-?\d+$/;
const DEC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

export class MoneyError extends Error {
  override name = 'MoneyError';
}

/** True for a fixed-point integer string ("-?digits"). */
export function isScaledString(v: unknown): v is string {
  return typeof v === 'string' && INT.test(v);
}

/**
 * True for a decimal amount as a person may type it: an optional sign, digits with an optional
 * point ("-12.5", "+5", ".5", "5."), no exponent. Laxer than the wire's decimal strings
 * (`isDecimalString` of src/wire/validate.ts), which are validated before they get here.
 */
export function isDecimalInput(v: unknown): v is string {
  return typeof v === 'string' && DEC.test(v);
}

/** A fixed-point integer string as a BigInt; throws MoneyError when malformed. */
export function parseScaled(s: string): bigint {
  if (!isScaledString(s)) throw new MoneyError(`Not a fixed-point integer string: ${String(s)}`);
  return BigInt(s);
}

/** a + b of two strings at the same scale. */
export function addScaled(a: string, b: string): string {
  return (parseScaled(a) + parseScaled(b)).toString();
}

/** a - b of two strings at the same scale. */
export function subScaled(a: string, b: string): string {
  return (parseScaled(a) - parseScaled(b)).toString();
}

/** The sum of strings at the same scale ("0" for none). */
export function sumScaled(values: Iterable<string>): string {
  let total = 0n;
  for (const v of values) total += parseScaled(v);
  return total.toString();
}

/** -1, 0 or 1 (validates, then compares without allocating big numbers). */
export function compareScaled(a: string, b: string): -1 | 0 | 1 {
  parseScaled(a);
  parseScaled(b);
  return compareIntStr(a, b);
}

/** A fixed-point string as an exact decimal string: ("-5", 8) → "-0.00000005"; no trailing zeros. */
export function scaledToDecimal(s: string, scale: number): string {
  const n = parseScaled(s);
  const neg = n < 0n;
  const digits = (neg ? -n : n).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
  const body = frac ? `${int}.${frac}` : int;
  return neg && body !== '0' ? `-${body}` : body;
}

/**
 * 'down': towards zero (cut); 'up': away from zero; 'halfUp': to the nearest, a tie away from
 * zero (+0.00005 → 0.0001, −0.00005 → −0.0001: gains and losses alike); 'halfEven': to the
 * nearest, a tie to the even digit.
 */
export type Rounding = 'down' | 'up' | 'halfUp' | 'halfEven';
const ROUNDING: Record<Rounding, Decimal.Rounding> = {
  down: Decimal.ROUND_DOWN,
  up: Decimal.ROUND_UP,
  halfUp: Decimal.ROUND_HALF_UP,
  halfEven: Decimal.ROUND_HALF_EVEN,
};

/** A decimal string as a fixed-point string at `scale`; extra digits rounded (default down). */
export function decimalToScaled(d: string, scale: number, rounding: Rounding = 'down'): string {
  if (!isDecimalInput(d)) throw new MoneyError(`Not a decimal string: ${String(d)}`);
  const v = new D(d).toDecimalPlaces(scale, ROUNDING[rounding]);
  return v.times(new D(10).pow(scale)).toFixed(0).replace(/^-0$/, '0');
}

export const e8ToDecimal = (s: string): string => scaledToDecimal(s, E8);
export const e4ToDecimal = (s: string): string => scaledToDecimal(s, E4);
export const decimalToE8 = (d: string, rounding?: Rounding): string =>
  decimalToScaled(d, E8, rounding);

function checkDecimals(...values: string[]): void {
  for (const v of values) {
    if (!isDecimalInput(v)) throw new MoneyError(`Not a decimal string: ${String(v)}`);
  }
}

/*
 * mulDecimal, subDecimal, compareDecimal and sumDecimals work on BigInt at the operands' scale
 * (exact, like decimal.js at this module's precision, and the same strings): they value every
 * open position at every quote and add up the live totals, once a frame; with decimal.js that
 * was about 7 % of the main thread in the browser benchmark's heavy scenario, 4 % after
 * (docs/performance.md).
 */

/** a × b of two decimal strings, exact (e.g. a coin amount times its USD rate). */
export function mulDecimal(a: string, b: string): string {
  checkDecimals(a, b);
  const x = toScaledInt(a);
  const y = toScaledInt(b);
  return scaledToDecimal((x.n * y.n).toString(), x.scale + y.scale);
}

/** a − b of two decimal strings, exact. */
export function subDecimal(a: string, b: string): string {
  checkDecimals(a, b);
  const x = toScaledInt(a);
  const y = toScaledInt(b);
  const scale = Math.max(x.scale, y.scale);
  const diff = x.n * 10n ** BigInt(scale - x.scale) - y.n * 10n ** BigInt(scale - y.scale);
  return scaledToDecimal(diff.toString(), scale);
}

/** -1, 0 or 1: a compared with b, two decimal strings, exactly. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  checkDecimals(a, b);
  const x = toScaledInt(a);
  const y = toScaledInt(b);
  const scale = Math.max(x.scale, y.scale);
  const l = x.n * 10n ** BigInt(scale - x.scale);
  const r = y.n * 10n ** BigInt(scale - y.scale);
  return l < r ? -1 : l > r ? 1 : 0;
}

/**
 * The sum of decimal strings, exact; undefined entries (unknown values) are skipped. Written with
 * BigInt at the largest scale seen rather than decimal.js: the live PnL totals add up every open
 * position once a frame (1 000 in the browser benchmark: 3.6 % of the main thread with a Decimal
 * per value, 1.5 % now); the result is the same string Decimal's toFixed() gives.
 */
export function sumDecimals(values: Iterable<string | undefined>): string {
  let total = 0n;
  let scale = 0;
  for (const v of values) {
    if (v === undefined) continue;
    checkDecimals(v);
    const { n, scale: s } = toScaledInt(v);
    if (s > scale) {
      total = total * 10n ** BigInt(s - scale) + n;
      scale = s;
    } else {
      total += s === scale ? n : n * 10n ** BigInt(scale - s);
    }
  }
  return scaledToDecimal(total.toString(), scale);
}

/**
 * An exact running sum of decimal strings that values can be added to and taken out of: what
 * sumDecimals would give for the values in it, without adding them all up again when one
 * changes (the live PnL total over 1 000 positions, once a frame).
 */
export class DecimalSum {
  private total = 0n;
  private scale = 0;

  add(v: string): void {
    this.put(v, 1n);
  }

  /** Takes out a value added before. */
  remove(v: string): void {
    this.put(v, -1n);
  }

  /** One value becomes another: `before` (added before) out, `after` in; undefined is none. */
  replace(before: string | undefined, after: string | undefined): void {
    if (before !== undefined) this.remove(before);
    if (after !== undefined) this.add(after);
  }

  toString(): string {
    return scaledToDecimal(this.total.toString(), this.scale);
  }

  private put(v: string, sign: 1n | -1n): void {
    checkDecimals(v);
    const { n, scale: s } = toScaledInt(v);
    if (s > this.scale) {
      this.total *= 10n ** BigInt(s - this.scale);
      this.scale = s;
    }
    this.total += sign * (s === this.scale ? n : n * 10n ** BigInt(this.scale - s));
  }
}

/** A decimal string as an integer and its scale: "-12.50" → { n: -1250n, scale: 2 }. */
function toScaledInt(d: string): { n: bigint; scale: number } {
  const neg = d.startsWith('-');
  const body = d.replace(/^[+-]/, '');
  const dot = body.indexOf('.');
  const int = dot < 0 ? body : body.slice(0, dot);
  const frac = dot < 0 ? '' : body.slice(dot + 1);
  const n = BigInt(`${int || '0'}${frac}`);
  return { n: neg ? -n : n, scale: frac.length };
}

/**
 * a ÷ b as a fixed-point string at `scale`, rounded exactly (BigInt long division, so no
 * precision setting can cut a digit before the rounding); throws MoneyError when b is zero.
 */
export function divideToScaled(
  a: string,
  b: string,
  scale: number,
  rounding: Rounding = 'down',
): string {
  checkDecimals(a, b);
  const x = toScaledInt(a);
  const y = toScaledInt(b);
  if (y.n === 0n) throw new MoneyError(`Division by zero: ${a} / ${b}`);
  // a / b × 10^scale = x.n × 10^(y.scale + scale) / (y.n × 10^x.scale)
  const num = x.n * 10n ** BigInt(y.scale + scale);
  const den = y.n * 10n ** BigInt(x.scale);
  const negative = num < 0n !== den < 0n;
  const absNum = num < 0n ? -num : num;
  const absDen = den < 0n ? -den : den;
  let q = absNum / absDen;
  const twiceRest = (absNum % absDen) * 2n;
  const up =
    rounding === 'up'
      ? twiceRest > 0n
      : rounding === 'halfUp'
        ? twiceRest >= absDen
        : rounding === 'halfEven'
          ? twiceRest > absDen || (twiceRest === absDen && q % 2n === 1n)
          : false;
  if (up) q += 1n;
  return (negative && q !== 0n ? -q : q).toString();
}

/**
 * A drawing coordinate (a chart axis tick recharts picked on its number scale) as a decimal
 * string, for writing it like an amount. Never for amounts themselves; undefined when not finite.
 */
export function coordinateToDecimal(n: number): string | undefined {
  return Number.isFinite(n) ? new D(n).toFixed() : undefined;
}

// ---- display ----

const USD_PRECISION = 2;
/**
 * Display decimals per coin; unknown coins show all 8 (the E8 scale: nothing is hidden). Fiat
 * moves in cents: the simulator's one fiat coin, USD (fiat and MT4/MT5 accounts), shows 2, like
 * every USD value.
 */
const COIN_PRECISION: Readonly<Record<string, number>> = {
  BTC: 8,
  ETH: 8,
  USDT: 4,
  USDC: 4,
  EOS: 4,
  XRP: 4,
  USD: USD_PRECISION,
};
const DEFAULT_COIN_PRECISION = 8;
export const PERCENT_PRECISION = 2;

export function coinPrecision(coin: string | undefined): number {
  return (coin ? COIN_PRECISION[coin.toUpperCase()] : undefined) ?? DEFAULT_COIN_PRECISION;
}

/**
 * Decimal places of a price tick or quantity step ("0.0010" → 3, "0.5" → 1, "10" → 0): the
 * precision an instrument's prices or sizes are written at. Undefined when not a positive decimal.
 */
export function stepDecimals(step: string | undefined): number | undefined {
  if (!isDecimalInput(step) || new D(step).lte(0)) return undefined;
  return new D(step).decimalPlaces();
}

export type { SignDisplay };

/**
 * The kinds of figure the screens show, each with ONE rounding rule (issue 15, item 16):
 *
 * - `balance` (wallet balance, equity, available, margins, total assets, USD totals, investment,
 *   profit share paid, a size held): rounded DOWN. A balance is never shown larger than it is: a
 *   user who sees 0.2159 can move 0.2159. This is what exchanges do for balances.
 * - `pnl` (unrealised and realised PnL, income, yield rate, ROE): rounded to the NEAREST, a tie
 *   AWAY FROM ZERO (half-up in magnitude). A PnL is a measurement, not something to spend: the
 *   nearest figure is the honest one (0.21599785 shows +0.2160, not +0.2159), and ties go away
 *   from zero so that a gain and a loss of the same size show the same digits — half-even would
 *   write +0.00005 as 0.0000 and +0.00015 as 0.0002, which a trader checking by hand reads as a
 *   bug; its advantage (no bias in sums of rounded values) does not apply, since totals are
 *   summed exactly and rounded once.
 * - `rate` (margin rates and other ratios that are not returns): nearest, ties away from zero.
 * - `price` (a price cut to its tick): nearest, ties away from zero.
 * - `size` (order and position quantities): down (a size is a multiple of its step anyway).
 * - `minimum` (the least an amount may be: a minimum withdrawal or subscription): rounded UP, the
 *   mirror of a balance. A minimum is never shown smaller than it is: a user who types the
 *   minimum shown is not refused. (A maximum is what the user has: a `balance`, rounded down.)
 * - `debt` (what a loan owes, where it is not written with all its decimals: the unified
 *   account's loan in USD): rounded UP. A debt is never shown smaller than it is.
 */
export type Figure = 'balance' | 'pnl' | 'rate' | 'price' | 'size' | 'minimum' | 'debt';

export const FIGURE_ROUNDING: Readonly<Record<Figure, Rounding>> = {
  balance: 'down',
  pnl: 'halfUp',
  rate: 'halfUp',
  price: 'halfUp',
  size: 'down',
  minimum: 'up',
  debt: 'up',
};

export interface FormatOptions {
  /** BCP 47 tag; separators follow it. Default 'en'. Digits are always Latin. */
  language?: string;
  /** Fraction digits (0-20). */
  decimals?: number;
  /** What the figure is: decides its rounding (FIGURE_ROUNDING). Default 'balance' (down). */
  figure?: Figure;
  /** Overrides the figure's rule (counts and other numbers that are not amounts). */
  rounding?: Rounding;
  sign?: SignDisplay;
  /** Group separators; default true. */
  grouping?: boolean;
  /** Drop trailing fraction zeros ("1.50000000" → "1.5"). */
  trimZeros?: boolean;
  /** Show MASK instead of the amount (assets hidden). */
  masked?: boolean;
}

/** What an amount shows, and the sign of the value as shown (after rounding). */
export interface Displayed {
  text: string;
  /** -1, 0 or 1 of the rounded value (−0.00004 at 4 decimals is 0); null when masked or missing. */
  sign: -1 | 0 | 1 | null;
}

const MASKED: Displayed = { text: MASK, sign: null };
const MISSING: Displayed = { text: PLACEHOLDER, sign: null };

/** The rounding of a figure: its explicit rounding, else its kind's rule (default: balance). */
function roundingFor(opts: FormatOptions, figure: Figure = 'balance'): Rounding {
  return opts.rounding ?? FIGURE_ROUNDING[opts.figure ?? figure];
}

function clampDecimals(d: number | undefined, fallback: number): number {
  if (d === undefined || !Number.isFinite(d)) return fallback;
  return Math.min(20, Math.max(0, Math.trunc(d)));
}

/** Rounds a decimal to `decimals` places as a fixed string; a rounded zero loses its sign. */
function roundedFixed(value: string, decimals: number, rounding: Rounding): string {
  const r = new D(value).toDecimalPlaces(decimals, ROUNDING[rounding]);
  return (r.isZero() ? r.abs() : r).toFixed(decimals);
}

function shown(
  fixed: string,
  style: 'decimal' | 'percent',
  decimals: number,
  opts: FormatOptions,
): Displayed {
  const text = renderDecimal(fixed, {
    language: opts.language ?? 'en',
    style,
    decimals,
    sign: opts.sign,
    grouping: opts.grouping,
    trimZeros: opts.trimZeros,
  });
  const sign = /^[0.]+$/.test(fixed) ? 0 : fixed.startsWith('-') ? -1 : 1;
  return { text, sign };
}

/** A decimal string ("-1234.5") for display, with the sign of what is shown. */
export function displayDecimal(
  value: string | null | undefined,
  opts: FormatOptions = {},
): Displayed {
  if (opts.masked) return MASKED;
  if (!isDecimalInput(value)) return MISSING;
  const decimals = clampDecimals(opts.decimals, DEFAULT_COIN_PRECISION);
  return shown(roundedFixed(value, decimals, roundingFor(opts)), 'decimal', decimals, opts);
}

/** An `...E8` amount for display; decimals default to the coin's precision. */
export function displayE8(
  valueE8: string | null | undefined,
  opts: FormatOptions & { coin?: string } = {},
): Displayed {
  if (opts.masked) return MASKED;
  if (!isScaledString(valueE8)) return MISSING;
  return displayDecimal(scaledToDecimal(valueE8, E8), {
    ...opts,
    decimals: opts.decimals ?? coinPrecision(opts.coin),
  });
}

/** A coin amount given as a decimal string, at the coin's precision. */
export function displayCoin(
  value: string | null | undefined,
  coin: string,
  opts: FormatOptions = {},
): Displayed {
  return displayDecimal(value, { ...opts, decimals: opts.decimals ?? coinPrecision(coin) });
}

/** A USD value (decimal string) with 2 decimals, rounded by its figure's rule (default balance). */
export function displayUsd(value: string | null | undefined, opts: FormatOptions = {}): Displayed {
  return displayDecimal(value, { ...opts, decimals: opts.decimals ?? USD_PRECISION });
}

/**
 * An `...E4` rate as a percentage: "245" → "2.45%" (locale-aware sign and spacing); rounded as a
 * `rate` unless the figure says otherwise (a yield or ROE is a `pnl`: the same rule today).
 */
export function displayPercentE4(
  rateE4: string | null | undefined,
  opts: FormatOptions = {},
): Displayed {
  if (opts.masked) return MASKED;
  if (!isScaledString(rateE4)) return MISSING;
  const decimals = clampDecimals(opts.decimals, PERCENT_PRECISION);
  // Round the percentage itself (E4 of a fraction = E2 of a percentage).
  const percent = roundedFixed(scaledToDecimal(rateE4, 2), decimals, roundingFor(opts, 'rate'));
  return shown(percent, 'percent', decimals, opts);
}

/** Formats a decimal string ("-1234.5") for display. */
export const formatDecimal = (value: string | null | undefined, opts?: FormatOptions): string =>
  displayDecimal(value, opts).text;

/** Formats a USD value (decimal string) with 2 decimals, rounded by its figure's rule. */
export const formatUsd = (value: string | null | undefined, opts?: FormatOptions): string =>
  displayUsd(value, opts).text;
