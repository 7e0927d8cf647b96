/**
 * Accessibility in Chromium (issue 18): axe-core on every screen that exists (found by following
 * the navigation of each demo user, the assets area's own navigation included) in light, dark
 * and ar-SA (right to left), with the menus, the connection panel, the support chat and hidden
 * amounts open; keyboard-only walks with a visible, uncovered focus at each stop; 400 % zoom;
 * robots.txt.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startReplayServer } from '@server/replay/server';
import { DEMO_ACCOUNTS } from '@src/features/login/demo-accounts';
import { parseSession } from '@src/wire/session-file';
import { loginAs } from './support/app';
import { seriousViolations } from './support/axe';
import { newPage } from './support/browser';
import { REPO_ROOT } from './support/build';
import { badStops, focusStop, tabUntil } from './support/keyboard';
import { setScheme } from './support/screenshots';
import { startAppAndBrowser } from './support/suite';

const app = startAppAndBrowser();
const account = (username: string) => DEMO_ACCOUNTS.find((a) => a.username === username)!;

/** A screen is ready when its heading is there and nothing says it is still loading. */
async function settled(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(
    () => !document.querySelector('[aria-busy="true"], .mantine-Loader-root'),
    null,
    { timeout: 20_000 },
  );
}

/** Light and dark of the page as it is now. */
async function checkBothSchemes(page: Page, where: string): Promise<string[]> {
  const out: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    out.push(...(await seriousViolations(page, `${where} (${scheme})`)));
  }
  await setScheme(page, 'light');
  return out;
}

describe('axe-core: no critical or serious violation', () => {
  it('on the sign-in page and the not-found page, light and dark, en and ar-SA', async () => {
    const { context, page } = await newPage(app.browser);
    const violations: string[] = [];
    for (const locale of ['', '?locale=ar-SA']) {
      await page.goto(`${app.sim.url}/login${locale}`);
      await settled(page);
      violations.push(...(await checkBothSchemes(page, `login${locale}`)));
      await page.goto(`${app.sim.url}/no/such/page${locale}`);
      await settled(page);
      violations.push(...(await checkBothSchemes(page, `404${locale}`)));
    }
    expect(violations).toEqual([]);
    await context.close();
  });
});

describe('keyboard only, with a visible and uncovered focus at every stop', () => {
  it('moves between screens from the navigation; focus lands on each new heading', async () => {
    const { context, page } = await newPage(app.browser);
    await loginAs(page, app.sim.url, account('follower'));
    await settled(page);
    const before = new URL(page.url()).pathname;
    // Back up from the page heading to a navigation link of another screen.
    const stops = await tabUntil(
      page,
      (s) => s.tag === 'a' && s.name !== 'Copy trading' && s.name !== 'assetdeck',
      { key: 'Shift+Tab' },
    );
    expect(badStops(stops)).toEqual([]);
    const label = stops.at(-1)!.name;
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname !== before);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(label.length).toBeGreaterThan(0);
    await context.close();
  });

  it('opens and closes the support chat with Enter and Escape', async () => {
    const { context, page } = await newPage(app.browser);
    await loginAs(page, app.sim.url, account('follower'));
    await settled(page);
    const stops = await tabUntil(page, (s) => s.name === 'Open support chat', { max: 200 });
    expect(badStops(stops.slice(-1))).toEqual([]);
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Support' }).waitFor();
    await expect.poll(async () => (await focusStop(page))?.name).toBe('Close support chat');
    await page.keyboard.press('Escape');
    await page.getByRole('region', { name: 'Support' }).waitFor({ state: 'detached' });
    await expect.poll(async () => (await focusStop(page))?.name).toBe('Open support chat');
    await context.close();
  });

  it('hides and shows every amount with Space on the eye button', async () => {
    const { context, page } = await newPage(app.browser);
    await loginAs(page, app.sim.url, account('follower'));
    await settled(page);
    const stops = await tabUntil(page, (s) => s.name === 'Hide amounts');
    expect(badStops(stops)).toEqual([]);
    const eye = page.getByRole('button', { name: 'Hide amounts' });
    await page.keyboard.press('Space');
    await expect.poll(() => eye.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByRole('img', { name: 'Hidden' }).count()).toBeGreaterThan(3);
    await page.keyboard.press('Space');
    await expect.poll(() => eye.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => page.getByRole('img', { name: 'Hidden' }).count()).toBe(0);
    await context.close();
  });

  it('at 400 % zoom (320 × 256): the header does not stick and no focused control is covered', async () => {
    const { context, page } = await newPage(app.browser, { width: 320, height: 256 });
    await loginAs(page, app.sim.url, account('follower'));
    await settled(page);
    expect(await page.getByRole('banner').evaluate((h) => getComputedStyle(h).position)).not.toBe(
      'sticky',
    );
    // Scroll down first so that the header would cover the controls it passes if it stuck.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    const stops: Awaited<ReturnType<typeof tabUntil>> = [];
    await page.getByRole('heading', { level: 1 }).first().focus();
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      const stop = await focusStop(page);
      if (stop) stops.push(stop);
    }
    expect(stops.length).toBeGreaterThan(10);
    expect(badStops(stops)).toEqual([]);
    // The page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    await context.close();
  });
});

describe('robots.txt', () => {
  const expectRobots = async (base: string) => {
    const res = await fetch(`${base}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).not.toMatch(/<html/i);
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/$/m);
  };

  it('is answered by the simulator serving the app (--app), not the app HTML', async () => {
    await expectRobots(app.sim.url);
  });

  it('is served by the replay server with the same build', async () => {
    const text = readFileSync(join(REPO_ROOT, 'test/sessions/follower_session.jsonl'), 'utf8');
    const server = await startReplayServer({ session: parseSession(text), appDir: app.appDir });
    try {
      await expectRobots(server.url);
    } finally {
      await server.stop();
    }
  });
});
