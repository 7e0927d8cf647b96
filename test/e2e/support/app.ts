/**
 * The system under test: the simulator (server/) serving the built app from `appDir`, same
 * origin for REST (/api), websockets (/ws) and the pages. Loopback only, port 0.
 */
import type { Page } from 'playwright-core';
import { startSimulator, type Simulator } from '@server/simulator';
import type { DemoAccount } from '@src/features/login/demo-accounts';

export async function startApp(appDir: string): Promise<Simulator> {
  return startSimulator({ port: 0, host: '127.0.0.1', appDir, admin: true, seed: 7 });
}

/** Log in through the demo button of `account` and wait for its home screen's heading. */
export async function loginAs(page: Page, baseUrl: string, account: DemoAccount): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  // The button's name is its visible text (the user name first), "Sign in as …" its description.
  await page
    .getByRole('region', { name: 'Demo accounts' })
    .getByRole('button', { name: new RegExp(`^${account.username}\\b`) })
    .click();
  await page.waitForURL((url) => url.pathname !== '/login');
}
