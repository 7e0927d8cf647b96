/**
 * Replay on screen, in Chromium: a session recorded from the simulator is served with
 * `replay --serve` (startReplayServer) together with the built dashboard on one origin; a demo
 * sign-in becomes the session's user and the screens show the session's values (its orders, its
 * wallet). Then the dashboard's own "Record session" control records what it sees and downloads
 * a valid session file without secrets.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '@server/replay/server';
import { DEMO_ACCOUNTS, type DemoAccount } from '@src/features/login/demo-accounts';
import type { StateDump } from '@src/state/dump';
import { replayToDump } from '@src/pipeline/replay';
import { parseSession } from '@src/wire/session-file';
import { loginAs } from './support/app';
import { launchChromium, newPage } from './support/browser';
import { REPO_ROOT } from './support/build';
import { screenshotBoth } from './support/screenshots';

const appDir = inject('appDir');
const SESSIONS = join(REPO_ROOT, 'test/sessions');
const follower = DEMO_ACCOUNTS.find((a) => a.username === 'follower') as DemoAccount;
let browser: Browser;
let server: ReplayServer | undefined;

const session = (name: string) =>
  parseSession(readFileSync(join(SESSIONS, `${name}.jsonl`), 'utf8'));

beforeAll(async () => {
  browser = await launchChromium();
});
afterEach(async () => {
  await server?.stop();
  server = undefined;
});
afterAll(async () => {
  await browser?.close();
});

describe('replay --serve in Chromium', () => {
  it('plays a recorded follower session to the screens: its orders and wallet', async () => {
    const expected = JSON.parse(
      readFileSync(join(SESSIONS, 'follower_session.state.json'), 'utf8'),
    ) as StateDump;
    const orderIds = Object.keys(expected.copytrade.orders);
    expect(orderIds.length).toBeGreaterThan(0);
    server = await startReplayServer({
      session: session('follower_session'),
      name: 'follower_session',
      appDir,
      speed: 6,
    });
    const { context, page, errors } = await newPage(browser);
    // Any demo credentials sign in as the session's user.
    await loginAs(
      page,
      server.url,
      DEMO_ACCOUNTS.find((a) => a.username === 'trader')!,
    );
    await page.waitForURL(/\/copy-trade$/);
    const orders = page.getByRole('table', { name: 'Copied orders' });
    await orders.waitFor();
    await expect
      .poll(() => server!.playback.state, { timeout: 60_000, interval: 250 })
      .toBe('ended');
    for (const id of orderIds) {
      await expect.poll(() => orders.getByText(id, { exact: true }).count()).toBe(1);
    }
    const positions = page.getByRole('table', { name: 'Copied positions' });
    await expect
      .poll(() => positions.getByRole('rowheader').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await screenshotBoth(page, 'replay-follower');

    // The wallet screen shows the session's USDT balance (a whole number of USDT here).
    // Derivatives is a screen of the assets area: main navigation, then the area's own.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Assets' })
      .click();
    await page
      .getByRole('navigation', { name: 'Assets' })
      .getByRole('link', { name: 'Derivatives' })
      .click();
    const usdt = page.getByRole('table', { name: 'Derivatives wallets' }).getByRole('row', {
      name: /^USDT/,
    });
    await usdt.waitFor();
    const balance = BigInt(expected.wallets.USDT?.walletBalanceE8 ?? '0') / 100_000_000n;
    const grouped = balance.toLocaleString('en-US');
    await expect.poll(() => usdt.textContent()).toContain(grouped);

    // The operator page says where the playback is.
    const op = await context.newPage();
    await op.goto(`${server.url}/__replay`);
    await expect.poll(() => op.getByRole('status').textContent()).toMatch(/^Ended at 60\.0 s/);
    expect(await op.getByLabel('Speed').inputValue()).toBe('6');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the dashboard's Record session control downloads a valid file without secrets", async () => {
    server = await startReplayServer({
      session: session('follower_session'),
      name: 'follower_session',
      appDir,
      speed: 2,
    });
    const { context, page, errors } = await newPage(browser);
    await loginAs(page, server.url, follower);
    await page.getByRole('table', { name: 'Copied orders' }).waitFor();
    await page.getByRole('button', { name: /^Connection:/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Connection' });
    const control = dialog.getByRole('group', { name: 'Session recording' });
    await control.getByRole('button', { name: 'Record session' }).click();
    await control.getByText('Recording…', { exact: true }).waitFor();
    // Elapsed time and events move while the session plays.
    await expect.poll(() => control.getByText(/^0:0[2-9]$/).count(), { timeout: 15_000 }).toBe(1);
    await screenshotBoth(page, 'record-session-control');
    const download = page.waitForEvent('download');
    await control.getByRole('button', { name: 'Stop and download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^assetdeck-session-1001-.*\.jsonl$/);
    const path = await file.path();
    const text = readFileSync(path, 'utf8');
    await control.getByText('Not recording', { exact: true }).waitFor();
    await control.getByText(/^Recording downloaded\. Events: [\d,]+\.$/).waitFor();

    expect(text).not.toContain('follower123');
    expect(text).not.toMatch(/secure-token/);
    const { header, events } = parseSession(text);
    expect(header.userId).toBe(1001);
    const kinds = new Set(
      events.map((e) => `${e.kind}:${e.kind === 'rest' ? e.method : e.stream}`),
    );
    for (const k of [
      'open:public',
      'open:private',
      'send:private',
      'recv:private',
      'recv:public',
      'rest:GET',
      'rest:POST',
    ]) {
      expect(kinds).toContain(k);
    }
    const auth = events.find((e) => e.kind === 'send' && e.frame.includes('"auth"'));
    expect(auth && auth.kind === 'send' && JSON.parse(auth.frame)).toMatchObject({
      args: ['<token>'],
    });
    const ott = events.find((e) => e.kind === 'rest' && e.method === 'POST');
    expect(ott && ott.kind === 'rest' && JSON.parse(ott.body)).toMatchObject({
      result: { token: '<token>' },
    });
    const seeded = events.filter((e) => e.kind === 'rest' && e.method === 'GET').length;
    expect(seeded).toBeGreaterThanOrEqual(5);
    const dump = replayToDump(events);
    expect(BigInt(dump.wallets.USDT?.walletBalanceE8 ?? '0')).toBeGreaterThan(0n);
    expect(Object.keys(dump.quotes).length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
