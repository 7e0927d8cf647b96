/**
 * fast-check inputs of the number-rendering property tests (money-intl and number-symbols): the
 * decimal strings and rates money.ts takes, and its display options in the given languages.
 */
import fc from 'fast-check';
import type { FormatOptions } from '@src/lib/money';
import type { SignDisplay } from '@src/lib/money-intl';

export const SIGNS: readonly (SignDisplay | undefined)[] = [
  undefined,
  'negative',
  'always',
  'exceptZero',
];

/** Decimal strings: up to 30 integer digits, up to 12 fraction digits, either sign, zeros too. */
export const decimal = fc
  .tuple(
    fc.boolean(),
    fc.oneof(fc.constant('0'), fc.stringMatching(/^[1-9]\d{0,29}$/)),
    fc.stringMatching(/^\d{0,12}$/),
  )
  .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`);

/** Rates in E4 (percent × 100) up to 10^30 either way, and zero. */
export const e4 = fc
  .oneof(fc.constant('0'), fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }))
  .map(String);

/** Display options in one of `languages`. */
export function formatOptions(languages: readonly string[]): fc.Arbitrary<FormatOptions> {
  return fc.record({
    language: fc.constantFrom(...languages),
    decimals: fc.integer({ min: 0, max: 10 }),
    sign: fc.constantFrom(...SIGNS),
    grouping: fc.boolean(),
    trimZeros: fc.boolean(),
    rounding: fc.constantFrom('down', 'up', 'halfUp', 'halfEven' as const),
  }) as fc.Arbitrary<FormatOptions>;
}
