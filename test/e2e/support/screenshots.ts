/**
 * Screenshots for people to look at (not compared): screenshots/<name>-light.png and
 * -dark.png, the colour scheme switched through the documented root marker (data-theme).
 * Nobody looks at them in CI (a clean clone, thrown away afterwards) and 44 full-page
 * screenshots in software rendering cost CI time: under CI=1 they are taken only when
 * E2E_SCREENSHOTS=1 asks for them.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './build';

const SCREENSHOT_DIR = join(REPO_ROOT, 'screenshots');

export async function setScheme(page: Page, scheme: 'light' | 'dark') {
  await page.evaluate((s) => document.documentElement.setAttribute('data-theme', s), scheme);
  await page.waitForFunction(
    (s) => document.documentElement.getAttribute('data-mantine-color-scheme') === s,
    scheme,
  );
}

/** Screenshots are written outside CI, and in CI when E2E_SCREENSHOTS=1. */
function wanted(): boolean {
  return !process.env.CI || process.env.E2E_SCREENSHOTS === '1';
}

/** Both schemes of the current page; returns the two file paths. Leaves the page light. */
export async function screenshotBoth(page: Page, name: string): Promise<string[]> {
  if (!wanted()) return [];
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const files: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    const file = join(SCREENSHOT_DIR, `${name}-${scheme}.png`);
    // Finished transitions only: a popover caught mid-fade would show the page through it.
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    files.push(file);
  }
  await setScheme(page, 'light');
  return files;
}

/** The page as it is (one scheme): screenshots/<name>.png, or nothing when not wanted. */
export async function screenshotOne(page: Page, name: string): Promise<void> {
  if (!wanted()) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
