/**
 * What the accessibility browser tests share (a11y-*.e2e.test.ts): waiting for a screen to
 * settle, both colour schemes of a page through axe, the shell's arrival prompts audited and
 * dismissed, and the walk of every screen a demo user's navigation reaches (one file per user,
 * so that the two test workers share the walks out evenly).
 */
import type { Browser, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { DEMO_ACCOUNTS, type DemoAccount } from '@src/features/login/demo-accounts';
import { HOME_PATHS } from '@src/pipeline/session';
import { loginAs } from './app';
import { seriousViolations } from './axe';
import { newPage } from './browser';
import { focusStop } from './keyboard';
import { setScheme } from './screenshots';
import { startAppAndBrowser } from './suite';

export const account = (username: string) => DEMO_ACCOUNTS.find((a) => a.username === username)!;

/** Polls on a loaded machine: a lazy screen or a locale file may take seconds to arrive. */
export const POLL = { timeout: 15_000 } as const;
export const focusName = async (page: Page) => (await focusStop(page))?.name;
/** Focus has moved to the page heading (route focus, after sign-in or a link). */
export const headingFocused = (page: Page) =>
  page.waitForFunction(() => document.activeElement?.tagName === 'H1');

/** A screen is ready when its heading is there and nothing says it is still loading. */
export async function settled(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(
    () => !document.querySelector('[aria-busy="true"], .mantine-Loader-root'),
    null,
    { timeout: 20_000 },
  );
}

/** The same-origin pages the navigation regions of the current page link to, in page order. */
async function navTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...new Set(
      [...document.querySelectorAll<HTMLAnchorElement>('nav a[href]')]
        .map((a) => new URL(a.href))
        .filter((u) => u.origin === location.origin)
        .map((u) => u.pathname),
    ),
  ]);
}

/**
 * The colour-scheme switch has run its course: the 150 ms background transitions some parts have
 * (accordion items, buttons) are over, so axe reads the colours a reader sees, not a frame
 * halfway between the two schemes. (Value flashes are animations, not transitions: they are
 * audited as they come.)
 */
async function schemeSettled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** The scheme the page shows now (the root marker Mantine follows). */
const schemeOf = (page: Page) =>
  page.evaluate(() =>
    document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark'
      ? ('dark' as const)
      : ('light' as const),
  );

/**
 * Light and dark of the page as it is now: the scheme it shows first, then the other one, which
 * it is left in (the next page starts from there: one scheme switch per page, not two).
 */
export async function checkBothSchemes(page: Page, where: string): Promise<string[]> {
  const out: string[] = [];
  const first = await schemeOf(page);
  for (const scheme of first === 'light'
    ? (['light', 'dark'] as const)
    : (['dark', 'light'] as const)) {
    await setScheme(page, scheme);
    await schemeSettled(page);
    out.push(...(await seriousViolations(page, `${where} (${scheme})`)));
  }
  return out;
}

/**
 * The prompts the shell opens on arrival (risk warning, upgrade offer, VIP welcome, banner), one
 * after the other in the one dialog host: each is audited in both schemes like a screen, then
 * dismissed with Escape (the next may open in the same dialog at once: its title tells them apart).
 */
async function auditPrompts(page: Page, where: string): Promise<string[]> {
  const out: string[] = [];
  const title = () =>
    page.evaluate(() => {
      const d = document.querySelector('[role="dialog"]');
      const id = d?.getAttribute('aria-labelledby');
      return d ? ((id && document.getElementById(id)?.textContent) ?? '') : null;
    });
  for (let i = 1; i <= 5; i++) {
    const shown = await title();
    if (shown === null) break;
    await schemeSettled(page);
    out.push(...(await checkBothSchemes(page, `${where} prompt "${shown}"`)));
    await page.keyboard.press('Escape');
    await page.waitForFunction((t) => {
      const d = document.querySelector('[role="dialog"]');
      const id = d?.getAttribute('aria-labelledby');
      return !d || ((id && document.getElementById(id)?.textContent) ?? '') !== t;
    }, shown);
  }
  return out;
}

/**
 * Opens `path` the way a user does, through a navigation link of the current page when it has
 * one (no reload: the session, the streams and the language stay as they are), else by URL; then
 * waits for the new screen (route focus has moved to its heading) to settle. Prompts open on the
 * way are audited and dismissed first: their violations are returned.
 */
async function visit(page: Page, baseUrl: string, path: string, where: string): Promise<string[]> {
  const prompts = await auditPrompts(page, where);
  if (new URL(page.url()).pathname === path) {
    await settled(page);
    return prompts;
  }
  const link = page.locator(`nav a[href="${path}"]`).first();
  if ((await link.count()) > 0) {
    await link.click();
    await page.waitForFunction(
      (p) => location.pathname === p && document.activeElement?.tagName === 'H1',
      path,
    );
  } else {
    await page.goto(`${baseUrl}${path}`);
  }
  await settled(page);
  return prompts;
}

async function switchLanguage(page: Page, from: string, to: string) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: `Language: ${from}` })
    .click();
  await page.getByRole('menuitem', { name: to }).click();
}

/**
 * Signs in as `who`, visits every page its navigation reaches (breadth first from its home
 * screen, the assets area's own navigation included) and runs axe on each in light and dark, in
 * English and then in Arabic. Each user's screens are audited: their data differ.
 */
async function auditUser(
  browser: Browser,
  baseUrl: string,
  who: DemoAccount,
): Promise<{ pages: string[]; violations: string[] }> {
  const { context, page } = await newPage(browser);
  try {
    await loginAs(page, baseUrl, who);
    await page.waitForURL(`**${HOME_PATHS[who.role]}`);
    await settled(page);
    const home = new URL(page.url()).pathname;
    const queue = [home];
    const seen = new Set(queue);
    const pages: string[] = [];
    const violations: string[] = [];
    while (queue.length > 0 && pages.length < 40) {
      const path = queue.shift()!;
      pages.push(path);
      const where = `${who.username} ${path} en`;
      violations.push(...(await visit(page, baseUrl, path, where)));
      violations.push(...(await auditPrompts(page, where)));
      violations.push(...(await checkBothSchemes(page, where)));
      for (const next of await navTargets(page)) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    violations.push(...(await auditPrompts(page, `${who.username} en`)));
    await switchLanguage(page, 'English', 'العربية');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    for (const path of pages) {
      const where = `${who.username} ${path} ar-SA`;
      violations.push(...(await visit(page, baseUrl, path, where)));
      violations.push(...(await auditPrompts(page, where)));
      violations.push(...(await checkBothSchemes(page, where)));
    }
    violations.push(...(await auditPrompts(page, `${who.username} last`)));
    return { pages, violations };
  } finally {
    await context.close();
  }
}

/**
 * A browser test file of its own for `username`'s walk (its own simulator and Chromium): every
 * screen the user reaches, light and dark, en and ar-SA, without a critical or serious finding.
 */
export function describeUserWalk(username: string) {
  const app = startAppAndBrowser();
  describe('axe-core: no critical or serious violation', () => {
    it(
      `on every screen ${username} reaches, light and dark, en and ar-SA`,
      { timeout: 600_000 },
      async ({ expect }) => {
        const who = account(username);
        const { pages, violations } = await auditUser(app.browser, app.sim.url, who);
        // The home screen, the assets overview and at least the area's account screens.
        expect(pages).toEqual(expect.arrayContaining([HOME_PATHS[who.role], '/assets']));
        expect(pages.length).toBeGreaterThan(8);
        expect(violations).toEqual([]);
      },
    );
  });
}
