/**
 * The app's languages are written with their own number symbols (src/lib/number-symbols.ts), not
 * through Intl.NumberFormat: the text must be what Intl writes (NumberFormat v3 on decimal
 * strings, exact in Node 20, is the reference), in every language and for every option, and no
 * NumberFormat may be created on the way.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@src/i18n/languages';
import {
  displayPercentE4,
  formatDecimal,
  formatUsd,
  displayE8,
  type FormatOptions,
} from '@src/lib/money';
import { decimalSeparator, forceRenderPath, renderDecimal } from '@src/lib/money-intl';
import { numberSymbols } from '@src/lib/number-symbols';
import { SIGNS, decimal, e4, formatOptions } from './money-arbitraries';

const options = formatOptions(LANGUAGES);

/** The same call with the symbols and through Intl (decimal strings, exact in this engine). */
function symbolsAndIntl<T>(f: () => T): { symbols: T; intl: T } {
  forceRenderPath('symbols');
  const symbols = f();
  forceRenderPath('strings');
  const intl = f();
  forceRenderPath(undefined);
  return { symbols, intl };
}

/** Counts the NumberFormats created while `f` runs. */
function numberFormatsCreated(f: () => void): string[] {
  const Original = Intl.NumberFormat;
  const created: string[] = [];
  Intl.NumberFormat = new Proxy(Original, {
    construct(target, args: ConstructorParameters<typeof Intl.NumberFormat>) {
      created.push(String(args[0]));
      return Reflect.construct(target, args) as Intl.NumberFormat;
    },
  });
  try {
    f();
  } finally {
    Intl.NumberFormat = Original;
  }
  return created;
}

afterEach(() => forceRenderPath(undefined));

describe('number symbols of the app languages', () => {
  it('every language of the app has its symbols; other tags have none', () => {
    for (const language of LANGUAGES) expect(numberSymbols(language)).toBeDefined();
    for (const other of ['fr', 'en-GB', 'toString', '__proto__', '']) {
      expect(numberSymbols(other)).toBeUndefined();
    }
  });

  it('writes what Intl.NumberFormat writes, in every language, for any value and option (property)', () => {
    fc.assert(
      fc.property(decimal, e4, options, (value, rate, opts) => {
        const d = symbolsAndIntl(() => formatDecimal(value, opts));
        expect(d.symbols).toBe(d.intl);
        const p = symbolsAndIntl(() => displayPercentE4(rate, opts).text);
        expect(p.symbols).toBe(p.intl);
      }),
      { numRuns: 1_000 },
    );
  });

  it.each(LANGUAGES)(
    'writes what Intl writes in %s for the usual and the edge cases',
    (language) => {
      const cases: [string, FormatOptions][] = [
        ['-1234567.891', { decimals: 2 }],
        ['0', { decimals: 4, sign: 'always' }],
        ['0', { decimals: 4, sign: 'exceptZero' }],
        ['-0.00001', { decimals: 4, sign: 'exceptZero' }],
        ['0.5', { decimals: 2, sign: 'exceptZero' }],
        ['-0.5', { decimals: 0, rounding: 'halfUp' }],
        ['1234.5', { decimals: 4, trimZeros: true }],
        ['1000', { decimals: 0, trimZeros: true }],
        ['1000.000', { decimals: 3, trimZeros: true }],
        ['12345', { decimals: 2, grouping: false }],
        ['999', { decimals: 0 }],
        ['1000', { decimals: 0 }],
        ['123456789012345678901234567890.12', { decimals: 2, sign: 'always' }],
      ];
      for (const [value, opts] of cases) {
        const r = symbolsAndIntl(() => formatDecimal(value, { ...opts, language }));
        expect(r.symbols).toBe(r.intl);
      }
      for (const rate of ['245', '-5', '0', '1', '10000', '123456789012345678901234567890']) {
        for (const sign of SIGNS) {
          const r = symbolsAndIntl(() => displayPercentE4(rate, { language, sign }).text);
          expect(r.symbols).toBe(r.intl);
        }
      }
      const usd = symbolsAndIntl(() => formatUsd('-99999999999999999999.995', { language }));
      expect(usd.symbols).toBe(usd.intl);
      const e8 = symbolsAndIntl(() => displayE8('-123456789012', { coin: 'BTC', language }).text);
      expect(e8.symbols).toBe(e8.intl);
      forceRenderPath('strings');
      const intlSeparator = decimalSeparator(language);
      forceRenderPath(undefined);
      expect(decimalSeparator(language)).toBe(intlSeparator);
    },
  );

  it('spells out the languages whose symbols differ most', () => {
    const spec = { style: 'decimal', decimals: 2, sign: 'exceptZero' } as const;
    expect(renderDecimal('-1234.50', { ...spec, language: 'ar-SA' })).toBe('\u200e-1,234.50');
    expect(renderDecimal('1234.50', { ...spec, language: 'ru-RU' })).toBe('+1\u00a0234,50');
    expect(renderDecimal('1234.50', { ...spec, language: 'de-DE' })).toBe('+1.234,50');
    expect(renderDecimal('-12.34', { ...spec, style: 'percent', language: 'tr-TR' })).toBe(
      '-%12,34',
    );
    expect(renderDecimal('12.34', { ...spec, style: 'percent', language: 'ar-SA' })).toBe(
      '\u200e+12.34\u066a',
    );
    expect(renderDecimal('12.34', { ...spec, style: 'percent', language: 'es-ES' })).toBe(
      '+12,34\u00a0%',
    );
    expect(renderDecimal('0.00', { ...spec, language: 'ar-SA' })).toBe('0.00');
  });

  it('creates no Intl.NumberFormat for the app languages; any other goes through Intl', () => {
    const created = numberFormatsCreated(() => {
      for (const language of LANGUAGES) {
        formatDecimal('-1234.5', { language, decimals: 2, sign: 'always' });
        displayPercentE4('245', { language });
        decimalSeparator(language);
      }
    });
    expect(created).toEqual([]);
    // A language the app does not ship (formatters are cached per module: one no other test uses).
    const other = numberFormatsCreated(() => {
      expect(formatDecimal('1234.5', { language: 'sw', decimals: 2 })).toBe('1,234.50');
    });
    expect(other).toContain('sw');
  });
});
