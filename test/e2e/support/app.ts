/**
 * The system under test: the simulator (server/) serving the built app from `appDir`, same
 * origin for REST (/api), websockets (/ws) and the pages. Loopback only, port 0.
 */
import type { Page } from 'playwright-core';
import { startSimulator, type Simulator } from '@server/simulator';
import type { DemoAccount } from '@src/features/login/demo-accounts';

/**
 * The ticker cadence of the browser tests' simulator: a price every second per symbol, not the
 * product's 100 ms (the simulator's default, Bybit's linear tickers). The tests read what the
 * screens say, and a live page repaints at every price: at 100 ms the open pages kept both cores
 * busy while tests waited (a signed-in page took 40-65 % of a core idle), and the whole browser
 * run took 407-410 s against 348 s at 1 s (fresh runs one after the other, 2026-11-26). The
 * product's cadence is kept where it is the subject: screens.e2e (live values as a user sees
 * them) and the browser benchmarks (100, 10 and 4 ms).
 */
const TEST_TICK_MS = 1000;

/**
 * `cadence: 'product'` leaves the simulator at its own default (the product's 100 ms), for the
 * tests that look at live values as a user gets them.
 */
export async function startApp(
  appDir: string,
  { cadence = 'test' }: { cadence?: 'test' | 'product' } = {},
): Promise<Simulator> {
  return startSimulator({
    port: 0,
    host: '127.0.0.1',
    appDir,
    admin: true,
    seed: 7,
    ...(cadence === 'test' ? { tickMs: TEST_TICK_MS } : {}),
  });
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
