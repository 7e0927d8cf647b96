/**
 * The number symbols the app writes its 15 languages with (src/lib/number-symbols.ts, instead of
 * Intl.NumberFormat, whose first use is slow to set up) against the browser's own Intl: the unit
 * tests compare them with Node's ICU; this compares them with Chromium's, which the page would
 * otherwise have used.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@src/i18n/languages';
import { intlOptions, percentToFraction } from '@src/lib/money-intl';
import {
  numberSymbols,
  renderWithSymbols,
  type NumberSymbols,
  type SymbolsSpec,
} from '@src/lib/number-symbols';
import { launchChromium } from './support/browser';

let browser: Browser | undefined;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Rounded decimal strings as money.ts hands them over (the percentage, for 'percent'). */
const VALUES = ['0', '-0.5', '7', '999', '1000', '-1234567.891', '123456789012345678901234.5'];
const SPECS: SymbolsSpec[] = [
  { style: 'decimal', decimals: 2 },
  { style: 'decimal', decimals: 4, sign: 'always' },
  { style: 'decimal', decimals: 3, sign: 'exceptZero', trimZeros: true },
  { style: 'decimal', decimals: 0, grouping: false },
  { style: 'percent', decimals: 2 },
  { style: 'percent', decimals: 2, sign: 'exceptZero' },
];

/** `value` cut to `decimals` fraction digits, no negative zero: what money.ts hands over. */
function shown(value: string, decimals: number): string {
  const negative = value.startsWith('-');
  const [int = '0', frac = ''] = (negative ? value.slice(1) : value).split('.');
  const fraction = frac.slice(0, decimals).padEnd(decimals, '0');
  const zero = /^0+$/.test(int) && /^0*$/.test(fraction);
  return `${negative && !zero ? '-' : ''}${int}${fraction ? `.${fraction}` : ''}`;
}

/** Each case as money-intl.ts would pass it to Intl (its options; percent as a fraction of one). */
function intlCase(language: string, value: string, spec: SymbolsSpec) {
  return {
    language,
    value: spec.style === 'percent' ? percentToFraction(value) : value,
    options: intlOptions(spec),
  };
}

describe('number symbols against Chromium', () => {
  it("write what Chromium's Intl.NumberFormat writes, in every language of the app", async () => {
    const cases = LANGUAGES.flatMap((language) =>
      SPECS.flatMap((spec) =>
        VALUES.map((value) => ({ language, value: shown(value, spec.decimals), spec })),
      ),
    );
    const page = await (browser as Browser).newPage();
    const fromChromium = await page.evaluate(
      (all) =>
        all.map((c) =>
          new Intl.NumberFormat(c.language, c.options).format(c.value as Intl.StringNumericLiteral),
        ),
      cases.map((c) => intlCase(c.language, c.value, c.spec)),
    );
    await page.close();
    const ours = cases.map((c) =>
      renderWithSymbols(c.value, c.spec, numberSymbols(c.language) as NumberSymbols),
    );
    const differ = cases
      .map((c, i) => ({ ...c, ours: ours[i], chromium: fromChromium[i] }))
      .filter((c) => c.ours !== c.chromium);
    expect(differ).toEqual([]);
    expect(cases.length).toBe(LANGUAGES.length * SPECS.length * VALUES.length);
  });
});
