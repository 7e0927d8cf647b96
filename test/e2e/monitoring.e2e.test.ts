/**
 * Monitoring in the real app: signed in and out in Chromium, the page (no monitoring SDK on it)
 * posts its events to the simulator's collector with the spec's fields (SPEC.md section 7).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Simulator } from '@server/simulator';
import { DEMO_ACCOUNTS } from '@src/features/login/demo-accounts';
import { APP_EVENTS } from '@src/monitoring/app-events';
import { loginAs, startApp } from './support/app';
import { launchChromium, newPage } from './support/browser';

let sim: Simulator;
let browser: Browser;
const appDir = inject('appDir');

beforeAll(async () => {
  sim = await startApp(appDir);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await sim?.stop();
});

describe('monitoring in Chromium', () => {
  it('posts sign-in, connection states and sign-out to the collector with the spec fields', async () => {
    const { context, page, errors } = await newPage(browser);
    const collected = () => sim.sim.collected.list();
    const has = (name: string, stream?: string) =>
      collected().some(
        (e) =>
          e.name === name &&
          (stream === undefined ||
            ((e.data as { stream?: string; state?: string } | undefined)?.stream === stream &&
              (e.data as { state?: string }).state === 'connected')),
      );
    await loginAs(page, sim.url, DEMO_ACCOUNTS[0]!);
    // Batches go out every 5 s (or at 20 events).
    await expect
      .poll(
        () =>
          has(APP_EVENTS.signIn) &&
          has(APP_EVENTS.connection, 'public') &&
          has(APP_EVENTS.connection, 'private'),
        { timeout: 30_000 },
      )
      .toBe(true);
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => has(APP_EVENTS.signOut), { timeout: 30_000 }).toBe(true);
    for (const e of collected()) {
      expect(e).toMatchObject({
        timestamp: expect.any(Number),
        platform: 'pc',
        env: 'testnet',
        userAgent: expect.stringContaining('Chrome'),
        pageUrl: expect.stringMatching(new RegExp(`^${sim.url}/`)),
        userId: '',
        deviceId: '',
        sessionId: '',
      });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
