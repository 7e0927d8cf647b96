/**
 * The assets overview and every screen of the area's navigation in Chromium against the
 * simulator, for each demo account, at 1 440 and at 375 px: the overview's accounts add up to its
 * total to the cent and their shares to 100 %, every screen shows its heading and no loading
 * failure, nothing scrolls sideways (neither the page nor any scrolling region inside it), and no
 * console error on the way.
 */
import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '@src/features/login/demo-accounts';
import { loginAs } from './support/app';
import { newPage } from './support/browser';
import { closeDialogs, readAmount } from './support/overview';
import { screenshotBoth } from './support/screenshots';
import { startAppAndBrowser } from './support/suite';

/** Walking a dozen screens on a loaded 2-core machine takes minutes (seen: 85-200 s). */
const WALK_TIMEOUT_MS = 420_000;

const app = startAppAndBrowser();

/** What scrolls sideways: the page, or any scrolling region inside it (tables included). */
async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      out.push(`page ${root.scrollWidth}/${root.clientWidth}`);
    for (const el of document.querySelectorAll<HTMLElement>('main *')) {
      const { overflowX } = getComputedStyle(el);
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        const name =
          el.getAttribute('aria-label') ??
          el.querySelector('[aria-label]')?.getAttribute('aria-label') ??
          el.className;
        out.push(`${name} ${el.scrollWidth}/${el.clientWidth}`);
      }
    }
    return out;
  });
}

/**
 * The overview: total and the accounts table add up exactly. Read in one go: the derivatives
 * figures move live, so reading them apart would compare two different instants.
 */
async function checkOverview(page: Page) {
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
  // 0 % each when the user holds nothing at all.
  expect(['100', '0']).toContain(shares.toFixed(0));
}

const WIDTHS = [1440, 375] as const;

/**
 * The current screen at each width: the viewport resized as a window is (media queries and
 * Mantine's hooks follow it, two animation frames for the reflow), `check` run at each, and the
 * viewport back to the first width. One sign-in and one load per screen measures both widths (a
 * walk per width doubled the file's time).
 */
async function atEveryWidth(page: Page, check: (width: number) => Promise<void>): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
    );
    await check(width);
  }
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
}

for (const account of DEMO_ACCOUNTS) {
  describe(`assets area: ${account.username}`, () => {
    it(
      `walks the overview and every account screen at ${WIDTHS.join(' and ')} px`,
      async () => {
        const { context, page, errors } = await newPage(app.browser, {
          width: WIDTHS[0],
          height: 900,
        });
        try {
          await loginAs(page, app.sim.url, account);
          await page.goto(`${app.sim.url}/assets`);
          await page.getByRole('heading', { level: 1, name: 'Assets overview' }).waitFor();
          await closeDialogs(page);
          await atEveryWidth(page, async (width) => {
            await checkOverview(page);
            expect(await sidewaysOverflow(page), `/assets at ${width} px`).toEqual([]);
            await screenshotBoth(page, `assets-overview-${account.username}-${width}`);
          });

          const nav = page.getByRole('navigation', { name: 'Assets' });
          const links = await nav.getByRole('link').evaluateAll((as) =>
            as.map((a) => ({
              href: a.getAttribute('href') ?? '',
              text: (a as HTMLElement).innerText,
            })),
          );
          expect(links.length).toBeGreaterThanOrEqual(8);
          for (const link of links) {
            await closeDialogs(page);
            await nav.getByRole('link', { name: link.text, exact: true }).click();
            await page.waitForURL((u) => u.pathname + u.search === link.href);
            await page.getByRole('heading', { level: 1 }).waitFor();
            // Loaded: no area-wide spinner left, and no load failure.
            await expect
              .poll(() => page.getByRole('status', { name: 'Loading your assets' }).count(), {
                timeout: 30_000,
              })
              .toBe(0);
            expect(await page.getByText('Could not load').count()).toBe(0);
            await atEveryWidth(page, async (width) => {
              expect(await sidewaysOverflow(page), `${link.href} at ${width} px`).toEqual([]);
            });
          }
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      },
      WALK_TIMEOUT_MS,
    );
  });
}
