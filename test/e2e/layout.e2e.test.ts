/**
 * Every screen at 1 440 px and at 375 px, in Chromium against the simulator (issue 15): no table
 * region overflows sideways (neither the page nor any table or its scrolling area), and not one
 * console error; no row's name and no badge is cut. The screens come from the route table (SCREENS), so a new screen is covered
 * as soon as it is routed; each is visited by a demo account of a role it is for. Also the
 * sign-in page and the not-found page, signed out.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Simulator } from '@server/simulator';
import { SCREENS } from '@src/app/routes';
import { DEMO_ACCOUNTS, type DemoAccount } from '@src/features/login/demo-accounts';
import { loginAs, startApp } from './support/app';
import { launchChromium, newPage } from './support/browser';
import { cutBadges, cutRowHeaders, overflows } from './support/overflow';

let sim: Simulator;
let browser: Browser;
const appDir = inject('appDir');
const WIDTHS = [1440, 375] as const;

beforeAll(async () => {
  sim = await startApp(appDir);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await sim?.stop();
});

/** A demo account the screen is for: the first of its roles, else the follower (everyone). */
function accountFor(roles: readonly string[] | undefined): DemoAccount {
  const role = roles?.[0] ?? 'follower';
  return DEMO_ACCOUNTS.find((a) => a.role === role && a.username !== 'newbie') as DemoAccount;
}

/** Waits until the screen has loaded: a heading, and no section still saying "Loading…". */
async function settled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(
    () =>
      ![...document.querySelectorAll('[role="status"]')].some((s) =>
        /^Loading/.test(s.getAttribute('aria-label') ?? s.textContent ?? ''),
      ),
    undefined,
    { timeout: 30_000 },
  );
}

/** One signed-in page per demo account, kept across its screens (a sign-in per screen doubled the
 * file's time); each screen is loaded once and measured at every width by resizing the viewport,
 * which reflows the page as a window resize does (media queries and Mantine's hooks follow it). */
const sessions = new Map<string, Promise<Awaited<ReturnType<typeof newPage>>>>();
function sessionOf(account: DemoAccount) {
  let s = sessions.get(account.username);
  if (!s) {
    s = newPage(browser, { width: WIDTHS[0], height: 900 }).then(async (p) => {
      await loginAs(p.page, sim.url, account);
      return p;
    });
    sessions.set(account.username, s);
  }
  return s;
}
afterAll(async () => {
  for (const s of sessions.values()) await (await s).context.close();
});

/** The overflow findings at each width, keyed by width ("" when none). */
async function atEveryWidth(
  page: Page,
  ready: () => Promise<void>,
): Promise<Record<number, string[]>> {
  const found: Record<number, string[]> = {};
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // two animation frames: the resize has been laid out and React has answered media queries
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
    );
    await ready();
    found[width] = [
      ...(await overflows(page)),
      ...(await cutRowHeaders(page)),
      ...(await cutBadges(page)),
    ];
  }
  return found;
}
const NONE = Object.fromEntries(WIDTHS.map((w) => [w, []]));

describe(`every screen at ${WIDTHS.join(' and ')} px`, () => {
  it.each(SCREENS.map((s) => [s.path, s] as const))(
    '%s: no table region overflows sideways, no console error',
    async (path, screen) => {
      const { page, errors } = await sessionOf(accountFor(screen.roles));
      const before = errors.length;
      await page.goto(`${sim.url}${path}`);
      await settled(page);
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await atEveryWidth(page, () => settled(page))).toEqual(NONE);
      expect(errors.slice(before)).toEqual([]);
    },
  );

  // Japanese words are longer than English ones in the narrow tables ("ショート" beside "Short",
  // "ユーザー 1002" was cut): the follower's and the leader's tables in ja-JP as well.
  it.each([
    ['/copy-trade', 'follower'],
    ['/copy-trade/leader', 'leader'],
  ] as const)('%s in ja-JP: no overflow, no cut row name or badge', async (path, username) => {
    const account = DEMO_ACCOUNTS.find((a) => a.username === username) as DemoAccount;
    const { context, page, errors } = await newPage(browser, { width: WIDTHS[0], height: 900 });
    try {
      await loginAs(page, sim.url, account);
      await page.goto(`${sim.url}${path}?locale=ja-JP`);
      await page.waitForFunction(() => document.documentElement.lang === 'ja-JP');
      const ready = async () => {
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.getByRole('rowheader').first().waitFor();
      };
      await ready();
      expect(await atEveryWidth(page, ready)).toEqual(NONE);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(['/login', '/no/such/page'])(
    '%s signed out: no overflow, no console error',
    async (path) => {
      const { context, page, errors } = await newPage(browser, { width: WIDTHS[0], height: 900 });
      try {
        await page.goto(`${sim.url}${path}`);
        const heading = () => page.getByRole('heading', { level: 1 }).first().waitFor();
        await heading();
        expect(await atEveryWidth(page, heading)).toEqual(NONE);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
