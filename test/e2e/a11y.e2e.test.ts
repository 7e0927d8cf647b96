/**
 * Accessibility in Chromium (issue 18), the pages beside the walks: axe-core on the sign-in and
 * not-found pages in light and dark, en and ar-SA, and with the menus, the connection panel, the
 * support chat and hidden amounts open; robots.txt. Every screen each demo user reaches is
 * audited in a11y-walk-<user>.e2e.test.ts, the keyboard walks are in a11y-keyboard.e2e.test.ts
 * (one file each, so that the two test workers share them out evenly).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startReplayServer } from '@server/replay/server';
import { parseSession } from '@src/wire/session-file';
import { loginAs } from './support/app';
import { account, checkBothSchemes, settled } from './support/a11y';
import { newPage } from './support/browser';
import { REPO_ROOT } from './support/build';
import { startAppAndBrowser } from './support/suite';

const app = startAppAndBrowser();

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
