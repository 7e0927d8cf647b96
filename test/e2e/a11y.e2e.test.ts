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
import { DEMO_ACCOUNTS, type DemoAccount } from '@src/features/login/demo-accounts';
import { HOME_PATHS } from '@src/pipeline/session';
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

/** Polls on a loaded machine: a lazy screen or a locale file may take seconds to arrive. */
const POLL = { timeout: 15_000 } as const;
const focusName = async (page: Page) => (await focusStop(page))?.name;
/** Focus has moved to the page heading (route focus, after sign-in or a link). */
const headingFocused = (page: Page) =>
  page.waitForFunction(() => document.activeElement?.tagName === 'H1');

/** A screen is ready when its heading is there and nothing says it is still loading. */
async function settled(page: Page) {
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
async function visit(page: Page, path: string, where: string): Promise<string[]> {
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
    await page.goto(`${app.sim.url}${path}`);
  }
  await settled(page);
  return prompts;
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

/** Light and dark of the page as it is now. */
async function checkBothSchemes(page: Page, where: string): Promise<string[]> {
  const out: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    await schemeSettled(page);
    out.push(...(await seriousViolations(page, `${where} (${scheme})`)));
  }
  await setScheme(page, 'light');
  return out;
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
async function auditUser(who: DemoAccount): Promise<{ pages: string[]; violations: string[] }> {
  const { context, page } = await newPage(app.browser);
  try {
    await loginAs(page, app.sim.url, who);
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
      violations.push(...(await visit(page, path, where)));
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
      violations.push(...(await visit(page, path, where)));
      violations.push(...(await auditPrompts(page, where)));
      violations.push(...(await checkBothSchemes(page, where)));
    }
    violations.push(...(await auditPrompts(page, `${who.username} last`)));
    return { pages, violations };
  } finally {
    await context.close();
  }
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

  // The four users side by side (one page each in the shared browser): the walk mostly waits on
  // the page, so they overlap well and the file stays within the CI budget.
  it.concurrent.for(['follower', 'leader', 'trader', 'newbie'])(
    'on every screen %s reaches, light and dark, en and ar-SA',
    { timeout: 600_000 },
    async (username, { expect }) => {
      const { pages, violations } = await auditUser(account(username));
      // The home screen, the assets overview and at least the area's account screens.
      expect(pages).toEqual(
        expect.arrayContaining([HOME_PATHS[account(username).role], '/assets']),
      );
      expect(pages.length).toBeGreaterThan(8);
      expect(violations).toEqual([]);
    },
  );

  it('with the language menu, account menu, connection panel and chat open, and amounts hidden', async () => {
    const { context, page } = await newPage(app.browser);
    await loginAs(page, app.sim.url, account('follower'));
    await settled(page);
    const violations: string[] = [];
    const banner = page.getByRole('banner');

    await banner.getByRole('button', { name: /^Language:/ }).click();
    await page.getByRole('menu').waitFor();
    violations.push(...(await checkBothSchemes(page, 'language menu')));
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    await banner.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menu').waitFor();
    violations.push(...(await checkBothSchemes(page, 'account menu')));
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    await banner.getByRole('button', { name: /^Connection/ }).click();
    await page.getByRole('dialog').waitFor();
    violations.push(...(await checkBothSchemes(page, 'connection panel')));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Open support chat' }).click();
    await page.getByRole('region', { name: 'Support' }).waitFor();
    violations.push(...(await checkBothSchemes(page, 'support chat')));
    await page.keyboard.press('Escape');
    await page.getByRole('region', { name: 'Support' }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Hide amounts' }).click();
    await page.getByRole('img', { name: 'Hidden' }).first().waitFor();
    violations.push(...(await checkBothSchemes(page, 'amounts hidden')));
    await page.getByRole('button', { name: 'Hide amounts' }).click();

    expect(violations).toEqual([]);
    await context.close();
  }, 600_000);
});

describe('keyboard only, with a visible and uncovered focus at every stop', () => {
  it('signs in from the demo list and lands on the new page heading', async () => {
    const { context, page } = await newPage(app.browser);
    await page.goto(`${app.sim.url}/login`);
    await settled(page);
    const stops = await tabUntil(page, (s) => s.tag === 'button' && s.name.startsWith('follower'));
    expect(badStops(stops)).toEqual([]);
    expect(stops[0]!.name).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${HOME_PATHS.follower}`);
    await headingFocused(page);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Copy trading');
    await context.close();
  });

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
    await headingFocused(page);
    expect(label.length).toBeGreaterThan(0);
    await context.close();
  });

  it('works the language menu (current item first, type-ahead, arrows, Escape) and the account menu', async () => {
    const { context, page } = await newPage(app.browser);
    await loginAs(page, app.sim.url, account('trader'));
    await settled(page);
    await headingFocused(page);
    // Back up from the page heading to the language button, then open it with Enter.
    let stops = await tabUntil(page, (s) => s.name.startsWith('Language:'), { key: 'Shift+Tab' });
    expect(badStops(stops)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusName(page), POLL).toBe('English');
    expect((await focusStop(page))?.visible).toBe(true);
    // type-ahead: "De" jumps to Deutsch
    await page.keyboard.type('De');
    await expect.poll(() => focusName(page), POLL).toBe('Deutsch');
    expect((await focusStop(page))?.visible).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusName(page), POLL).not.toBe('Deutsch');
    await page.keyboard.press('Escape');
    await expect.poll(() => focusName(page), POLL).toBe('Language: English');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    // Space opens it too; pick Deutsch with the keyboard: focus comes back to the button.
    await page.keyboard.press('Space');
    await expect.poll(() => focusName(page), POLL).toBe('English');
    await page.keyboard.type('De');
    await expect.poll(() => focusName(page), POLL).toBe('Deutsch');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.documentElement.lang === 'de-DE');
    await expect.poll(() => focusName(page), POLL).toMatch(/^Sprache: Deutsch/);
    // ArrowDown opens it as well, on the current language; back to English.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusName(page), POLL).toBe('Deutsch');
    await page.keyboard.type('En');
    await expect.poll(() => focusName(page), POLL).toBe('English');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await expect.poll(() => focusName(page), POLL).toBe('Language: English');

    // The account menu (further on in the header) opens on its item; Escape returns to it.
    stops = await tabUntil(page, (s) => /^Account menu for/.test(s.name));
    expect(badStops(stops)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusName(page), POLL).toBe('Sign out');
    expect((await focusStop(page))?.visible).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => focusName(page), POLL).toMatch(/^Account menu for/);
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(badStops([(await focusStop(page))!])).toEqual([]);
    await context.close();
  });

  it('opens the connection panel, keeps focus inside, and Escape returns to the badge', async () => {
    const { context, page } = await newPage(app.browser);
    await loginAs(page, app.sim.url, account('follower'));
    await settled(page);
    await headingFocused(page);
    const stops = await tabUntil(page, (s) => s.name.startsWith('Connection'), {
      key: 'Shift+Tab',
    });
    expect(badStops(stops)).toEqual([]);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect
      .poll(() => dialog.evaluate((d) => d.contains(document.activeElement)), POLL)
      .toBe(true);
    // Tab and Shift+Tab go round inside the panel.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      const stop = await focusStop(page);
      if (stop && stop.tag !== 'section' && stop.tag !== 'div')
        expect(badStops([stop])).toEqual([]);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focusName(page), POLL).toMatch(/^Connection/);
    expect(badStops([(await focusStop(page))!])).toEqual([]);
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
    await expect.poll(() => focusName(page), POLL).toBe('Close support chat');
    await page.keyboard.press('Escape');
    await page.getByRole('region', { name: 'Support' }).waitFor({ state: 'detached' });
    await expect.poll(() => focusName(page), POLL).toBe('Open support chat');
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

  it('is in the production build, copied from public/robots.txt (its one source)', () => {
    expect(readFileSync(join(app.appDir, 'robots.txt'), 'utf8')).toBe(
      readFileSync(join(REPO_ROOT, 'public/robots.txt'), 'utf8'),
    );
  });

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
