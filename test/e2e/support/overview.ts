/** Reading the assets overview in a browser test: its amounts as exact numbers, all adding up. */
import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** An amount as the overview shows it, "≈ 38,000.60" → a Decimal (en-US grouping). */
export const readAmount = (text: string) => new Decimal(text.replace(/[,\s≈]/g, ''));

/**
 * The overview (/assets): the total and the accounts table add up exactly, and the shares to
 * 100 % (0 % each when the user holds nothing). Read in one go: the derivatives figures move
 * live, so reading them apart would compare two different instants.
 */
export async function checkOverview(page: Page) {
  const table = page.getByRole('table', { name: 'Value and share of each account' });
  await table.waitFor({ timeout: 30_000 });
  await page.getByText(/^As of \d\d:\d\d:\d\d$/).waitFor();
  const { total, rows } = await page.evaluate(() => ({
    total: (document.querySelector('[data-total="usd"]') as HTMLElement).innerText,
    rows: [
      ...document.querySelectorAll('table[aria-label="Value and share of each account"] tbody tr'),
    ].map((tr) => [...tr.querySelectorAll('th, td')].map((c) => (c as HTMLElement).innerText)),
  }));
  expect(rows).toHaveLength(12);
  const sum = rows.reduce((s, r) => s.plus(readAmount(r[1] ?? '0')), new Decimal(0));
  expect(sum.toFixed(2)).toBe(readAmount(total).toFixed(2));
  const shares = rows.reduce(
    (s, r) => s.plus(readAmount((r[2] ?? '0').replace('%', ''))),
    new Decimal(0),
  );
  expect(['100', '0']).toContain(shares.toFixed(0));
}
