import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DecimalSum,
  MASK,
  MoneyError,
  PLACEHOLDER,
  addScaled,
  coinPrecision,
  compareScaled,
  decimalToE8,
  decimalToScaled,
  e4ToDecimal,
  e8ToDecimal,
  displayCoin,
  formatDecimal,
  displayE8,
  displayPercentE4,
  formatUsd,
  compareDecimal,
  coordinateToDecimal,
  divideToScaled,
  isDecimalInput,
  mulDecimal,
  subDecimal,
  sumDecimals,
  parseScaled,
  scaledToDecimal,
  stepDecimals,
  subScaled,
  sumScaled,
} from '@src/lib/money';

/** Integer strings of 1 to 40 digits, either sign, with no leading zeros. */
const intString = fc
  .tuple(fc.boolean(), fc.stringMatching(/^[1-9]\d{0,39}$/))
  .map(([neg, d]) => (neg ? `-${d}` : d));
const anyInt = fc.oneof(intString, fc.constant('0'));

/** decimal.js with the money module's own settings: enough precision that nothing here rounds. */
const ExactDecimal = Decimal.clone({ precision: 1_000, toExpNeg: -9e15, toExpPos: 9e15 });

/** Decimal strings with any sign form: an integer up to `maxInt` written at up to `maxScale` decimals. */
const decimalString = (maxInt: bigint, maxScale: number) =>
  fc
    .tuple(
      fc.constantFrom('', '-', '+'),
      fc.bigInt({ min: 0n, max: maxInt }),
      fc.integer({ min: 0, max: maxScale }),
    )
    .map(([sign, n, scale]) => {
      const digits = n.toString().padStart(scale + 1, '0');
      return `${sign}${scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits}`;
    });

describe('fixed-point arithmetic', () => {
  it('parses, adds, subtracts and sums beyond 2^53', () => {
    expect(parseScaled('9007199254740993')).toBe(9007199254740993n);
    expect(addScaled('9007199254740993', '1')).toBe('9007199254740994');
    expect(subScaled('-5', '10')).toBe('-15');
    expect(sumScaled(['100000000', '-250000000', '99999999999999999999'])).toBe(
      '99999999999849999999',
    );
    expect(sumScaled([])).toBe('0');
  });

  it('rejects malformed strings with MoneyError', () => {
    for (const bad of ['', '1.5', '1e8', ' 1', '--1', 'abc', '0x10']) {
      expect(() => parseScaled(bad)).toThrow(MoneyError);
    }
    expect(() => addScaled('1', 'x')).toThrow(MoneyError);
  });

  it('compares like BigInt (property)', () => {
    fc.assert(
      fc.property(anyInt, anyInt, (a, b) => {
        const x = BigInt(a);
        const y = BigInt(b);
        expect(compareScaled(a, b)).toBe(x < y ? -1 : x > y ? 1 : 0);
      }),
    );
  });

  it('adds exactly and commutatively (property)', () => {
    fc.assert(
      fc.property(anyInt, anyInt, (a, b) => {
        expect(addScaled(a, b)).toBe((BigInt(a) + BigInt(b)).toString());
        expect(addScaled(a, b)).toBe(addScaled(b, a));
        expect(subScaled(addScaled(a, b), b)).toBe(BigInt(a).toString());
      }),
    );
  });
});

describe('conversions', () => {
  it.each([
    ['123456789', 8, '1.23456789'],
    ['100000000', 8, '1'],
    ['-5', 8, '-0.00000005'],
    ['0', 8, '0'],
    ['-0', 8, '0'],
    ['245', 4, '0.0245'],
    ['000150000000', 8, '1.5'],
    ['12345678901234567890123456789012345678901', 8, '123456789012345678901234567890123.45678901'],
  ])('scaledToDecimal(%s, %i) = %s', (s, scale, d) => {
    expect(scaledToDecimal(s, scale)).toBe(d);
  });

  it('E8 and E4 shorthands', () => {
    expect(e8ToDecimal('150000000')).toBe('1.5');
    expect(e4ToDecimal('-245')).toBe('-0.0245');
    expect(decimalToE8('1.5')).toBe('150000000');
  });

  it.each([
    ['1.23456789', 8, 'down', '123456789'],
    ['1.234567891', 8, 'down', '123456789'],
    ['1.234567899', 8, 'halfUp', '123456790'],
    ['-1.234567899', 8, 'down', '-123456789'],
    ['-0.000000001', 8, 'down', '0'],
    ['+2', 4, 'down', '20000'],
    ['.5', 4, 'down', '5000'],
  ] as const)('decimalToScaled(%s, %i, %s) = %s', (d, scale, rounding, s) => {
    expect(decimalToScaled(d, scale, rounding)).toBe(s);
  });

  it('decimalToScaled rejects exponents and garbage', () => {
    expect(() => decimalToScaled('1e5', 8)).toThrow(MoneyError);
    expect(() => decimalToScaled('NaN', 8)).toThrow(MoneyError);
    expect(isDecimalInput('Infinity')).toBe(false);
  });

  it('round-trips any integer string through its decimal form (property)', () => {
    fc.assert(
      fc.property(anyInt, fc.integer({ min: 0, max: 12 }), (s, scale) => {
        expect(decimalToScaled(scaledToDecimal(s, scale), scale)).toBe(BigInt(s).toString());
      }),
    );
  });

  it('mulDecimal is exact', () => {
    expect(mulDecimal('0.12345678', '64123.5')).toBe('7916.48083233');
    expect(mulDecimal('99999999999999999999.99999999', '1.1')).toBe(
      '109999999999999999999.999999989',
    );
    expect(() => mulDecimal('x', '1')).toThrow(MoneyError);
  });

  it('accepts decimal input as typed: sign, leading or trailing point; no exponent', () => {
    for (const ok of ['-12.5', '+5', '.5', '5.', '0', '007.10']) {
      expect(isDecimalInput(ok)).toBe(true);
    }
    for (const bad of ['', '.', '-', '1e3', '1.2.3', ' 1', '1,5', 'NaN', 5]) {
      expect(isDecimalInput(bad)).toBe(false);
    }
  });

  it('subtracts, compares and sums decimal strings exactly', () => {
    expect(subDecimal('0.3', '0.1')).toBe('0.2');
    expect(subDecimal('100000000000000000', '99999999999999999.99999999')).toBe('0.00000001');
    expect(compareDecimal('0.1', '0.10')).toBe(0);
    expect(compareDecimal('-0.00000001', '0')).toBe(-1);
    expect(compareDecimal('99999999999999999999.1', '99999999999999999999')).toBe(1);
    expect(sumDecimals(['0.1', '0.2', undefined, '-0.3'])).toBe('0');
    expect(sumDecimals(['1.00000001', '2'])).toBe('3.00000001');
    expect(sumDecimals([])).toBe('0');
    expect(() => sumDecimals(['1', 'x'])).toThrow(MoneyError);
    expect(() => compareDecimal('1e3', '1')).toThrow(MoneyError);
  });

  it('sums like decimal.js, to the same string, whatever the signs and scales', () => {
    expect(sumDecimals(['+1.', '.5', '-0.0', '2.50'])).toBe('4');
    expect(sumDecimals(['-0.000000001', '0.000000001'])).toBe('0');
    expect(sumDecimals(['-12.5'])).toBe('-12.5');
    const decimal = decimalString(10n ** 20n, 12);
    fc.assert(
      fc.property(fc.array(fc.option(decimal, { nil: undefined }), { maxLength: 40 }), (vs) => {
        let want = new ExactDecimal(0);
        for (const v of vs) if (v !== undefined) want = want.plus(v);
        expect(sumDecimals(vs)).toBe(want.toFixed());
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a running sum with values taken out: what sumDecimals gives for those left', () => {
    const s = new DecimalSum();
    expect(s.toString()).toBe('0');
    s.add('1.5');
    s.add('-0.00000001');
    s.remove('1.5');
    expect(s.toString()).toBe('-0.00000001');
    expect(() => s.add('1e3')).toThrow(MoneyError);
    const decimal = decimalString(10n ** 20n, 12);
    fc.assert(
      fc.property(fc.array(fc.tuple(decimal, fc.boolean()), { maxLength: 40 }), (entries) => {
        const sum = new DecimalSum();
        for (const [v] of entries) sum.add(v);
        for (const [v, out] of entries) if (out) sum.remove(v);
        expect(sum.toString()).toBe(sumDecimals(entries.filter(([, out]) => !out).map(([v]) => v)));
      }),
      { numRuns: 300 },
    );
  });

  it('replaces one value of a running sum with another, either side possibly none', () => {
    const s = new DecimalSum();
    s.replace(undefined, '2.25');
    s.replace(undefined, '1');
    expect(s.toString()).toBe('3.25');
    s.replace('2.25', '-0.5');
    expect(s.toString()).toBe('0.5');
    s.replace('1', undefined);
    expect(s.toString()).toBe('-0.5');
    s.replace(undefined, undefined);
    expect(s.toString()).toBe('-0.5');
  });

  it('multiplies, subtracts and compares like decimal.js, to the same strings', () => {
    expect(mulDecimal('-0.50', '2')).toBe('-1');
    expect(mulDecimal('0', '-3.5')).toBe('0');
    expect(subDecimal('1.', '.5')).toBe('0.5');
    expect(subDecimal('+2.50', '2.5')).toBe('0');
    expect(compareDecimal('-0', '0.000')).toBe(0);
    const decimal = decimalString(10n ** 24n, 14);
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        expect(mulDecimal(a, b)).toBe(new ExactDecimal(a).times(b).toFixed());
        expect(subDecimal(a, b)).toBe(new ExactDecimal(a).minus(b).toFixed());
        expect(compareDecimal(a, b)).toBe(new ExactDecimal(a).cmp(b));
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    ['10', '3', 4, 'down', '33333'],
    ['2', '3', 4, 'halfUp', '6667'],
    ['-2', '3', 4, 'halfUp', '-6667'],
    ['-2', '3', 4, 'down', '-6666'],
    ['1', '8', 2, 'halfUp', '13'], // 0.125 → 0.13
    ['1', '8', 2, 'halfEven', '12'], // 0.125 → 0.12
    ['3', '8', 2, 'halfEven', '38'], // 0.375 → 0.38
    ['1', '3', 0, 'up', '1'],
    ['-1', '3', 0, 'up', '-1'],
    ['-1', '3', 0, 'down', '0'], // no negative zero
    ['0.5', '-0.25', 0, 'down', '-2'],
    ['1000', '64000.5', 4, 'halfUp', '156'],
  ] as const)('divideToScaled(%s, %s, %i, %s) = %s', (a, b, scale, rounding, q) => {
    expect(divideToScaled(a, b, scale, rounding)).toBe(q);
  });

  it('stepDecimals: the decimals of a tick size or quantity step', () => {
    expect(stepDecimals('0.0010')).toBe(3);
    expect(stepDecimals('0.5')).toBe(1);
    expect(stepDecimals('1')).toBe(0);
    expect(stepDecimals('10')).toBe(0);
    expect(stepDecimals('0.00000001')).toBe(8);
    for (const bad of [undefined, '', '0', '-0.1', 'abc', '1e-3']) {
      expect(stepDecimals(bad)).toBeUndefined();
    }
  });

  it('coordinateToDecimal writes a chart coordinate as a plain decimal string', () => {
    expect(coordinateToDecimal(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(coordinateToDecimal(1e21)).toBe('1000000000000000000000');
    expect(coordinateToDecimal(1e-7)).toBe('0.0000001');
    expect(coordinateToDecimal(Number.NaN)).toBeUndefined();
    expect(coordinateToDecimal(Infinity)).toBeUndefined();
  });

  it('divideToScaled is exact where a precision-bound division is not (property)', () => {
    // a × b ÷ b at any scale gives a back exactly, whatever the number of digits
    fc.assert(
      fc.property(anyInt, intString, fc.integer({ min: 0, max: 8 }), (a, b, scale) => {
        const product = mulDecimal(scaledToDecimal(a, scale), b);
        expect(divideToScaled(product, b, scale)).toBe(BigInt(a).toString());
      }),
    );
    expect(() => divideToScaled('1', '0', 2)).toThrow(MoneyError);
    expect(() => divideToScaled('1', '0.000', 2)).toThrow(MoneyError);
  });
});

describe('formatting', () => {
  it('per-coin precision, with a default of 8 and USD 2', () => {
    expect(coinPrecision('BTC')).toBe(8);
    expect(coinPrecision('eth')).toBe(8);
    expect(coinPrecision('USDT')).toBe(4);
    expect(coinPrecision('SHIBX')).toBe(8);
    expect(coinPrecision(undefined)).toBe(8);
    // fiat USD (fiat and MT4/MT5 accounts) moves in cents, like every USD value
    expect(coinPrecision('USD')).toBe(2);
    expect(displayCoin('250', 'USD').text).toBe('250.00');
    expect(displayCoin('250.129', 'USD').text).toBe('250.12');
    expect(displayE8('25000000000', { coin: 'USD' }).text).toBe('250.00');
    expect(displayE8('123456789012', { coin: 'BTC' }).text).toBe('1,234.56789012');
    expect(displayE8('123456789012', { coin: 'USDT' }).text).toBe('1,234.5678');
    // a USD balance is rounded down like every balance; a USD PnL to the nearest
    expect(formatUsd('1234.565')).toBe('1,234.56');
    expect(formatUsd('1234.565', { figure: 'pnl' })).toBe('1,234.57');
  });

  it('rounds down by default: a balance is never shown larger than it is', () => {
    expect(displayE8('99999999', { coin: 'USDT' }).text).toBe('0.9999');
    expect(displayCoin('1.99999', 'USDT').text).toBe('1.9999');
    expect(displayCoin('1.99999', 'USDT', { rounding: 'halfUp' }).text).toBe('2.0000');
  });

  it('locale separators', () => {
    const v = '1234567.891';
    expect(formatDecimal(v, { decimals: 2, language: 'en' })).toBe('1,234,567.89');
    expect(formatDecimal(v, { decimals: 2, language: 'de' })).toBe('1.234.567,89');
    expect(formatDecimal(v, { decimals: 2, language: 'fr' })).toBe('1\u202f234\u202f567,89');
    expect(formatDecimal(v, { decimals: 2, language: 'zh-HK' })).toBe('1,234,567.89');
    // Latin digits everywhere, including Arabic (numbers must match charts and inputs).
    expect(formatDecimal(v, { decimals: 2, language: 'ar-SA' })).toMatch(/^1.234.567.89$/);
  });

  it('an unknown language falls back to en', () => {
    expect(formatDecimal('1234.5', { decimals: 1, language: 'not a tag!' })).toBe('1,234.5');
  });

  it('signs: negative-only, always, exceptZero; a rounded zero is never negative', () => {
    expect(formatDecimal('-1.5', { decimals: 2 })).toBe('-1.50');
    expect(formatDecimal('1.5', { decimals: 2 })).toBe('1.50');
    expect(formatDecimal('1.5', { decimals: 2, sign: 'always' })).toBe('+1.50');
    expect(formatDecimal('-1.5', { decimals: 2, sign: 'always' })).toBe('-1.50');
    expect(formatDecimal('0', { decimals: 2, sign: 'always' })).toBe('+0.00');
    expect(formatDecimal('0', { decimals: 2, sign: 'exceptZero' })).toBe('0.00');
    expect(formatDecimal('-0.001', { decimals: 2 })).toBe('0.00');
    expect(formatDecimal('-0.001', { decimals: 2, sign: 'exceptZero' })).toBe('0.00');
    expect(displayE8('-1', { coin: 'USDT', sign: 'always' }).text).toBe('+0.0000');
  });

  it('grouping off and trailing zeros trimmed on request', () => {
    expect(formatDecimal('1234.5', { decimals: 4, grouping: false })).toBe('1234.5000');
    expect(formatDecimal('1234.5', { decimals: 4, trimZeros: true })).toBe('1,234.5');
    expect(displayE8('100000000', { coin: 'BTC', trimZeros: true }).text).toBe('1');
  });

  it('percentages from E4 rates', () => {
    expect(displayPercentE4('245').text).toBe('2.45%');
    expect(displayPercentE4('-10000').text).toBe('-100.00%');
    expect(displayPercentE4('5', { sign: 'always' }).text).toBe('+0.05%');
    expect(displayPercentE4('12345', { decimals: 1 }).text).toBe('123.5%');
    expect(displayPercentE4('245', { language: 'de' }).text).toBe('2,45\u00a0%');
    expect(displayPercentE4('245', { language: 'tr' }).text).toBe('%2,45');
    expect(displayPercentE4('123456789012345678901234567890').text).toBe(
      '1,234,567,890,123,456,789,012,345,678.90%',
    );
  });

  it('masked amounts show ****', () => {
    expect(displayE8('123', { masked: true }).text).toBe(MASK);
    expect(formatUsd('1', { masked: true })).toBe('****');
    expect(displayPercentE4('245', { masked: true }).text).toBe('****');
    expect(formatDecimal(undefined, { masked: true })).toBe('****');
  });

  it('missing or malformed values show the placeholder, never NaN', () => {
    for (const bad of [undefined, null, '', 'abc', '1e5', 'NaN', '1.2.3']) {
      expect(formatDecimal(bad)).toBe(PLACEHOLDER);
      expect(displayE8(bad).text).toBe(PLACEHOLDER);
      expect(displayPercentE4(bad).text).toBe(PLACEHOLDER);
    }
    expect(displayE8('1.5').text).toBe(PLACEHOLDER); // an E8 field is an integer string
  });

  it('loses no precision for any integer string up to 40 digits (property)', () => {
    fc.assert(
      fc.property(anyInt, (s) => {
        const plain = formatDecimal(s, { decimals: 0, grouping: false });
        expect(plain).toBe(BigInt(s).toString());
        const grouped = formatDecimal(s, { decimals: 0 });
        expect(grouped.replace(/,/g, '')).toBe(BigInt(s).toString());
      }),
    );
  });

  it('an E8 amount at 8 decimals shows every digit, in any locale (property)', () => {
    const decimalSep = (lang: string): string =>
      new Intl.NumberFormat(lang).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ??
      '.';
    fc.assert(
      fc.property(anyInt, fc.constantFrom('en', 'de', 'fr', 'zh-HK', 'ar-SA'), (s, lang) => {
        const shown = displayE8(s, { decimals: 8, language: lang, grouping: false })
          .text.replace(/[\u200e\u200f\u061c]/g, '') // bidi marks around the sign
          .replace('\u2212', '-')
          .replace(decimalSep(lang), '.');
        const n = BigInt(s);
        const abs = (n < 0n ? -n : n).toString().padStart(9, '0');
        const exact = `${n < 0n ? '-' : ''}${abs.slice(0, -8)}.${abs.slice(-8)}`;
        expect(shown).toBe(exact);
      }),
    );
  });

  it('rounding down never shows more than the value; half-up is within half a unit (property)', () => {
    fc.assert(
      fc.property(anyInt, fc.integer({ min: 0, max: 8 }), (s, d) => {
        const exact = BigInt(s); // E8 units
        const unit = 10n ** BigInt(8 - d);
        const down = BigInt(displayE8(s, { decimals: d, grouping: false }).text.replace('.', ''));
        // down has d decimals: scale back to E8 units.
        const downE8 = down * unit;
        const abs = (x: bigint): bigint => (x < 0n ? -x : x);
        expect(abs(downE8) <= abs(exact)).toBe(true); // towards zero: never larger
        expect(abs(exact - downE8) < unit).toBe(true);
        const half = BigInt(
          displayE8(s, { decimals: d, grouping: false, rounding: 'halfUp' }).text.replace('.', ''),
        );
        expect(abs(half * unit - exact) * 2n <= unit).toBe(true);
      }),
    );
  });
});
