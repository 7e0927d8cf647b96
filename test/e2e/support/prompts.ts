/**
 * The prompts the shell opens on arrival (risk warning, banner popup, VIP welcome, upgrade offer:
 * src/ui/dialogs/ShellPrompts.tsx) come one at a time from sources that answer at different
 * times, and the next opens as soon as none is open: a moment with no dialog is not the end of
 * them. A test that must get past them waits until none has been open for a while.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** How long no prompt may be open before the arrival's prompts count as over. */
export const PROMPTS_QUIET_MS = 1_500;
const POLL_MS = 250;

/**
 * Closes the arrival prompts with Escape until none has been open for `quietMs` (the ones whose
 * sources answered after the one before it closed included). Fails when they keep opening for
 * 30 s.
 */
export async function closePrompts(page: Page, quietMs = PROMPTS_QUIET_MS) {
  const dialogs = page.getByRole('dialog');
  let quiet = 0;
  await expect
    .poll(
      async () => {
        if ((await dialogs.count()) > 0) {
          quiet = 0;
          await page.keyboard.press('Escape');
        } else quiet += POLL_MS;
        return quiet;
      },
      { timeout: 30_000, interval: POLL_MS },
    )
    .toBeGreaterThanOrEqual(quietMs);
}

/** Resolves with true once a dialog is open, or with false when none opened within `ms`. */
export const promptWithin = (page: Page, ms: number) =>
  page
    .getByRole('dialog')
    .first()
    .waitFor({ state: 'attached', timeout: ms })
    .then(
      () => true,
      () => false,
    );
