/**
 * The exact rendering of src/lib/money-intl.ts: the parts path (integer part as a BigInt, fraction
 * appended with the locale's separator) gives what NumberFormat v3 gives for decimal strings, in
 * every language of the app, and stays exact on an engine whose Intl reads strings as floats.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@src/i18n/languages';
import {
  displayDecimal,
  formatDecimal,
  displayE8,
  displayPercentE4,
  formatUsd,
  type FormatOptions,
} from '@src/lib/money';
import { forceRenderPath, formatsDecimalStringsExactly } from '@src/lib/money-intl';
import { SIGNS, decimal, e4, formatOptions } from './money-arbitraries';

const options = formatOptions([...LANGUAGES, 'fr', 'not a tag!']);

/** The same call on both paths. */
function bothPaths<T>(f: () => T): { strings: T; parts: T } {
  forceRenderPath('strings');
  const strings = f();
  forceRenderPath('parts');
  const parts = f();
  forceRenderPath(undefined);
  return { strings, parts };
}

afterEach(() => forceRenderPath(undefined));

describe('exact rendering on every engine', () => {
  it('this engine (Node 20) formats decimal strings exactly: the strings path is the reference', () => {
    expect(formatsDecimalStringsExactly()).toBe(true);
  });

  it('the parts path writes what NumberFormat v3 writes, in every language (property)', () => {
    fc.assert(
      fc.property(decimal, e4, options, (value, rate, opts) => {
        const d = bothPaths(() => formatDecimal(value, opts));
        expect(d.parts).toBe(d.strings);
        const p = bothPaths(() => displayPercentE4(rate, opts).text);
        expect(p.parts).toBe(p.strings);
      }),
      { numRuns: 400 },
    );
  });

  it.each(LANGUAGES)('same text on both paths in %s for the usual cases', (language) => {
    const cases: [string, FormatOptions][] = [
      ['-1234567.891', { decimals: 2 }],
      ['0', { decimals: 4, sign: 'always' }],
      ['0', { decimals: 4, sign: 'exceptZero' }],
      ['-0.5', { decimals: 0, rounding: 'halfUp' }],
      ['1234.5', { decimals: 4, trimZeros: true }],
      ['1000', { decimals: 0, trimZeros: true }],
      ['12345', { decimals: 2, grouping: false }],
    ];
    for (const [value, opts] of cases) {
      const r = bothPaths(() => formatDecimal(value, { ...opts, language }));
      expect(r.parts).toBe(r.strings);
    }
    for (const rate of ['245', '-5', '0', '123456789012345678901234567890']) {
      for (const sign of SIGNS) {
        const r = bothPaths(() => displayPercentE4(rate, { language, sign }).text);
        expect(r.parts).toBe(r.strings);
      }
    }
    const usd = bothPaths(() => formatUsd('-99999999999999999999.995', { language }));
    expect(usd.parts).toBe(usd.strings);
  });

  it('an engine whose Intl reads strings as floats is detected and still shows every digit', () => {
    // What NumberFormat before v3 does with a string: Number(value). `format` is a getter
    // returning a bound function.
    const proto = Intl.NumberFormat.prototype;
    const original = Object.getOwnPropertyDescriptor(proto, 'format')!;
    Object.defineProperty(proto, 'format', {
      configurable: true,
      get(this: Intl.NumberFormat) {
        const format = original.get!.call(this) as Intl.NumberFormat['format'];
        return (value: number | bigint | Intl.StringNumericLiteral) =>
          format(typeof value === 'string' ? Number(value) : value);
      },
    });
    try {
      forceRenderPath(undefined);
      expect(formatsDecimalStringsExactly()).toBe(false);
      // A language the app does not ship goes through Intl: the parts path, detected.
      expect(formatDecimal('9007199254740993.5', { decimals: 1, language: 'fr' })).toBe(
        '9\u202f007\u202f199\u202f254\u202f740\u202f993,5',
      );
      // The app's own languages: the parts path, forced (they take their symbols otherwise).
      forceRenderPath('parts');
      expect(formatDecimal('9007199254740993.5', { decimals: 1 })).toBe('9,007,199,254,740,993.5');
      expect(
        displayE8('123456789012345678901234567890', { coin: 'BTC', language: 'de-DE' }).text,
      ).toBe('1.234.567.890.123.456.789.012,34567890');
      expect(displayPercentE4('-123456789012345678901', { language: 'tr-TR' }).text).toBe(
        '-%1.234.567.890.123.456.789,01',
      );
      expect(formatDecimal('-0.1', { decimals: 20, language: 'ar-SA' })).toMatch(
        /^\D*-0\.10000000000000000000$/,
      );
      // The strings path on the same engine loses digits: the reason for the parts path.
      forceRenderPath('strings');
      expect(formatDecimal('9007199254740993.5', { decimals: 1 })).not.toBe(
        '9,007,199,254,740,993.5',
      );
    } finally {
      Object.defineProperty(proto, 'format', original);
    }
  });

  it('the sign shown is the sign of the rounded value', () => {
    expect(displayDecimal('-0.00004', { decimals: 4, sign: 'exceptZero' })).toEqual({
      text: '0.0000',
      sign: 0,
    });
    expect(displayDecimal('-0.00005', { decimals: 4, rounding: 'halfUp' }).sign).toBe(-1);
    expect(displayDecimal('0.00009', { decimals: 4 })).toEqual({ text: '0.0000', sign: 0 });
    expect(displayDecimal('12', { masked: true }).sign).toBeNull();
    expect(displayDecimal('x').sign).toBeNull();
  });
});
