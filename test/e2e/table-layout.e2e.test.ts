/**
 * The virtual tables at every width the review measured (1 440, 1 280, 1 024, 768 and 375 px) in
 * English, German, Russian and Arabic (right to left) (review H1 and M7): no table area and no
 * page scrolls sideways, no cell's text, row name or badge is cut, and at 1 024 px the positions
 * table keeps most of its columns. At 375 px a position's details open from the keyboard and show
 * the columns the row leaves out, under the row's line and above the next row (the virtualizer
 * measures the row).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, type DemoAccount } from '@src/features/login/demo-accounts';
import { loginAs } from './support/app';
import { newPage } from './support/browser';
import { cutBadges, overflows } from './support/overflow';
import { startAppAndBrowser } from './support/suite';

const app = startAppAndBrowser();
const WIDTHS = [1440, 1280, 1024, 768, 375] as const;
const account = (name: string) => DEMO_ACCOUNTS.find((a) => a.username === name) as DemoAccount;

/** Cells and row headers whose text is wider than their box (cut), visible ones only. */
function cutCells(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      '[role="table"] [role="cell"], [role="table"] [role="rowheader"]',
    )) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const table = el.closest('[role="table"]')?.getAttribute('aria-label') ?? '?';
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
        found.push(
          `${table}: "${el.textContent ?? ''}" (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`,
        );
      }
    }
    return found;
  });
}

const frames = (page: Page) =>
  page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
  );

/** The findings at each width, keyed by width (empty when none). */
async function atEveryWidth(page: Page): Promise<Record<number, string[]>> {
  const found: Record<number, string[]> = {};
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await frames(page);
    await page.getByRole('rowheader').first().waitFor();
    found[width] = [
      ...(await overflows(page)),
      ...(await cutCells(page)),
      ...(await cutBadges(page)),
    ];
  }
  return found;
}
const NONE = Object.fromEntries(WIDTHS.map((w) => [w, []]));

describe('the virtual tables at 1 440 to 375 px', () => {
  it.each([
    ['/copy-trade', 'follower', 'en'],
    ['/copy-trade', 'follower', 'de-DE'],
    ['/copy-trade', 'follower', 'ru-RU'],
    ['/copy-trade/leader', 'leader', 'de-DE'],
    ['/copy-trade/leader', 'leader', 'ru-RU'],
    // right to left: the details button and the left-out cells mirror
    ['/copy-trade', 'follower', 'ar-SA'],
  ] as const)(
    '%s (%s) in %s: nothing scrolls sideways, nothing is cut',
    async (path, user, lng) => {
      const { context, page, errors } = await newPage(app.browser, { width: 1440, height: 900 });
      try {
        await loginAs(page, app.sim.url, account(user));
        await page.goto(`${app.sim.url}${path}?locale=${lng}`);
        await page.waitForFunction((l) => document.documentElement.lang === l, lng);
        await page.getByRole('rowheader').first().waitFor();
        expect(await atEveryWidth(page)).toEqual(NONE);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it("keeps 8 of the 10 position columns at 1 024 px, and opens a row's details from the keyboard at 375 px", async () => {
    const { context, page, errors } = await newPage(app.browser, { width: 1024, height: 900 });
    try {
      await loginAs(page, app.sim.url, account('follower'));
      await page.goto(`${app.sim.url}/copy-trade`);
      const table = page.getByRole('table', { name: 'Copied positions' });
      await table.getByRole('rowheader').first().waitFor();
      await frames(page);
      const shown = () =>
        table.evaluate((t) =>
          [...t.querySelectorAll<HTMLElement>('[role="columnheader"]')]
            .filter((h) => h.getBoundingClientRect().width > 1)
            .map((h) => h.textContent),
        );
      expect(await shown()).toEqual([
        'Symbol',
        'Side',
        'Size',
        'Mark price',
        'Liq. price',
        'Leverage',
        'Unrealised PnL (USDT)',
        'ROE',
        'Details',
      ]);
      // screen readers: every column header is still in the accessibility tree
      expect(await table.getByRole('columnheader').count()).toBe(11);

      await page.setViewportSize({ width: 375, height: 900 });
      await frames(page);
      expect(await shown()).toEqual(['Symbol', 'Side', 'Unrealised PnL (USDT)', 'Details']);
      const row = table.getByRole('row').nth(2); // the first position (row 1 is a leader's group)
      const button = row.getByRole('button', { name: 'Details' });
      await button.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
      await frames(page);
      const layout = await row.evaluate((r) => {
        const cells = [...r.querySelectorAll<HTMLElement>('[role="cell"]')];
        const liq = cells[4]!; // Liq. price: the 6th child, the 5th cell
        const next = r.nextElementSibling as HTMLElement | null;
        return {
          liqVisible: liq.getBoundingClientRect().width > 100,
          liqLabel: getComputedStyle(liq, '::before').content,
          rowBottom: r.getBoundingClientRect().bottom,
          nextTop: next?.getBoundingClientRect().top ?? Infinity,
          rowHeight: r.getBoundingClientRect().height,
        };
      });
      expect(layout.liqVisible).toBe(true);
      expect(layout.liqLabel).toContain('Liq. price');
      expect(layout.rowHeight).toBeGreaterThan(150); // its line and seven lines of details
      expect(layout.nextTop).toBeGreaterThanOrEqual(layout.rowBottom - 1);
      // still nothing sideways, nothing cut
      expect(await overflows(page)).toEqual([]);
      expect(await cutCells(page)).toEqual([]);
      // and closed again: one line
      await page.keyboard.press('Enter');
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
      await frames(page);
      expect(await row.evaluate((r) => r.getBoundingClientRect().height)).toBeLessThan(45);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
