/**
 * The preamble every browser test file shares: the simulator serving the one build of the app
 * (`inject('appDir')`, built by global-setup.ts) and one Chromium, started before the file's
 * tests and stopped after them. Read `sim` and `browser` inside tests and hooks (they exist once
 * beforeAll ran).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Simulator } from '@server/simulator';
import { startApp } from './app';
import { launchChromium } from './browser';

export interface AppSuite {
  readonly appDir: string;
  readonly sim: Simulator;
  readonly browser: Browser;
}

export function startAppAndBrowser(): AppSuite {
  const appDir = inject('appDir');
  let sim: Simulator | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    sim = await startApp(appDir);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await sim?.stop();
  });
  const started = <T>(v: T | undefined, what: string): T => {
    if (v === undefined) throw new Error(`${what} is not started (use it inside a test or hook)`);
    return v;
  };
  return {
    appDir,
    get sim() {
      return started(sim, 'the simulator');
    },
    get browser() {
      return started(browser, 'Chromium');
    },
  };
}
