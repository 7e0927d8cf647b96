/**
 * Accessibility in Chromium (issue 18), keyboard only: a visible, uncovered focus at each stop of
 * the walks (sign-in, moving between screens, the language and account menus, the connection
 * panel, the support chat, hiding amounts) and at 400 % zoom. axe-core: a11y.e2e.test.ts and
 * a11y-walk-<user>.e2e.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { HOME_PATHS } from '@src/pipeline/session';
import { loginAs } from './support/app';
import { account, focusName, headingFocused, POLL, settled } from './support/a11y';
import { newPage } from './support/browser';
import { badStops, focusStop, tabUntil } from './support/keyboard';
import { startAppAndBrowser } from './support/suite';

const app = startAppAndBrowser();

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
    // type-ahead: "D" jumps to Deutsch, the one language that starts with it. One letter: Mantine
    // forgets what was typed 500 ms after a key, and on a busy machine the second key of "De" came
    // later than that and started a new search, "e" (English; a CI run beside two busy loops).
    await page.keyboard.press('D');
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
    await page.keyboard.press('D');
    await expect.poll(() => focusName(page), POLL).toBe('Deutsch');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.documentElement.lang === 'de-DE');
    await expect.poll(() => focusName(page), POLL).toMatch(/^Sprache: Deutsch/);
    // The menu closed by the choice is gone before it opens again, as after Escape above (one CI
    // run on 2026-11-28 stayed on "Deutsch" below: the letters typed did nothing; the likely
    // cause, not proven, is the closing list still in the page when the menu opened again).
    await page.getByRole('menu').waitFor({ state: 'detached' });
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
    // No menu left: the language menu's closing fade may still be running beside this one's (a
    // strict locator would fail on the two instead of waiting).
    await expect.poll(() => page.getByRole('menu').count(), POLL).toBe(0);
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
