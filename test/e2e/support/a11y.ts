/**
 * What the accessibility and layout browser tests share (a11y-*.e2e.test.ts): waiting for a
 * screen to settle, both colour schemes of a page through axe, the shell's arrival prompts audited
 * and dismissed, and the walk of every screen a demo user reaches (one file per user, so that the
 * two test workers share the walks out evenly). The walk also measures each screen at 1 440 and
 * 375 px (nothing scrolls sideways, no row name or badge cut) and checks the assets overview's
 * sums: one sign-in and one visit per screen serve all three (separate walks for layout and for
 * the assets area visited the same screens again, about a third of the browser tests' time).
 */
import type { Browser, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { SCREENS } from '@src/app/routes';
import { DEMO_ACCOUNTS, type DemoAccount } from '@src/features/login/demo-accounts';
import { HOME_PATHS } from '@src/pipeline/session';
import { loginAs } from './app';
import { seriousViolations } from './axe';
import { newPage } from './browser';
import { focusStop } from './keyboard';
import { cutBadges, cutRowHeaders, overflows, scrollingRegions } from './overflow';
import { checkOverview } from './overview';
import { PROMPTS_QUIET_MS, promptWithin } from './prompts';
import { screenshotBoth, setScheme } from './screenshots';
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
 * With `quietMs` (on arrival, test/e2e/support/prompts.ts says why) it also waits that long for
 * another prompt whenever none is open, and stops only when none came.
 */
async function auditPrompts(page: Page, where: string, quietMs = 0): Promise<string[]> {
  const out: string[] = [];
  const title = () =>
    page.evaluate(() => {
      const d = document.querySelector('[role="dialog"]');
      const id = d?.getAttribute('aria-labelledby');
      return d ? ((id && document.getElementById(id)?.textContent) ?? '') : null;
    });
  for (let i = 1; i <= 5; i++) {
    let shown = await title();
    if (shown === null && quietMs > 0 && (await promptWithin(page, quietMs))) shown = await title();
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

/** The widths every screen is measured at: a desktop and a phone. */
const WIDTHS = [1440, 375] as const;
const HEIGHT = 900;

/**
 * The current screen at each width (the viewport resized as a window is: media queries and
 * Mantine's hooks follow it, two animation frames for the reflow): what overflows sideways (the
 * page, a table, any scrolling region of the main content), which row names and badges are cut,
 * and on the assets overview whether its figures add up. Leaves the viewport at the first width.
 */
async function layoutFindings(page: Page, path: string, who: string): Promise<string[]> {
  const out: string[] = [];
  if ((await page.getByText('Could not load').count()) > 0) out.push(`${path}: "Could not load"`);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
    );
    await settled(page);
    if (path === '/assets') {
      await checkOverview(page);
      await screenshotBoth(page, `assets-overview-${who}-${width}`);
    }
    const found = [
      ...(await overflows(page)),
      ...(await scrollingRegions(page)),
      ...(await cutRowHeaders(page)),
      ...(await cutBadges(page)),
    ];
    out.push(...found.map((f) => `${path} at ${width} px: ${f}`));
  }
  await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
  return out;
}

/** The English heading (and title) of each role's home screen. */
const HOME_HEADINGS: Record<DemoAccount['role'], string> = {
  follower: 'Copy trading',
  leader: 'Leader dashboard',
  trader: 'Derivatives assets',
};

/** The routed screens `who` may open (the route table: a screen is walked once it is routed). */
const screensFor = (who: DemoAccount) =>
  SCREENS.filter((s) => !s.roles || s.roles.includes(who.role)).map((s) => s.path);

interface Walk {
  /** Where the sign-in landed: the address, the page heading and title, the header and footer. */
  landing: { path: string; heading: string; title: string; header: number; footer: number };
  /** The screens visited, in order. */
  pages: string[];
  /** axe's critical and serious findings, with where. */
  violations: string[];
  /** What overflows or is cut at 1 440 or 375 px, and screens that failed to load. */
  layout: string[];
  /** Console errors and uncaught page errors on the whole walk. */
  errors: string[];
}

/**
 * Signs in as `who`, visits every page its navigation reaches (breadth first from its home
 * screen, the assets area's own navigation included) and then every routed screen its role may
 * open that no link led to; measures each at both widths, and runs axe on each in light and
 * dark, in English and then in Arabic. Each user's screens are walked: their data differ.
 */
async function walkUser(browser: Browser, baseUrl: string, who: DemoAccount): Promise<Walk> {
  const { context, page, errors } = await newPage(browser, { width: WIDTHS[0], height: HEIGHT });
  try {
    await loginAs(page, baseUrl, who);
    await page.waitForURL(`**${HOME_PATHS[who.role]}`);
    await settled(page);
    // The header and footer are lazy parts in a Suspense of their own (src/app/shell): on a busy
    // machine the footer may come after the screen has settled. Waited for (bounded); one that
    // never comes still counts 0.
    for (const region of [
      page.getByRole('banner', { name: 'Site header' }),
      page.getByRole('contentinfo', { name: 'Site footer' }),
    ])
      await region.waitFor({ timeout: 10_000 }).catch(() => undefined);
    const home = new URL(page.url()).pathname;
    const landing = {
      path: home,
      heading: (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '',
      title: await page.title(),
      header: await page.getByRole('banner', { name: 'Site header' }).count(),
      footer: await page.getByRole('contentinfo', { name: 'Site footer' }).count(),
    };
    await screenshotBoth(page, `home-${who.username}`);
    const violations = await auditPrompts(page, `${who.username} arrival`, PROMPTS_QUIET_MS);
    const queue = [home];
    const seen = new Set(queue);
    const pages: string[] = [];
    const layout: string[] = [];
    const routed = screensFor(who);
    while (pages.length < 40) {
      // Linked screens first; the routed ones no link reached after them.
      if (queue.length === 0) queue.push(...routed.filter((p) => !seen.has(p)));
      const path = queue.shift();
      if (path === undefined) break;
      seen.add(path);
      pages.push(path);
      const where = `${who.username} ${path} en`;
      violations.push(...(await visit(page, baseUrl, path, where)));
      violations.push(...(await auditPrompts(page, where)));
      layout.push(...(await layoutFindings(page, path, who.username)));
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
    return { landing, pages, violations, layout, errors: [...errors] };
  } finally {
    await context.close();
  }
}

/**
 * A browser test file of its own for `username`'s walk (its own simulator and Chromium): every
 * screen the user reaches or may open, without a critical or serious axe finding (light and dark,
 * en and ar-SA), without anything overflowing or cut at 1 440 and 375 px, with the assets
 * overview adding up, and without a console error.
 */
export function describeUserWalk(username: string) {
  const app = startAppAndBrowser();
  describe('every screen a user reaches', () => {
    it(
      `${username}: no serious axe finding (light, dark, en, ar-SA), nothing overflowing or cut at ${WIDTHS.join(' and ')} px, no console error`,
      // A ceiling only a hung walk reaches: a walk took 9-10 minutes with the load average at 23.
      { timeout: 1_800_000 },
      async ({ expect }) => {
        const who = account(username);
        const walk = await walkUser(app.browser, app.sim.url, who);
        // Signing in lands on the role's home screen, in the shell (header and footer).
        const heading = HOME_HEADINGS[who.role];
        expect(walk.landing).toEqual({
          path: HOME_PATHS[who.role],
          heading,
          title: `${heading} · assetdeck`,
          header: 1,
          footer: 1,
        });
        // The home screen, the assets overview, every routed screen of the role, and at least
        // the area's account screens.
        expect(walk.pages).toEqual(
          expect.arrayContaining([HOME_PATHS[who.role], '/assets', ...screensFor(who)]),
        );
        expect(walk.pages.length).toBeGreaterThan(8);
        expect(walk.violations).toEqual([]);
        expect(walk.layout).toEqual([]);
        expect(walk.errors).toEqual([]);
      },
    );
  });
}
