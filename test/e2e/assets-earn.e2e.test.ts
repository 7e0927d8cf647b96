/**
 * The unified account, savings and pledge screens in Chromium against the simulator, at 1 440 and
 * at 375 px (each width with its own demo account, so both start from the simulator's holdings):
 * a collateral switch turned off and on (the simulator keeps it: a reload shows it), a
 * subscription and a redemption of a flexible product (the held amount moves), the fixed-term
 * lock (the follower redeems the matured part of its 30-day product, then Redeem is disabled with
 * the unlock date and the simulator refuses an early redemption; the leader's new 30-day
 * subscription is locked at once), a partial then a full repayment (the loan is gone), and a new
 * loan taken out with the keyboard (the dialog audited in both schemes, then right to left), and a
 * subscription to a coin Funding holds none of sent to a transfer first. At
 * 375 px no screen or dialog scrolls sideways. A simulator per test.
 */
import Decimal from 'decimal.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Simulator } from '@server/simulator';
import { DEMO_ACCOUNTS, type DemoAccount } from '@src/features/login/demo-accounts';
import { checkBothSchemes } from './support/a11y';
import { loginAs, startApp } from './support/app';
import { launchChromium, newPage } from './support/browser';
import { screenshotBoth } from './support/screenshots';

let sim: Simulator;
let browser: Browser;
const appDir = inject('appDir');
const account = (name: string) => DEMO_ACCOUNTS.find((a) => a.username === name) as DemoAccount;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
// A simulator of its own per width: each starts from the demo holdings and its own limits.
beforeEach(async () => {
  sim = await startApp(appDir);
});
afterEach(async () => {
  await sim?.stop();
});

/** The page does not scroll sideways (375 px: the tables are cards). */
async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

/** The value in cell `n` (after the row header) of the row whose row header is `name`. */
async function cellValue(page: Page, table: string, name: string, n: number): Promise<string> {
  const text = await page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
    .getByRole('cell')
    .nth(n)
    .innerText();
  // On narrow screens the cell also shows its column name: the value is the last line.
  return text.trim().split('\n').pop()!.trim();
}

/** "1,234.5000" → a Decimal (en-US grouping). */
const num = (text: string) => new Decimal(text.replace(/,/g, ''));

/** The amount form in its dialog: type the amount (or press Max) and confirm. */
async function submitAmount(
  page: Page,
  dialogName: string,
  amount: 'max' | string,
  confirm: string,
) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  const input = dialog.getByRole('textbox', { name: /^Amount/ });
  if (amount === 'max') await dialog.getByRole('button', { name: 'Max', exact: true }).click();
  else await input.fill(amount);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function collateralOffAndOn(page: Page, coin: string, width: number, shot: string) {
  await page.goto(`${sim.url}/assets/unified`);
  const sw = page.getByRole('switch', { name: `Use ${coin} as collateral` });
  await sw.waitFor({ state: 'attached' }); // the input itself is visually hidden
  expect(await sw.isChecked()).toBe(true);
  await fitsWidth(page, width);
  await screenshotBoth(page, shot);
  // With the keyboard, as a switch is used (Space toggles the focused switch).
  await sw.focus();
  await page.keyboard.press('Space');
  await expect.poll(() => sw.isChecked()).toBe(false);
  await page
    .getByRole('status')
    .filter({ hasText: `${coin} no longer counts as collateral.` })
    .waitFor();
  await page.reload();
  await sw.waitFor({ state: 'attached' }); // the input itself is visually hidden
  expect(await sw.isChecked()).toBe(false);
  await sw.focus();
  await page.keyboard.press('Space');
  await page
    .getByRole('status')
    .filter({ hasText: `${coin} now counts as collateral.` })
    .waitFor();
  await page.reload();
  await sw.waitFor({ state: 'attached' }); // the input itself is visually hidden
  expect(await sw.isChecked()).toBe(true);
}

async function subscribeAndRedeem(
  page: Page,
  width: number,
  shot: string,
  amounts: [string, string],
) {
  await page.goto(`${sim.url}/assets/savings`);
  const table = 'Savings products';
  await page.getByRole('table', { name: table }).waitFor();
  await fitsWidth(page, width);
  await screenshotBoth(page, shot);
  const held = () => cellValue(page, table, 'USDT · Flexible', 2);
  expect(await held()).toBe(amounts[0]);
  await page.getByRole('button', { name: 'Subscribe to USDT Flexible' }).click();
  await submitAmount(page, 'Subscribe to USDT Flexible', '100', 'Subscribe');
  await expect.poll(held).toBe(amounts[1]);
  await page.getByRole('button', { name: 'Redeem from USDT Flexible' }).click();
  await submitAmount(page, 'Redeem from USDT Flexible', '100', 'Redeem');
  await expect.poll(held).toBe(amounts[0]);
}

/** Redeem of the product `name` is disabled, its description the date it unlocks. */
async function expectLocked(page: Page, name: string) {
  const redeem = page.getByRole('button', { name: `Redeem from ${name}` });
  await expect.poll(() => redeem.isDisabled()).toBe(true);
  const describedBy = await redeem.getAttribute('aria-describedby');
  expect(describedBy).toBeTruthy();
  expect(await page.locator(`[id="${describedBy}"]`).innerText()).toMatch(
    /^Locked until \u2066?\d{4}-\d{2}-\d{2} \d{2}:\d{2}\u2069?$/,
  );
}

/** What the simulator answers to a redemption sent as the page would (signed-in cookies). */
async function redeemCode(page: Page, productId: string, amount: string): Promise<number> {
  return page.evaluate(
    async ([productId, amount]) => {
      const res = await fetch('/api/v3/private/asset/savings/redeem', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ productId, amount, requestId: crypto.randomUUID() }),
      });
      return ((await res.json()) as { ret_code: number }).ret_code;
    },
    [productId, amount] as const,
  );
}

/**
 * The follower's 30-day product: 200 matured (redeemable), 800 locked. Redeem takes the matured
 * part only; then Redeem is disabled with the unlock date, and the simulator refuses it anyway.
 */
async function redeemMaturedThenLocked(page: Page) {
  const table = 'Savings products';
  const held = () => cellValue(page, table, 'USDT · 30 days', 2);
  const redeemable = () => cellValue(page, table, 'USDT · 30 days', 3);
  expect(await held()).toBe('1,000.0000');
  expect(await redeemable()).toBe('200.0000');
  const lots = page.getByRole('table', { name: 'Fixed-term subscriptions' });
  await expect.poll(() => lots.getByRole('row').count()).toBe(3); // the header row and two
  await lots.getByText('Matured', { exact: true }).waitFor();
  await lots.getByText('Locked', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Redeem from USDT 30 days' }).click();
  const dialog = page.getByRole('dialog', { name: 'Redeem from USDT 30 days' });
  await dialog.getByText(/^Still locked: 800\.0000 USDT/).waitFor();
  await submitAmount(page, 'Redeem from USDT 30 days', 'max', 'Redeem');
  await expect.poll(held).toBe('800.0000');
  expect(await redeemable()).toBe('0.0000');
  await expectLocked(page, 'USDT 30 days');
  expect(await redeemCode(page, 'sav-usdt-30d', '100')).toBe(131017);
  await page.reload();
  expect(await held()).toBe('800.0000'); // nothing moved
}

/** A new 30-day subscription is locked at once: Redeem disabled, listed as locked. */
async function subscribeLocked(page: Page, width: number) {
  const held = () => cellValue(page, 'Savings products', 'USDT · 30 days', 2);
  expect(await held()).toBe('0.0000');
  await page.getByRole('button', { name: 'Subscribe to USDT 30 days' }).click();
  await page
    .getByRole('dialog', { name: 'Subscribe to USDT 30 days' })
    .getByText(/^Locked for 30 days/)
    .waitFor();
  await submitAmount(page, 'Subscribe to USDT 30 days', '100', 'Subscribe');
  await expect.poll(held).toBe('100.0000');
  await expectLocked(page, 'USDT 30 days');
  const lots = page.getByRole('table', { name: 'Fixed-term subscriptions' });
  await lots.getByText('Locked', { exact: true }).waitFor();
  expect(await redeemCode(page, 'sav-usdt-30d', '100')).toBe(131017);
  await fitsWidth(page, width);
  await screenshotBoth(page, `earn-savings-locked-${width}`);
}

/**
 * A product whose coin Funding holds none of (the leader's SOL is in Spot): the form says so and
 * opens a transfer of SOL from Spot to Funding in its place; after the transfer focus is back on
 * the product's Subscribe, and the form offers what Funding now holds.
 */
async function topUpFunding(page: Page, width: number) {
  await page.goto(`${sim.url}/assets/savings`);
  const subscribe = page.getByRole('button', { name: 'Subscribe to SOL Flexible' });
  await subscribe.click();
  const form = page.getByRole('dialog', { name: 'Subscribe to SOL Flexible' });
  await form.getByText('The Funding account holds no SOL').waitFor();
  await fitsWidth(page, width);
  await screenshotBoth(page, `earn-savings-none-in-funding-${width}`);
  await form.getByRole('button', { name: 'Transfer to the Funding account' }).click();
  await form.waitFor({ state: 'detached' });
  const transfer = page.getByRole('dialog', { name: 'Transfer' });
  await transfer.waitFor();
  const field = (name: string) => transfer.getByRole('combobox', { name, exact: true });
  await expect.poll(() => field('Coin').inputValue()).toBe('SOL');
  await expect.poll(() => field('From').inputValue()).toBe('Spot account');
  expect(await field('To').inputValue()).toBe('Funding account');
  await transfer.getByRole('textbox', { name: /^Amount/ }).fill('1.5');
  await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();
  await transfer.waitFor({ state: 'detached' });
  await expect.poll(() => subscribe.evaluate((b) => b === document.activeElement)).toBe(true);
  await subscribe.click();
  await form.getByText(/^Available in Funding: 1\.50+ SOL/).waitFor();
  expect(await form.getByText('The Funding account holds no SOL').count()).toBe(0);
  await page.keyboard.press('Escape');
  await form.waitFor({ state: 'detached' });
}

/** The locked product right to left (ar-SA): the reason is there and nothing scrolls sideways. */
async function lockedRightToLeft(page: Page, width: number) {
  await page.goto(`${sim.url}/assets/savings?locale=ar-SA`);
  await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  const redeem = page.getByRole('button', { name: 'الاسترداد من USDT 30 يومًا' });
  await expect.poll(() => redeem.isDisabled()).toBe(true);
  const describedBy = await redeem.getAttribute('aria-describedby');
  expect(await page.locator(`[id="${describedBy}"]`).innerText()).toMatch(/^مقفل حتى /);
  await page.getByRole('table', { name: 'الاشتراكات محددة المدة' }).waitFor();
  await fitsWidth(page, width);
  await screenshotBoth(page, `earn-savings-locked-rtl-${width}`);
}

async function repayPartThenAll(page: Page, loanId: string, width: number, shot: string) {
  await page.goto(`${sim.url}/assets/pledge`);
  const table = page.getByRole('table', { name: 'Pledge loans' });
  await table.waitFor();
  await fitsWidth(page, width);
  await screenshotBoth(page, shot);
  const owed = () => cellValue(page, 'Pledge loans', 'USDT', 0);
  const before = num(await owed());
  expect(await cellValue(page, 'Pledge loans', 'USDT', 2)).toMatch(
    /safe|margin call|liquidation near/i,
  );
  await table.getByRole('button', { name: `Repay the USDT loan ${loanId}` }).click();
  await submitAmount(page, 'Repay USDT loan', '100', 'Repay');
  // 100 less (interest accrues meanwhile, by far less than a unit).
  await expect.poll(async () => before.minus(num(await owed())).greaterThan(99)).toBe(true);
  await table.getByRole('button', { name: `Repay the USDT loan ${loanId}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Repay USDT loan' });
  await dialog.getByRole('button', { name: 'Max', exact: true }).click();
  await dialog.getByText(/This repays the loan in full/).waitFor();
  await dialog.getByRole('button', { name: 'Repay', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('You have no pledge loans.').waitFor();
}

/**
 * A new loan with the keyboard alone: Borrow, the amount to borrow (the collateral is filled in
 * at the initial LTV), Enter; the loan is then listed with its LTV. The dialog has no serious axe
 * violation in either scheme and fits the width, also right to left (ar-SA).
 */
async function borrowWithKeyboard(page: Page, width: number, shot: string) {
  await page.goto(`${sim.url}/assets/pledge`);
  const loans = page.getByRole('region', { name: 'Loans' });
  const open = loans.getByRole('button', { name: 'Borrow', exact: true });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Borrow against collateral' });
  await dialog.waitFor();
  const loan = dialog.getByRole('textbox', { name: /^Amount to borrow \(USDT\)/ });
  const collateral = dialog.getByRole('textbox', { name: /^Collateral \(BTC\)/ });
  await loan.focus();
  await page.keyboard.type('300');
  await expect.poll(() => collateral.inputValue()).toMatch(/^0\.\d+$/);
  await dialog.getByText('Owed after 1 hour').waitFor();
  await fitsWidth(page, width);
  expect(await checkBothSchemes(page, 'borrow dialog')).toEqual([]);
  await screenshotBoth(page, shot);
  await loan.focus();
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => cellValue(page, 'Pledge loans', 'USDT', 0)).toMatch(/^300\.\d{6}$/);
  const row = page
    .getByRole('table', { name: 'Pledge loans' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'USDT', exact: true }) });
  expect(await row.innerText()).toMatch(/\d+\.\d{2}%[\s\S]*(safe|margin call|liquidation near)/i);
  // Focus is back on the button that opened the dialog.
  await expect.poll(() => open.evaluate((b) => b === document.activeElement)).toBe(true);

  await page.goto(`${sim.url}/assets/pledge?locale=ar-SA`);
  await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await page.getByRole('button', { name: 'اقتراض', exact: true }).click();
  const rtl = page.getByRole('dialog', { name: 'الاقتراض مقابل ضمان' });
  await rtl.waitFor();
  await rtl.getByRole('textbox', { name: /USDT/ }).fill('100');
  await fitsWidth(page, width);
  await screenshotBoth(page, `${shot}-rtl`);
  await page.keyboard.press('Escape');
  await rtl.waitFor({ state: 'detached' });
}

describe('unified account, savings and pledge loans in Chromium', () => {
  it('at 1 440 px (follower): collateral off and on, subscribe and redeem, the term lock, repay in part and in full', async () => {
    const { context, page, errors } = await newPage(browser, { width: 1440, height: 900 });
    await loginAs(page, sim.url, account('follower'));
    await collateralOffAndOn(page, 'USDC', 1440, 'earn-unified-1440');
    await subscribeAndRedeem(page, 1440, 'earn-savings-1440', ['500.0000', '600.0000']);
    await redeemMaturedThenLocked(page);
    await repayPartThenAll(page, 'loan-1001-btc', 1440, 'earn-pledge-1440');
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('at 375 px (leader): the same as cards, a new term subscription locked, a loan taken out, without sideways scrolling', async () => {
    const { context, page, errors } = await newPage(browser, { width: 375, height: 800 });
    await loginAs(page, sim.url, account('leader'));
    await collateralOffAndOn(page, 'USDT', 375, 'earn-unified-375');
    await subscribeAndRedeem(page, 375, 'earn-savings-375', ['0.0000', '100.0000']);
    await subscribeLocked(page, 375);
    await topUpFunding(page, 375);
    await repayPartThenAll(page, 'loan-2001-eth', 375, 'earn-pledge-375');
    await borrowWithKeyboard(page, 375, 'earn-borrow-375');
    await lockedRightToLeft(page, 375);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
