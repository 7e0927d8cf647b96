/**
 * The live screens in Chromium against the simulator: values change on their own, the badge
 * follows a dropped connection, show/hide assets masks every screen and survives a reload,
 * Arabic mirrors the layout, 375 px keeps the page from scrolling sideways, sign-out.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Simulator } from '@server/simulator';
import { DEMO_ACCOUNTS, type DemoAccount } from '@src/features/login/demo-accounts';
import { loginAs, startApp } from './support/app';
import { launchChromium, newPage } from './support/browser';
import { screenshotBoth } from './support/screenshots';

let sim: Simulator;
let browser: Browser;
const appDir = inject('appDir');
const account = (name: string) => DEMO_ACCOUNTS.find((a) => a.username === name) as DemoAccount;

beforeAll(async () => {
  sim = await startApp(appDir);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await sim?.stop();
});

async function admin(path: string, body: object = {}) {
  const res = await fetch(`${sim.url}/__admin${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

/** The text of each cell of a virtualized table's first body row whose header is `symbol`. */
const rowTexts = (page: Page, table: string, header?: string) =>
  page.evaluate(
    ([name, rowHeader]) => {
      const t = document.querySelector(`[role="table"][aria-label="${name}"]`);
      const rows = [...(t?.querySelectorAll('[role="row"]') ?? [])].slice(1);
      const row = rows.find((r) => {
        const h = r.querySelector('[role="rowheader"]');
        return h && !h.hasAttribute('aria-colspan') && (!rowHeader || h.textContent === rowHeader);
      });
      return [...(row?.querySelectorAll('[role="cell"], [role="rowheader"]') ?? [])].map(
        (c) => c.textContent ?? '',
      );
    },
    [table, header ?? ''] as const,
  );

/** Waits until `read()` gives a value different from the first one it gave. */
async function changes(read: () => Promise<string>, timeout = 20_000): Promise<[string, string]> {
  const first = await read();
  let last = first;
  await expect.poll(async () => (last = await read()), { timeout, interval: 250 }).not.toBe(first);
  return [first, last];
}

const badgeText = (page: Page) => page.getByRole('status').filter({ hasText: 'Connection:' });

describe('live screens in Chromium', () => {
  it('follower: positions by leader, live mark price and PnL; the badge follows a dropped connection', async () => {
    const { context, page, errors } = await newPage(browser);
    await loginAs(page, sim.url, account('follower'));
    await page.waitForURL('**/copy-trade');
    const positions = page.getByRole('table', { name: 'Copied positions' });
    await positions
      .getByRole('rowheader', { name: /Leader \d+/ })
      .first()
      .waitFor();
    await page.getByRole('table', { name: 'Copied orders' }).waitFor();
    await page.getByRole('region', { name: 'Copy-trading account' }).waitFor();
    await expect.poll(() => badgeText(page).textContent()).toBe('Connection: Connected');

    // a mark price or an unrealised PnL changes on its own
    const live = async () => {
      const cells = await rowTexts(page, 'Copied positions');
      return `${cells[4]} ${cells[7]}`;
    };
    const [before, after] = await changes(live);
    expect(before).not.toBe(after);
    await screenshotBoth(page, 'copy-trade');

    // drop both streams: the badge says so, then comes back by itself
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __badge: string[] }).__badge = seen;
      const el = [...document.querySelectorAll('[role="status"]')].find((s) =>
        s.textContent?.startsWith('Connection:'),
      );
      new MutationObserver(() => seen.push(el?.textContent ?? '')).observe(el!, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await admin('/faults/drop');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __badge: string[] }).__badge))
      .toContainEqual(expect.stringMatching(/^Connection: Disconnected/));
    await expect
      .poll(() => badgeText(page).textContent(), { timeout: 20_000 })
      .toBe('Connection: Connected');

    // the panel: a dialog with both streams; Escape closes it
    await page.getByRole('button', { name: /^Connection:/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Connection' });
    await dialog.getByRole('region', { name: 'Market data' }).waitFor();
    await expect
      .poll(() => dialog.getByRole('region', { name: 'Account data' }).textContent())
      .toContain('Reconnect attempts');
    expect(await dialog.getByRole('region', { name: 'Data received' }).textContent()).toMatch(
      /Frames applied\d/,
    );
    await screenshotBoth(page, 'connection-panel');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leader: wallet, follower income, chart, bots and live lead positions', async () => {
    const { context, page, errors } = await newPage(browser);
    await loginAs(page, sim.url, account('leader'));
    await page.waitForURL('**/copy-trade/leader');
    await page
      .getByRole('region', { name: 'Leader wallet' })
      .getByText('Available balance')
      .waitFor();
    await page.getByRole('table', { name: 'Followers' }).getByRole('rowheader').first().waitFor();
    await page.getByRole('region', { name: 'Income over time' }).locator('svg').first().waitFor();
    await page.getByRole('table', { name: 'Open trading bots' }).waitFor();
    await page
      .getByRole('table', { name: 'Lead positions' })
      .getByRole('rowheader')
      .first()
      .waitFor();
    await changes(async () => {
      const cells = await rowTexts(page, 'Lead positions');
      return `${cells[4]} ${cells[7]}`;
    });
    await screenshotBoth(page, 'leader');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a proxy that blocks the private websocket: sections say why, then that live data is unavailable', async () => {
    const { context, page, errors } = await newPage(browser);
    // Every private stream connection is refused as soon as it opens; REST and prices work.
    await page.routeWebSocket(/\/ws\/v5\/private/, (ws) =>
      ws.close({ code: 4000, reason: 'blocked by proxy' }),
    );
    await loginAs(page, sim.url, account('trader'));
    await page.waitForURL('**/assets/derivatives');
    const risk = page.getByRole('region', { name: 'Risk' });
    await expect
      .poll(() => risk.textContent(), { timeout: 15_000 })
      .toMatch(/Could not connect to the live data stream\. Trying again \(attempt \d+\)/);
    await expect
      .poll(() => risk.textContent(), { timeout: 15_000 })
      .toContain('Live data unavailable');
    expect(await risk.getByRole('status', { name: 'Loading risk' }).count()).toBe(0);
    await screenshotBoth(page, 'derivatives-unavailable');
    // Closes of a blocked socket are expected here; nothing else may fail.
    expect(errors.filter((e) => !/WebSocket/i.test(e))).toEqual([]);
    await context.close();
  });

  it('the leader screen is for leaders: a trader who opens it lands on derivatives', async () => {
    const { context, page, errors } = await newPage(browser);
    await loginAs(page, sim.url, account('trader'));
    await page.waitForURL('**/assets/derivatives');
    await page.goto(`${sim.url}/copy-trade/leader`);
    await page.waitForURL('**/assets/derivatives');
    await page.getByRole('heading', { level: 1, name: 'Derivatives assets' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Leader dashboard' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
