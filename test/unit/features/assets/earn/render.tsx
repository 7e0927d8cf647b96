/**
 * Renders an earn screen as the assets area does: inside a frame that keeps the area's overview
 * fresh (useAssetsLive: loaded at once and after refreshAssets(); its 5 s interval is held by
 * holdIntervals), fed by the fake API.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { useAssetsLive } from '@src/features/assets/overview/use-assets';
import { holdIntervals, renderScreen, type ScreenOptions } from '../../harness';

function Area({ children }: { children: ReactNode }) {
  useAssetsLive();
  return <>{children}</>;
}

/** As the trader (the area refreshes for a signed-in user only). */
export async function renderEarn(ui: ReactNode, opts?: ScreenOptions) {
  // Refreshes happen when the test makes them (refreshAssets(), balance moves), not every 5 s.
  holdIntervals();
  // Signed in before the first render: an earn form belongs to the session it was opened in.
  return renderScreen(<Area>{ui}</Area>, { userId: 3001, ...opts });
}

/**
 * In a form that says Funding holds too little `coin`: presses "Transfer to the Funding account"
 * and returns the transfer dialog, which has taken the form's place, with `coin` into Funding.
 */
export async function transferToFundingFrom(form: HTMLElement, coin: string) {
  await userEvent.click(
    within(form).getByRole('button', { name: 'Transfer to the Funding account' }),
  );
  const transfer = await screen.findByRole('dialog', { name: 'Transfer' });
  expect(screen.getAllByRole('dialog')).toHaveLength(1);
  expect(await within(transfer).findByRole('combobox', { name: 'To' })).toHaveValue(
    'Funding account',
  );
  expect(within(transfer).getByRole('combobox', { name: 'From' })).not.toHaveValue(
    'Funding account',
  );
  expect(within(transfer).getByRole('combobox', { name: 'Coin' })).toHaveValue(coin);
  return transfer;
}
