/**
 * The number symbols of the app's languages (CLDR, Latin digits), and the rendering of an already
 * rounded decimal string with them: what Intl.NumberFormat writes for the options
 * src/lib/money-intl.ts passes it (decimal or percent style, grouping always or never, sign
 * auto / always / exceptZero), without creating one.
 *
 * Why by hand (issue 13, app-ready at 4x CPU throttling): the engine's first Intl.NumberFormat,
 * whatever its language, sets up its number formatting (ICU), 90-170 ms of the throttled main
 * thread in Chromium (measured on a blank page; 23-27 ms in Node 20), and every screen of the app
 * shows an amount. Without it the signed-in copy-trade page came up 0.91x as late (medians of 16
 * cold runs each, alternately, in both orders; its main thread ran 0.89x as long:
 * docs/performance.md). Any other language tag goes through Intl as before.
 *
 * The table is checked against Intl in every language, Node's by
 * test/unit/lib/number-symbols.test.ts and Chromium's by test/e2e/number-symbols.e2e.test.ts, so
 * a difference from the engines' CLDR fails the suite rather than the page.
 */
export interface NumberSymbols {
  /** Between the integer digits and the fraction digits. */
  readonly decimal: string;
  /** Between groups of three integer digits. */
  readonly group: string;
  /** Written before a plus or minus sign (Arabic's left-to-right mark), nothing otherwise. */
  readonly signMark: string;
  /** The percent sign with its spacing, and on which side of the digits it goes. */
  readonly percent: string;
  readonly percentBefore: boolean;
}

const NBSP = '\u00a0';

const COMMA_DOT: NumberSymbols = {
  decimal: '.',
  group: ',',
  signMark: '',
  percent: '%',
  percentBefore: false,
};
const DOT_COMMA: NumberSymbols = { ...COMMA_DOT, decimal: ',', group: '.' };

/** By the tags of src/i18n/languages.ts (lib does not import i18n; the test checks the list). */
const SYMBOLS = new Map<string, NumberSymbols>(
  Object.entries({
    en: COMMA_DOT,
    'en-US': COMMA_DOT,
    'zh-CN': COMMA_DOT,
    'zh-TW': COMMA_DOT,
    'zh-HK': COMMA_DOT,
    'ja-JP': COMMA_DOT,
    'ko-KR': COMMA_DOT,
    'th-TH': COMMA_DOT,
    'id-ID': DOT_COMMA,
    'vi-VN': DOT_COMMA,
    'de-DE': { ...DOT_COMMA, percent: `${NBSP}%` },
    'es-ES': { ...DOT_COMMA, percent: `${NBSP}%` },
    'tr-TR': { ...DOT_COMMA, percentBefore: true },
    'ru-RU': { ...DOT_COMMA, group: NBSP, percent: `${NBSP}%` },
    'ar-SA': { ...COMMA_DOT, signMark: '\u200e', percent: '\u066a' },
  }),
);

/** The language's symbols, if it is one of the app's. */
export function numberSymbols(language: string): NumberSymbols | undefined {
  return SYMBOLS.get(language);
}

export interface SymbolsSpec {
  style: 'decimal' | 'percent';
  decimals: number;
  sign?: 'negative' | 'always' | 'exceptZero';
  grouping?: boolean;
  trimZeros?: boolean;
}

/** "1234567" → "1,234,567" with `group` between groups of three. */
function grouped(digits: string, group: string): string {
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) out += group + digits.slice(i, i + 3);
  return out;
}

/**
 * `shown` as NumberFormat(language, { style, minimumFractionDigits: trimZeros ? 0 : decimals,
 * maximumFractionDigits: decimals, useGrouping: grouping ?? true, signDisplay, numberingSystem:
 * 'latn' }) writes it. `shown` is rounded to `decimals` already (the percentage, for 'percent'),
 * plain notation, no negative zero, as src/lib/money-intl.ts's renderDecimal takes it.
 */
export function renderWithSymbols(
  shown: string,
  spec: SymbolsSpec,
  symbols: NumberSymbols,
): string {
  const negative = shown.startsWith('-');
  const body = negative ? shown.slice(1) : shown;
  const dot = body.indexOf('.');
  const intDigits = (dot < 0 ? body : body.slice(0, dot)).replace(/^0+(?=\d)/, '') || '0';
  let fraction = dot < 0 ? '' : body.slice(dot + 1);
  const zero = /^0+$/.test(intDigits) && /^0*$/.test(fraction);
  fraction = spec.trimZeros ? fraction.replace(/0+$/, '') : fraction.padEnd(spec.decimals, '0');
  const digits =
    ((spec.grouping ?? true) ? grouped(intDigits, symbols.group) : intDigits) +
    (fraction ? symbols.decimal + fraction : '');
  const number =
    spec.style !== 'percent'
      ? digits
      : symbols.percentBefore
        ? symbols.percent + digits
        : digits + symbols.percent;
  const sign = spec.sign ?? 'negative';
  const mark = negative ? '-' : sign === 'always' || (sign === 'exceptZero' && !zero) ? '+' : '';
  return mark ? symbols.signMark + mark + number : number;
}
