import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '@src/features/login/demo-accounts';
import { loginAs } from './support/app';
import { newPage } from './support/browser';
import { covered, headerMisfits, overflows } from './support/overflow';
import { screenshotBoth } from './support/screenshots';
import { startAppAndBrowser } from './support/suite';

const app = startAppAndBrowser();

async function fresh(width?: number) {
  return newPage(app.browser, width ? { width, height: 800 } : {});
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** What has keyboard focus: its tag and its name (label or text). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName}: ${el.getAttribute('aria-label') ?? el.textContent ?? ''}` : '';
  });

describe('shell in Chromium against the simulator', () => {
  // Signing in as each demo user and landing on its role's home screen (heading, title, header
  // and footer): the user walks (a11y-walk-*.e2e.test.ts), which sign in as each of them.

  it('sends a signed-out visitor to /login and shows no shell there', async () => {
    const { context, page, errors } = await fresh();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(`${app.sim.url}/copy-trade`);
    await page.waitForURL('**/login');
    await expect.poll(() => h1(page).textContent()).toBe('Sign in');
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(requested.some((p) => /\/assets\/(Header|Footer|ChatWidget)-/.test(p))).toBe(false);
    await screenshotBoth(page, 'login');
    // the not-found page for an unknown address
    await page.goto(`${app.sim.url}/no/such/page`);
    await expect.poll(() => h1(page).textContent()).toBe('Page not found');
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await context.close();
  });

  it('switches to Arabic (right to left, header mirrored) and back', async () => {
    const { context, page, errors } = await fresh();
    await loginAs(page, app.sim.url, DEMO_ACCOUNTS[2]!);
    const brand = page.getByRole('banner').getByRole('link', { name: 'assetdeck' });
    await brand.waitFor();
    const ltr = await brand.boundingBox();
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar-SA');
    await expect.poll(() => h1(page).textContent()).toBe('أصول المشتقات');
    const rtl = await brand.boundingBox();
    expect(ltr && rtl).toBeTruthy();
    // LTR: brand at the inline start (left); RTL: at the right edge.
    expect(ltr!.x).toBeLessThan(200);
    expect(rtl!.x + rtl!.width).toBeGreaterThan(1280 - 200);
    await screenshotBoth(page, 'derivatives-ar-SA');

    // the choice survives a reload (stored preference)
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');

    await page.getByRole('button', { name: 'اللغة: العربية' }).click();
    await page.getByRole('menuitem', { name: 'English', exact: true }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    await expect.poll(() => h1(page).textContent()).toBe('Derivatives assets');
    const back = await brand.boundingBox();
    expect(back!.x).toBeLessThan(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits 375 px without horizontal scrolling, the skip link first; the header controls fit', async () => {
    const { context, page, errors } = await fresh(375);
    await page.goto(`${app.sim.url}/login`);
    await h1(page).waitFor();
    expect(await overflows(page)).toEqual([]);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('A: Skip to main content');
    await loginAs(page, app.sim.url, DEMO_ACCOUNTS[1]!);
    await page.getByRole('banner').waitFor();
    await expect.poll(() => h1(page).textContent()).toBe('Leader dashboard');
    await page.getByRole('table', { name: 'Followers' }).getByRole('rowheader').first().waitFor();
    expect(await overflows(page)).toEqual([]);
    // skip link first on a signed-in page too, and it leads to the main content
    await page.reload();
    await page.getByRole('banner').waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('A: Skip to main content');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#main-content');

    // issue 15, item 10: every header control inside the viewport, a usable target, none on
    // another; the language button a square around its globe; the chat launcher in the header,
    // not floating over the content
    const banner = page.getByRole('banner');
    expect(await headerMisfits(page)).toEqual([]);
    const language = banner.getByRole('button', { name: 'Language: English' });
    const box = (await language.boundingBox())!;
    expect(Math.abs(box.width - box.height)).toBeLessThanOrEqual(2);
    const launcher = banner.getByRole('button', { name: 'Open support chat' });
    await launcher.click();
    const chat = banner.getByRole('region', { name: 'Support chat' });
    await chat.getByRole('heading', { name: 'Support' }).waitFor();
    const panel = (await chat.boundingBox())!;
    const header = (await banner.boundingBox())!;
    expect(panel.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(375);
    await page.keyboard.press('Escape');
    await expect.poll(() => chat.count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Open support chat');
    // the language menu opens from its square button and still changes the language
    await language.click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'de-DE');
    expect(await headerMisfits(page)).toEqual([]);
    expect(await overflows(page)).toEqual([]);
    await screenshotBoth(page, 'leader-375-de-DE');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('wide screens: the chat launcher is a header control and covers nothing, at the top or the bottom of a page', async () => {
    // issue 15, item 10: the round launcher floating in the bottom corner covered table rows, a
    // chart's axis and controls at 1 440 px and 1 024 px; it now sits in the header at every width
    const launcher = 'button[aria-label="Open support chat"]';
    const found: string[] = [];
    for (const [account, paths] of [
      [DEMO_ACCOUNTS[0]!, ['/copy-trade', '/assets']],
      [DEMO_ACCOUNTS[1]!, ['/copy-trade/leader']],
    ] as const) {
      const { context, page, errors } = await fresh(1440);
      await loginAs(page, app.sim.url, account);
      for (const path of paths) {
        await page.goto(`${app.sim.url}${path}`);
        await page.getByRole('table').first().waitFor();
        for (const width of [1440, 1024]) {
          await page.setViewportSize({ width, height: 800 });
          await page
            .getByRole('banner')
            .getByRole('button', { name: 'Open support chat' })
            .waitFor();
          found.push(...(await headerMisfits(page)).map((m) => `${path} ${width}: ${m}`));
          for (const y of ['top', 'bottom'] as const) {
            await page.evaluate(
              (to) => window.scrollTo(0, to === 'top' ? 0 : document.documentElement.scrollHeight),
              y,
            );
            await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
            found.push(
              ...(await covered(page, launcher)).map((c) => `${path} ${width} ${y}: ${c}`),
            );
          }
        }
      }
      expect(errors).toEqual([]);
      await context.close();
    }
    expect(found).toEqual([]);
  });

  it('a dark system gets a dark page from the first paint; a choice in the header is kept over it', async () => {
    const { context, page, errors } = await fresh();
    await page.emulateMedia({ colorScheme: 'dark' });
    const scheme = () =>
      page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    // Set by the parser-blocking theme script in <head>, before the body is parsed.
    await page.goto(`${app.sim.url}/login`, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.body !== null);
    expect(await scheme()).toBe('dark');
    await loginAs(page, app.sim.url, DEMO_ACCOUNTS[0]!);
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Dark mode' });
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    await expect.poll(scheme).toBe('light');
    // The user's choice is stored and wins over the system's preference on the next visit.
    await page.reload();
    await h1(page).first().waitFor();
    expect(await scheme()).toBe('light');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the live streams at sign-in; signing out closes them, goes to /login, hides the shell', async () => {
    const { context, page, errors } = await fresh();
    const sockets = new Map<string, { closed: boolean }>();
    page.on('websocket', (ws) => {
      const entry = { closed: false };
      sockets.set(new URL(ws.url()).pathname, entry);
      ws.on('close', () => (entry.closed = true));
    });
    await loginAs(page, app.sim.url, DEMO_ACCOUNTS[0]!);
    await expect
      .poll(() => [...sockets.keys()].sort())
      .toEqual(['/ws/v5/private', '/ws/v5/public/linear']);
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    expect(await page.getByRole('banner').count()).toBe(0);
    await expect.poll(() => [...sockets.values()].every((w) => w.closed)).toBe(true);
    // the session really ended: a guarded address goes back to /login
    await page.goto(`${app.sim.url}/copy-trade`);
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('build', () => {
  // The signed-in shell's parts are lazy (src/app/shell/lazy-parts.ts): which file holds each is
  // the bundler's choice (small groups are merged, vite.config.ts), what a visitor downloads is not.
  it('serves a signed-out visitor on /login none of the header, footer and chat code', async () => {
    // Each part's element, as the minified build writes its data-shell attribute.
    const markers = ['header', 'footer', 'chat'].map((part) => `"data-shell":\`${part}\``);
    const dir = join(app.appDir, 'assets');
    const built = readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(dir, f), 'utf8'));
    // Each marker is in the build (so that its absence below means something), in a lazy chunk.
    for (const m of markers) expect(built.filter((code) => code.includes(m))).toHaveLength(1);

    const { context, page, errors } = await fresh();
    const scripts: Promise<string>[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.endsWith('.js')) scripts.push(r.text());
    });
    await page.goto(`${app.sim.url}/login`);
    await page.getByRole('region', { name: 'Demo accounts' }).waitFor();
    await page.waitForLoadState('networkidle');
    const served = await Promise.all(scripts);
    expect(served.length).toBeGreaterThan(0);
    for (const m of markers) expect(served.filter((code) => code.includes(m))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('ships the locale files of the 15 languages', () => {
    expect(readdirSync(join(app.appDir, 'locales'))).toHaveLength(15);
  });
});
