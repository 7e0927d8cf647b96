/**
 * Debian chromium driven by playwright-core (`npx playwright install` cannot work here). Install
 * it with `apt-get install -y chromium` when /usr/bin/chromium is missing.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM_PATH = '/usr/bin/chromium';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
];

/** `extraArgs` after the flags above (scripts/lighthouse.ts opens a debugging port with them). */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: install it with "apt-get install -y chromium"`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, ...extraArgs],
    headless: true,
  });
}

export interface PageOptions {
  /** CSS pixels; 1280x800 by default. */
  width?: number;
  height?: number;
  /**
   * 'reduced' by default: the page prefers reduced motion, so changed values do not flash (the
   * app's rule, src/ui/flash). A flash repaints its cell for 900 ms, and with prices every 100 ms
   * a signed-in page kept repainting in software rendering: idle on /copy-trade it took 65 % of a
   * core with flashes and 40 % without, idle on /assets 45 % and 20 % (2026-11-26), CPU that the
   * other test file on the two cores lacked. These tests read what the screen says, not its
   * tints (the flashes' contrast at every step: test/unit/ui/contrast.test.ts; when they fire:
   * the use-flash unit tests). 'full' is what a user gets by default: screens.e2e looks at live
   * values with it.
   */
  motion?: 'full' | 'reduced';
}

/** A fresh context (own cookies and storage) and page; page errors fail the caller's checks. */
export async function newPage(
  browser: Browser,
  { width = 1280, height = 800, motion = 'reduced' }: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width, height },
    locale: 'en-US',
    reducedMotion: motion === 'reduced' ? 'reduce' : 'no-preference',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { context, page, errors };
}
