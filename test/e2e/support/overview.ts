/**
 * Reading the assets overview in a browser test: its amounts as exact numbers, and the prompts
 * the shell may open on arrival closed first (they would cover what a test reads or clicks).
 */
import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';

/** An amount as the overview shows it, "≈ 38,000.60" → a Decimal (en-US grouping). */
export const readAmount = (text: string) => new Decimal(text.replace(/[,\s≈]/g, ''));

/** Closes the prompts the shell may open on arrival (upgrade offer, VIP welcome, warnings). */
export async function closeDialogs(page: Page) {
  for (let i = 0; i < 5 && (await page.getByRole('dialog').count()) > 0; i++) {
    await page.keyboard.press('Escape');
    await page
      .getByRole('dialog')
      .first()
      .waitFor({ state: 'detached', timeout: 5_000 })
      .catch(() => undefined);
  }
}
