/**
 * The seekable timeline of `replay --serve`, in Chromium: a recorded follower session is served
 * with the built dashboard; once it has played to the end, the operator drags the scrubber of
 * /__replay back to an instant, and the dashboard (closed, reconnected and re-seeded through its
 * own path) shows the copied orders, positions and USDT balance that `--print-state --at` gives
 * for that instant, not those of the end. The page at 375 px does not scroll sideways, axe finds
 * nothing serious on it, and the scrubber works from the keyboard with its position spoken.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runReplay } from '@scripts/replay';
import { startReplayServer, type ReplayServer } from '@server/replay/server';
import { DEMO_ACCOUNTS, type DemoAccount } from '@src/features/login/demo-accounts';
import type { StateDump } from '@src/state/dump';
import { parseSession } from '@src/wire/session-file';
import { readFileSync } from 'node:fs';
import { loginAs } from './support/app';
import { launchChromium, newPage } from './support/browser';
import { seriousViolations } from './support/axe';
import { REPO_ROOT } from './support/build';
import { badStops, tabUntil } from './support/keyboard';
import { screenshotBoth, screenshotOne } from './support/screenshots';

const appDir = inject('appDir');
const FILE = join(REPO_ROOT, 'test/sessions/follower_session.jsonl');
const follower = DEMO_ACCOUNTS.find((a) => a.username === 'follower') as DemoAccount;
let browser: Browser;
let server: ReplayServer | undefined;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

/** `npm run --silent replay -- --print-state FILE --at T`, parsed. */
async function printStateAt(at: string): Promise<StateDump> {
  let out = '';
  const r = await runReplay(['--print-state', FILE, '--at', at], {
    out: (t) => (out += t),
    err: () => undefined,
  });
  expect(r.code).toBe(0);
  return JSON.parse(out) as StateDump;
}

/** Drags the range thumb from where it is to `fraction` of the track, with the mouse. */
async function drag(page: Page, label: string, fraction: number): Promise<void> {
  const slider = page.getByLabel(label);
  const box = await slider.boundingBox();
  if (!box) throw new Error('no scrubber box');
  const value = Number(await slider.inputValue());
  const max = Number(await slider.getAttribute('max'));
  const y = box.y + box.height / 2;
  // The thumb's centre runs from half a thumb in from either end (about 8 px in Chromium).
  const x = (f: number) => box.x + 8 + (box.width - 16) * f;
  await page.mouse.move(x(max > 0 ? value / max : 0), y);
  await page.mouse.down();
  await page.mouse.move(x(fraction), y, { steps: 12 });
  await page.mouse.up();
}

describe('replay --serve timeline in Chromium', () => {
  it('dragging the scrubber back shows on the dashboard the state --at gives there', async () => {
    server = await startReplayServer({
      session: parseSession(readFileSync(FILE, 'utf8')),
      name: 'follower_session',
      appDir,
      speed: 10,
    });
    const { context, page, errors } = await newPage(browser);
    await loginAs(page, server.url, follower);
    const orders = page.getByRole('table', { name: 'Copied orders' });
    await orders.waitFor();
    await expect
      .poll(() => server!.playback.state, { timeout: 60_000, interval: 250 })
      .toBe('ended');
    const end = await printStateAt('60000');
    for (const id of Object.keys(end.copytrade.orders)) {
      await expect.poll(() => orders.getByText(id, { exact: true }).count()).toBe(1);
    }

    // The operator drags the scrubber back to about a third of the session.
    const op = await context.newPage();
    await op.goto(`${server.url}/__replay`);
    await expect.poll(() => op.getByRole('status').textContent()).toMatch(/^Ended at 60\.0 s/);
    await op
      .getByRole('button', { name: /connects$/ })
      .first()
      .waitFor();
    await drag(op, 'Position in the session', 0.33);
    await expect.poll(() => server!.status().seeked, { timeout: 10_000 }).toBe(true);
    const t = server.status().positionMs;
    expect(t).toBeGreaterThan(10_000);
    expect(t).toBeLessThan(30_000);
    await expect
      .poll(() => op.getByRole('status').textContent())
      .toBe(`Paused at ${(t / 1000).toFixed(1)} s of 60.0 s, speed 10×`);
    expect(await op.getByLabel('Position in the session').inputValue()).toBe(String(t));

    // The dashboard shows the orders of T, and none of the end's that T does not hold.
    const atT = await printStateAt(String(t));
    const idsAtT = Object.keys(atT.copytrade.orders);
    expect(idsAtT.length).toBeGreaterThan(0);
    const gone = Object.keys(end.copytrade.orders).filter((id) => !idsAtT.includes(id));
    expect(gone.length).toBeGreaterThan(0);
    for (const id of idsAtT) {
      await expect
        .poll(() => orders.getByText(id, { exact: true }).count(), { timeout: 20_000 })
        .toBe(1);
    }
    for (const id of gone) expect(await orders.getByText(id, { exact: true }).count()).toBe(0);
    const positions = page.getByRole('table', { name: 'Copied positions' });
    for (const p of atT.copytrade.positions) {
      await expect.poll(() => positions.textContent(), { timeout: 20_000 }).toContain(p.symbol);
    }
    // Row headers are the positions' symbols and, above each leader's group, the leader's row.
    const symbols = (await positions.getByRole('rowheader').allTextContents()).filter(
      (h) => !h.startsWith('Leader '),
    );
    expect(symbols.sort()).toEqual(atT.copytrade.positions.map((p) => p.symbol).sort());
    await screenshotBoth(page, 'replay-seek-dashboard');

    // The USDT balance of T on the wallet screen (whole USDT, grouped as the screen shows it).
    // (A fresh load of the page after the seek: it seeds from the snapshots of T as well.)
    await page.goto(`${server.url}/assets/derivatives`);
    const usdt = page.getByRole('table', { name: 'Derivatives wallets' }).getByRole('row', {
      name: /^USDT/,
    });
    await usdt.waitFor();
    const whole = (e8: string | undefined) =>
      (BigInt(e8 ?? '0') / 100_000_000n).toLocaleString('en-US');
    expect(whole(atT.wallets.USDT?.walletBalanceE8)).not.toBe(
      whole(end.wallets.USDT?.walletBalanceE8),
    );
    await expect.poll(() => usdt.textContent()).toContain(whole(atT.wallets.USDT?.walletBalanceE8));

    // The keyboard moves the scrubber as well: End goes to the end of the session.
    const scrubber = op.getByLabel('Position in the session');
    await scrubber.focus();
    await op.keyboard.press('End');
    await expect.poll(() => server!.status().state, { timeout: 10_000 }).toBe('ended');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the operator page fits 375 px, has no serious axe finding, and seeks from the keyboard', async () => {
    server ??= await startReplayServer({
      session: parseSession(readFileSync(FILE, 'utf8')),
      name: 'follower_session',
      appDir,
    });
    const { context, page } = await newPage(browser, { width: 375, height: 800 });
    await page.goto(`${server.url}/__replay`);
    await page
      .getByRole('button', { name: /connects$/ })
      .first()
      .waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page, '/__replay at 375 px')).toEqual([]);

    // Keyboard only: Tab reaches the scrubber with its focus showing; Home seeks to the start,
    // and what a screen reader reads (the slider's value text, the status) says where it is.
    const slider = page.getByRole('slider', { name: 'Position in the session' });
    const stops = await tabUntil(page, (s) => s.tag === 'input');
    expect(await slider.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(badStops(stops)).toEqual([]);
    await page.keyboard.press('Home');
    await expect.poll(() => server!.status().positionMs, { timeout: 10_000 }).toBe(0);
    await expect.poll(() => slider.getAttribute('aria-valuetext')).toMatch(/^0\.0 s of 60\.0 s, /);
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toMatch(/^Paused at 0\.0 s of 60\.0 s/);
    await screenshotOne(page, 'replay-operator-375');
    await context.close();
  });
});
