/**
 * Layout at 1 440 px and at 375 px in Chromium against the simulator (issue 15), where the user
 * walks do not go: the copy-trade tables in ja-JP (longer words), and the sign-in and not-found
 * pages signed out. No table region overflows sideways, no row's name and no badge is cut, not
 * one console error. Every routed screen of every demo user is measured the same way by the walks
 * (a11y-walk-<user>.e2e.test.ts, support/a11y.ts), which visit each screen once for axe and
 * layout together. And one screen narrowed as a window is (the leader's, whose chart sizes itself
 * after the fact): no frame on the way scrolls the page sideways.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, type DemoAccount } from '@src/features/login/demo-accounts';
import { loginAs } from './support/app';
import { newPage } from './support/browser';
import { cutBadges, cutRowHeaders, overflows } from './support/overflow';
import { startAppAndBrowser } from './support/suite';

const app = startAppAndBrowser();
const WIDTHS = [1440, 375] as const;

/** The overflow findings at each width, keyed by width ("" when none). */
async function atEveryWidth(
  page: Page,
  ready: () => Promise<void>,
): Promise<Record<number, string[]>> {
  const found: Record<number, string[]> = {};
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // two animation frames: the resize has been laid out and React has answered media queries
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
    );
    await ready();
    found[width] = [
      ...(await overflows(page)),
      ...(await cutRowHeaders(page)),
      ...(await cutBadges(page)),
    ];
  }
  return found;
}
const NONE = Object.fromEntries(WIDTHS.map((w) => [w, []]));

describe(`at ${WIDTHS.join(' and ')} px`, () => {
  // Japanese words are longer than English ones in the narrow tables ("ショート" beside "Short",
  // "ユーザー 1002" was cut): the follower's and the leader's tables in ja-JP as well.
  it.each([
    ['/copy-trade', 'follower'],
    ['/copy-trade/leader', 'leader'],
  ] as const)('%s in ja-JP: no overflow, no cut row name or badge', async (path, username) => {
    const account = DEMO_ACCOUNTS.find((a) => a.username === username) as DemoAccount;
    const { context, page, errors } = await newPage(app.browser, { width: WIDTHS[0], height: 900 });
    try {
      await loginAs(page, app.sim.url, account);
      await page.goto(`${app.sim.url}${path}?locale=ja-JP`);
      await page.waitForFunction(() => document.documentElement.lang === 'ja-JP');
      const ready = async () => {
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.getByRole('rowheader').first().waitFor();
      };
      await ready();
      expect(await atEveryWidth(page, ready)).toEqual(NONE);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // German words are long: the deposit dialog's status of a held deposit ("Gutschrift
  // ausstehend") was cut with an ellipsis at 375 px, and its "Adresse kopieren" ran past the
  // dialog's padding beside the QR code.
  it('the deposit dialog in de-DE, a held deposit on the way: no badge cut, nothing past its body', async () => {
    const follower = DEMO_ACCOUNTS.find((a) => a.username === 'follower') as DemoAccount;
    const { context, page, errors } = await newPage(app.browser, { width: WIDTHS[0], height: 900 });
    try {
      await loginAs(page, app.sim.url, follower);
      await page.goto(`${app.sim.url}/assets?locale=de-DE`);
      await page.waitForFunction(() => document.documentElement.lang === 'de-DE');
      await page
        .getByRole('main')
        .getByRole('button', { name: 'Einzahlen', exact: true })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      const ready = async () => {
        await dialog.getByRole('listitem').first().waitFor();
        await dialog.getByText('Gutschrift ausstehend').waitFor();
      };
      await ready();
      const found = await atEveryWidth(page, ready);
      const past: Record<number, string[]> = {};
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await ready();
        past[width] = await dialog.evaluate((d) => {
          const body = d.querySelector<HTMLElement>('.mantine-Modal-body') ?? d;
          const box = body.getBoundingClientRect();
          const pad = parseFloat(getComputedStyle(body).paddingInlineEnd);
          return [...body.querySelectorAll<HTMLElement>('button, .mantine-Badge-root')]
            .filter((el) => el.getBoundingClientRect().right > box.right - pad + 1)
            .map((el) => `"${el.textContent ?? ''}" ends past the dialog's body`);
        });
      }
      expect(found).toEqual(NONE);
      expect(past).toEqual(NONE);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // A window narrowed (a phone turned, a window resized): recharts draws the income chart at the
  // old width until its ResizeObserver answers, one frame or more later (265 ms at 8x CPU
  // throttling). That drawing widened the page, which scrolled sideways meanwhile: a user walk
  // measured it once on a busy machine (808 px at 375). Every frame after the resize is measured
  // here, at 8x throttling so that the wait is long; and the clip cuts no text of the drawing.
  it('/copy-trade/leader narrowed from 1 440 to 375 px: no frame on the way scrolls sideways, no chart text cut', async () => {
    const account = DEMO_ACCOUNTS.find((a) => a.username === 'leader') as DemoAccount;
    const { context, page, errors } = await newPage(app.browser, { width: WIDTHS[0], height: 900 });
    try {
      await loginAs(page, app.sim.url, account);
      await page.waitForURL('**/copy-trade/leader');
      await page.getByRole('figure').locator('.recharts-surface').first().waitFor();
      // The chart's box clips what reaches past it: no text of the drawing (ticks, axis names,
      // legend) may be there, at either width.
      const textsOutside = () =>
        page.evaluate(() => {
          const box = document.querySelector('figure div[aria-hidden]')!.getBoundingClientRect();
          return [...document.querySelectorAll('figure div[aria-hidden] text')]
            .map((t) => ({ text: t.textContent, r: t.getBoundingClientRect() }))
            .filter(
              ({ r }) =>
                r.left < box.left - 0.5 ||
                r.right > box.right + 0.5 ||
                r.top < box.top - 0.5 ||
                r.bottom > box.bottom + 0.5,
            )
            .map(({ text }) => text);
        });
      expect(await textsOutside()).toEqual([]);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
      // Every frame's page width, from before the resize until 40 frames after it.
      const frames = page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const wide: string[] = [];
            let narrowFrames = 0;
            const tick = () => {
              const { clientWidth, scrollWidth } = document.documentElement;
              if (clientWidth <= 375) narrowFrames++;
              if (clientWidth <= 375 && scrollWidth > clientWidth) {
                wide.push(`frame ${narrowFrames}: ${scrollWidth} px > ${clientWidth} px`);
              }
              if (narrowFrames < 40) requestAnimationFrame(tick);
              else resolve(wide);
            };
            requestAnimationFrame(tick);
          }),
      );
      await page.setViewportSize({ width: 375, height: 900 });
      expect(await frames).toEqual([]);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      // The drawing at its new width (recharts has answered), then its texts.
      await page.waitForFunction(() => {
        const box = document.querySelector('figure div[aria-hidden]')!;
        const drawing = box.querySelector('.recharts-wrapper');
        return !!drawing && drawing.getBoundingClientRect().width <= box.clientWidth;
      });
      expect(await textsOutside()).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(['/login', '/no/such/page'])(
    '%s signed out: no overflow, no console error',
    async (path) => {
      const { context, page, errors } = await newPage(app.browser, {
        width: WIDTHS[0],
        height: 900,
      });
      try {
        await page.goto(`${app.sim.url}${path}`);
        const heading = () => page.getByRole('heading', { level: 1 }).first().waitFor();
        await heading();
        expect(await atEveryWidth(page, heading)).toEqual(NONE);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
