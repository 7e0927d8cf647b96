/**
 * Money that moves, in Chromium against the simulator (docs/assets.md): a transfer between two
 * accounts and back, with both balances changing on the overview; a deposit delivered through
 * the operator control (`POST /__admin/deposit`) that shows up pending with its confirmations and
 * is then credited; a deposit credited to the account chosen in the deposit dialog (Spot); a
 * withdrawal with the demo Google code and the emailed code that goes from
 * pending to done while the funding balance drops by the amount and the fee. One simulator and one
 * Chromium for the file; each test uses its own demo account (none sees another's money move)
 * and its own page. No fixed waits: every step waits for what the screen shows.
 */
import { readFile } from 'node:fs/promises';
import Decimal from 'decimal.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it, type ExpectStatic } from 'vitest';
import type { Simulator } from '@server/simulator';
import { DEMO_ACCOUNTS, type DemoAccount } from '@src/features/login/demo-accounts';
import { loginAs, startApp } from './support/app';
import { launchChromium, newPage } from './support/browser';
import { readAmount } from './support/overview';
import { closePrompts } from './support/prompts';

/**
 * Generous for a loaded 2-core machine (seen: 34-66 s a test at a load average of 15-19). The
 * deposit waits for 6 blocks of 3 s whatever the load.
 */
const TEST_TIMEOUT_MS = 240_000;
/** How long a screen may take to show what the simulator did (5 s refresh, 3 s blocks). */
const SHOWN_MS = 45_000;

let sim: Simulator;
let browser: Browser;
const appDir = inject('appDir');
const account = (name: string) => DEMO_ACCOUNTS.find((a) => a.username === name) as DemoAccount;

beforeAll(async () => {
  [sim, browser] = await Promise.all([startApp(appDir), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await sim?.stop();
});

/** Signs in and opens the overview, with the prompts of arrival closed. */
async function openOverview(page: Page, username: string) {
  await loginAs(page, sim.url, account(username));
  await page.goto(`${sim.url}/assets`);
  await page.getByRole('heading', { level: 1, name: 'Assets overview' }).waitFor();
  await page.getByText(/^As of \d\d:\d\d:\d\d$/).waitFor({ timeout: SHOWN_MS });
  await closePrompts(page);
}

/**
 * What each account holds of `coin`, as the overview's coin list shows it (the coin's row opened:
 * "Spot" → 20). Read in one go from the list named "<coin> in each account".
 */
async function holdingsOf(page: Page, coin: string): Promise<Map<string, Decimal>> {
  const list = page.getByLabel(`${coin} in each account`, { exact: true });
  if (!(await list.isVisible())) {
    await page
      .getByRole('region', { name: 'Coins' })
      .getByRole('button', { name: new RegExp(`^${coin}\\b`) })
      .click();
  }
  await list.waitFor();
  const pairs = await list.evaluate((dl) =>
    [...dl.querySelectorAll('dt')].map((dt) => [
      (dt as HTMLElement).innerText.trim(),
      ((dt.nextElementSibling as HTMLElement).innerText.trim().split('\n')[0] ?? '').trim(),
    ]),
  );
  return new Map(pairs.map(([k, v]) => [k as string, readAmount(v as string)]));
}

/** Waits until the overview shows `coin` in `accountName` at exactly `amount`. */
async function expectHolding(
  expect: ExpectStatic,
  page: Page,
  coin: string,
  accountName: string,
  amount: Decimal,
) {
  await expect
    .poll(async () => (await holdingsOf(page, coin)).get(accountName)?.toString() ?? '0', {
      timeout: SHOWN_MS,
    })
    .toBe(amount.toString());
}

/** Picks `option` in the Mantine select named `name` inside the dialog named `dialogName`. */
async function choose(page: Page, dialogName: string, name: string, option: string) {
  await page.getByRole('dialog', { name: dialogName }).getByRole('combobox', { name }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The number the overview's "Pending" section shows for `kind` (deposit, withdraw, transfer). */
function pendingCount(page: Page, kind: 'deposit' | 'withdraw' | 'transfer') {
  return page.getByRole('region', { name: 'Pending' }).locator(`[data-pending="${kind}"]`);
}

/** Opens one of the overview's money dialogs by its button. */
async function openDialog(page: Page, button: 'Deposit' | 'Withdraw' | 'Transfer') {
  await page.getByRole('main').getByRole('button', { name: button, exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

describe('money that moves', () => {
  it(
    'transfers USDT from spot to derivatives and back: both balances change on screen',
    async ({ expect }) => {
      const { context, page, errors } = await newPage(browser, { width: 1280, height: 900 });
      try {
        await openOverview(page, 'newbie');
        const start = await holdingsOf(page, 'USDT');
        const spot0 = start.get('Spot') ?? new Decimal(0);
        const deriv0 = start.get('Derivatives') ?? new Decimal(0);
        expect(spot0.gte(5)).toBe(true);

        // Spot → Derivatives, 5 USDT.
        const dialog = await openDialog(page, 'Transfer');
        await choose(page, 'Transfer', 'From', 'Spot account');
        await choose(page, 'Transfer', 'To', 'Derivatives account');
        await dialog.getByRole('textbox', { name: /^Amount/ }).fill('5');
        await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
        await dialog.waitFor({ state: 'detached', timeout: SHOWN_MS });
        await expectHolding(expect, page, 'USDT', 'Spot', spot0.minus(5));
        await expectHolding(expect, page, 'USDT', 'Derivatives', deriv0.plus(5));

        // And back the other way with the swap button: 2.5 USDT.
        const back = await openDialog(page, 'Transfer');
        await choose(page, 'Transfer', 'From', 'Spot account');
        await choose(page, 'Transfer', 'To', 'Derivatives account');
        await back.getByRole('button', { name: 'Swap the accounts' }).click();
        await expect
          .poll(() => back.getByRole('combobox', { name: 'From' }).inputValue())
          .toBe('Derivatives account');
        await back.getByRole('textbox', { name: /^Amount/ }).fill('2.5');
        await back.getByRole('button', { name: 'Transfer', exact: true }).click();
        await back.waitFor({ state: 'detached', timeout: SHOWN_MS });
        await expectHolding(expect, page, 'USDT', 'Spot', spot0.minus('2.5'));
        await expectHolding(expect, page, 'USDT', 'Derivatives', deriv0.plus('2.5'));
        // Transfers settle at once: nothing is left pending.
        expect(await pendingCount(page, 'transfer').innerText()).toBe('0');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'shows an operator deposit arriving: pending with its confirmations, then credited',
    async ({ expect }) => {
      const { context, page, errors } = await newPage(browser, { width: 1280, height: 900 });
      try {
        await openOverview(page, 'follower');
        const fund0 = (await holdingsOf(page, 'USDT')).get('Funding') ?? new Decimal(0);
        // one of the follower's deposits is held for travel-rule information (its history)
        expect(await pendingCount(page, 'deposit').innerText()).toBe('1');

        // The deposit dialog lists the deposits on the way (re-read every 3 s while open): the
        // held one, every confirmation in, still pending: awaiting credit, and why it may wait.
        const dialog = await openDialog(page, 'Deposit');
        await choose(page, 'Deposit', 'Network', 'ERC20');
        const held = dialog.getByRole('listitem', { name: 'Deposit of 1,200.0000 USDT' });
        await held.waitFor({ timeout: SHOWN_MS });
        expect(await held.getByText('2/2 confirmations').count()).toBe(1);
        expect(await held.getByText('Awaiting credit', { exact: true }).count()).toBe(1);
        expect(await held.getByText(/the assets overview says what is needed/).count()).toBe(1);

        // 6 confirmations on ERC20, a block every 3 s: pending for 15-18 s.
        const res = await fetch(`${sim.url}/__admin/deposit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userId: 1001, coin: 'USDT', chain: 'ETH', amount: '25' }),
        });
        expect(res.status).toBe(200);
        // Wherever the user is, a notification tells when it is credited (MoneyArrivals): looked
        // for from now, as it shows for 4.5 s.
        const told = page
          .getByRole('status')
          .filter({ hasText: 'Deposit credited' })
          .filter({ hasText: '25.0000 USDT on ETH. To: Funding account.' })
          .waitFor({ timeout: SHOWN_MS * 2 })
          .then(
            () => true,
            () => false, // said below, not as an unhandled rejection if the test fails first
          );

        const item = dialog.getByRole('listitem', { name: 'Deposit of 25.0000 USDT' });
        await item.waitFor({ timeout: SHOWN_MS });
        await expect
          .poll(() => item.getByText(/^\d\/6 confirmations$/).count(), { timeout: SHOWN_MS })
          .toBe(1);
        expect(await item.getByText('Pending', { exact: true }).count()).toBe(1);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        // The overview counts it as pending, then credits it to the funding account.
        await expect
          .poll(() => pendingCount(page, 'deposit').innerText(), { timeout: SHOWN_MS })
          .toBe('2');
        await expect
          .poll(() => pendingCount(page, 'deposit').innerText(), { timeout: SHOWN_MS })
          .toBe('1');
        await expectHolding(expect, page, 'USDT', 'Funding', fund0.plus(25));
        expect(await told).toBe(true);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'credits a deposit to the account chosen in the deposit dialog, kept for the next visit',
    async ({ expect }) => {
      const { context, page, errors } = await newPage(browser, { width: 1280, height: 900 });
      try {
        await openOverview(page, 'leader');
        const start = await holdingsOf(page, 'USDT');
        const spot0 = start.get('Spot') ?? new Decimal(0);
        const fund0 = start.get('Funding') ?? new Decimal(0);

        const dialog = await openDialog(page, 'Deposit');
        const depositTo = dialog.getByRole('radiogroup', { name: 'Deposit to' });
        await depositTo.waitFor({ timeout: SHOWN_MS });
        expect(await depositTo.getByRole('radio', { name: 'Funding account' }).isChecked()).toBe(
          true,
        );
        // from the keyboard: the next radio of the group
        await depositTo.getByRole('radio', { name: 'Funding account' }).focus();
        await page.keyboard.press('ArrowRight');
        expect(await depositTo.getByRole('radio', { name: 'Spot account' }).isChecked()).toBe(true);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        // Saved: the dialog opened again (its overview read again) shows it.
        const again = await openDialog(page, 'Deposit');
        await expect
          .poll(
            () =>
              again
                .getByRole('radiogroup', { name: 'Deposit to' })
                .getByRole('radio', { name: 'Spot account' })
                .isChecked(),
            { timeout: SHOWN_MS },
          )
          .toBe(true);
        await page.keyboard.press('Escape');
        await again.waitFor({ state: 'detached' });

        const res = await fetch(`${sim.url}/__admin/deposit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userId: 2001, coin: 'USDT', chain: 'TRX', amount: '12' }),
        });
        expect(res.status).toBe(200);
        expect(
          ((await res.json()) as { deposit: { toAccountType: string } }).deposit,
        ).toMatchObject({ toAccountType: 'SPOT' });
        await expectHolding(expect, page, 'USDT', 'Spot', spot0.plus(12));
        expect((await holdingsOf(page, 'USDT')).get('Funding')?.toString()).toBe(fund0.toString());
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'withdraws with the Google code and the emailed code: pending, then done, the balance drops',
    async ({ expect }) => {
      const { context, page, errors } = await newPage(browser, { width: 1280, height: 900 });
      try {
        await openOverview(page, 'trader');
        const fund0 = (await holdingsOf(page, 'USDT')).get('Funding') ?? new Decimal(0);
        expect(fund0.gte(51)).toBe(true);

        const dialog = await openDialog(page, 'Withdraw');
        await choose(page, 'Withdraw', 'Coin', 'USDT · Tether USDT');
        await choose(page, 'Withdraw', 'Network', 'TRC20');
        await dialog.getByText(/Network fee/).waitFor();
        await dialog
          .getByRole('textbox', { name: /^Address/ })
          .fill('TXYZabcdefghijkmnopqrstuvwxyz12345');
        await dialog.getByRole('textbox', { name: /^Amount/ }).fill('50');
        await dialog.getByRole('button', { name: 'Next', exact: true }).click();

        await dialog.getByRole('textbox', { name: /Google Authenticator code/ }).fill('123456');
        await dialog.getByRole('button', { name: 'Send code', exact: true }).click();
        await dialog.getByText(/A code was sent to your email/).waitFor({ timeout: SHOWN_MS });
        await dialog.getByRole('textbox', { name: /Email verification code/ }).fill('246810');
        await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();

        // Pending at once (amount + fee have left the funding account), done after 2 blocks.
        const result = dialog.getByRole('status').filter({ hasText: /withdrawal/ });
        await result.getByText('Your withdrawal is being processed.').waitFor({
          timeout: SHOWN_MS,
        });
        await result.getByText('Your withdrawal is complete.').waitFor({ timeout: SHOWN_MS });
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        // 50 USDT and the TRC20 fee of 1 USDT.
        await expectHolding(expect, page, 'USDT', 'Funding', fund0.minus(51));
        await expect
          .poll(() => pendingCount(page, 'withdraw').innerText(), { timeout: SHOWN_MS })
          .toBe('0');

        // The records list it with its transaction id, and its CSV export holds it exactly.
        await page.getByRole('link', { name: 'Withdrawal records' }).click();
        const table = page.getByRole('table', { name: 'Withdrawal records' });
        const row = table
          .getByRole('row')
          .filter({ hasText: /Completed/ })
          .first();
        await row.waitFor({ timeout: SHOWN_MS });
        const txId = await row.locator('[title^="0x"]').getAttribute('title');
        expect(txId).toMatch(/^0x[0-9a-f]{16,}$/);
        await row.getByRole('button', { name: /^Copy transaction ID 0x/ }).waitFor();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Export CSV' }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^assetdeck-withdrawals-\d{8}-\d{6}\.csv$/);
        const csv = await readFile(await download.path(), 'utf8');
        expect(csv.split('\r\n')[0]).toBe(
          '\uFEFF"Time","Coin","Network","Amount","Fee","Address","Tag (memo)","TxID","Status","Record ID"',
        );
        expect(csv).toMatch(
          new RegExp(
            `"USDT","TRX","50(\\.0+)?","1(\\.0+)?","TXYZabcdefghijkmnopqrstuvwxyz12345","","${txId}","Completed","[^"]+"\r\n`,
          ),
        );
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
