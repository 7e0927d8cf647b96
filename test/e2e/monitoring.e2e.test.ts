/**
 * Monitoring in the real app: signed in and out in Chromium, the page (no monitoring SDK on it)
 * posts its events to the simulator's collector with the spec's fields (SPEC.md section 7).
 */
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '@src/features/login/demo-accounts';
import { APP_EVENTS } from '@src/monitoring/app-events';
import { loginAs } from './support/app';
import { newPage } from './support/browser';
import { startAppAndBrowser } from './support/suite';

const app = startAppAndBrowser();

describe('monitoring in Chromium', () => {
  it('posts sign-in, connection states and sign-out to the collector with the spec fields', async () => {
    const { context, page, errors } = await newPage(app.browser);
    const collected = () => app.sim.sim.collected.list();
    const has = (name: string, stream?: string) =>
      collected().some(
        (e) =>
          e.name === name &&
          (stream === undefined ||
            ((e.data as { stream?: string; state?: string } | undefined)?.stream === stream &&
              (e.data as { state?: string }).state === 'connected')),
      );
    await loginAs(page, app.sim.url, DEMO_ACCOUNTS[0]!);
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
        pageUrl: expect.stringMatching(new RegExp(`^${app.sim.url}/`)),
        userId: '',
        deviceId: '',
        sessionId: '',
      });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
