/**
 * Locale rendering of an already rounded decimal string for src/lib/money.ts, exact in every
 * engine. The app's 15 languages are written with their CLDR symbols, without Intl
 * (src/lib/number-symbols.ts: the engine's first NumberFormat is slow to set up). Any other
 * language goes through Intl: where Intl.NumberFormat takes decimal strings exactly (NumberFormat
 * v3) the string is handed over as it is. Older engines convert a string through a float (2^53 +
 * 1 comes out as 2^53 + 2): there the integer part goes through Intl as a BigInt (exact wherever
 * Intl formats BigInt), the fraction digits are appended after the locale's decimal separator,
 * and the result is put in place of the digits of the same formatter's output for a BigInt of the
 * same sign, so signs, percent signs, spaces and direction marks stay the locale's own.
 *
 * Hand-written: no maintained library renders arbitrary-precision decimals with CLDR patterns
 * short of bundling its own locale data; this leans on the engine's Intl for every locale rule
 * but the few symbols of the app's own languages, which the tests check against Intl.
 */
import { LruMap } from './lru';
import { numberSymbols, renderWithSymbols, type NumberSymbols } from './number-symbols';

/** 'negative': only a minus; 'always': + or - (and +0); 'exceptZero': + or -, none on zero. */
export type SignDisplay = 'negative' | 'always' | 'exceptZero';

export interface RenderSpec {
  /** BCP 47 tag; an unknown or malformed one renders as 'en'. */
  language: string;
  style: 'decimal' | 'percent';
  /** Fraction digits of the number shown (the percentage's, for 'percent'). */
  decimals: number;
  sign?: SignDisplay;
  grouping?: boolean;
  trimZeros?: boolean;
}

const formatters = new LruMap<string, Intl.NumberFormat>(64);

function cached(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let nf = formatters.get(key);
  if (!nf) formatters.set(key, (nf = make()));
  return nf;
}

function create(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(language, options);
  } catch {
    return new Intl.NumberFormat('en', options); // unknown or malformed language tag
  }
}

/** The NumberFormat options a spec renders with (the symbols path writes what Intl does with them). */
export function intlOptions(spec: Omit<RenderSpec, 'language'>): Intl.NumberFormatOptions {
  const { style, decimals, sign, grouping, trimZeros } = spec;
  return {
    style,
    minimumFractionDigits: trimZeros ? 0 : decimals,
    maximumFractionDigits: decimals,
    useGrouping: grouping ?? true,
    signDisplay: sign === 'negative' || !sign ? 'auto' : sign,
    numberingSystem: 'latn',
  };
}

function numberFormat(spec: RenderSpec): Intl.NumberFormat {
  const { language, style, decimals, sign, grouping, trimZeros } = spec;
  return cached(`${language}|${style}|${decimals}|${sign}|${grouping}|${trimZeros}`, () =>
    create(language, intlOptions(spec)),
  );
}

/** Digits and group separators of a non-negative integer, in the formatter's locale. */
function integerText(locale: string, grouping: boolean, n: bigint): string {
  const nf = cached(`int|${locale}|${grouping}`, () =>
    create(locale, { useGrouping: grouping, maximumFractionDigits: 0, numberingSystem: 'latn' }),
  );
  return nf
    .formatToParts(n)
    .filter((p) => p.type === 'integer' || p.type === 'group')
    .map((p) => p.value)
    .join('');
}

/** The decimal separator `locale` writes numbers with in Latin digits ("," in de-DE, "." in en). */
export function decimalSeparator(locale: string): string {
  const symbols = ownSymbols(locale);
  if (symbols) return symbols.decimal;
  const nf = cached(`sep|${locale}`, () =>
    create(locale, { minimumFractionDigits: 1, numberingSystem: 'latn' }),
  );
  return nf.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
}

const NUMBER_PARTS: ReadonlySet<string> = new Set(['integer', 'group', 'decimal', 'fraction']);

/** The parts path: exact without NumberFormat v3 (see the module comment). */
function renderByParts(nf: Intl.NumberFormat, shown: string, spec: RenderSpec): string {
  const negative = shown.startsWith('-');
  const body = negative ? shown.slice(1) : shown;
  const dot = body.indexOf('.');
  const intDigits = dot < 0 ? body : body.slice(0, dot);
  const allFraction = dot < 0 ? '' : body.slice(dot + 1);
  const fraction = spec.trimZeros ? allFraction.replace(/0+$/, '') : allFraction;
  const zero = /^0*$/.test(intDigits) && /^0*$/.test(allFraction);
  const { locale } = nf.resolvedOptions();
  const digits =
    integerText(locale, spec.grouping ?? true, BigInt(intDigits || '0')) +
    (fraction ? decimalSeparator(locale) + fraction : '');
  let out = '';
  let placed = false;
  for (const part of nf.formatToParts(negative ? -1n : zero ? 0n : 1n)) {
    if (!NUMBER_PARTS.has(part.type)) out += part.value;
    else if (!placed) {
      out += digits;
      placed = true;
    }
  }
  return out;
}

/** "2.45" → "0.0245", "-245" → "-2.45": a percentage as the fraction Intl's percent style takes. */
export function percentToFraction(shown: string): string {
  const negative = shown.startsWith('-');
  const body = negative ? shown.slice(1) : shown;
  const dot = body.indexOf('.');
  const intDigits = (dot < 0 ? body : body.slice(0, dot)).padStart(3, '0');
  const fraction = dot < 0 ? '' : body.slice(dot + 1);
  const head = intDigits.slice(0, -2).replace(/^0+(?=\d)/, '');
  return `${negative ? '-' : ''}${head}.${intDigits.slice(-2)}${fraction}`;
}

let exactStrings: boolean | undefined;
/** How a number is rendered: the app's languages' own symbols, or Intl with or without strings. */
export type RenderPath = 'symbols' | 'strings' | 'parts';
let forced: RenderPath | undefined;

/** The language's own symbols (src/lib/number-symbols.ts says why), unless a test forces Intl. */
function ownSymbols(language: string): NumberSymbols | undefined {
  return forced === undefined || forced === 'symbols' ? numberSymbols(language) : undefined;
}

/** Whether this engine's Intl formats a decimal string without going through a float. */
export function formatsDecimalStringsExactly(): boolean {
  if (exactStrings === undefined) {
    try {
      const probe = new Intl.NumberFormat('en', { useGrouping: false, maximumFractionDigits: 1 });
      exactStrings =
        probe.format('9007199254740993.5' as Intl.StringNumericLiteral) === '9007199254740993.5';
    } catch {
      exactStrings = false;
    }
  }
  return exactStrings;
}

/**
 * For tests: take one path whatever the language and the engine support ('symbols' where the
 * language has them); undefined takes the symbols where they are and detects the engine again.
 */
export function forceRenderPath(path: RenderPath | undefined): void {
  forced = path;
  exactStrings = undefined;
}

/**
 * `shown` is the number exactly as displayed: rounded to `spec.decimals` (for 'percent', the
 * percentage, e.g. "2.45" for 2.45 %), plain notation, no negative zero.
 */
export function renderDecimal(shown: string, spec: RenderSpec): string {
  const symbols = ownSymbols(spec.language);
  if (symbols) return renderWithSymbols(shown, spec, symbols);
  const nf = numberFormat(spec);
  const strings = forced === 'strings' || (forced !== 'parts' && formatsDecimalStringsExactly());
  if (!strings) return renderByParts(nf, shown, spec);
  const value = spec.style === 'percent' ? percentToFraction(shown) : shown;
  return nf.format(value as Intl.StringNumericLiteral);
}
